import { z } from 'zod';
import { ACTIVE_STATUSES, CONTROL_STATUSES } from '../statuses.js';
import { validateCnp } from '../validators/cnp.js';
import { isValidCui } from '../validators/cui.js';
import { isValidEmail } from '../validators/email.js';
import { VALIDATION_MESSAGES } from '../validators/messages.js';
import { zIsoDate, zRequiredText } from '../validators/schemas.js';
import { foldPassportNumber } from '../controls/rules.js';
import { ZListQuery } from './administration.js';
import { CITIZENSHIPS, type Citizenship } from './beneficiaries.js';
import { PG_INT_MAX, zId, zIdParam } from './common.js';

/**
 * Contracts of the controls (inspections) and control types (issue 15; spec §2 /controls,
 * /control/new, /control/{id}, /control-type; §3 Control, Control person, Building body; §4).
 * All under /api, `{ data }` envelopes, snake_case.
 *
 * Control types: `GET /control-types` (list query; `?status=active` for pickers; staff with
 * controlRead read their organisation's, super admin all), `POST /control-types`,
 * `GET|PATCH|DELETE /control-types/:id` (controlTypeRead; DUPLICATE_CONTROL_TYPE_NAME; delete of a
 * used type → CONFLICT).
 *
 * Controls (controlRead reads and creates, controlEdit edits and runs the actions; another
 * organisation's control answers 404):
 * - `GET /controls` list query of DESIGN.md §4: filters `status[eq]`, `control_type_id[eq]`,
 *   `uat_id[eq]`, `created_by[eq]`, `complaint_id[eq]`, `control_date[ge|lt|eq]` (use
 *   `dateRangeFilters('control_date', from, to)`), `entry_code[contains]`; `orLikeQuery` searches the
 *   entry code, address and cadastral number; `sortKey` control_date (default `-control_date`),
 *   entry_code, status; `pagination=true` for the total. Items: {@link ZControlListItem}.
 * - `GET /controls/complaint-options?search=&complaint_id=` → {@link ZControlComplaintOption}[].
 * - `POST /controls` {@link ZControlCreateRequest} → 201 detail (draft).
 * - `GET /controls/:id` → {@link ZControlDetail}.
 * - `PATCH /controls/:id` {@link ZControlPatchRequest} (with `version`) → detail.
 * - `POST /controls/:id/persons`, `PATCH|DELETE /controls/:id/persons/:personId` → detail.
 * - `POST /controls/:id/building-bodies`, `PATCH|DELETE /controls/:id/building-bodies/:bodyId` → detail.
 * - `POST /controls/:id/files` {file_id, description?}, `DELETE /controls/:id/files/:fileId` (the
 *   control_files row id) → detail.
 * - `POST /controls/:id/register|resolve|generate-report|close` {version} → detail.
 * - `DELETE /controls/:id` (draft only) → 204.
 * - `GET /controls/:id/activities?page=` → list of {@link ZControlActivity}, newest first.
 * Every write bumps `version`. Sub-resource writes may name the `version` they saw (`?version=` on a
 * DELETE); when given, a stale one answers CONFLICT. The actions and PATCH require it. A locked
 * control (generated, closed) refuses every write with CONTROL_LOCKED (409); an action not allowed
 * in the status answers CONTROL_ACTION_NOT_ALLOWED (409); register without an active series of the
 * type's series type answers DOCUMENT_SERIES_NOT_DEFINED; a failed report sets status `error`
 * and answers CLOSING_REPORT_GENERATION_ERROR (retry allowed).
 */

/* ───────────────────────────── Enumerations ───────────────────────────── */

export const BUILDING_FUNCTIONS = ['CL', 'CAS', 'CIE', 'CA'] as const;
export type BuildingFunction = (typeof BUILDING_FUNCTIONS)[number];
export const BUILDING_FUNCTION_LABELS: Record<BuildingFunction, string> = {
  CL: 'Clădire de locuit',
  CAS: 'Clădire pentru alte scopuri',
  CIE: 'Construcție inginerească / de echipare edilitară',
  CA: 'Construcție anexă',
};

