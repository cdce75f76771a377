import {
  type ApplicationTypeRecord,
  type PublishedProcess,
  type Department,
  type DocumentSeriesType,
  type DocumentTemplateOption,
  type FormSummary,
  type Organisation,
  type StaffFunctionRecord,
  ZApplicationTypeRecord,
} from '@ghiseu/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type DataEnvelope, type ListEnvelope } from '../../../lib/api-client';
import { readContract } from '../../../lib/contract';
import type { ApplicationTypeCreateBody, ApplicationTypePatchBody } from '../form-model';

/**
 * Calls of /application-type: the list, one record, create, merge-patch, delete, and the
 * look-ups of the form (forms, organisations, departments, functions, series types, other types).
 */

const ROOT = 'application-types' as const;
export const typeKeys = {
  all: [ROOT] as const,
  list: (params: string) => [ROOT, 'list', params] as const,
  one: (id: number) => [ROOT, 'one', id] as const,
  options: () => [ROOT, 'options'] as const,
  forms: () => [ROOT, 'lookups', 'forms'] as const,
  organisations: () => [ROOT, 'lookups', 'organisations'] as const,
  departments: (organisationId: number) => [ROOT, 'lookups', 'departments', organisationId] as const,
  functions: (organisationId: number) => [ROOT, 'lookups', 'functions', organisationId] as const,
  seriesTypes: () => [ROOT, 'lookups', 'series-types'] as const,
  processes: (organisationId: number | null) => [ROOT, 'lookups', 'processes', organisationId] as const,
  templates: (organisationId: number | null) => [ROOT, 'lookups', 'document-templates', organisationId] as const,
  taxCategories: () => [ROOT, 'lookups', 'tax-categories'] as const,
};

const withQuery = (path: string, params: string) => (params ? `${path}?${params}` : path);

export const getApplicationTypes = (params: string, signal?: AbortSignal) =>
  api.get<ListEnvelope<ApplicationTypeRecord>>(withQuery('/application-types', params), { signal });

export const useApplicationTypes = (params: string) =>
  useQuery({
    queryKey: typeKeys.list(params),
    queryFn: ({ signal }) => getApplicationTypes(params, signal),
    placeholderData: keepPreviousData,
  });

export async function getApplicationType(id: number, signal?: AbortSignal): Promise<ApplicationTypeRecord> {
  const body = await api.get<DataEnvelope<unknown>>(`/application-types/${id}`, { signal });
  return readContract(ZApplicationTypeRecord, body.data, 'application-types/{id}');
}

export const useApplicationType = (id: number | null) =>
  useQuery({
    queryKey: typeKeys.one(id ?? 0),
    queryFn: ({ signal }) => getApplicationType(id ?? 0, signal),
    enabled: id !== null && id > 0,
  });

/** Every type (id, name, organisation), for the reference and related-type selects. */
export type ApplicationTypeOption = Pick<ApplicationTypeRecord, 'id' | 'name' | 'organisation_id'>;
export const useApplicationTypeOptions = (enabled: boolean) =>
  useQuery({
    queryKey: typeKeys.options(),
    queryFn: async ({ signal }) =>
      (
        await api.get<ListEnvelope<ApplicationTypeOption>>('/application-types?unpaged=true&fields=id,name,organisation_id', {
          signal,
        })
      ).data,
    staleTime: 60_000,
    enabled,
  });

export type FormOption = Pick<FormSummary, 'id' | 'name' | 'status' | 'latest_version'>;
export const useFormOptions = (enabled: boolean) =>
  useQuery({
    queryKey: typeKeys.forms(),
    queryFn: async ({ signal }) =>
      (await api.get<ListEnvelope<FormOption>>('/forms?limit=500&fields=id,name,status,latest_version&sortKey=name', { signal }))
        .data,
    staleTime: 60_000,
    enabled,
  });

export const useOrganisationOptions = (enabled: boolean) =>
  useQuery({
    queryKey: typeKeys.organisations(),
    queryFn: async ({ signal }) =>
      (await api.get<ListEnvelope<Organisation>>('/organisations?limit=100&sortKey=name', { signal })).data,
    staleTime: 5 * 60_000,
    enabled,
  });

