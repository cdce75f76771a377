import {
  type FormDefinition,
  type FormRecord,
  type FormSummary,
  type FormVersionRecord,
  ZFormRecord,
  ZFormVersionRecord,
} from '@ghiseu/domain';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type DataEnvelope, type ListEnvelope } from '../../../lib/api-client';
import { readContract } from '../../../lib/contract';

/**
 * The form interfaces API (spec §2 /forms, /form/{id}): list, record (draft, versions, usage,
 * abilities), create, merge-patch, publish, one published version, delete. Writes answer the
 * record, which replaces the cached one; lists reload.
 */

export const formKeys = {
  all: ['forms'] as const,
  list: (params: string) => ['forms', 'list', params] as const,
  one: (id: number) => ['forms', 'one', id] as const,
  version: (id: number, version: number) => ['forms', 'one', id, 'version', version] as const,
};

const withQuery = (path: string, params: string) => (params ? `${path}?${params}` : path);

/** `GET /forms?…` (search on name and description, `status[eq]`, sort on name, status, latest_version, dates). */
export async function getForms(params: string, signal?: AbortSignal): Promise<ListEnvelope<FormSummary>> {
  return api.get<ListEnvelope<FormSummary>>(withQuery('/forms', params), { signal });
}

export const useForms = (params: string) =>
  useQuery({
    queryKey: formKeys.list(params),
    queryFn: ({ signal }) => getForms(params, signal),
    placeholderData: keepPreviousData,
  });

export async function getForm(id: number, signal?: AbortSignal): Promise<FormRecord> {
  const body = await api.get<DataEnvelope<unknown>>(`/forms/${id}`, { signal });
  return readContract(ZFormRecord, body.data, 'forms/{id}');
}

export const formQueryOptions = (id: number) =>
  queryOptions({ queryKey: formKeys.one(id), queryFn: ({ signal }) => getForm(id, signal) });

export const useForm = (id: number | null) => useQuery({ ...formQueryOptions(id ?? 0), enabled: id !== null && id > 0 });

export async function getFormVersion(id: number, version: number, signal?: AbortSignal): Promise<FormVersionRecord> {
  const body = await api.get<DataEnvelope<unknown>>(`/forms/${id}/versions/${version}`, { signal });
  return readContract(ZFormVersionRecord, body.data, 'forms/{id}/versions/{version}');
}

export const useFormVersion = (id: number, version: number | null) =>
  useQuery({
    queryKey: formKeys.version(id, version ?? 0),
    queryFn: ({ signal }) => getFormVersion(id, version ?? 0, signal),
    enabled: version !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });

export interface FormCreateBody {
  name: string;
  description?: string | null;
  definition?: FormDefinition;
}

export interface FormPatchBody {
  name?: string;
  description?: string | null;
  definition?: FormDefinition;
}

const readRecord = (body: DataEnvelope<unknown>, what: string) => readContract(ZFormRecord, body.data, what);

export async function createForm(body: FormCreateBody): Promise<FormRecord> {
  return readRecord(await api.post<DataEnvelope<unknown>>('/forms', body), 'POST forms');
}

export async function patchForm({ id, patch }: { id: number; patch: FormPatchBody }): Promise<FormRecord> {
  return readRecord(await api.patch<DataEnvelope<unknown>>(`/forms/${id}`, patch), 'PATCH forms/{id}');
}

export async function publishForm(id: number): Promise<FormRecord> {
  return readRecord(await api.post<DataEnvelope<unknown>>(`/forms/${id}/publish`), 'POST forms/{id}/publish');
}

export async function deleteForm(id: number): Promise<void> {
  await api.delete<void>(`/forms/${id}`);
}

function useFormWrite<V>(fn: (variables: V) => Promise<FormRecord>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    meta: { skipGlobalErrorHandler: true },
    onSuccess: (record) => {
      client.setQueryData<FormRecord>(formKeys.one(record.id), record);
      void client.invalidateQueries({ queryKey: [...formKeys.all, 'list'] });
    },
  });
}

export const useCreateForm = () => useFormWrite(createForm);
export const usePatchForm = () => useFormWrite(patchForm);
export const usePublishForm = () => useFormWrite(publishForm);

export function useDeleteForm() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteForm,
    meta: { skipGlobalErrorHandler: true },
    onSuccess: () => void client.invalidateQueries({ queryKey: formKeys.all }),
  });
}