export const IMPORTANCE_CATEGORIES = ['A', 'B', 'C', 'D'] as const;
export type ImportanceCategory = (typeof IMPORTANCE_CATEGORIES)[number];
export const IMPORTANCE_CATEGORY_LABELS: Record<ImportanceCategory, string> = {
  A: 'Excepțională',
  B: 'Deosebită',
  C: 'Normală',
  D: 'Redusă',
};

export const CONTROL_PERSON_ROLES = ['offender', 'witness'] as const;
export type ControlPersonRole = (typeof CONTROL_PERSON_ROLES)[number];
export const CONTROL_PERSON_ROLE_LABELS: Record<ControlPersonRole, string> = {
  offender: 'Contravenient',
  witness: 'Martor',
};

export const CONTROL_PERSON_TYPES = ['individual', 'legal'] as const;
export type ControlPersonType = (typeof CONTROL_PERSON_TYPES)[number];
export const CONTROL_PERSON_TYPE_LABELS: Record<ControlPersonType, string> = {
  individual: 'Persoană fizică',
  legal: 'Persoană juridică',
};

/** Citizenship of a control person (the same values as the beneficiaries' `CITIZENSHIPS`). */
export const CONTROL_CITIZENSHIP_LABELS: Record<Citizenship, string> = {
  romanian: 'Cetățean român',
  foreign: 'Cetățean străin',
};

export const CONTROL_FILE_KINDS = ['upload', 'closing_report'] as const;
export type ControlFileKind = (typeof CONTROL_FILE_KINDS)[number];
export const CONTROL_FILE_KIND_LABELS: Record<ControlFileKind, string> = {
  upload: 'Document încărcat',
  closing_report: 'Raport de închidere',
};

/** The `action` of an activity row (the Activities tab), with its Romanian label. */
export const CONTROL_ACTIVITY_LABELS: Record<string, string> = {
  created: 'Control creat',
  updated: 'Date de pregătire modificate',
  person_added: 'Persoană adăugată',
  person_updated: 'Persoană modificată',
  person_removed: 'Persoană eliminată',
  building_body_added: 'Corp de clădire adăugat',
  building_body_updated: 'Corp de clădire modificat',
  building_body_removed: 'Corp de clădire eliminat',
  file_added: 'Document adăugat',
  file_removed: 'Document eliminat',
  registered: 'Control înregistrat',
  resolved: 'Control soluționat',
  report_generated: 'Raport de închidere generat',
  report_failed: 'Generarea raportului de închidere a eșuat',
  closed: 'Control închis',
};

export const CONTROL_MESSAGES = {
  firstNameRequired: 'Introduceți prenumele.',
  lastNameRequired: 'Introduceți numele.',
  companyRequired: 'Introduceți denumirea persoanei juridice.',
  passportRequired: 'Introduceți numărul pașaportului.',
  cnpRequired: 'Introduceți CNP-ul.',
  cnpForeign: 'Pentru un cetățean străin introduceți numărul pașaportului sau CNP-ul.',
  passport: 'Numărul pașaportului poate conține doar litere și cifre (4–20 caractere).',
  heights: 'Înălțimea la coamă nu poate fi mai mică decât înălțimea la cornișă.',
  staffRequired: 'Adăugați cel puțin un membru al echipei de control.',
} as const;

/** §9 limits of the control screens. */
export const CONTROL_LIMITS = {
  staff: 20,
  persons: 100,
  buildingBodies: 100,
  files: 100,
  activitiesPage: 50,
  complaintOptions: 50,
} as const;

/* ───────────────────────────── Shared pieces ───────────────────────────── */

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `Textul poate avea cel mult ${max} caractere.` })
    .nullish()
    .transform((v) => (v === '' || v === undefined ? null : v));
const optionalDate = z
  .union([zIsoDate, z.literal('')])
  .nullish()
  .transform((v) => (v === '' || v === undefined ? null : v));
const ref = z.object({ id: z.number().int(), name: z.string() });
const nullableRef = ref.nullable();
const zVersion = z.number().int().min(1).max(PG_INT_MAX).describe('Versiunea văzută de utilizator (a detaliului)');

