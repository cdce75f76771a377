import { zId } from './common.js';
import { z } from 'zod';
import { ZTaxInputs, ZTaxInputsStored } from './payments.js';
import { PAYMENT_TYPES } from '../statuses.js';
import { APPLICATION_STATUSES, APPLICATION_STATUS_LABELS, DOMAINS, DOMAIN_LABELS } from '../statuses.js';
import { ZFormData } from '../forms/fields.js';
import { zRequiredText } from '../validators/schemas.js';
import { ZApplicationBeneficiary, CITIZENSHIPS, PERSON_TYPES } from './beneficiaries.js';
import { REAL_ESTATE_TYPE_LABELS, REAL_ESTATE_TYPES, ZRealEstate } from './real-estate.js';

/**
 * Citizen applications (spec §2 Applications, §3 application, §4 statuses, §7 calls): the draft
 * a citizen fills in, its attachments, beneficiaries and real-estate targets, the submission that
 * gives it an entry number, comments and the answer to a clarification request.
 */

export const APPLICATION_CATEGORIES = ['inbound', 'outbound', 'internal'] as const;
export type ApplicationCategory = (typeof APPLICATION_CATEGORIES)[number];
export const APPLICATION_CATEGORY_LABELS: Record<ApplicationCategory, string> = {
  inbound: 'Intrare',
  outbound: 'Ieșire',
  internal: 'Intern',
};

/** Upper bound of one application's attachments (spec §5 / §9 default 25 files). */
export const APPLICATION_MAX_FILES = 25;

export const APPLICATION_MESSAGES = {
  typeUnavailable: 'Tipul de cerere nu este disponibil pentru depunere.',
  typeWithoutForm: 'Tipul de cerere nu are un formular publicat.',
  unknownFormField: 'Câmpul nu există în formularul cererii.',
  fieldType: 'Valoarea nu are tipul potrivit pentru acest câmp.',
  fileAlreadyAttached: 'Fișierul este deja atașat unei cereri.',
  unknownAttachmentField: 'Câmpul de atașamente nu există în formularul cererii.',
} as const;

/** Online (SMS code or PIN) or offline (download, sign, upload) signing of the application (spec §3 sign_details). */
export const ZSignDetails = z.object({
  isOnline: z.boolean().describe('Semnare online (true) sau offline (false)'),
  package: z.string().trim().max(100).nullable().describe('Pachetul de semnare ales, dacă este cazul'),
});
export type SignDetails = z.infer<typeof ZSignDetails>;
export const DEFAULT_SIGN_DETAILS: SignDetails = { isOnline: true, package: null };

/** Answers of the citizen form, keyed by field key (types are checked loosely on save, fully at submission). */
const ZDraftFormData = ZFormData.describe('Răspunsurile formularului, după cheia câmpului (verificate complet la depunere)');

export const ZApplicationCreateRequest = z.object({
  application_type_id: zId().describe('Tipul de cerere (GET /application-types/organisation)'),
  purpose: z.string().trim().max(2000).nullish().describe('Scopul cererii'),
  form: ZDraftFormData.optional(),
  sign_details: ZSignDetails.optional().describe('Implicit online: { isOnline: true, package: null }'),
});
export type ApplicationCreateRequest = z.infer<typeof ZApplicationCreateRequest>;

/**
 * Merge-patch of a draft (RFC 7396): absent fields stay; `form` is merged key by key, a key set to
 * `null` removes the answer. Changing `application_type_id` resets the real-estate targets and the
 * signing details (spec §4) and moves the draft to the new type's published form.
 */
export const ZApplicationPatchRequest = z.object({
  application_type_id: zId().optional(),
  purpose: z.string().trim().max(2000).nullish(),
  form: ZDraftFormData.optional(),
  sign_details: ZSignDetails.optional(),
  tax_inputs: ZTaxInputs.nullish().describe('Câmpurile validatorului de taxe (construcție); doar pe ciornă'),
  discount_name: z.string().trim().max(200).nullish().describe('Reducerea aleasă dintre reducerile tipului; doar pe ciornă'),
  is_paid: z
    .boolean()
    .optional()
    .describe(
      'Nu se scrie: `true` cere serverului să reverifice plățile inițiate la procesator; valoarea întoarsă este cea din registrul de plăți',
    ),
});
export type ApplicationPatchRequest = z.infer<typeof ZApplicationPatchRequest>;

