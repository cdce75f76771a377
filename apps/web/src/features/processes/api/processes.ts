import {
  type Organisation,
  type ProcessRecord,
  type ProcessStepInput,
  type ProcessSummary,
  type PublishedProcess,
  type StaffFunctionRecord,
  ZProcessRecord,
} from '@ghiseu/domain';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type DataEnvelope, type ListEnvelope } from '../../../lib/api-client';
import { readContract } from '../../../lib/contract';

/**
 * The workflow processes API (spec §2 /process-editor, /process/{id}): list, record (steps,
 * problems, abilities), create, the General tab (PUT), the whole step list (PUT …/steps),
 * publish, delete; the published list the application types pick from; the functions a step may
 * name. Writes answer the record, which replaces the cached one; lists reload.
 */

export const processKeys = {
  all: ['processes'] as const,
  list: (params: string) => ['processes', 'list', params] as const,
  one: (id: number) => ['processes', 'one', id] as const,
  published: (organisationId: number | null) => ['processes', 'published', organisationId] as const,
  functions: (organisationId: number | null) => ['processes', 'functions', organisationId] as const,
};

const withQuery = (path: string, params: string) => (params ? `${path}?${params}` : path);

/** `GET /processes?…` (search on name and description, `status[eq]`, sort on name, status, dates). */
export const getProcesses = (params: string, signal?: AbortSignal) =>
  api.get<ListEnvelope<ProcessSummary>>(withQuery('/processes', params), { signal });

export const useProcesses = (params: string) =>
  useQuery({
    queryKey: processKeys.list(params),
    queryFn: ({ signal }) => getProcesses(params, signal),
    placeholderData: keepPreviousData,
  });

export async function getProcess(id: number, signal?: AbortSignal): Promise<ProcessRecord> {
  const body = await api.get<DataEnvelope<unknown>>(`/processes/${id}`, { signal });
  return readContract(ZProcessRecord, body.data, 'processes/{id}');
}

export const processQueryOptions = (id: number) =>
  queryOptions({ queryKey: processKeys.one(id), queryFn: ({ signal }) => getProcess(id, signal) });

export const useProcess = (id: number | null) => useQuery({ ...processQueryOptions(id ?? 0), enabled: id !== null && id > 0 });

export interface ProcessGeneralBody {
  name: string;
  description: string | null;
  organisation_id: number | null;
}

const readRecord = (body: DataEnvelope<unknown>, what: string) => readContract(ZProcessRecord, body.data, what);

export const createProcess = async (body: ProcessGeneralBody) =>
  readRecord(await api.post<DataEnvelope<unknown>>('/processes', body), 'POST processes');

export const updateProcess = async ({ id, body }: { id: number; body: ProcessGeneralBody }) =>
  readRecord(await api.put<DataEnvelope<unknown>>(`/processes/${id}`, body), 'PUT processes/{id}');

export const saveSteps = async ({ id, steps }: { id: number; steps: ProcessStepInput[] }) =>
  readRecord(await api.put<DataEnvelope<unknown>>(`/processes/${id}/steps`, { steps }), 'PUT processes/{id}/steps');

export const publishProcess = async (id: number) =>
  readRecord(await api.post<DataEnvelope<unknown>>(`/processes/${id}/publish`), 'POST processes/{id}/publish');

export const deleteProcess = async (id: number) => {
  await api.delete<void>(`/processes/${id}`);
};

function useProcessWrite<V>(fn: (variables: V) => Promise<ProcessRecord>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    meta: { skipGlobalErrorHandler: true },
    onSuccess: (record) => {
      client.setQueryData<ProcessRecord>(processKeys.one(record.id), record);
      void client.invalidateQueries({ queryKey: [...processKeys.all, 'list'] });
      void client.invalidateQueries({ queryKey: [...processKeys.all, 'published'] });
    },
  });
}

export const useCreateProcess = () => useProcessWrite(createProcess);
export const useUpdateProcess = () => useProcessWrite(updateProcess);
export const useSaveSteps = () => useProcessWrite(saveSteps);

/** Publication: a refusal also changed the record (status not published), so it is reloaded either way. */
export function usePublishProcess() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: publishProcess,
    meta: { skipGlobalErrorHandler: true },
    onSettled: (_record, _error, id) => {
      void client.invalidateQueries({ queryKey: processKeys.one(id) });
      void client.invalidateQueries({ queryKey: [...processKeys.all, 'list'] });
    },
  });
}

export function useDeleteProcess() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteProcess,
    meta: { skipGlobalErrorHandler: true },
    onSuccess: () => void client.invalidateQueries({ queryKey: processKeys.all }),
  });
}

/** Published processes an application type of `organisationId` may attach. */
export const usePublishedProcesses = (organisationId: number | null) =>
  useQuery({
    queryKey: processKeys.published(organisationId),
    queryFn: ({ signal }) =>
      api.get<DataEnvelope<PublishedProcess[]>>(
        withQuery('/processes/published', organisationId ? `organisation_id=${organisationId}` : ''),
        { signal },
      ),
    select: (body) => body.data,
  });

/** The functions a step may name: the process's organisation's, or every organisation's for a common process. */
export const useStepFunctions = (organisationId: number | null) =>
  useQuery({
    queryKey: processKeys.functions(organisationId),
    queryFn: ({ signal }) =>
      api.get<ListEnvelope<StaffFunctionRecord>>(
        withQuery('/functions', `limit=500${organisationId ? `&organisation_id[eq]=${organisationId}` : ''}`),
        { signal },
      ),
    select: (body) => body.data,
    staleTime: 60_000,
  });

/** The organisations a process may belong to (General tab). */
export const useProcessOrganisations = () =>
  useQuery({
    queryKey: [...processKeys.all, 'organisations'],
    queryFn: ({ signal }) => api.get<ListEnvelope<Organisation>>('/organisations?limit=100&sortKey=name', { signal }),
    select: (body) => body.data,
    staleTime: 60_000,
  });