/* ───────────────────────────── Control types ───────────────────────────── */

export const ZControlTypeCreateRequest = z
  .object({
    name: zRequiredText().describe('Denumirea (unică în instituție)'),
    status: z.enum(ACTIVE_STATUSES).default('active'),
    series_type_id: zId().nullable().optional().describe('Tipul de serie din care se ia numărul de intrare'),
    organisation_id: zId().optional().describe('Instituția (implicit cea în care lucrează utilizatorul)'),
  })
  .strict();
export type ControlTypeCreateRequest = z.infer<typeof ZControlTypeCreateRequest>;

export const ZControlTypePatchRequest = z
  .object({
    name: zRequiredText().optional(),
    status: z.enum(ACTIVE_STATUSES).optional(),
    series_type_id: zId().nullable().optional(),
    organisation_id: zId().optional(),
  })
  .strict();
export type ControlTypePatchRequest = z.infer<typeof ZControlTypePatchRequest>;

export const ZControlType = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.enum(ACTIVE_STATUSES),
  series_type_id: z.number().int().nullable(),
  series_type_name: z.string().nullable(),
  organisation_id: z.number().int(),
  organisation_name: z.string(),
  control_count: z.number().int().describe('Controale de acest tip'),
  created_at: z.string(),
  updated_at: z.string(),
  abilities: z.object({ can_edit: z.boolean(), can_delete: z.boolean() }),
});
export type ControlType = z.infer<typeof ZControlType>;

/**
 * `GET /control-types`: the list query (filters `name[contains]`, `organisation_id[eq]`,
 * `status[eq]`; sort name, status, created_at) plus the plain `status=active` of the pickers.
 */
export const ZControlTypeListQuery = ZListQuery.extend({
  status: z.enum(ACTIVE_STATUSES).optional().describe('Doar tipurile active (pentru alegere) sau inactive'),
});

/* ───────────────────────────── Controls: preparation ───────────────────────────── */

export const ZControlStaffInput = z.object({
  user_id: zId().nullable().optional().describe('Contul funcționarului, dacă are unul'),
  name: zRequiredText().describe('Numele și prenumele'),
  function: zRequiredText().describe('Funcția'),
  control_body: zRequiredText().describe('Organul de control'),
  id_number: zRequiredText(100).describe('Numărul legitimației'),
  id_expiry: optionalDate.describe('Data expirării legitimației'),
  id_issuer: optionalText(255).describe('Emitentul legitimației'),
});
export type ControlStaffInput = z.infer<typeof ZControlStaffInput>;

const preparationFields = {
  control_type_id: zId().describe('Tipul controlului (activ, al instituției)'),
  control_date: zIsoDate.describe('Data controlului'),
  uat_id: zId().describe('UAT-ul (din jurisdicția instituției)'),
  locality_id: zId().nullable().optional().describe('Localitatea (a UAT-ului)'),
  address: zRequiredText(500).describe('Adresa'),
  cadastral_number: optionalText(100).describe('Numărul cadastral'),
  complaint_id: zId().nullable().optional().describe('Sesizarea de la care pornește (a instituției)'),
};

export const ZControlCreateRequest = z
  .object({
    ...preparationFields,
    staff: z.array(ZControlStaffInput).max(CONTROL_LIMITS.staff).default([]).describe('Echipa de control'),
  })
  .strict();
export type ControlCreateRequest = z.infer<typeof ZControlCreateRequest>;
/** What a form sends (before the defaults and normalisation of the schema). */
export type ControlCreateInput = z.input<typeof ZControlCreateRequest>;

export const ZControlPatchRequest = z
  .object({
    version: zVersion,
    control_type_id: preparationFields.control_type_id.optional(),
    control_date: preparationFields.control_date.optional(),
    uat_id: preparationFields.uat_id.optional(),
    locality_id: preparationFields.locality_id,
    address: preparationFields.address.optional(),
    cadastral_number: preparationFields.cadastral_number.optional(),
    complaint_id: preparationFields.complaint_id,
    staff: z.array(ZControlStaffInput).max(CONTROL_LIMITS.staff).optional().describe('Lista completă (o înlocuiește)'),
  })
  .strict();
