import { type CurrentUser, type UserPatchRequest, ZCurrentUser } from '@ghiseu/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type DataEnvelope } from '../../../lib/api-client';
import { readContract } from '../../../lib/contract';
import { profileQueryKey } from './get-profile';

/** `PATCH /users` (JSON merge patch): first and last name and the photo of the current user. */
export async function patchCurrentUser(patch: UserPatchRequest): Promise<CurrentUser> {
  const response = await api.patch<DataEnvelope<unknown>>('/users', patch);
  return readContract(ZCurrentUser, response.data, 'users');
}

export function usePatchCurrentUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: patchCurrentUser,
    meta: { skipGlobalErrorHandler: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileQueryKey }),
  });
}