export const useDepartmentOptions = (organisationId: number | null) =>
  useQuery({
    queryKey: typeKeys.departments(organisationId ?? 0),
    queryFn: async ({ signal }) =>
      (
        await api.get<ListEnvelope<Department>>(`/departments?limit=500&sortKey=name&organisation_id[eq]=${organisationId}`, {
          signal,
        })
      ).data,
    staleTime: 60_000,
    enabled: organisationId !== null,
  });

export const useFunctionOptions = (organisationId: number | null) =>
  useQuery({
    queryKey: typeKeys.functions(organisationId ?? 0),
    queryFn: async ({ signal }) =>
      (
        await api.get<ListEnvelope<StaffFunctionRecord>>(
          `/functions?limit=500&sortKey=name&organisation_id[eq]=${organisationId}`,
          {
            signal,
          },
        )
      ).data,
    staleTime: 60_000,
    enabled: organisationId !== null,
  });

export const useSeriesTypeOptions = (enabled: boolean) =>
  useQuery({
    queryKey: typeKeys.seriesTypes(),
    queryFn: async ({ signal }) =>
      (await api.get<ListEnvelope<DocumentSeriesType>>('/document-series-types?limit=500&sortKey=name', { signal })).data,
    staleTime: 60_000,
    enabled,
  });

/** The active tax categories (id and name), for the type's construction, land and extra taxes. */
export const useTaxCategoryOptions = () =>
  useQuery({
    queryKey: typeKeys.taxCategories(),
    queryFn: async ({ signal }) =>
      (
        await api.get<ListEnvelope<{ id: number; name: string }>>('/tax-categories?status[eq]=active&limit=100&sortKey=name', {
          signal,
        })
      ).data,
    staleTime: 60_000,
  });

const readRecord = (body: DataEnvelope<unknown>, what: string) => readContract(ZApplicationTypeRecord, body.data, what);

export const createApplicationType = async (body: ApplicationTypeCreateBody) =>
  readRecord(await api.post<DataEnvelope<unknown>>('/application-types', body), 'POST application-types');

export const patchApplicationType = async ({ id, patch }: { id: number; patch: ApplicationTypePatchBody }) =>
  readRecord(await api.patch<DataEnvelope<unknown>>(`/application-types/${id}`, patch), 'PATCH application-types/{id}');

export const deleteApplicationType = async (id: number): Promise<undefined> => {
  await api.delete<void>(`/application-types/${id}`);
  return undefined;
};

function useTypeWrite<V, R extends ApplicationTypeRecord | undefined>(fn: (variables: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    meta: { skipGlobalErrorHandler: true },
    onSuccess: (record) => {
      if (record) client.setQueryData(typeKeys.one(record.id), record);
      void client.invalidateQueries({ queryKey: [ROOT, 'list'] });
      void client.invalidateQueries({ queryKey: typeKeys.options() });
    },
  });
}

export const useCreateApplicationType = () => useTypeWrite(createApplicationType);
export const usePatchApplicationType = () => useTypeWrite(patchApplicationType);
export const useDeleteApplicationType = () => useTypeWrite(deleteApplicationType);

/** Published processes the type may run: common ones and its organisation's (`GET /processes/published`). */
export const usePublishedProcessOptions = (organisationId: number | null) =>
  useQuery({
    queryKey: typeKeys.processes(organisationId),
    queryFn: async ({ signal }) =>
      (
        await api.get<DataEnvelope<PublishedProcess[]>>(
          organisationId ? `/processes/published?organisation_id=${organisationId}` : '/processes/published',
          { signal },
        )
      ).data,
  });

/**
 * Active document templates the type may use (`GET /document-templates/options`): common ones and
 * those of the type's organisation (the super administrator names it; others get their own).
 */
export const useDocumentTemplateOptions = (organisationId: number | null) =>
  useQuery({
    queryKey: typeKeys.templates(organisationId),
    queryFn: async ({ signal }) =>
      (
        await api.get<DataEnvelope<DocumentTemplateOption[]>>(
          organisationId ? `/document-templates/options?organisation_id=${organisationId}` : '/document-templates/options',
          { signal },
        )
      ).data,
    staleTime: 60_000,
  });
