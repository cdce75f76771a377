import { z } from 'zod';
import { COMPLAINT_STATUSES } from '../statuses.js';
import { isValidEmail, normalizeRomanianPhone, zRequiredText } from '../validators/index.js';
import { zId, zIdParam } from './common.js';

/**
 * Contracts of the complaints capability (issue 15; spec §2 /complain*, /complain-type,
 * /response-templates, §3 Complaint, Complaint type, Response template, §4 complaint statuses,
 * §6 grants, §7 response templates, §8 DUPLICATE_COMPLAIN_TYPE_NAME,
 * DUPLICATE_RESPONSE_TEMPLATE_NAME).
 *
 * Paths (all under /api):
 * - `GET|POST /complaint-types`, `GET|PATCH|DELETE /complaint-types/:id` (write: complainTypeRead,
 *   the super administrator; read also complainEdit staff, their organisation's);
 *   `GET /complaint-types/available?uat_id=` (complainCreate: the active types a citizen may file
 *   in that UAT).
 * - `GET|POST /response-templates`, `GET|PATCH|DELETE /response-templates/:id` (write:
 *   responseTemplatesRead; read also complainEdit).
 * - `GET|POST /complaints`, `GET /complaints/:id`, `GET /complaints/:id/solvers`,
 *   `POST /complaints/:id/{assign,comments,resolve,reject,dismiss}`.
 * - Open311 GeoReport v2 (public, read-only, bare JSON arrays as the standard has them):
 *   `GET /open311/v2/services.json`, `GET /open311/v2/requests.json`,
 *   `GET /open311/v2/requests/:id.json`.
 *
 * Lists follow the shared list-query contract (DESIGN.md §4): `skip`, `limit`, `pagination=true`,
 * `orLikeQuery`, `sortKey` (`-created_at`), filters `field[op]=value`; answers
 * `{ data: [...], pagination? }`. Files of a complaint are downloaded through
 * `POST /files/:file_id/download-tokens` (the files module asks this module who may read them).
 */

/* ───────────────────────────── Labels and messages ───────────────────────────── */

export type ComplaintStatus = (typeof COMPLAINT_STATUSES)[number];

export const COMPLAINT_STATUS_LABELS: Record<ComplaintStatus, string> = {
  NEW: 'Nouă',
  PENDING: 'În lucru',
  RESOLVED: 'Soluționată',
  REJECTED: 'Respinsă',
  DISMISSED: 'Clasată',
};

/** A complaint in one of these statuses is closed: every further action is COMPLAINT_ACTION_NOT_ALLOWED. */
export const COMPLAINT_CLOSED_STATUSES = ['RESOLVED', 'REJECTED', 'DISMISSED'] as const satisfies readonly ComplaintStatus[];

export const COMPLAINT_TYPE_STATUSES = ['active', 'inactive'] as const;
export type ComplaintTypeStatus = (typeof COMPLAINT_TYPE_STATUSES)[number];
export const COMPLAINT_TYPE_STATUS_LABELS: Record<ComplaintTypeStatus, string> = { active: 'Activ', inactive: 'Inactiv' };

export const RESPONSE_TEMPLATE_CATEGORIES = ['complaints', 'applications', 'notices'] as const;
export type ResponseTemplateCategory = (typeof RESPONSE_TEMPLATE_CATEGORIES)[number];
export const RESPONSE_TEMPLATE_CATEGORY_LABELS: Record<ResponseTemplateCategory, string> = {
  complaints: 'Sesizări',
  applications: 'Cereri',
  notices: 'Notificări',
};

