import {
  type DocumentTemplateOption,
  type DocumentTemplateRecord,
  type DocumentTemplateStatus,
  type DocumentTemplateSummary,
  type DocumentSystemType,
  type Placeholder,
  type SigningLayoutInput,
  type StaffApplicationListItem,
  type StaffFunctionRecord,
  type TemplateContent,
  ZDocumentTemplateRecord,
} from '@ghiseu/domain';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type DataEnvelope, type ListEnvelope } from '../../../lib/api-client';
import { readContract } from '../../../lib/contract';

/**
 * The document templates API (spec §2 /document-template*, B's contract `contracts/documents.ts`):
 * the list, one record, create, merge-patch, delete; the placeholder catalogue (plus a type's
 * form fields); the preview PDF on a real application; and the look-ups of the editor (the
 * functions a layout cell names, the application types, the staff's applications to preview on).
 * Writes answer the record, which replaces the cached one; lists and options reload.
 */

export const templateKeys = {
  all: ['document-templates'] as const,
  list: (params: string) => ['document-templates', 'list', params] as const,
  one: (id: number) => ['document-templates', 'one', id] as const,
  options: (organisationId: number | null) => ['document-templates', 'options', organisationId] as const,
  placeholders: (applicationTypeId: number | null) => ['document-templates', 'placeholders', applicationTypeId] as const,
  functions: (organisationId: number | null) => ['document-templates', 'functions', organisationId] as const,
  types: () => ['document-templates', 'application-types'] as const,
  applications: (search: string) => ['document-templates', 'applications', search] as const,
};

const withQuery = (path: string, params: string) => (params ? `${path}?${params}` : path);

/** `GET /document-templates?…` (name[contains], status[eq], system_type[eq]; sort name, created_at). */
export const getDocumentTemplates = (params: string, signal?: AbortSignal) =>
  api.get<ListEnvelope<DocumentTemplateSummary>>(withQuery('/document-templates', params), { signal });

export const useDocumentTemplates = (params: string) =>
  useQuery({
    queryKey: templateKeys.list(params),
    queryFn: ({ signal }) => getDocumentTemplates(params, signal),
    placeholderData: keepPreviousData,
  });

export async function getDocumentTemplate(id: number, signal?: AbortSignal): Promise<DocumentTemplateRecord> {
  const body = await api.get<DataEnvelope<unknown>>(`/document-templates/${id}`, { signal });
  return readContract(ZDocumentTemplateRecord, body.data, 'document-templates/{id}');
}

export const documentTemplateQueryOptions = (id: number) =>
  queryOptions({ queryKey: templateKeys.one(id), queryFn: ({ signal }) => getDocumentTemplate(id, signal) });

export const useDocumentTemplate = (id: number | null) =>
  useQuery({ ...documentTemplateQueryOptions(id ?? 0), enabled: id !== null && id > 0 });

/** The body of a creation (and, field by field, of a merge-patch). */
export interface DocumentTemplateBody {
  name: string;
  description: string | null;
  status: DocumentTemplateStatus;
  system_type: DocumentSystemType | null;
  content: TemplateContent;
  signing_layout: SigningLayoutInput;
}

const readRecord = (body: DataEnvelope<unknown>, what: string) => readContract(ZDocumentTemplateRecord, body.data, what);

export const createDocumentTemplate = async (body: DocumentTemplateBody) =>
  readRecord(await api.post<DataEnvelope<unknown>>('/document-templates', body), 'POST document-templates');

export const patchDocumentTemplate = async ({ id, patch }: { id: number; patch: Partial<DocumentTemplateBody> }) =>
  readRecord(await api.patch<DataEnvelope<unknown>>(`/document-templates/${id}`, patch), 'PATCH document-templates/{id}');

export const deleteDocumentTemplate = async (id: number) => {
  await api.delete<void>(`/document-templates/${id}`);
};

function useTemplateWrite<V>(fn: (variables: V) => Promise<DocumentTemplateRecord>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    meta: { skipGlobalErrorHandler: true },
    onSuccess: (record) => {
      client.setQueryData<DocumentTemplateRecord>(templateKeys.one(record.id), record);
      void client.invalidateQueries({ queryKey: [...templateKeys.all, 'list'] });
      void client.invalidateQueries({ queryKey: [...templateKeys.all, 'options'] });
    },
  });
}

