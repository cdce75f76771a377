import type {
  ApplicationSignConfirmResponse,
  AttachmentsResult,
  BulkConfirmResponse,
  BulkSignStartResponse,
  DocumentAction,
  OfflineCheckResponse,
  OfflineInitResponse,
  SignConfirmResponse,
  SigningProfile,
  SigningStatus,
  SignStartResponse,
} from '@ghiseu/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type DataEnvelope } from '../../../lib/api-client';
import { uploadFileWithToken } from '../../../lib/files';
import { ensureSuccess } from '../outcomes';
import { RECORD_ROOT_KEYS, signingKeys } from './keys';

/**
 * The signing calls of spec §7 (helper D's contract, packages/domain contracts/signing.ts): start a
 * signing (the code goes by SMS, or the user's PIN confirms), confirm it, follow its status, bulk
 * and attachments, the offline round trip of the applicant, the signing PIN and profile. Every
 * confirmation goes through {@link ensureSuccess}: `success: false` rejects like an HTTP error.
 */

const data = async <T>(promise: Promise<DataEnvelope<T>>): Promise<T> => (await promise).data;

/** What a signing dialog needs from one kind of signing: how to start it and how to confirm it. */
export interface SigningFlow {
  start: (customImageId: number | null) => Promise<SignStartResponse>;
  confirm: (pin: string, requestId: string) => Promise<unknown>;
}

/* ───────────────────────────── Staff: one document ───────────────────────────── */

/** `PUT /staff-applications/{id}/{action}/sign` then `PUT /staff-applications/{id}/confirm-signing`. */
export const staffSigningFlow = (id: number, action: DocumentAction): SigningFlow => ({
  start: async (customImageId) =>
    ensureSuccess(
      await data(
        api.put<DataEnvelope<SignStartResponse>>(`/staff-applications/${id}/${action}/sign`, {
          custom_image_id: customImageId,
        }),
      ),
    ),
  confirm: async (pin, requestId) =>
    ensureSuccess(
      await data(
        api.put<DataEnvelope<SignConfirmResponse>>(`/staff-applications/${id}/confirm-signing`, { pin, request_id: requestId }),
      ),
    ),
});

/** `GET /staff-applications/{id}/check-signing-status`. */
export const staffSigningStatusOptions = (id: number) =>
  queryOptions({
    queryKey: signingKeys.status('staff', id),
    queryFn: ({ signal }) =>
      data(api.get<DataEnvelope<SigningStatus>>(`/staff-applications/${id}/check-signing-status`, { signal })),
  });

/** `GET /staff-applications/signature-custom-image-token`, then the image itself (png/jpg ≤ 10 MB). */
export async function uploadSignatureImage(file: File, onProgress: (percent: number) => void): Promise<{ id: number }> {
  const { token } = await data(api.get<DataEnvelope<{ token: string }>>('/staff-applications/signature-custom-image-token'));
  return uploadFileWithToken(token, file, onProgress);
}

/* ───────────────────────────── Applicant: the output document ───────────────────────────── */

/** `PUT /applications/{id}/sign-output-document` then `PUT /applications/{id}/confirm-signing-output-document`. */
export const applicantSigningFlow = (id: number): SigningFlow => ({
  start: async () =>
    ensureSuccess(await data(api.put<DataEnvelope<SignStartResponse>>(`/applications/${id}/sign-output-document`, {}))),
  confirm: async (pin, requestId) =>
    ensureSuccess(
      await data(
        api.put<DataEnvelope<SignConfirmResponse>>(`/applications/${id}/confirm-signing-output-document`, {
          pin,
          request_id: requestId,
        }),
      ),
    ),
});

/** `PUT /applications/{id}/sign` then `PUT /applications/{id}/confirm-signing`: "Semnați și trimiteți". */
export const applicationSubmitSigningFlow = (id: number, review = false): SigningFlow => ({
  start: async () =>
    ensureSuccess(
      await data(
        api.put<DataEnvelope<SignStartResponse>>(
          `/applications/${id}/sign`,
          {},
          { query: review ? { review: 'true' } : undefined },
        ),
      ),
    ),
  confirm: async (pin, requestId) =>
    ensureSuccess(
      await data(
        api.put<DataEnvelope<ApplicationSignConfirmResponse>>(`/applications/${id}/confirm-signing`, {
          pin,
          request_id: requestId,
          ...(review ? { review: true } : {}),
        }),
      ),
    ),
});

/** `GET /applications/{id}/check-signing-status`. */
export const applicantSigningStatusOptions = (id: number) =>
  queryOptions({
    queryKey: signingKeys.status('citizen', id),
    queryFn: ({ signal }) => data(api.get<DataEnvelope<SigningStatus>>(`/applications/${id}/check-signing-status`, { signal })),
  });
export const useApplicantSigningStatus = (id: number, enabled = true) =>
  useQuery({ ...applicantSigningStatusOptions(id), enabled });

/* ───────────────────────────── Applicant: offline ───────────────────────────── */

/** `POST /applications/{id}/initialize-offline-sign`: the PDF to sign and the token to send it back. */
export const initializeOfflineSign = (id: number) =>
  data(api.post<DataEnvelope<OfflineInitResponse>>(`/applications/${id}/initialize-offline-sign`));