/** What the current user may do with an application; computed by the server's policy. */
export const ZApplicationAbilities = z.object({
  canEdit: z.boolean(),
  canDelete: z.boolean(),
  canSubmit: z.boolean(),
  canComment: z.boolean(),
  canAnswerClarification: z.boolean(),
});
export type ApplicationAbilities = z.infer<typeof ZApplicationAbilities>;

const ZStatus = z.enum(APPLICATION_STATUSES);

/** The list cell of spec §2: the first two beneficiaries and how many there are. */
export const ZBeneficiaryName = z.object({
  id: z.number().int(),
  person_type: z.enum(PERSON_TYPES),
  display_name: z.string(),
});

export const ZApplicationListItem = z.object({
  id: z.number().int(),
  application_type_id: z.number().int(),
  application_type_name: z.string(),
  organisation_id: z.number().int(),
  tenant_name: z.string().describe('Instituția căreia i se adresează cererea'),
  identification_number: z.string().nullable().describe('Numărul de înregistrare, după depunere'),
  status: ZStatus,
  status_label: z.string(),
  purpose: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  application_date: z.string().nullable().describe('Data depunerii'),
  response_due_in_days: z.number().int().nullable(),
  beneficiaries: z.array(ZBeneficiaryName).describe('Primii doi beneficiari'),
  beneficiaries_count: z.number().int(),
  cadastral_numbers: z.array(z.string()),
  abilities: ZApplicationAbilities,
});
export type ApplicationListItem = z.infer<typeof ZApplicationListItem>;

/** One file of the combined file list (spec §3 file and uploaded item, §4 combined list). */
export const ZApplicationFile = z.object({
  id: z.number().int().describe('Identificatorul legăturii fișier–cerere'),
  file_id: z.number().int(),
  name: z.string(),
  mime_type: z.string(),
  size: z.number().int(),
  file_type: z.enum(['input', 'review', 'output']),
  status: z.enum(['signed', 'sealed']).nullable(),
  category: z.string().nullable().describe('Câmpul de atașamente al formularului'),
  is_public: z.boolean(),
  is_preview: z.boolean(),
  is_identification: z.boolean(),
  is_gis: z.boolean(),
  qr: z.boolean().describe('Poate primi cod QR (doar PDF)'),
  created_by: z.string().describe("Numele celui care l-a adăugat, sau 'system'"),
  created_at: z.string(),
  canBeDeleted: z.boolean(),
});
export type ApplicationFile = z.infer<typeof ZApplicationFile>;

export const ZApplicationComment = z.object({
  id: z.number().int(),
  text: z.string(),
  author_user_id: z.number().int(),
  author_name: z.string(),
  is_mine: z.boolean(),
  is_clarification: z.boolean().describe('Răspuns la o cerere de clarificări'),
  created_at: z.string(),
});
export type ApplicationComment = z.infer<typeof ZApplicationComment>;

/** A territorial unit as the form's real_estate_target carries it. */
const ZUnit = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.string(),
  county_id: z.number().int(),
  county_name: z.string(),
});

/**
 * `form` of the full record (spec §3): the answers plus real_estate_target, beneficiary_users and
 * sign_details, rebuilt from the application's rows.
 */
export const ZApplicationForm = z.looseObject({
  real_estate_target: z.array(
    z.object({
      id: z.number().int(),
      territorial_administrative_unit_id: z.number().int(),
      unit: ZUnit,
      cadastral_number: z.string(),
      type: z.enum(REAL_ESTATE_TYPES),
      area: z.number().nullable(),
      address: z.string().nullable(),
    }),
  ),
  beneficiary_users: z.array(
    z.object({
      id: z.number().int(),
      user_type_name: z.enum(['citizen', 'foreigner', 'legal_entity']),
      citizenship: z.enum(CITIZENSHIPS),
      company_name: z.string().nullable(),
      first_name: z.string().nullable(),
      last_name: z.string().nullable(),
      personal_numeric_code: z.string().nullable(),
      unique_registration_code: z.string().nullable(),
    }),
  ),
  sign_details: ZSignDetails,
});

