import { type Department, type StaffFunctionRecord, ZDepartment, ZStaffFunctionRecord } from '@ghiseu/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type DataEnvelope, type ListEnvelope } from '../../../lib/api-client';
import { readContract } from '../../../lib/contract';
import { adminKeys, withQuery } from './keys';

/**
 * Departments and functions of an organisation (spec §3). A super administrator's lists span
 * every organisation, so the screens always filter by `organisation_id[eq]` and create with
 * `organisation_id` (the server accepts it for the organisation one works in, or any for a
 * super administrator).
 */

/* ───────────────────────────── Departments ───────────────────────────── */

export async function getDepartments(params: string, signal?: AbortSignal) {
  return api.get<ListEnvelope<Department>>(withQuery('/departments', params), { signal });
}

export const useDepartments = (params: string, enabled = true) =>
  useQuery({
    queryKey: adminKeys.departmentList(params),
    queryFn: ({ signal }) => getDepartments(params, signal),
    placeholderData: keepPreviousData,
    enabled,
  });

export interface DepartmentInput {
  name: string;
  description: string | null;
  status: 'active' | 'inactive';
}

export async function createDepartment(body: DepartmentInput & { organisation_id: number }): Promise<Department> {
  const { data } = await api.post<DataEnvelope<unknown>>('/departments', body);
  return readContract(ZDepartment, data, 'POST departments');
}

export async function patchDepartment({ id, patch }: { id: number; patch: Partial<DepartmentInput> }): Promise<Department> {
  const { data } = await api.patch<DataEnvelope<unknown>>(`/departments/${id}`, patch);
  return readContract(ZDepartment, data, 'PATCH departments/{id}');
}

export async function deleteDepartment(id: number): Promise<void> {
  await api.delete<void>(`/departments/${id}`);
}

/* ───────────────────────────── Functions ───────────────────────────── */

export async function getFunctions(params: string, signal?: AbortSignal) {
  return api.get<ListEnvelope<StaffFunctionRecord>>(withQuery('/functions', params), { signal });
}

export const useFunctions = (params: string, enabled = true) =>
  useQuery({
    queryKey: adminKeys.functionList(params),
    queryFn: ({ signal }) => getFunctions(params, signal),
    placeholderData: keepPreviousData,
    enabled,
  });

export interface FunctionInput {
  name: string;
  description: string | null;
  responsibility_ids: number[];
}

export async function createFunction(body: FunctionInput & { organisation_id: number }): Promise<StaffFunctionRecord> {
  const { data } = await api.post<DataEnvelope<unknown>>('/functions', body);
  return readContract(ZStaffFunctionRecord, data, 'POST functions');
}

export async function patchFunction({ id, patch }: { id: number; patch: Partial<FunctionInput> }): Promise<StaffFunctionRecord> {
  const { data } = await api.patch<DataEnvelope<unknown>>(`/functions/${id}`, patch);
  return readContract(ZStaffFunctionRecord, data, 'PATCH functions/{id}');
}

export async function deleteFunction(id: number): Promise<void> {
  await api.delete<void>(`/functions/${id}`);
}

/* ───────────────────────────── Mutations ───────────────────────────── */

/**
 * A write of the structure screens. Errors are shown by the screen (field messages, the
 * specific texts of `errors.ts`), so the generic toast stays out. Staff accounts list their
 * departments and functions, so those reload too.
 */
function useStructureWrite<V, R>(fn: (variables: V) => Promise<R>, key: readonly unknown[]) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    meta: { skipGlobalErrorHandler: true },
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: key });
      void client.invalidateQueries({ queryKey: adminKeys.staffAccounts() });
    },
  });
}

export const useCreateDepartment = () => useStructureWrite(createDepartment, adminKeys.departments());
export const usePatchDepartment = () => useStructureWrite(patchDepartment, adminKeys.departments());
export const useDeleteDepartment = () => useStructureWrite(deleteDepartment, adminKeys.departments());
export const useCreateFunction = () => useStructureWrite(createFunction, adminKeys.functions());
export const usePatchFunction = () => useStructureWrite(patchFunction, adminKeys.functions());
export const useDeleteFunction = () => useStructureWrite(deleteFunction, adminKeys.functions());
