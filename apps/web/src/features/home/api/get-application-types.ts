import type { PublicApplicationType } from '@ghiseu/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type DataEnvelope } from '../../../lib/api-client';

/** `GET /application-types/organisation`: the types a citizen may file, for the domain tiles' counts. */
export async function getPublicApplicationTypes(signal?: AbortSignal): Promise<PublicApplicationType[]> {
  return (await api.get<DataEnvelope<PublicApplicationType[]>>('/application-types/organisation', { signal })).data;
}

export const publicApplicationTypesQueryOptions = queryOptions({
  queryKey: ['home', 'application-types'],
  queryFn: ({ signal }) => getPublicApplicationTypes(signal),
  staleTime: 5 * 60_000,
  // The tiles still work without the counts: no toast for a failed count.
  meta: { skipGlobalErrorHandler: true },
});

export const usePublicApplicationTypes = () => useQuery(publicApplicationTypesQueryOptions);

/** How many types each domain offers. */
export function countByDomain(types: readonly Pick<PublicApplicationType, 'domain'>[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const type of types) counts[type.domain] = (counts[type.domain] ?? 0) + 1;
  return counts;
}
