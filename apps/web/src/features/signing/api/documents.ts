import type { DocumentAction, DocumentPanel, GenerationStatus } from '@ghiseu/domain';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { ApiError, api, type DataEnvelope } from '../../../lib/api-client';
import { ensureSuccess } from '../outcomes';
import { signingKeys } from './keys';
import { useRefreshAfterSigning } from './signing';

/**
 * The output document of an application (helper B's contract, contracts/documents.ts): the staff
 * panel, generation and its progress, return, preview; the seal retry (helper D's contract).
 */

const data = async <T>(promise: Promise<DataEnvelope<T>>): Promise<T> => (await promise).data;

/** How often the generation's progress is asked while a document is being generated (spec: every second). */
export const GENERATION_POLL_MS = 1000;

const NO_DOCUMENT: DocumentPanel = { document: null, history: [] };

/**
 * `GET /staff-applications/{id}/document`: the live revision (with its layout cells) and the
 * history. An application without any document answers an empty panel (the server may say
 * EMPTY_TARGET_FILES for it).
 */
export const staffDocumentOptions = (id: number) =>
  queryOptions({
    queryKey: signingKeys.staffDocument(id),
    queryFn: async ({ signal }) => {
      try {
        return await data(api.get<DataEnvelope<DocumentPanel>>(`/staff-applications/${id}/document`, { signal }));
      } catch (error) {
        if (error instanceof ApiError && error.code === 'EMPTY_TARGET_FILES') return NO_DOCUMENT;
        throw error;
      }
    },
  });
export const useStaffDocument = (id: number, enabled = true) => useQuery({ ...staffDocumentOptions(id), enabled });

/**
 * `GET /applications/{id}/check-generation-status`, asked every second while the document is
 * being generated (`enabled` by the caller while the panel shows a generating revision).
 */
export const useGenerationStatus = (id: number, enabled: boolean) =>
  useQuery({
    queryKey: signingKeys.generation(id),
    queryFn: ({ signal }) =>
      data(api.get<DataEnvelope<GenerationStatus>>(`/applications/${id}/check-generation-status`, { signal })),
    enabled,
    refetchInterval: (query) => (query.state.data && query.state.data.state !== 'generating' ? false : GENERATION_POLL_MS),
    refetchIntervalInBackground: true,
    gcTime: 0,
  });

/**
 * A write whose answer is 202 Accepted (generation runs as a job): the shared client only counts
 * 200, 201 and 204 as successes (spec §7), so 202 arrives as an ApiError and is taken as accepted.
 */
async function accepted(promise: Promise<unknown>): Promise<void> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError && error.status === 202) return;
    throw error;
  }
}

/** `PUT /staff-applications/{id}/{action}/generate-document`. */
export const generateDocument = (id: number, action: DocumentAction) =>
  accepted(api.put(`/staff-applications/${id}/${action}/generate-document`, {}));

/** `PATCH /staff-applications/{id}/return-document {confirm: true}` (irreversible). */
export const returnDocument = (id: number) => api.patch(`/staff-applications/${id}/return-document`, { confirm: true });

/** `PUT /staff-applications/{id}/seal`: the seal again after SEAL_ERROR. */
export const retrySeal = async (id: number) =>
  ensureSuccess(await data(api.put<DataEnvelope<{ success: boolean }>>(`/staff-applications/${id}/seal`, {})));

/** Opens a PDF answered by `path` in a new tab (through a blob address, so the token stays in the header). */
export async function openPdf(path: string): Promise<void> {
  // Opened before the wait, so that the browser counts it as the click's own window.
  const tab = window.open('', '_blank');
  try {
    const blob = await api.get<Blob>(path, { responseType: 'blob', headers: { Accept: 'application/pdf' } });
    const url = URL.createObjectURL(blob);
    if (tab) tab.location.href = url;
    else window.open(url, '_blank', 'noopener');
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    tab?.close();
    throw error;
  }
}

/** `GET /staff-applications/{id}/preview-document` in a new tab. */
export const previewStaffDocument = (id: number) => openPdf(`/staff-applications/${id}/preview-document`);
/** `GET /applications/{id}/preview-document` in a new tab (the applicant: issued or awaiting their signature). */
export const previewApplicantDocument = (id: number) => openPdf(`/applications/${id}/preview-document`);

/** The document commands of the staff view, each refreshing the record, the counters and the panel. */
export function useDocumentMutations(id: number) {
  const refresh = useRefreshAfterSigning();
  const options = { meta: { skipGlobalErrorHandler: true }, onSettled: refresh };
  return {
    generate: useMutation({ mutationFn: (action: DocumentAction) => generateDocument(id, action), ...options }),
    returnDocument: useMutation({ mutationFn: () => returnDocument(id), ...options }),
    seal: useMutation({ mutationFn: () => retrySeal(id), ...options }),
  };
}