/** The full record of spec §3, as far as the portal stores it today. */
export const ZApplication = ZApplicationListItem.omit({ beneficiaries: true, beneficiaries_count: true }).extend({
  type: z.object({ id: z.number().int(), name: z.string(), domain: z.string(), category: z.enum(APPLICATION_CATEGORIES) }),
  application_type_is_inbound_category: z.boolean(),
  application_type_is_outbound_category: z.boolean(),
  application_type_is_internal_category: z.boolean(),
  uat_id: z.number().int().nullable().describe('UAT-ul primului imobil'),
  uat_name: z.string().nullable(),
  uat_type: z.string().nullable(),
  real_estate_type: z.enum(REAL_ESTATE_TYPES).nullable(),
  land_area: z.number().nullable().describe('Suprafața totală declarată (m²)'),
  applicant_user_id: z.number().int(),
  applicant_name: z.string(),
  created_by: z.number().int(),
  assignee_user_id: z.number().int().nullable(),
  parent_application_id: z.number().int().nullable(),
  last_review_at: z.string().nullable(),
  issued_date: z.string().nullable(),
  resolved_at: z.string().nullable(),
  response_due_date: z.string().nullable().describe('Termenul de răspuns (YYYY-MM-DD)'),
  remaining_response_days: z.number().int().nullable().describe('Zile rămase până la termen (negativ: depășit)'),
  clock_paused_since: z
    .string()
    .nullable()
    .describe('Ziua din care termenul este oprit (YYYY-MM-DD), cât timp se așteaptă clarificările; altfel null'),
  paused_working_days: z.number().int().describe('Zile lucrătoare cu care termenul a fost mutat după clarificări'),
  rejected_reason: z.string().nullable(),
  is_paid: z.boolean(),
  is_internal: z.boolean(),
  total_tax: z.number().nullable(),
  tax_summary: z.record(z.string(), z.unknown()).nullable().describe('TaxSummaryJson, calculat la depunere (payments/taxes.ts)'),
  tax_inputs: ZTaxInputsStored.nullable(),
  discount_name: z.string().nullable(),
  payment_type: z.enum(PAYMENT_TYPES).nullable().describe('Cum a fost achitată cererea'),
  transaction_number: z.string().nullable().describe('Tranzacția sau documentul plății care a achitat cererea'),
  quick_search_values: z.string(),
  form_version_id: z.number().int().nullable(),
  form_definition: z
    .object({ form_id: z.number().int(), version: z.number().int(), definition: z.unknown() })
    .nullable()
    .describe('Versiunea formularului cu care a fost completată cererea'),
  form: ZApplicationForm,
  sign_details: ZSignDetails,
  beneficiaries: z.array(ZApplicationBeneficiary),
  real_estates: z.array(ZRealEstate),
  files: z.array(ZApplicationFile).describe('Lista combinată de fișiere (spec §4)'),
  attachments: z.array(ZApplicationFile).describe('Fișierele încărcate de solicitant'),
  identification_files: z.array(ZApplicationFile),
  gis_files: z.array(ZApplicationFile),
  comments: z.array(ZApplicationComment),
});
export type Application = z.infer<typeof ZApplication>;

export const ZApplicationFileAttachRequest = z.object({
  file_id: zId().describe('Fișier încărcat de utilizator (POST /files)'),
  category: z.string().trim().min(1).max(100).describe('Cheia câmpului de atașamente din formular'),
});

export const ZApplicationCommentRequest = z.object({ text: zRequiredText(4000).describe('Comentariul') });
export const ZSendReviewRequest = z.object({ citizen_review: zRequiredText(4000).describe('Răspunsul la clarificări') });

export const ZApplicationFindQuery = z.object({
  series: z.string().trim().min(1).max(100).describe('Numărul de înregistrare (identification_number)'),
});