export type ControlPatchRequest = z.infer<typeof ZControlPatchRequest>;
/** What a form sends (before the defaults and normalisation of the schema). */
export type ControlPatchInput = z.input<typeof ZControlPatchRequest>;

/** Body of the actions (register, resolve, generate-report, close). */
export const ZControlActionRequest = z.object({ version: zVersion }).strict();
export type ControlActionRequest = z.infer<typeof ZControlActionRequest>;

/** `?version=` of the DELETE routes of the sub-resources (optional). */
export const ZControlVersionQuery = z.object({ version: z.coerce.number().int().min(1).max(PG_INT_MAX).optional() });

export const ZControlPersonParams = z.object({ id: zIdParam(), personId: zIdParam() });
export const ZControlBodyParams = z.object({ id: zIdParam(), bodyId: zIdParam() });
export const ZControlFileParams = z.object({ id: zIdParam(), fileId: zIdParam() });

/* ───────────────────────────── Persons ───────────────────────────── */

/** A CNP of anyone born (minors included: an offender or witness may be under 18). */
const zPersonCnp = z
  .string()
  .trim()
  .nullish()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || validateCnp(v, undefined, 0).ok, { error: VALIDATION_MESSAGES.cnp });
const zPassport = z
  .string()
  .nullish()
  .transform((v) => (v ? foldPassportNumber(v) : null))
  .refine((v) => v === null || /^[A-Z0-9]{4,20}$/.test(v), { error: CONTROL_MESSAGES.passport });

const personFields = z.object({
  version: zVersion.optional(),
  role: z.enum(CONTROL_PERSON_ROLES).describe('Contravenient sau martor'),
  person_type: z.enum(CONTROL_PERSON_TYPES).default('individual'),
  citizenship: z.enum(CITIZENSHIPS).default('romanian'),
  first_name: optionalText(100).describe('Prenumele (reprezentantul, pentru o persoană juridică)'),
  last_name: optionalText(100),
  company_name: optionalText(255).describe('Denumirea persoanei juridice'),
  unique_registration_code: optionalText(20)
    .refine((v) => v === null || isValidCui(v), { error: VALIDATION_MESSAGES.cui })
    .describe('CUI-ul persoanei juridice'),
  personal_numeric_code: zPersonCnp.describe('CNP (unic pe control)'),
  passport_number: zPassport.describe('Numărul pașaportului, fără spații, cu majuscule (unic pe control)'),
  id_card_series: optionalText(10),
  id_card_number: optionalText(20),
  id_card_issued_by: optionalText(255),
  id_card_issued_at: optionalDate,
  address: optionalText(500),
  phone: optionalText(30),
  email: optionalText(255).refine((v) => v === null || isValidEmail(v), { error: VALIDATION_MESSAGES.email }),
});

const checkPerson = (
  v: {
    person_type: ControlPersonType;
    first_name: string | null;
    last_name: string | null;
    company_name: string | null;
  },
  ctx: z.RefinementCtx,
) => {
  if (v.person_type === 'legal') {
    if (!v.company_name) ctx.addIssue({ code: 'custom', path: ['company_name'], message: CONTROL_MESSAGES.companyRequired });
    return;
  }
  if (!v.first_name) ctx.addIssue({ code: 'custom', path: ['first_name'], message: CONTROL_MESSAGES.firstNameRequired });
  if (!v.last_name) ctx.addIssue({ code: 'custom', path: ['last_name'], message: CONTROL_MESSAGES.lastNameRequired });
};

/**
 * An offender or witness. Individuals need first and last name; legal persons a company name.
 * The CNP is validated (checksum, date, county; minors accepted); the passport is folded to upper
 * case without spaces. The same CNP or passport twice on a control → DUPLICATE_CONTROL_PERSON.
 */
