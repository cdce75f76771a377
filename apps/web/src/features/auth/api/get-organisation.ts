import type { Organisation } from '@ghiseu/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type DataEnvelope } from '../../../lib/api-client';
import { readContractWhenIdle } from '../../../lib/contract';

/** `GET /organisations/{id}`: the active organisation restored at session start. */
export async function getOrganisation(id: number, signal?: AbortSignal): Promise<Organisation> {
  const body = await api.get<DataEnvelope<unknown>>(`/organisations/${id}`, { signal, skipSessionCheck: true });
  return readContractWhenIdle<Organisation>(
    () => import('./session-contracts').then((m) => m.ZOrganisation),
    body.data,
    'organisations/{id}',
  );
}

export const organisationQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['organisations', id],
    queryFn: ({ signal }) => getOrganisation(id, signal),
    staleTime: 5 * 60_000,
    meta: { skipGlobalErrorHandler: true },
  });

export const useOrganisation = (id: number | null) => useQuery({ ...organisationQueryOptions(id ?? 0), enabled: id !== null });
