import { type CreateSubAccountRequest, type SubAccount, type UpdateSubAccountRequest, ZSubAccount } from '@ghiseu/domain';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api, type DataEnvelope, type ListEnvelope } from '../../../lib/api-client';
import { readContract } from '../../../lib/contract';

/**
 * Sub-accounts of a professional account (spec §3, §6): list, invite, change role or status.
 * Only the account's own administrator may call these; others get FORBIDDEN.
 */

export const subAccountsQueryKey = ['sub-accounts'] as const;

const ZSubAccountList = z.object({
  data: z.array(ZSubAccount),
  pagination: z.object({ total: z.number(), skip: z.number(), limit: z.number() }).optional(),
});

/** `GET /sub-accounts?{list query}`: one page of sub-accounts with the total. */
export async function getSubAccounts(searchParams: string, signal?: AbortSignal): Promise<ListEnvelope<SubAccount>> {
  const body = await api.get<unknown>(`/sub-accounts${searchParams ? `?${searchParams}` : ''}`, { signal });
  return readContract(ZSubAccountList, body, 'sub-accounts');
}

export const subAccountsQueryOptions = (searchParams: string) =>
  queryOptions({
    queryKey: [...subAccountsQueryKey, searchParams],
    queryFn: ({ signal }) => getSubAccounts(searchParams, signal),
    placeholderData: keepPreviousData,
    // The page shows its own error state (a FORBIDDEN answer has its own explanation).
    meta: { skipGlobalErrorHandler: true },
  });

export const useSubAccounts = (searchParams: string) => useQuery(subAccountsQueryOptions(searchParams));

/** `POST /sub-accounts?echo=true`: a pending account and its e-mailed invitation (72 hours). */
export async function createSubAccount(body: CreateSubAccountRequest): Promise<SubAccount> {
  const response = await api.post<DataEnvelope<unknown>>('/sub-accounts', body, { query: { echo: true } });
  return readContract(ZSubAccount, response.data, 'sub-accounts');
}

/** `PATCH /sub-accounts/{id}` (merge patch): role and/or status. */
export async function updateSubAccount({ id, ...patch }: UpdateSubAccountRequest & { id: number }): Promise<SubAccount> {
  const response = await api.patch<DataEnvelope<unknown>>(`/sub-accounts/${id}`, patch);
  return readContract(ZSubAccount, response.data, 'sub-accounts/{id}');
}

/** Invitation; the form shows its own errors (an address already used lands on the e-mail field). */
export function useCreateSubAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSubAccount,
    meta: { skipGlobalErrorHandler: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: subAccountsQueryKey }),
  });
}

/** Role and status changes; errors go to the generic handler (toast). */
export function useUpdateSubAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSubAccount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: subAccountsQueryKey }),
  });
}