/** The placeholders a complaint answer may hold, `{{name}}` in the template's message. */
export const COMPLAINT_RESPONSE_PLACEHOLDERS = [
  'entry_code',
  'reporter_name',
  'address',
  'complaint_type',
  'filed_date',
  'organisation',
] as const;
export type ComplaintResponsePlaceholder = (typeof COMPLAINT_RESPONSE_PLACEHOLDERS)[number];
export const COMPLAINT_RESPONSE_PLACEHOLDER_LABELS: Record<ComplaintResponsePlaceholder, string> = {
  entry_code: 'Numărul de înregistrare al sesizării',
  reporter_name: 'Numele celui care a depus sesizarea',
  address: 'Adresa sesizării',
  complaint_type: 'Tipul sesizării',
  filed_date: 'Data depunerii (zz.ll.aaaa)',
  organisation: 'Instituția',
};

/** Limits of the complaint form (spec §5, §9: texts at most 255 unless said otherwise). */
export const COMPLAINT_LIMITS = {
  description: 4000,
  address: 255,
  addressDetails: 500,
  contactName: 255,
  comment: 4000,
  /** Response HTML as typed (before sanitising). */
  response: 20_000,
  templateMessage: 20_000,
  templateTitle: 255,
  /** Photos and documents per complaint (spec §5 default 25 files in all). */
  maxFiles: 25,
  /** Open311: most requests in one answer, and the default window when no dates are given. */
  open311MaxRequests: 1000,
  open311DefaultDays: 90,
} as const;

/** MIME types accepted for a complaint's photos and documents (spec §5 uploads, purpose `default`). */
export const COMPLAINT_PHOTO_TYPES = ['image/jpeg', 'image/png'] as const;
export const COMPLAINT_DOCUMENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;

export const COMPLAINT_MESSAGES = {
  typeRequired: 'Alegeți tipul sesizării.',
  typeUnknown: 'Tipul de sesizare nu există, nu este activ sau nu privește această localitate.',
  uatRequired: 'Alegeți unitatea administrativ-teritorială.',
  uatOutside: 'Instituția acestui tip de sesizare nu are în grijă unitatea administrativ-teritorială aleasă.',
  localityOutside: 'Localitatea nu aparține unității administrativ-teritoriale alese.',
  fileUnknown: 'Fișierul nu există sau nu a fost încărcat de dumneavoastră.',
  photoType: 'Fotografiile trebuie să fie imagini JPEG sau PNG.',
  documentType: 'Documentele trebuie să fie PDF, JPEG sau PNG.',
  tooManyFiles: `Puteți atașa cel mult ${COMPLAINT_LIMITS.maxFiles} fișiere.`,
  duplicateFile: 'Același fișier este atașat de mai multe ori.',
  contactRequired: 'Introduceți un telefon sau o adresă de e-mail de contact.',
  phone: 'Numărul de telefon nu este valid.',
  email: 'Adresa de e-mail nu este validă.',
  location: 'Punctul de pe hartă nu este valid.',
  solverUnknown: 'Persoana aleasă nu lucrează în instituția sesizării sau nu poate soluționa sesizări.',
  responseRequired: 'Scrieți răspunsul pentru cetățean.',
  templateUnknown: 'Șablonul de răspuns nu există.',
  seriesTypeUnknown: 'Tipul de serie nu există.',
  organisationUnknown: 'Instituția nu există.',
  organisationRequired: 'Alegeți instituția.',
  noSeries: 'Instituția nu are o serie activă pentru acest tip de sesizare.',
  commentRequired: 'Scrieți comentariul.',
} as const;
const M = COMPLAINT_MESSAGES;

/* ───────────────────────────── Shared pieces ───────────────────────────── */

const ZNamed = z.object({ id: z.number().int(), name: z.string() });

/** Optional free text: trimmed, blank → null. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `Textul poate avea cel mult ${max} caractere.` })
    .nullish()
    .transform((v) => (v === '' || v === undefined ? null : v));

/** Record abilities of configuration rows (snake_case, like the other issue-15 contracts). */
const ZRowAbilities = z.object({ can_edit: z.boolean(), can_delete: z.boolean() });

/* ───────────────────────────── Complaint types (/complain-type) ───────────────────────────── */