export const useCreateDocumentTemplate = () => useTemplateWrite(createDocumentTemplate);
export const usePatchDocumentTemplate = () => useTemplateWrite(patchDocumentTemplate);

export function useDeleteDocumentTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteDocumentTemplate,
    meta: { skipGlobalErrorHandler: true },
    onSuccess: (_result, id) => {
      client.removeQueries({ queryKey: templateKeys.one(id) });
      void client.invalidateQueries({ queryKey: [...templateKeys.all, 'list'] });
      void client.invalidateQueries({ queryKey: [...templateKeys.all, 'options'] });
    },
  });
}

/** `GET /document-templates/placeholders[?application_type_id=]`: the catalogue, plus the type's form fields. */
export const usePlaceholders = (applicationTypeId: number | null) =>
  useQuery({
    queryKey: templateKeys.placeholders(applicationTypeId),
    queryFn: async ({ signal }) =>
      (
        await api.get<DataEnvelope<Placeholder[]>>(
          withQuery('/document-templates/placeholders', applicationTypeId ? `application_type_id=${applicationTypeId}` : ''),
          { signal },
        )
      ).data,
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });

/** `GET /document-templates/options`: the active templates an application type may choose. */
export const useDocumentTemplateOptions = (organisationId: number | null, enabled = true) =>
  useQuery({
    queryKey: templateKeys.options(organisationId),
    queryFn: async ({ signal }) =>
      (
        await api.get<DataEnvelope<DocumentTemplateOption[]>>(
          withQuery('/document-templates/options', organisationId ? `organisation_id=${organisationId}` : ''),
          { signal },
        )
      ).data,
    staleTime: 60_000,
    enabled,
  });

/** The functions a layout cell may name: the template's organisation's, or every one (system keys) for a common template. */
export const useLayoutFunctions = (organisationId: number | null) =>
  useQuery({
    queryKey: templateKeys.functions(organisationId),
    queryFn: async ({ signal }) =>
      (
        await api.get<ListEnvelope<StaffFunctionRecord>>(
          withQuery('/functions', `limit=500&sortKey=name${organisationId ? `&organisation_id[eq]=${organisationId}` : ''}`),
          { signal },
        )
      ).data,
    staleTime: 60_000,
  });

export interface ApplicationTypeChoice {
  id: number;
  name: string;
  organisation_id: number | null;
}

/** The application types whose form fields the placeholder picker offers (loaded when the picker opens). */
export const useApplicationTypeChoices = (enabled: boolean) =>
  useQuery({
    queryKey: templateKeys.types(),
    queryFn: async ({ signal }) =>
      (
        await api.get<ListEnvelope<ApplicationTypeChoice>>('/application-types?unpaged=true&fields=id,name,organisation_id', {
          signal,
        })
      ).data,
    staleTime: 60_000,
    enabled,
  });

/** The staff's applications matching `search` (entry number, names, CNP/CUI): the preview's choice. */
export const usePreviewApplications = (search: string, enabled: boolean) =>
  useQuery({
    queryKey: templateKeys.applications(search),
    queryFn: async ({ signal }) => {
      const params = new URLSearchParams({ limit: '20', sortKey: '-application_date' });
      if (search.trim()) params.set('orLikeQuery', search.trim());
      return (await api.get<ListEnvelope<StaffApplicationListItem>>(`/staff-applications?${params}`, { signal })).data;
    },
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    enabled,
  });

/** `POST /document-templates/{id}/preview {application_id}` → the PDF, generated and not stored. */
export const previewDocumentTemplate = ({ id, applicationId }: { id: number; applicationId: number }) =>
  api.post<Blob>(
    `/document-templates/${id}/preview`,
    { application_id: applicationId },
    {
      responseType: 'blob',
      headers: { Accept: 'application/pdf' },
    },
  );

export const usePreviewDocumentTemplate = () =>
  useMutation({ mutationFn: previewDocumentTemplate, meta: { skipGlobalErrorHandler: true } });
