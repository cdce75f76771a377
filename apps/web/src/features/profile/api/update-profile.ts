import { type Profile, type ZProfileUpdateRequest, ZProfile } from '@ghiseu/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, type DataEnvelope } from '../../../lib/api-client';
import { readContract } from '../../../lib/contract';
import { profileQueryKey } from './get-profile';

export type ProfileUpdateBody = z.output<typeof ZProfileUpdateRequest>;

/**
 * `PUT /profiles/me`: replaces the editable profile (a field left out is cleared; the phone,
 * left out, is kept). Answers the saved profile with its `missing_fields`.
 */
export async function updateProfile(body: ProfileUpdateBody): Promise<Profile> {
  const response = await api.put<DataEnvelope<unknown>>('/profiles/me', body);
  return readContract(ZProfile, response.data, 'profiles/me');
}

/** Saving puts the answer in the profile query; the form shows field errors itself. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    meta: { skipGlobalErrorHandler: true },
    onSuccess: (profile) => queryClient.setQueryData(profileQueryKey, profile),
  });
}