/**
 * `GET /complaint-types` filters: `status[eq]`, `organisation_id[eq]`, `series_type_id[eq]`,
 * `name[contains|like]`, `orLikeQuery` (name); sorts `name` (default), `created_at`, `status`.
 */
export const ZComplaintType = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.enum(COMPLAINT_TYPE_STATUSES),
  organisation_id: z.number().int(),
  organisation_name: z.string(),
  series_type_id: z.number().int().nullable(),
  series_type_name: z.string().nullable(),
  complaints_count: z.number().int().describe('Câte sesizări are tipul (un tip cu sesizări nu poate fi șters: CONFLICT)'),
  created_at: z.string(),
  updated_at: z.string(),
  abilities: ZRowAbilities,
});
export type ComplaintType = z.infer<typeof ZComplaintType>;

export const ZComplaintTypeCreateRequest = z
  .object({
    name: zRequiredText(255).describe('Denumirea, unică în instituție (DUPLICATE_COMPLAIN_TYPE_NAME)'),
    status: z.enum(COMPLAINT_TYPE_STATUSES).default('active'),
    series_type_id: zId()
      .nullable()
      .default(null)
      .describe(
        'Tipul de serie din care se dă numărul de înregistrare (seria activă a instituției de acest tip); fără serie numărul este SES-<id>/<an>',
      ),
    organisation_id: zId({ error: M.organisationRequired }).describe('Instituția care primește sesizările'),
  })
  .strict();
export type ComplaintTypeCreateRequest = z.infer<typeof ZComplaintTypeCreateRequest>;

/** Merge-patch: no defaults. */
export const ZComplaintTypePatchRequest = z
  .object({
    name: zRequiredText(255),
    status: z.enum(COMPLAINT_TYPE_STATUSES),
    series_type_id: zId().nullable(),
    organisation_id: zId(),
  })
  .partial()
  .strict();
export type ComplaintTypePatchRequest = z.infer<typeof ZComplaintTypePatchRequest>;

/** `GET /complaint-types/available?uat_id=N`: what a citizen may file in that UAT. */
export const ZAvailableComplaintTypesQuery = z.object({
  uat_id: zIdParam().describe('Unitatea administrativ-teritorială a sesizării'),
});
export const ZAvailableComplaintType = z.object({
  id: z.number().int(),
  name: z.string(),
  organisation_id: z.number().int(),
  organisation_name: z.string(),
});
export type AvailableComplaintType = z.infer<typeof ZAvailableComplaintType>;

/* ───────────────────────────── Response templates (/response-templates) ───────────────────────────── */

/**
 * `GET /response-templates` filters: `category[eq]`, `title[contains|like]`, `orLikeQuery`
 * (title, message); sorts `title` (default), `created_at`, `category`.
 */
export const ZResponseTemplate = z.object({
  id: z.number().int(),
  title: z.string(),
  category: z.enum(RESPONSE_TEMPLATE_CATEGORIES),
  category_label: z.string(),
  message: z.string().describe('HTML curățat, cu variabile {{entry_code}}, {{reporter_name}}…'),
  created_at: z.string(),
  updated_at: z.string(),
  abilities: ZRowAbilities,
});
export type ResponseTemplate = z.infer<typeof ZResponseTemplate>;

export const ZResponseTemplateCreateRequest = z
  .object({
    title: zRequiredText(COMPLAINT_LIMITS.templateTitle).describe('Titlul, unic (DUPLICATE_RESPONSE_TEMPLATE_NAME)'),
    category: z.enum(RESPONSE_TEMPLATE_CATEGORIES, { error: 'Alegeți categoria.' }),
    message: zRequiredText(COMPLAINT_LIMITS.templateMessage).describe('HTML; se curăță la salvare'),
  })
  .strict();
export type ResponseTemplateCreateRequest = z.infer<typeof ZResponseTemplateCreateRequest>;

