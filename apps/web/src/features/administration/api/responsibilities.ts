import { type Responsibility, ZAssignablePermission, ZResponsibility } from '@ghiseu/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api, type DataEnvelope, type ListEnvelope } from '../../../lib/api-client';
import { readContract } from '../../../lib/contract';
import { adminKeys, withQuery } from './keys';

/** Responsibilities (spec §3, §5): named permission sets given to staff through functions. */

export async function getResponsibilities(params: string, signal?: AbortSignal) {
  return api.get<ListEnvelope<Responsibility>>(withQuery('/responsibilities', params), { signal });
}

export const useResponsibilities = (params: string, enabled = true) =>
  useQuery({
    queryKey: adminKeys.responsibilityList(params),
    queryFn: ({ signal }) => getResponsibilities(params, signal),
    placeholderData: keepPreviousData,
    enabled,
  });

export type AssignablePermission = z.infer<typeof ZAssignablePermission>;

/** `GET /responsibilities/assignable-permissions`: the only keys the picker offers. */
export async function getAssignablePermissions(signal?: AbortSignal): Promise<AssignablePermission[]> {
  const { data } = await api.get<DataEnvelope<unknown>>('/responsibilities/assignable-permissions', { signal });
  return readContract(z.array(ZAssignablePermission), data, 'responsibilities/assignable-permissions');
}

export const useAssignablePermissions = (enabled = true) =>
  useQuery({
    queryKey: adminKeys.assignablePermissions(),
    queryFn: ({ signal }) => getAssignablePermissions(signal),
    staleTime: 5 * 60_000,
    enabled,
  });

export interface ResponsibilityCreateBody {
  name: string;
  description: string | null;
  permissions: string[];
  /** Super administrator only: another organisation, or null for one shared by all. */
  organisation_id?: number | null;
}

export type ResponsibilityPatchBody = Partial<Pick<ResponsibilityCreateBody, 'name' | 'description' | 'permissions'>>;

export async function createResponsibility(body: ResponsibilityCreateBody): Promise<Responsibility> {
  const { data } = await api.post<DataEnvelope<unknown>>('/responsibilities', body);
  return readContract(ZResponsibility, data, 'POST responsibilities');
}

/** `PATCH /responsibilities/{id}`; the same permissions and nothing else changed: 409 CONFLICT 'unchanged'. */
export async function patchResponsibility({
  id,
  patch,
}: {
  id: number;
  patch: ResponsibilityPatchBody;
}): Promise<Responsibility> {
  const { data } = await api.patch<DataEnvelope<unknown>>(`/responsibilities/${id}`, patch);
  return readContract(ZResponsibility, data, 'PATCH responsibilities/{id}');
}

export async function deleteResponsibility(id: number): Promise<void> {
  await api.delete<void>(`/responsibilities/${id}`);
}

/** Functions show their responsibilities and staff their permissions: both reload after a write. */
function useResponsibilityWrite<V, R>(fn: (variables: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    meta: { skipGlobalErrorHandler: true },
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: adminKeys.responsibilities() });
      void client.invalidateQueries({ queryKey: adminKeys.functions() });
      void client.invalidateQueries({ queryKey: adminKeys.staffAccounts() });
    },
  });
}

export const useCreateResponsibility = () => useResponsibilityWrite(createResponsibility);
export const usePatchResponsibility = () => useResponsibilityWrite(patchResponsibility);
export const useDeleteResponsibility = () => useResponsibilityWrite(deleteResponsibility);