export const ZControlPersonRequest = personFields.strict().superRefine(checkPerson);
export type ControlPersonRequest = z.infer<typeof ZControlPersonRequest>;
/** What a form sends (before the defaults and normalisation of the schema). */
export type ControlPersonInput = z.input<typeof ZControlPersonRequest>;

/* ───────────────────────────── Building bodies ───────────────────────────── */

const measure = (max: number) =>
  z
    .number()
    .min(0)
    .max(max)
    .nullable()
    .optional()
    .transform((v) => v ?? null);
const count = z
  .number()
  .int()
  .min(0)
  .max(10_000)
  .nullable()
  .optional()
  .transform((v) => v ?? null);

export const ZControlBuildingBodyRequest = z
  .object({
    version: zVersion.optional(),
    name: zRequiredText().describe('Denumirea corpului (C1, C2…)'),
    height_cornice: measure(99_999).describe('Înălțimea la cornișă (m)'),
    height_ridge: measure(99_999).describe('Înălțimea la coamă (m)'),
    levels_below: count.describe('Niveluri subterane'),
    levels_above: count.describe('Niveluri supraterane'),
    height_regime: optionalText(50).describe('Regimul de înălțime (S+P+2E+M)'),
    construction_type: optionalText(255).describe('Tipul construcției / structura'),
    foundations: optionalText(255),
    roof: optionalText(255).describe('Acoperișul'),
    heating: optionalText(255).describe('Încălzirea'),
    finishes: optionalText(255).describe('Finisajele'),
    function: z
      .enum(BUILDING_FUNCTIONS)
      .nullable()
      .optional()
      .transform((v) => v ?? null),
    importance_category: z
      .enum(IMPORTANCE_CATEGORIES)
      .nullable()
      .optional()
      .transform((v) => v ?? null),
    built_area: measure(9_999_999_999).describe('Aria construită Ac (m²)'),
    developed_area: measure(9_999_999_999).describe('Aria desfășurată Ad (m²)'),
    useful_area: measure(9_999_999_999).describe('Aria utilă Au (m²)'),
    living_area: measure(9_999_999_999).describe('Aria locuibilă (m²)'),
    apartments_1_room: count,
    apartments_2_rooms: count,
    apartments_3_rooms: count,
    apartments_4_rooms: count,
    apartments_5_plus_rooms: count,
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.height_cornice !== null && v.height_ridge !== null && v.height_ridge < v.height_cornice)
      ctx.addIssue({ code: 'custom', path: ['height_ridge'], message: CONTROL_MESSAGES.heights });
  });
export type ControlBuildingBodyRequest = z.infer<typeof ZControlBuildingBodyRequest>;
/** What a form sends (before the defaults and normalisation of the schema). */
export type ControlBuildingBodyInput = z.input<typeof ZControlBuildingBodyRequest>;

/* ───────────────────────────── Files ───────────────────────────── */

export const ZControlFileRequest = z
  .object({
    version: zVersion.optional(),
    file_id: zId().describe('Fișierul încărcat de dumneavoastră'),
    description: optionalText(500),
  })
  .strict();
export type ControlFileRequest = z.infer<typeof ZControlFileRequest>;
/** What a form sends (before the defaults and normalisation of the schema). */
export type ControlFileInput = z.input<typeof ZControlFileRequest>;

/* ───────────────────────────── Responses ───────────────────────────── */

export const ZControlListItem = z.object({
  id: z.number().int(),
  entry_code: z.string().nullable(),
  status: z.enum(CONTROL_STATUSES),
  control_date: z.string(),
  control_type: ref,
  uat: ref,
  address: z.string(),
  cadastral_number: z.string().nullable(),
  complaint: z.object({ id: z.number().int(), entry_code: z.string() }).nullable(),
  created_by: ref,
  created_at: z.string(),
});
export type ControlListItem = z.infer<typeof ZControlListItem>;

export const ZControlStaff = z.object({
  id: z.number().int(),
  user_id: z.number().int().nullable(),
  name: z.string(),
  function: z.string(),
  control_body: z.string(),
  id_number: z.string(),
  id_expiry: z.string().nullable(),
  id_issuer: z.string().nullable(),
});
export type ControlStaff = z.infer<typeof ZControlStaff>;

