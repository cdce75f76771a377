import { z } from 'zod';
import { zId } from './common.js';
import { DOCUMENT_ACTIONS, DOCUMENT_STATES } from '../documents/lifecycle.js';
import { APPLICATION_STATUSES } from '../statuses.js';

/**
 * Contracts of the signing flows (spec §4 "Signing online… Offline… Bulk signing and bulk
 * sealing", §6 enrollment and a valid profile, §7 paths, §8 Signing codes; spec gaps C5).
 *
 * Every start of a signing answers a `request_id` and how it is confirmed: a 6-digit code sent by
 * SMS (`sms`) or the user's own signing PIN (`pin`). The confirmation carries that code or PIN
 * in `pin`. A request lives 5 minutes and allows 3 wrong codes (then SIGNING_SESSION_EXPIRED).
 * Every answer of a signing action carries `success` explicitly: a reply with `success: false`
 * is a failure ("An HTTP success reply with success false is a failure").
 *
 * Refusals are HTTP errors with their catalogue code (`{ message: CODE, data }`): a wrong code
 * SIGNING_CODE_INVALID (400, data.remaining_attempts), an expired one SIGNING_CODE_EXPIRED (400),
 * the third wrong one SIGNING_SESSION_EXPIRED (400), a request already used
 * REQUEST_ALREADY_CONFIRMED (409), someone else's or unknown SIGNING_REQUEST_NOT_FOUND (404), not
 * the next signer SIGNING_NOT_NEXT_SIGNER (403), too many starts RATE_LIMITED (429). `success:
 * false` with a 200 comes only from the bulk and attachment confirmations when some items failed
 * (code SIGNING_BULK_PARTIAL_FAILURE, the failed ones in `failed`).
 */

export const SIGNING_CONFIRMATIONS = ['sms', 'pin'] as const;
export type SigningConfirmation = (typeof SIGNING_CONFIRMATIONS)[number];

export const SIGNING_REQUEST_STATUSES = ['pending', 'processing', 'done', 'failed', 'expired', 'cancelled'] as const;
export type SigningRequestStatus = (typeof SIGNING_REQUEST_STATUSES)[number];

/** A 6-digit SMS code or signing PIN. */
export const zSigningPin = () =>
  z
    .string()
    .trim()
    .regex(/^\d{6}$/, { error: 'Codul trebuie să aibă 6 cifre' })
    .describe('Codul primit prin SMS sau PIN-ul de semnare (6 cifre)');

const zRequestId = () => z.string().uuid().describe('Identificatorul cererii de semnare');

/* ───────────────────────────── Start and confirm (one document) ───────────────────────────── */

/** `{action}` of PUT /staff-applications/{id}/{action}/sign (must match the live document's kind). */
export const ZStaffSignParams = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
  action: z.enum(DOCUMENT_ACTIONS),
});

/** PUT /staff-applications/{id}/{action}/sign, PUT /applications/{id}/sign-output-document, PUT /applications/{id}/sign. */
export const ZSignStartRequest = z.object({
  custom_image_id: zId().nullish().describe('Imaginea personalizată a semnăturii (fișier încărcat cu scopul signatureImage)'),
});
export type SignStartRequest = z.infer<typeof ZSignStartRequest>;

export const ZSignStartResponse = z.object({
  success: z.literal(true),
  request_id: zRequestId(),
  confirmation: z.enum(SIGNING_CONFIRMATIONS),
  expires_at: z.string().describe('ISO: după această oră codul nu mai este valabil'),
  masked_phone: z.string().nullable().describe('Telefonul la care a plecat codul, mascat (+40 7•• ••• 123); null pentru PIN'),
});
export type SignStartResponse = z.infer<typeof ZSignStartResponse>;

/** PUT /staff-applications/{id}/confirm-signing, PUT /applications/{id}/confirm-signing-output-document. */
export const ZSignConfirmRequest = z.object({
  pin: zSigningPin(),
  request_id: zRequestId().optional().describe('Implicit: ultima cerere deschisă a utilizatorului pentru această cerere'),
});
export type SignConfirmRequest = z.infer<typeof ZSignConfirmRequest>;

export const ZSignConfirmResponse = z.object({
  success: z.boolean(),
  request_id: z.string(),
  /** When success is false: SIGNING_CODE_INVALID (attempts left), SIGNING_CODE_EXPIRED, SIGNING_SESSION_EXPIRED… */
  code: z.string().nullable(),
  message: z.string().nullable(),
  attempts_left: z.number().int().nullable(),
  document_state: z.enum(DOCUMENT_STATES).nullable(),
  application_status: z.enum(APPLICATION_STATUSES),
  /** The visa number this signature took (the cell's visa series), if any. */
  visa_code: z.string().nullable(),
});
export type SignConfirmResponse = z.infer<typeof ZSignConfirmResponse>;