/** `POST /applications/{id}/check-offline-sign {new_pdf_id}`: the verification report. */
export const checkOfflineSign = (id: number, newPdfId: number, requestId?: string) =>
  data(
    api.post<DataEnvelope<OfflineCheckResponse>>(`/applications/${id}/check-offline-sign`, {
      new_pdf_id: newPdfId,
      ...(requestId ? { request_id: requestId } : {}),
    }),
  );

/** `POST /applications/{id}/finish-offline-sign/{newPdfId}`: the signed PDF becomes the document. */
export const finishOfflineSign = async (id: number, newPdfId: number) =>
  ensureSuccess(
    await data(
      api.post<DataEnvelope<{ success: boolean; document_state: string; application_status: string }>>(
        `/applications/${id}/finish-offline-sign/${newPdfId}`,
      ),
    ),
  );

/* ───────────────────────────── Bulk ───────────────────────────── */

/** `POST /staff-applications/bulk-sign`: one request (one code) for many applications. */
export const startBulkSign = async (applicationIds: readonly number[], customImageId: number | null) =>
  ensureSuccess(
    await data(
      api.post<DataEnvelope<BulkSignStartResponse>>('/staff-applications/bulk-sign', {
        application_ids: applicationIds,
        custom_image_id: customImageId,
      }),
    ),
  );

/**
 * A per-item answer (bulk, attachments): a partial failure (SIGNING_BULK_PARTIAL_FAILURE) still
 * signed the others and the result names the failed ones; any other `success: false` (a wrong or
 * expired code, nothing signed) rejects.
 */
function acceptPartial<R extends { success: boolean; code: string | null; attempts_left: number | null; items: unknown[] }>(
  reply: R,
): R {
  if (!reply.success && (reply.items.length === 0 || (reply.code !== null && reply.code !== 'SIGNING_BULK_PARTIAL_FAILURE')))
    ensureSuccess(reply);
  return reply;
}

/** `POST /staff-applications/confirm-bulk-signing`: answers per item. */
export const confirmBulkSign = async (pin: string, requestId: string): Promise<BulkConfirmResponse> =>
  acceptPartial(
    await data(
      api.post<DataEnvelope<BulkConfirmResponse>>('/staff-applications/confirm-bulk-signing', { pin, request_id: requestId }),
    ),
  );

export interface BulkStatusItem {
  application_id: number;
  application_status: string | null;
  document_state: string | null;
  can_sign: boolean;
  code: string | null;
}

/** `POST /staff-applications/check-bulk-signing-status`: where each application stands now. */
export const checkBulkSigningStatus = async (applicationIds: readonly number[]) =>
  (
    await data(
      api.post<DataEnvelope<{ items: BulkStatusItem[] }>>('/staff-applications/check-bulk-signing-status', {
        application_ids: applicationIds,
      }),
    )
  ).items;

/** `POST /staff-applications/attachments-bulk-sign` (a request and a code for PDF attachments). */
export const startAttachmentsSign = async (applicationId: number, fileIds: readonly number[], customImageId: number | null) =>
  ensureSuccess(
    await data(
      api.post<DataEnvelope<SignStartResponse>>('/staff-applications/attachments-bulk-sign', {
        application_id: applicationId,
        file_ids: fileIds,
        custom_image_id: customImageId,
      }),
    ),
  );

/** `POST /staff-applications/confirm-attachments-bulk-signing`. */
export const confirmAttachmentsSign = async (applicationId: number, pin: string, requestId: string) =>
  acceptPartial(
    await data(
      api.post<DataEnvelope<AttachmentsResult>>('/staff-applications/confirm-attachments-bulk-signing', {
        pin,
        application_id: applicationId,
        request_id: requestId,
      }),
    ),
  );

/** `POST /staff-applications/attachments-bulk-sealing {id}`: the organisation's seal on the PDF attachments. */
export const sealAttachments = async (applicationId: number) =>
  acceptPartial(
    await data(api.post<DataEnvelope<AttachmentsResult>>('/staff-applications/attachments-bulk-sealing', { id: applicationId })),
  );

/* ───────────────────────────── PIN and profile ───────────────────────────── */

/** `GET /signing/profile`: enrolled, profile valid, the problems, whether a PIN is set. */
export const signingProfileOptions = () =>
  queryOptions({
    queryKey: signingKeys.profile,
    queryFn: ({ signal }) => data(api.get<DataEnvelope<SigningProfile>>('/signing/profile', { signal })),
  });
export const useSigningProfile = () => useQuery(signingProfileOptions());

/** `PUT /signing/pin {password, pin}` and `DELETE /signing/pin`. */
export function useSigningPin() {
  const client = useQueryClient();
  const refresh = () => void client.invalidateQueries({ queryKey: signingKeys.profile });
  const set = useMutation({
    mutationFn: (body: { password: string; pin: string }) => api.put('/signing/pin', body),
    meta: { skipGlobalErrorHandler: true },
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: () => api.delete('/signing/pin'),
    meta: { skipGlobalErrorHandler: true },
    onSuccess: refresh,
  });
  return { set, remove };
}

/* ───────────────────────────── Refresh ───────────────────────────── */

/** After any signing or document write: the record, lists, counters and this feature's queries. */
export function useRefreshAfterSigning() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: signingKeys.all });
    for (const key of RECORD_ROOT_KEYS) void client.invalidateQueries({ queryKey: [...key] });
  };
}
