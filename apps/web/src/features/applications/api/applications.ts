import type {
  Application,
  ApplicationBeneficiary,
  ApplicationFile,
  ApplicationHistoryEntry,
  ApplicationListItem,
  ApplicationPatchRequest,
  ApplicationTypeTaxRules,
  ApplicationTypeForm,
  Parcel,
  PublicApplicationType,
  RealEstate,
  RealEstateCreateRequest,
} from '@ghiseu/domain';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type DataEnvelope, type ListEnvelope } from '../../../lib/api-client';

/**
 * The applications feature's calls (STYLE.md item 8): fetchers, their query options and hooks.
 * Writes answer the record; they refresh the cached application and the lists.
 */

export const applicationKeys = {
  all: ['applications'] as const,
  list: (params: string) => ['applications', 'list', params] as const,
  one: (id: number) => ['applications', 'one', id] as const,
  /** Under `one(id)`: whatever refreshes the record refreshes its history. */
  history: (id: number) => ['applications', 'one', id, 'history'] as const,
  types: (domain?: string) => ['applications', 'types', domain ?? 'all'] as const,
  form: (typeId: number) => ['applications', 'type-form', typeId] as const,
  taxRules: (typeId: number) => ['applications', 'type-tax-rules', typeId] as const,
};

const withQuery = (path: string, params: string) => (params ? `${path}?${params}` : path);

/** `GET /applications?…`: the user's own applications. */
export const applicationListQueryOptions = (params: string) =>
  queryOptions({
    queryKey: applicationKeys.list(params),
    queryFn: ({ signal }) => api.get<ListEnvelope<ApplicationListItem>>(withQuery('/applications', params), { signal }),
    placeholderData: keepPreviousData,
  });
export const useApplications = (params: string) => useQuery(applicationListQueryOptions(params));

/** `GET /applications/{id}`: the full record (spec §3). */
export async function getApplication(id: number, signal?: AbortSignal): Promise<Application> {
  return (await api.get<DataEnvelope<Application>>(`/applications/${id}`, { signal })).data;
}
export const applicationQueryOptions = (id: number) =>
  queryOptions({ queryKey: applicationKeys.one(id), queryFn: ({ signal }) => getApplication(id, signal) });
export const useApplication = (id: number | null) =>
  useQuery({ ...applicationQueryOptions(id ?? 0), enabled: id !== null && id > 0 });

/** `GET /applications/{id}/history`: the audit trail in words, oldest first. */
export const useApplicationHistory = (id: number) =>
  useQuery({
    queryKey: applicationKeys.history(id),
    queryFn: async ({ signal }) =>
      (await api.get<DataEnvelope<ApplicationHistoryEntry[]>>(`/applications/${id}/history`, { signal })).data,
  });

/** `GET /application-types/organisation?domain=`: the types a citizen may file (public). */
export const applicationTypesQueryOptions = (domain?: string) =>
  queryOptions({
    queryKey: applicationKeys.types(domain),
    queryFn: async ({ signal }) =>
      (
        await api.get<DataEnvelope<PublicApplicationType[]>>('/application-types/organisation', {
          query: { domain },
          signal,
        })
      ).data,
    staleTime: 5 * 60_000,
  });
export const useApplicationTypes = (domain?: string) => useQuery(applicationTypesQueryOptions(domain));

/** `GET /application-types/{id}/citizen-form`: the published form of a type. */
export const useApplicationTypeForm = (typeId: number | null) =>
  useQuery({
    queryKey: applicationKeys.form(typeId ?? 0),
    queryFn: async ({ signal }) =>
      (await api.get<DataEnvelope<ApplicationTypeForm>>(`/application-types/${typeId}/citizen-form`, { signal })).data,
    enabled: typeId !== null && typeId > 0,
    staleTime: 5 * 60_000,
  });

/**
 * `GET /application-types/{id}/tax-rules`: the type's taxes in force and discounts, for the
 * wizard's live tax summary (computeTaxSummary, the same function the server uses).
 */
export const useApplicationTypeTaxRules = (typeId: number | null) =>
  useQuery({
    queryKey: applicationKeys.taxRules(typeId ?? 0),
    queryFn: async ({ signal }) =>
      (await api.get<DataEnvelope<ApplicationTypeTaxRules>>(`/application-types/${typeId}/tax-rules`, { signal })).data,
    enabled: typeId !== null && typeId > 0,
    staleTime: 5 * 60_000,
  });

