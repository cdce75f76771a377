import { zId } from './common.js';
import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { APPLICATION_STATUSES } from '../statuses.js';
import { zRomanianPhone, zSmsCode } from '../validators/schemas.js';

/**
 * The public status page of an application (spec §2 `/qr/:id`, §5 'Public application status',
 * §7 `/qr/*`, §8 'Public SMS check', §9): a visitor proves with an SMS code that they hold the
 * phone of the applicant or of a beneficiary, then sees the status and downloads the documents
 * the staff made public. Also the QR code of that page and the staff call that makes files public.
 */

/** Timings of the SMS check; the wrong-code limit and the block come from spec §9 ({@link LIMITS}). */
export const PUBLIC_STATUS_RULES = {
  /** An SMS code is valid 10 minutes. */
  codeTtlSeconds: 10 * 60,
  /** The page's access after a right code: 30 minutes. */
  accessTtlSeconds: 30 * 60,
  /** A new code for the same phone and application no sooner than this. */
  resendCooldownSeconds: 30,
  maxWrongCodes: LIMITS.publicSmsMaxWrongCodes,
  blockMinutes: LIMITS.publicSmsBlockMinutes,
} as const;

/** Header that carries the access token to `GET /qr/{id}/status` (or `?token=`). */
export const PUBLIC_STATUS_TOKEN_HEADER = 'x-public-status-token';

/** Most files one `POST /qr/upload-files` call changes (spec §9 default 25 files). */
export const PUBLIC_FILES_MAX = 25;

export const ZPublicCodeRequest = z.object({
  phone: zRomanianPhone.describe('Telefonul solicitantului sau al unui beneficiar (07xxxxxxxx; +40 acceptat)'),
});
export type PublicCodeRequest = z.infer<typeof ZPublicCodeRequest>;

/** The answer to a code request: nothing about the application, only the code's timings. */
export const ZPublicCodeSent = z.object({
  expires_in: z.number().int().describe('Secunde până la expirarea codului'),
  resend_after: z.number().int().describe('Secunde până când se poate cere un cod nou'),
});
export type PublicCodeSent = z.infer<typeof ZPublicCodeSent>;

export const ZPublicCodeVerifyRequest = z.object({
  phone: zRomanianPhone.describe('Același telefon ca la cererea codului'),
  code: zSmsCode.describe('Codul de 6 cifre primit prin SMS'),
});
export type PublicCodeVerifyRequest = z.infer<typeof ZPublicCodeVerifyRequest>;

/** A right code: the access token of the status page, bound to the application and the phone. */
export const ZPublicAccess = z.object({
  token: z.string().describe(`Se trimite în antetul ${PUBLIC_STATUS_TOKEN_HEADER} (sau ?token=)`),
  expires_in: z.number().int().describe('Secunde de valabilitate'),
});
export type PublicAccess = z.infer<typeof ZPublicAccess>;

export const ZPublicStatusQuery = z.object({
  token: z
    .string()
    .max(2000)
    .optional()
    .describe(`Tokenul de acces, dacă nu este trimis în antetul ${PUBLIC_STATUS_TOKEN_HEADER}`),
});

/** A document a visitor may download (a file staff marked public). */
export const ZPublicDocument = z.object({
  file_id: z.number().int(),
  name: z.string(),
  mime_type: z.string(),
  size: z.number().int(),
  created_at: z.string(),
  url: z.string().describe('GET /api/files/{id}?token=… (token de descărcare de scurtă durată)'),
});
export type PublicDocument = z.infer<typeof ZPublicDocument>;

/** What the status page shows once the phone is checked. */
export const ZPublicApplicationStatus = z.object({
  id: z.number().int(),
  identification_number: z.string().nullable().describe('Numărul de înregistrare'),
  status: z.enum(APPLICATION_STATUSES),
  status_label: z.string().describe('Starea, în română'),
  application_type_name: z.string(),
  organisation_name: z.string(),
  application_date: z.string().nullable().describe('Data depunerii (ISO)'),
  response_due_date: z.string().nullable().describe('Termenul de răspuns, AAAA-LL-ZZ'),
  documents: z.array(ZPublicDocument),
  download_expires_in: z.number().int().describe('Secunde de valabilitate a linkurilor de descărcare'),
});
export type PublicApplicationStatus = z.infer<typeof ZPublicApplicationStatus>;

export const ZQrGenerateRequest = z.object({
  application_id: zId().describe('Cererea (depusă) pentru care se generează codul QR'),
});

/** The public page's address and its QR code. */
export const ZQrCode = z.object({
  url: z.string().describe('Adresa paginii publice /qr/{id}'),
  image: z.string().describe('Codul QR, imagine PNG ca data URL'),
});
export type QrCode = z.infer<typeof ZQrCode>;

/**
 * `POST /qr/upload-files`: staff of the application's organisation publish (or withdraw) files
 * already attached to the application on its public page.
 */
export const ZQrPublicFilesRequest = z.object({
  application_id: zId(),
  file_ids: z.array(zId()).min(1).max(PUBLIC_FILES_MAX).describe('Fișierele (file_id) atașate cererii'),
  is_public: z.boolean().default(true).describe('false retrage fișierele de pe pagina publică'),
});
export type QrPublicFilesRequest = z.infer<typeof ZQrPublicFilesRequest>;

export const ZQrPublicFiles = z.object({
  application_id: z.number().int(),
  public_file_ids: z.array(z.number().int()).describe('Fișierele publice ale cererii după modificare'),
});
export type QrPublicFiles = z.infer<typeof ZQrPublicFiles>;