const ZOption = z.object({ value: z.string(), label: z.string() });
export const ZApplicationSystemMetadata = z.object({
  statuses: z.array(ZOption),
  categories: z.array(ZOption),
  domains: z.array(ZOption),
  real_estate_types: z.array(ZOption),
});
export type ApplicationSystemMetadata = z.infer<typeof ZApplicationSystemMetadata>;

/** The metadata of the filters (statuses with their Romanian labels, categories, domains). */
export function applicationSystemMetadata(): ApplicationSystemMetadata {
  return {
    statuses: APPLICATION_STATUSES.map((value) => ({ value, label: APPLICATION_STATUS_LABELS[value] })),
    categories: APPLICATION_CATEGORIES.map((value) => ({ value, label: APPLICATION_CATEGORY_LABELS[value] })),
    domains: DOMAINS.map((value) => ({ value, label: DOMAIN_LABELS[value] })),
    real_estate_types: REAL_ESTATE_TYPES.map((value) => ({ value, label: REAL_ESTATE_TYPE_LABELS[value] })),
  };
}

/* ───────────────────────────── History ───────────────────────────── */

/**
 * What the history tab shows of the audit trail, by action. Only these actions are shown: a
 * later capability's action appears once it is named here, so nothing internal leaks by default.
 */
export const APPLICATION_HISTORY_LABELS: Record<string, string> = {
  'application.create': 'Ciornă creată',
  'application.update': 'Ciornă salvată',
  'application.submit': 'Cerere depusă',
  'application.comment': 'Comentariu adăugat',
  'application.clarification_answer': 'Răspuns la solicitarea de clarificări',
  'application.file_attach': 'Document atașat',
  'application.file_detach': 'Document eliminat',
  'application.beneficiary_add': 'Beneficiar adăugat',
  'application.beneficiary_update': 'Beneficiar modificat',
  'application.beneficiary_remove': 'Beneficiar eliminat',
  'application.real_estate_add': 'Imobil adăugat',
  'application.real_estate_update': 'Imobil modificat',
  'application.real_estate_remove': 'Imobil eliminat',
  // Staff processing (issue 11); internal notes ('application.internal_comment') are not shown.
  'application.register': 'Cerere înregistrată',
  'application.assign': 'Cerere alocată',
  'application.assign_reviewer': 'Verificator desemnat',
  'application.send_to_consultant': 'Trimisă la consultant',
  'application.consultant_review': 'Răspunsul consultantului',
  'application.staff_review': 'Verificare efectuată',
  'application.staff_form': 'Formularul funcționarului salvat',
  'application.request_clarification': 'Solicitare de clarificări',
  'application.response_due_days': 'Termen de răspuns modificat',
  'application.modify_type': 'Tipul cererii modificat',
  'application.remove_document': 'Document eliminat de funcționar',
  'application.download_compression': 'Documente descărcate în arhivă',
  'application.start_process': 'Proces pornit',
  'application.approve': 'Cerere aprobată',
  'application.reject': 'Respingere în curs',
  'application.viza_reject': 'Viză refuzată',
  'application.staff_review_document': 'Document trimis la verificare',
  'application.manual_completion': 'Finalizată manual',
  'application.close': 'Cerere închisă',
  // Output documents (issue 12, generation: applications/documents)
  'application.generate_document': 'Generarea documentului pornită',
  'application.document_generated': 'Document generat',
  'application.document_generation_failed': 'Generarea documentului a eșuat',
  'application.return_document': 'Document returnat',
};

export const ZApplicationHistoryEntry = z.object({
  id: z.number().int(),
  at: z.string().describe('Momentul acțiunii (ISO 8601)'),
  action: z.string().describe('Acțiunea din jurnalul de audit (application.submit…)'),
  label: z.string().describe('Acțiunea, în cuvinte'),
  detail: z
    .string()
    .nullable()
    .describe('Despre ce: numărul de înregistrare, numele documentului, beneficiarului sau imobilului'),
  actor_name: z.string().nullable().describe('Cine a făcut-o (null: sistemul)'),
  by_applicant: z.boolean().describe('Acțiunea solicitantului'),
  count: z.number().int().describe('Câte salvări consecutive ale aceleiași persoane reunește înregistrarea'),
});
export type ApplicationHistoryEntry = z.infer<typeof ZApplicationHistoryEntry>;