/** Keeps the cached record fresh after a write and reloads the lists. */
function useApplicationWrite<V>(fn: (variables: V) => Promise<Application | undefined>, applicationId?: () => number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    meta: { skipGlobalErrorHandler: true },
    onSuccess: (record) => {
      if (record) client.setQueryData(applicationKeys.one(record.id), record);
      else {
        const id = applicationId?.();
        if (id) void client.invalidateQueries({ queryKey: applicationKeys.one(id) });
      }
      void client.invalidateQueries({ queryKey: [...applicationKeys.all, 'list'] });
    },
  });
}

/** `POST /applications?echo=true`: creates the draft of a type. */
export const useCreateApplication = () =>
  useApplicationWrite(
    async (typeId: number) =>
      (await api.post<DataEnvelope<Application>>('/applications', { application_type_id: typeId }, { query: { echo: 'true' } }))
        .data,
  );

/** `PATCH /applications/{id}` (merge patch). */
export const usePatchApplication = () =>
  useApplicationWrite(
    async ({ id, patch }: { id: number; patch: ApplicationPatchRequest }) =>
      (await api.patch<DataEnvelope<Application>>(`/applications/${id}`, patch)).data,
  );

/** `PUT /applications/{id}/send`: submits; INVALID_FORM_VALUE carries `fields`. */
export const useSubmitApplication = () =>
  useApplicationWrite(async (id: number) => (await api.put<DataEnvelope<Application>>(`/applications/${id}/send`)).data);

/** `DELETE /applications/{id}/draft`. */
export const useDeleteDraft = () =>
  useApplicationWrite(async (id: number) => {
    await api.delete<void>(`/applications/${id}/draft`);
    return undefined;
  });

/**
 * `DELETE /applications/{id}/draft` for a draft the user has just left (the wizard's empty-draft
 * offer): the record leaves the cache instead of being fetched again (it is gone), the lists reload.
 */
export function useDiscardDraft() {
  const client = useQueryClient();
  return async (id: number): Promise<void> => {
    await api.delete<void>(`/applications/${id}/draft`);
    client.removeQueries({ queryKey: applicationKeys.one(id) });
    void client.invalidateQueries({ queryKey: [...applicationKeys.all, 'list'] });
  };
}

/** `POST /applications/{id}/comment`. */
export const useAddComment = () =>
  useApplicationWrite(
    async ({ id, text }: { id: number; text: string }) =>
      (await api.post<DataEnvelope<Application>>(`/applications/${id}/comment`, { text })).data,
  );

/** `POST /applications/{id}/send-review`: the answer to a clarification request. */
export const useSendReview = () =>
  useApplicationWrite(
    async ({ id, text }: { id: number; text: string }) =>
      (await api.post<DataEnvelope<Application>>(`/applications/${id}/send-review`, { citizen_review: text })).data,
  );

/**
 * Downloads the registration receipt of a submitted application (`GET /qr/{id}/receipt`, PDF),
 * named after its entry number.
 */
export async function downloadReceipt(id: number, entryNumber: string | null): Promise<void> {
  const blob = await api.get<Blob>(`/qr/${id}/receipt`, { responseType: 'blob' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `recipisa-${(entryNumber ?? String(id)).replace(/[^\p{L}\p{N}-]+/gu, '-')}.pdf`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Beneficiaries of a draft. */
export async function addBeneficiary(id: number, body: Record<string, unknown>): Promise<ApplicationBeneficiary> {
  return (await api.post<DataEnvelope<ApplicationBeneficiary>>(`/applications/${id}/beneficiaries`, body)).data;
}
export async function removeBeneficiary(id: number, beneficiaryId: number): Promise<void> {
  await api.delete<void>(`/applications/${id}/beneficiaries/${beneficiaryId}`);
}

/** Real-estate targets of a draft. */
export async function addRealEstate(id: number, body: RealEstateCreateRequest): Promise<RealEstate> {
  return (await api.post<DataEnvelope<RealEstate>>(`/applications/${id}/real-estates`, body)).data;
}
export async function removeRealEstate(id: number, realEstateId: number): Promise<void> {
  await api.delete<void>(`/applications/${id}/real-estates/${realEstateId}`);
}

/** `POST /ancpi/parcels-search-requests/`: the land registry's parcel. */
export async function searchParcels(body: { cadastral_number: string; uat_id: number }): Promise<Parcel[]> {
  return (await api.post<DataEnvelope<Parcel[]>>('/ancpi/parcels-search-requests/', body)).data;
}

/** Files of an application: attach an uploaded file to an attachment field, remove it. */
export async function attachFile(id: number, fileId: number, category: string): Promise<ApplicationFile> {
  return (await api.post<DataEnvelope<ApplicationFile>>(`/applications/${id}/files`, { file_id: fileId, category })).data;
}
export async function detachFile(id: number, applicationFileId: number): Promise<void> {
  await api.delete<void>(`/applications/${id}/files/${applicationFileId}`);
}
