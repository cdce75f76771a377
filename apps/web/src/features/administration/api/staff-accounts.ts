import {
  type StaffAccount,
  type StaffAccountDetail,
  type StaffAccountListAbilities,
  ZStaffAccountDetail,
  type ZStaffAccountInviteRequest,
  type ZStaffAccountPatchRequest,
  type ZUatAllocation,
} from '@ghiseu/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, type DataEnvelope, type ListEnvelope } from '../../../lib/api-client';
import { readContract } from '../../../lib/contract';
import { adminKeys, withQuery } from './keys';

/**
 * Staff accounts (spec §3, §4): list, detail with the effective permissions, invitation,
 * merge-patch, activation, deactivation, password reset, deletion and the assigned UATs.
 */

/** A page of staff accounts with the reader's list abilities (invite, grant the admin role). */
export type StaffAccountList = ListEnvelope<StaffAccount> & { abilities: StaffAccountListAbilities };

export async function getStaffAccounts(params: string, signal?: AbortSignal) {
  return api.get<StaffAccountList>(withQuery('/staff-accounts', params), { signal });
}

export const useStaffAccounts = (params: string) =>
  useQuery({
    queryKey: adminKeys.staffAccountList(params),
    queryFn: ({ signal }) => getStaffAccounts(params, signal),
    placeholderData: keepPreviousData,
  });

export async function getStaffAccount(id: number, signal?: AbortSignal): Promise<StaffAccountDetail> {
  const { data } = await api.get<DataEnvelope<unknown>>(`/staff-accounts/${id}`, { signal });
  return readContract(ZStaffAccountDetail, data, 'staff-accounts/{id}');
}

export const useStaffAccount = (id: number | null) =>
  useQuery({
    queryKey: adminKeys.staffAccount(id ?? 0),
    queryFn: ({ signal }) => getStaffAccount(id ?? 0, signal),
    enabled: id !== null,
  });

export type StaffInviteBody = z.input<typeof ZStaffAccountInviteRequest>;
/** A merge patch: absent fields stay, `null` clears a nullable one. */
export type StaffAccountPatchBody = z.input<typeof ZStaffAccountPatchRequest>;

const readDetail = (body: DataEnvelope<unknown>, what: string) => readContract(ZStaffAccountDetail, body.data, what);

export async function inviteStaffAccount(body: StaffInviteBody): Promise<StaffAccountDetail> {
  return readDetail(await api.post<DataEnvelope<unknown>>('/staff-accounts', body), 'POST staff-accounts');
}

export async function patchStaffAccount({ id, patch }: { id: number; patch: StaffAccountPatchBody }) {
  return readDetail(await api.patch<DataEnvelope<unknown>>(`/staff-accounts/${id}`, patch), 'PATCH staff-accounts/{id}');
}

export async function setStaffAccountStatus({ id, active }: { id: number; active: boolean }) {
  const action = active ? 'activate' : 'deactivate';
  return readDetail(await api.put<DataEnvelope<unknown>>(`/staff-accounts/${id}/${action}`), `PUT staff-accounts/{id}/${action}`);
}

/** E-mails a reset link (a new invitation for a pending account); AUTH_DISABLED for an inactive one. */
export async function resetStaffPassword(id: number): Promise<void> {
  await api.put<void>(`/staff-accounts/${id}/reset-password`);
}

export async function deleteStaffAccount(id: number): Promise<void> {
  await api.delete<void>(`/staff-accounts/${id}`);
}

/** Replaces the UATs of an account; UAT_ALREADY_ASSIGNED names the UAT held by someone else (`data.uat_id`). */
export async function assignStaffUats({ id, uatIds }: { id: number; uatIds: number[] }) {
  return readDetail(
    await api.put<DataEnvelope<unknown>>(`/staff-accounts/${id}/uats`, { uat_ids: uatIds }),
    'PUT staff-accounts/{id}/uats',
  );
}

export type UatAllocation = z.infer<typeof ZUatAllocation>;

/** `GET /territorial-unit-allocations/uats`: who answers for which UAT in the current organisation. */
export async function getUatAllocations(signal?: AbortSignal) {
  return api.get<ListEnvelope<UatAllocation>>('/territorial-unit-allocations/uats', { query: { limit: 500 }, signal });
}

export const useUatAllocations = (enabled: boolean) =>
  useQuery({
    queryKey: adminKeys.uatAllocations(),
    queryFn: ({ signal }) => getUatAllocations(signal),
    enabled,
    select: (body) => body.data,
  });

function useStaffWrite<V, R>(fn: (variables: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    meta: { skipGlobalErrorHandler: true },
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: adminKeys.staffAccounts() });
      // Member counts of departments and functions change with memberships.
      void client.invalidateQueries({ queryKey: adminKeys.departments() });
      void client.invalidateQueries({ queryKey: adminKeys.functions() });
    },
  });
}

export const useInviteStaffAccount = () => useStaffWrite(inviteStaffAccount);
export const usePatchStaffAccount = () => useStaffWrite(patchStaffAccount);
export const useSetStaffAccountStatus = () => useStaffWrite(setStaffAccountStatus);
export const useResetStaffPassword = () => useStaffWrite(resetStaffPassword);
export const useDeleteStaffAccount = () => useStaffWrite(deleteStaffAccount);
export const useAssignStaffUats = () => useStaffWrite(assignStaffUats);