/** PUT /applications/{id}/sign (?review=true): the citizen's "sign and submit". */
export const ZApplicationSignQuery = z.object({
  review: z.enum(['true', 'false']).optional().describe('`true`: semnarea răspunsului la clarificări'),
});
/** PUT /applications/{id}/confirm-signing. */
export const ZApplicationSignConfirmRequest = z.object({
  pin: zSigningPin(),
  review: z.boolean().optional(),
  request_id: zRequestId().optional(),
});
export const ZApplicationSignConfirmResponse = z.object({
  success: z.boolean(),
  request_id: z.string(),
  code: z.string().nullable(),
  message: z.string().nullable(),
  attempts_left: z.number().int().nullable(),
  /** The signed request PDF attached as an input file (status signed). */
  file_id: z.number().int().nullable(),
  application_status: z.enum(APPLICATION_STATUSES),
});
export type ApplicationSignConfirmResponse = z.infer<typeof ZApplicationSignConfirmResponse>;

/* ───────────────────────────── Status ───────────────────────────── */

export const ZSignerSummary = z.object({
  cell_index: z.number().int(),
  label: z.string(),
  signer: z.enum(['president', 'function', 'assignee', 'reviewer', 'applicant']),
  /** The expected signer's name when known (assignee, reviewer, president, function holder). */
  name: z.string().nullable(),
  user_id: z.number().int().nullable(),
});

/** GET /staff-applications/{id}/check-signing-status, GET /applications/{id}/check-signing-status. */
export const ZSigningStatus = z.object({
  application_status: z.enum(APPLICATION_STATUSES),
  document_state: z.enum(DOCUMENT_STATES).nullable(),
  document_id: z.number().int().nullable(),
  signatures: z.object({ done: z.number().int(), total: z.number().int() }),
  next_signer: ZSignerSummary.nullable(),
  /** True when the actor may sign the next cell now (staff: canSign + isNextSigner; applicant: their cell). */
  can_sign: z.boolean(),
  open_request: z
    .object({
      request_id: z.string(),
      status: z.enum(SIGNING_REQUEST_STATUSES),
      expires_at: z.string(),
      confirmation: z.enum(SIGNING_CONFIRMATIONS),
    })
    .nullable(),
  error_code: z.string().nullable().describe('Ultima eroare a documentului (SEAL_ERROR…)'),
});
export type SigningStatus = z.infer<typeof ZSigningStatus>;

/* ───────────────────────────── Seal ───────────────────────────── */

/** PUT /staff-applications/{id}/seal: retry the seal after SEAL_ERROR (canSeal). */
export const ZSealResponse = z.object({
  success: z.boolean(),
  document_state: z.enum(DOCUMENT_STATES),
  application_status: z.enum(APPLICATION_STATUSES),
});

/* ───────────────────────────── Offline (applicant) ───────────────────────────── */

/** POST /applications/{id}/initialize-offline-sign?filesLocations= */
export const ZOfflineInitQuery = z.object({
  filesLocations: z.string().max(200).optional().describe('Păstrat pentru compatibilitate; ignorat'),
});
export const ZOfflineInitResponse = z.object({
  request_id: z.string(),
  document_id: z.number().int(),
  file_id: z.number().int().describe('PDF-ul de semnat'),
  download_token: z.string(),
  download_url: z.string().describe('URL de descărcare a PDF-ului de semnat (cu token)'),
  upload_token: z.string().describe('Token de încărcare (scopul pdfOnly, ≤ 50 MB) pentru POST /api/files'),
  expires_at: z.string(),
});
export type OfflineInitResponse = z.infer<typeof ZOfflineInitResponse>;

/** POST /applications/{id}/check-offline-sign */
export const ZOfflineCheckRequest = z.object({
  new_pdf_id: zId().describe('Fișierul semnat încărcat (POST /api/files)'),
  request_id: zRequestId().optional(),
});

export const ZSignatureReport = z.object({
  signer_name: z.string().nullable(),
  certificate_serial: z.string().nullable(),
  /** yes: chains to the portal root; external: another CA (the CMS verifies); no: does not chain. */
  chain: z.enum(['yes', 'no', 'external']),
  /** For an external chain: the root of SIGNING_TRUSTED_ROOTS it leads to (common name), else null. */
  trusted_root: z.string().nullable(),
  signing_time: z.string().nullable(),
  timestamp: z.enum(['none', 'valid', 'invalid']),
  covers_whole_document: z.boolean(),
  digest_ok: z.boolean(),
  signature_ok: z.boolean(),
  certificate_valid_at_signing: z.boolean(),
});
export type SignatureReportDto = z.infer<typeof ZSignatureReport>;

export const ZOfflineCheckResponse = z.object({
  ok: z.boolean(),
  /** PDF_INVALID, PDF_IS_ENCRYPTED, INVALID_PDF_ERROR, PDF_READING_ERROR, NOT_OK… when not ok. */
  code: z.string().nullable(),
  message: z.string().nullable(),
  signatures: z.array(ZSignatureReport),
});
export type OfflineCheckResponse = z.infer<typeof ZOfflineCheckResponse>;

