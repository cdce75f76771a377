import { type Profile, ZProfile } from '@ghiseu/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type DataEnvelope } from '../../../lib/api-client';
import { readContract } from '../../../lib/contract';

export const profileQueryKey = ['profiles', 'me'] as const;

/** `GET /profiles/me`: the profile of spec §3 with `missing_fields` (what a complete profile still lacks). */
export async function getProfile(signal?: AbortSignal): Promise<Profile> {
  const body = await api.get<DataEnvelope<unknown>>('/profiles/me', { signal });
  return readContract(ZProfile, body.data, 'profiles/me');
}

/** The page shows its own error state, so the generic toast stays out. */
export const profileQueryOptions = queryOptions({
  queryKey: profileQueryKey,
  queryFn: ({ signal }) => getProfile(signal),
  meta: { skipGlobalErrorHandler: true },
});

export const useProfile = () => useQuery(profileQueryOptions);