export const ZResponseTemplatePatchRequest = ZResponseTemplateCreateRequest.partial().strict();
export type ResponseTemplatePatchRequest = z.infer<typeof ZResponseTemplatePatchRequest>;

/* ───────────────────────────── Complaints ───────────────────────────── */

/** A point in EPSG:4326 (the server stores it in Stereo 70). Romania lies well inside these bounds. */
export const ZComplaintLocation = z.object({
  lat: z.number({ error: M.location }).min(43, { error: M.location }).max(49, { error: M.location }),
  lng: z.number({ error: M.location }).min(20, { error: M.location }).max(30.5, { error: M.location }),
});
export type ComplaintLocation = z.infer<typeof ZComplaintLocation>;

const ZFileIds = z.array(zId()).max(COMPLAINT_LIMITS.maxFiles, { error: M.tooManyFiles });

/**
 * `POST /complaints` (complainCreate). The files are the reporter's own uploads (`POST /files`
 * with an upload token of purpose `default`): photos JPEG/PNG, documents PDF/JPEG/PNG, at most 25
 * in all. The organisation is the type's; the UAT must be in that organisation's jurisdiction.
 */
export const ZComplaintCreateRequest = z
  .object({
    complaint_type_id: zId({ error: M.typeRequired }),
    uat_id: zId({ error: M.uatRequired }),
    locality_id: zId()
      .nullish()
      .transform((v) => v ?? null),
    address: zRequiredText(COMPLAINT_LIMITS.address).describe('Strada și numărul (locul sesizării)'),
    address_details: optionalText(COMPLAINT_LIMITS.addressDetails).describe('Repere, bloc, scară…'),
    location: ZComplaintLocation.nullish().transform((v) => v ?? null),
    description: zRequiredText(COMPLAINT_LIMITS.description),
    contact_name: zRequiredText(COMPLAINT_LIMITS.contactName).describe('Persoana de contact'),
    contact_phone: optionalText(20),
    contact_email: optionalText(255),
    photo_file_ids: ZFileIds.default([]),
    document_file_ids: ZFileIds.default([]),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.photo_file_ids.length + v.document_file_ids.length > COMPLAINT_LIMITS.maxFiles)
      ctx.addIssue({ code: 'custom', path: ['document_file_ids'], message: M.tooManyFiles });
    const all = [...v.photo_file_ids, ...v.document_file_ids];
    if (new Set(all).size !== all.length) ctx.addIssue({ code: 'custom', path: ['document_file_ids'], message: M.duplicateFile });
    if (v.contact_phone !== null && normalizeRomanianPhone(v.contact_phone) === null)
      ctx.addIssue({ code: 'custom', path: ['contact_phone'], message: M.phone });
    if (v.contact_email !== null && !isValidEmail(v.contact_email))
      ctx.addIssue({ code: 'custom', path: ['contact_email'], message: M.email });
  });
export type ComplaintCreateRequest = z.infer<typeof ZComplaintCreateRequest>;

/**
 * A row of `GET /complaints` (citizen: their own; staff, admin, archiver, consultant: their
 * organisation's; super admin: all). Filters: `status[eq]`, `complaint_type_id[eq]`,
 * `solver_user_id[eq]`, `uat_id[eq]`, `organisation_id[eq]`, `created_at[ge|lt]`,
 * `orLikeQuery` (entry code, address, description); sorts `created_at` (default descending),
 * `entry_code`, `status`.
 */