export const ZControlPerson = z.object({
  id: z.number().int(),
  role: z.enum(CONTROL_PERSON_ROLES),
  person_type: z.enum(CONTROL_PERSON_TYPES),
  citizenship: z.enum(CITIZENSHIPS),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  company_name: z.string().nullable(),
  unique_registration_code: z.string().nullable(),
  personal_numeric_code: z.string().nullable(),
  passport_number: z.string().nullable(),
  id_card_series: z.string().nullable(),
  id_card_number: z.string().nullable(),
  id_card_issued_by: z.string().nullable(),
  id_card_issued_at: z.string().nullable(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
});
export type ControlPerson = z.infer<typeof ZControlPerson>;

const num = z.number().nullable();
const int = z.number().int().nullable();
export const ZControlBuildingBody = z.object({
  id: z.number().int(),
  name: z.string(),
  height_cornice: num,
  height_ridge: num,
  levels_below: int,
  levels_above: int,
  height_regime: z.string().nullable(),
  construction_type: z.string().nullable(),
  foundations: z.string().nullable(),
  roof: z.string().nullable(),
  heating: z.string().nullable(),
  finishes: z.string().nullable(),
  function: z.enum(BUILDING_FUNCTIONS).nullable(),
  importance_category: z.enum(IMPORTANCE_CATEGORIES).nullable(),
  built_area: num,
  developed_area: num,
  useful_area: num,
  living_area: num,
  apartments_1_room: int,
  apartments_2_rooms: int,
  apartments_3_rooms: int,
  apartments_4_rooms: int,
  apartments_5_plus_rooms: int,
});
export type ControlBuildingBody = z.infer<typeof ZControlBuildingBody>;

export const ZControlFile = z.object({
  id: z.number().int().describe('Rândul documentului (pentru ștergere)'),
  file_id: z.number().int().describe('Fișierul (pentru descărcare prin /files)'),
  name: z.string(),
  kind: z.enum(CONTROL_FILE_KINDS),
  description: z.string().nullable(),
  size: z.number().int(),
  created_at: z.string(),
});
export type ControlFile = z.infer<typeof ZControlFile>;

export const ZControlAbilities = z.object({
  can_edit: z.boolean(),
  can_register: z.boolean(),
  can_resolve: z.boolean(),
  can_generate: z.boolean(),
  can_close: z.boolean(),
  can_delete: z.boolean(),
});

export const ZControlDetail = ZControlListItem.extend({
  organisation_id: z.number().int(),
  locality: nullableRef,
  version: z.number().int(),
  staff: z.array(ZControlStaff),
  persons: z.array(ZControlPerson),
  building_bodies: z.array(ZControlBuildingBody),
  files: z.array(ZControlFile),
  closing_report: z.object({ file_id: z.number().int(), name: z.string() }).nullable(),
  report_error: z.string().nullable().describe('Codul erorii ultimei generări eșuate'),
  generated_at: z.string().nullable(),
  closed_at: z.string().nullable(),
  locked: z.boolean(),
  abilities: ZControlAbilities,
});
export type ControlDetail = z.infer<typeof ZControlDetail>;

export const ZControlComplaintOption = z.object({
  id: z.number().int(),
  entry_code: z.string(),
  status: z.string(),
  uat: ref,
  locality: nullableRef,
  address: z.string(),
});
export type ControlComplaintOption = z.infer<typeof ZControlComplaintOption>;

export const ZControlComplaintOptionsQuery = z.object({
  search: z.string().trim().max(100).optional().describe('Numărul de intrare sau adresa conține'),
  complaint_id: zIdParam().optional().describe('Sesizarea deja aleasă (pentru afișarea ei)'),
});

export const ZControlActivity = z.object({
  id: z.number().int(),
  action: z.string(),
  actor: nullableRef,
  details: z.string().nullable(),
  created_at: z.string(),
});
export type ControlActivity = z.infer<typeof ZControlActivity>;

export const ZControlActivitiesQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).optional().describe('Pagina (50 pe pagină), de la 1'),
});
