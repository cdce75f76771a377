import { type UserRecord, ZUserRecord } from '@ghiseu/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type DataEnvelope } from '../../../lib/api-client';
import { readContract } from '../../../lib/contract';

/** `GET /users/{id}`: the account record (parent account and secondary role of a professional account). */
export async function getUserRecord(id: number, signal?: AbortSignal): Promise<UserRecord> {
  const body = await api.get<DataEnvelope<unknown>>(`/users/${id}`, { signal });
  return readContract(ZUserRecord, body.data, 'users/{id}');
}

export const userRecordQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['users', id],
    queryFn: ({ signal }) => getUserRecord(id, signal),
    staleTime: 5 * 60_000,
    meta: { skipGlobalErrorHandler: true },
  });

export const useUserRecord = (id: number | null, enabled = true) =>
  useQuery({ ...userRecordQueryOptions(id ?? 0), enabled: enabled && id !== null });