export const ZComplaintListItem = z.object({
  id: z.number().int(),
  entry_code: z.string(),
  status: z.enum(COMPLAINT_STATUSES),
  status_label: z.string(),
  complaint_type: ZNamed,
  organisation: ZNamed,
  uat: ZNamed,
  locality: ZNamed.nullable(),
  address: z.string(),
  solver: ZNamed.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ComplaintListItem = z.infer<typeof ZComplaintListItem>;

export const COMPLAINT_FILE_KINDS = ['photo', 'document'] as const;
export type ComplaintFileKind = (typeof COMPLAINT_FILE_KINDS)[number];

export const ZComplaintFile = z.object({
  id: z.number().int(),
  file_id: z.number().int().describe('Pentru POST /files/{file_id}/download-tokens'),
  name: z.string(),
  kind: z.enum(COMPLAINT_FILE_KINDS),
  mime_type: z.string(),
  size: z.number().int(),
  created_at: z.string(),
});
export type ComplaintFile = z.infer<typeof ZComplaintFile>;

export const ZComplaintComment = z.object({
  id: z.number().int(),
  author: ZNamed,
  text: z.string(),
  is_internal: z.boolean(),
  created_at: z.string(),
});
export type ComplaintComment = z.infer<typeof ZComplaintComment>;

export const ZComplaintHistoryEntry = z.object({
  from_status: z.enum(COMPLAINT_STATUSES).nullable(),
  to_status: z.enum(COMPLAINT_STATUSES),
  actor_name: z.string().nullable(),
  created_at: z.string(),
});
export type ComplaintHistoryEntry = z.infer<typeof ZComplaintHistoryEntry>;

/** What the actor may do on this complaint now (computed by the server's policy). */
export const ZComplaintAbilities = z.object({
  can_assign: z.boolean(),
  can_comment: z.boolean(),
  can_comment_internal: z.boolean(),
  can_resolve: z.boolean(),
  can_reject: z.boolean(),
  can_dismiss: z.boolean(),
  can_prepare_control: z.boolean().describe('Legătura „Pregătiți un control” (/control/new?complaint_id=)'),
});
export type ComplaintAbilities = z.infer<typeof ZComplaintAbilities>;

/** `GET /complaints/:id` (and the answer of every change). Citizens never get internal comments. */
export const ZComplaint = ZComplaintListItem.extend({
  address_details: z.string().nullable(),
  location: ZComplaintLocation.nullable(),
  description: z.string(),
  contact_name: z.string(),
  contact_phone: z.string().nullable(),
  contact_email: z.string().nullable(),
  reporter: ZNamed,
  response: z.string().nullable().describe('Răspunsul (HTML curățat) dat la soluționare, respingere sau clasare'),
  response_template_id: z.number().int().nullable(),
  responded_at: z.string().nullable(),
  responded_by: ZNamed.nullable(),
  files: z.array(ZComplaintFile),
  comments: z.array(ZComplaintComment),
  history: z.array(ZComplaintHistoryEntry),
  abilities: ZComplaintAbilities,
});
export type Complaint = z.infer<typeof ZComplaint>;

/** `GET /complaints/:id/solvers`: staff of the complaint's organisation who may solve it. */
export const ZComplaintSolver = z.object({ id: z.number().int(), name: z.string(), email: z.string() });
export type ComplaintSolver = z.infer<typeof ZComplaintSolver>;

/** `POST /complaints/:id/assign` (NEW|PENDING → PENDING). */
export const ZComplaintAssignRequest = z
  .object({ solver_user_id: zId({ error: 'Alegeți persoana care soluționează.' }) })
  .strict();
export type ComplaintAssignRequest = z.infer<typeof ZComplaintAssignRequest>;

/** `POST /complaints/:id/comments`: internal ones need complainStaffComment; the reporter writes public ones. */
export const ZComplaintCommentRequest = z
  .object({
    text: zRequiredText(COMPLAINT_LIMITS.comment),
    is_internal: z.boolean().default(false),
  })
  .strict();
export type ComplaintCommentRequest = z.infer<typeof ZComplaintCommentRequest>;

const zResponse = () =>
  z
    .string({ error: M.responseRequired })
    .trim()
    .min(1, { error: M.responseRequired })
    .max(COMPLAINT_LIMITS.response, { error: `Răspunsul poate avea cel mult ${COMPLAINT_LIMITS.response} caractere.` });

/**
 * `POST /complaints/:id/resolve` → RESOLVED. `response` is HTML (sanitised by the server); the
 * placeholders left in it ({{entry_code}}…) are filled in by the server.
 */
export const ZComplaintResolveRequest = z
  .object({
    response: zResponse(),
    response_template_id: zId()
      .nullish()
      .transform((v) => v ?? null),
  })
  .strict();
export type ComplaintResolveRequest = z.infer<typeof ZComplaintResolveRequest>;

/** `POST /complaints/:id/reject` → REJECTED. */
export const ZComplaintRejectRequest = ZComplaintResolveRequest;
export type ComplaintRejectRequest = ComplaintResolveRequest;

/** `POST /complaints/:id/dismiss` → DISMISSED (clasare); the response is optional. */
export const ZComplaintDismissRequest = z
  .object({
    response: zResponse()
      .nullish()
      .transform((v) => v ?? null),
    response_template_id: zId()
      .nullish()
      .transform((v) => v ?? null),
  })
  .strict();
export type ComplaintDismissRequest = z.infer<typeof ZComplaintDismissRequest>;

/* ───────────────────────────── Open311 GeoReport v2 (public) ───────────────────────────── */

/** Open311 status of a complaint: NEW, PENDING → open; the rest → closed. */
export const OPEN311_STATUSES = ['open', 'closed'] as const;

/** `GET /open311/v2/services.json?jurisdiction_id=<organisation id>`: the active complaint types. */
export const ZOpen311ServicesQuery = z.object({
  jurisdiction_id: zIdParam().optional().describe('Identificatorul instituției'),
});
export const ZOpen311Service = z.object({
  service_code: z.string(),
  service_name: z.string(),
  description: z.string(),
  metadata: z.boolean(),
  type: z.enum(['realtime', 'batch', 'blackbox']),
  keywords: z.string(),
  group: z.string(),
});
export type Open311Service = z.infer<typeof ZOpen311Service>;

/**
 * `GET /open311/v2/requests.json`: without dates the last 90 days, at most 1000 requests, newest
 * first. `service_request_id` is a comma-separated list of request ids (the complaints' ids; the
 * entry code is in `service_notice`).
 */
export const ZOpen311RequestsQuery = z.object({
  jurisdiction_id: zIdParam().optional(),
  service_code: z.string().trim().max(50).optional().describe('Identificatorul tipului de sesizare'),
  service_request_id: z.string().trim().max(2000).optional(),
  status: z.string().trim().max(20).optional().describe('open, closed sau open,closed'),
  start_date: z.iso.datetime({ offset: true }).optional().describe('ISO 8601, inclusiv'),
  end_date: z.iso.datetime({ offset: true }).optional().describe('ISO 8601, exclusiv'),
});

/**
 * One request. No personal data: no contact, reporter, description or response (free text the
 * citizen or the clerk wrote may name people); `status_notes` is the Romanian status label.
 */
export const ZOpen311Request = z.object({
  service_request_id: z.string(),
  status: z.enum(OPEN311_STATUSES),
  status_notes: z.string(),
  service_name: z.string(),
  service_code: z.string(),
  agency_responsible: z.string(),
  service_notice: z.string().describe('Numărul de înregistrare al sesizării'),
  requested_datetime: z.string(),
  updated_datetime: z.string(),
  expected_datetime: z.string().nullable(),
  address: z.string(),
  address_id: z.string().nullable(),
  zipcode: z.string().nullable(),
  lat: z.number().nullable(),
  long: z.number().nullable(),
  media_url: z.string().nullable(),
});
export type Open311Request = z.infer<typeof ZOpen311Request>;

/** `GET /open311/v2/requests/:id.json`: `id` is the complaint's id (`service_request_id`). */
export const ZOpen311RequestParams = z.object({ id: zIdParam() });