/** POST /applications/{id}/finish-offline-sign/{newPdfId} */
export const ZOfflineFinishParams = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
  newPdfId: z.coerce.number().int().positive().max(2_147_483_647),
});
export const ZOfflineFinishResponse = z.object({
  success: z.boolean(),
  document_state: z.enum(DOCUMENT_STATES),
  application_status: z.enum(APPLICATION_STATUSES),
});

/* ───────────────────────────── Bulk ───────────────────────────── */

export const BULK_SIGN_MAX = 100;

const zApplicationIds = () => z.array(zId()).min(1).max(BULK_SIGN_MAX).describe(`1–${BULK_SIGN_MAX} cereri`);

/** An item's outcome (ok, or the catalogue code that stopped it, with its Romanian message). */
export const ZBulkItemResult = z.object({
  application_id: z.number().int(),
  file_id: z.number().int().nullable(),
  ok: z.boolean(),
  code: z.string().nullable(),
  message: z.string().nullable(),
});
export type BulkItemResult = z.infer<typeof ZBulkItemResult>;

/** POST /staff-applications/bulk-sign */
export const ZBulkSignRequest = z.object({
  application_ids: zApplicationIds(),
  custom_image_id: zId().nullish(),
});
export const ZBulkSignStartResponse = ZSignStartResponse.extend({
  /** The items checked now: those not ok are left out of the request. */
  items: z.array(ZBulkItemResult),
});
export type BulkSignStartResponse = z.infer<typeof ZBulkSignStartResponse>;

/** POST /staff-applications/check-bulk-signing-status */
export const ZBulkStatusRequest = z.object({ application_ids: zApplicationIds() });
export const ZBulkStatusResponse = z.object({
  items: z.array(
    z.object({
      application_id: z.number().int(),
      application_status: z.enum(APPLICATION_STATUSES).nullable(),
      document_state: z.enum(DOCUMENT_STATES).nullable(),
      can_sign: z.boolean(),
      code: z.string().nullable().describe('De ce nu poate fi semnată acum (cod din catalog)'),
    }),
  ),
});

/** POST /staff-applications/confirm-bulk-signing */
export const ZBulkConfirmRequest = z.object({ pin: zSigningPin(), request_id: zRequestId() });
export const ZBulkConfirmResponse = z.object({
  success: z.boolean().describe('true doar dacă toate elementele au fost semnate'),
  request_id: z.string(),
  code: z.string().nullable().describe('SIGNING_BULK_PARTIAL_FAILURE când unele elemente au eșuat, sau eroarea codului'),
  message: z.string().nullable(),
  attempts_left: z.number().int().nullable(),
  items: z.array(ZBulkItemResult),
  /** Application ids that failed (named in the message). */
  failed: z.array(z.number().int()),
});
export type BulkConfirmResponse = z.infer<typeof ZBulkConfirmResponse>;

/** POST /staff-applications/attachments-bulk-sign */
export const ZAttachmentsSignRequest = z.object({
  application_id: zId(),
  file_ids: z
    .array(zId())
    .min(1)
    .max(BULK_SIGN_MAX)
    .describe('Atașamentele PDF ale cererii: file_id din lista de fișiere a cererii'),
  custom_image_id: zId().nullish(),
});
/** POST /staff-applications/confirm-attachments-bulk-signing */
export const ZAttachmentsConfirmRequest = z.object({ pin: zSigningPin(), application_id: zId(), request_id: zRequestId() });
/** POST /staff-applications/attachments-bulk-sealing */
export const ZAttachmentsSealRequest = z.object({ id: zId().describe('Cererea') });
/** Answer of the attachment confirmations and of the sealing (items per file). */
export const ZAttachmentsResult = ZBulkConfirmResponse.omit({ failed: true }).extend({
  failed: z.array(z.number().int()).describe('Fișierele care au eșuat'),
});
export type AttachmentsResult = z.infer<typeof ZAttachmentsResult>;

/** GET /staff-applications/signature-custom-image-token: an upload token, purpose signatureImage. */
export const ZSignatureImageTokenResponse = z.object({
  token: z.string(),
  expires_in: z.number().int(),
  max_bytes: z.number().int(),
  types: z.array(z.string()),
});

/* ───────────────────────────── PIN and profile ───────────────────────────── */

/** PUT /api/signing/pin */
export const ZSigningPinRequest = z.object({
  password: z.string().min(1).max(200).describe('Parola contului (confirmare)'),
  pin: zSigningPin(),
});

/** A reason the user cannot sign now (catalogue code + Romanian message). */
export const ZSigningProblem = z.object({ code: z.string(), message: z.string() });

/** GET /api/signing/profile: the web's alert ("completați profilul / înrolați-vă"). */
export const ZSigningProfile = z.object({
  enrolled: z.boolean(),
  profile_valid: z.boolean(),
  /** INVALID_CERTSIGN_ENROLLMENT, INVALID_PROFILE_FOR_SIGNING, ENROLLMENT_NEED_TO_REENROLL… */
  problems: z.array(ZSigningProblem),
  can_sign: z.boolean(),
  has_pin: z.boolean(),
  phone_masked: z.string().nullable(),
});
export type SigningProfile = z.infer<typeof ZSigningProfile>;
