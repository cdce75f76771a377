import { zId, zIdParam } from './common.js';
import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { ACTIVE_STATUSES, DOMAINS } from '../statuses.js';
import { zRequiredText, zResponseDays } from '../validators/schemas.js';
import { ZFormDefinitionShape } from '../forms/definition.js';
import { ZTrimmableListQuery } from './forms.js';

/**
 * Contracts of the application types (spec §3 "Application type", §2 /application-type, §7).
 * Every field of the specification is stored now; the document templates, workflow and tax
 * categories are used by later capabilities. PATCH bodies are JSON merge patches: an absent
 * field stays, `null` clears, objects of ids (`series_type_ids`…) are merged key by key.
 */

/** Spec §3 "internal flag (entry, internal or exit category)". */
export const APPLICATION_TYPE_CATEGORIES = ['inbound', 'outbound', 'internal'] as const;
export type ApplicationTypeCategory = (typeof APPLICATION_TYPE_CATEGORIES)[number];
export const APPLICATION_TYPE_CATEGORY_LABELS: Record<ApplicationTypeCategory, string> = {
  inbound: 'Intrare',
  outbound: 'Ieșire',
  internal: 'Intern',
};

/** What each document series type of an application type numbers. */
export const SERIES_TYPE_USES = ['incoming', 'outgoing', 'visa1', 'visa2', 'visa_rejection'] as const;
export type SeriesTypeUse = (typeof SERIES_TYPE_USES)[number];
export const SERIES_TYPE_USE_LABELS: Record<SeriesTypeUse, string> = {
  incoming: 'Serie de intrare (număr de înregistrare)',
  outgoing: 'Serie de ieșire (document emis)',
  visa1: 'Prima viză',
  visa2: 'A doua viză',
  visa_rejection: 'Viză de respingere',
};

/** Document templates by role (used by the documents capability). */
export const DOCUMENT_TEMPLATE_ROLES = ['staff', 'rejection', 'clarification', 'public', 'citizen'] as const;
/** Tax categories by role (used by the payments capability). */
export const TAX_CATEGORY_ROLES = ['construction', 'land', 'extra'] as const;

const id = zId();
const nullableId = id.nullable();
const idList = z.array(id).max(500);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v === '' ? null : v));

const idsBy = <const K extends readonly string[]>(keys: K) =>
  z.object(
    Object.fromEntries(keys.map((k) => [k, nullableId.optional()])) as Record<K[number], z.ZodOptional<typeof nullableId>>,
  );

export const ZSeriesTypeIds = idsBy(SERIES_TYPE_USES).describe('Tipurile de serii: intrare, ieșire, vize');
export const ZDocumentTemplateIds = idsBy(DOCUMENT_TEMPLATE_ROLES).describe('Șabloanele de documente, pe rol');
export const ZTaxCategoryIds = idsBy(TAX_CATEGORY_ROLES).describe('Categoriile de taxe: construcție, teren, suplimentare');
export type SeriesTypeIds = z.infer<typeof ZSeriesTypeIds>;
export type TaxCategoryIds = z.infer<typeof ZTaxCategoryIds>;

export const ZDiscount = z.object({
  name: zRequiredText().describe('Denumirea reducerii'),
  percent: z.number().min(0).max(100).describe('Procentul reducerii (0–100)'),
});

/** Every writable field of an application type (spec §3), with its meaning. */
const applicationTypeFields = {
  name: zRequiredText().describe('Denumirea (unică în instituție)'),
  description: optionalText(4000).describe('Descriere'),
  status: z.enum(ACTIVE_STATUSES).describe('active sau inactive'),
  domain: z.enum(DOMAINS).describe('Domeniul (urbanism, avize…)'),
  category: z.enum(APPLICATION_TYPE_CATEGORIES).describe('Categoria: intrare, ieșire sau intern'),
  organisation_id: id.describe('Instituția care soluționează cererile'),
  citizen_form_id: nullableId.describe('Formularul completat de solicitant'),
  staff_form_id: nullableId.describe('Formularul completat de funcționar'),
  reject_form_id: nullableId.describe('Formularul de respingere'),
  document_template_ids: ZDocumentTemplateIds,
  series_type_ids: ZSeriesTypeIds,
  tax_category_ids: ZTaxCategoryIds,
  reference_type_ids: idList.describe('Tipurile de cereri de referință (documente anterioare cerute)'),
  archive_document_type_code: optionalText(100).describe('Codul tipului de document în arhivă'),
  workflow_id: nullableId.describe('Procesul de lucru'),
  is_auto: z.boolean().describe('Tip automat: nu are documente de referință'),
  remaining_period: zResponseDays.describe('Termenul de răspuns, în zile (0–9999)'),
  list_order: z.number().int().min(0).max(100_000).describe('Ordinea în lista cetățeanului'),
  discounts: z.array(ZDiscount).max(50).describe('Reduceri'),
  uat_ids: idList.describe('UAT-urile pentru care se depune (goală: toată jurisdicția instituției)'),
  dynamic_form: z.boolean().describe('Folosește un formular dinamic'),
  digital_seal: z.boolean().describe('Documentul emis primește sigiliul electronic'),
  custom_seal_file_id: nullableId.describe('Imaginea sigiliului personalizat'),
  related_clarification_type_id: nullableId.describe('Tipul de cerere pentru clarificări'),
  related_internal_type_id: nullableId.describe('Tipul de document intern asociat'),
  department_ids: idList.describe('Departamentele care lucrează cererile'),
  function_ids: idList.describe('Funcțiile care lucrează cererile'),
  usage_categories: z.array(zRequiredText(100)).max(50).describe('Categoriile de folosință'),
};

export const ZApplicationTypeCreateRequest = z.object({
  ...applicationTypeFields,
  description: applicationTypeFields.description,
  status: applicationTypeFields.status.default('active'),
  domain: applicationTypeFields.domain.default('urbanism'),
  category: applicationTypeFields.category.default('inbound'),
  organisation_id: applicationTypeFields.organisation_id
    .optional()
    .describe('Implicit instituția în care lucrează super administratorul'),
  citizen_form_id: applicationTypeFields.citizen_form_id.optional(),
  staff_form_id: applicationTypeFields.staff_form_id.optional(),
  reject_form_id: applicationTypeFields.reject_form_id.optional(),
  document_template_ids: ZDocumentTemplateIds.default({}),
  series_type_ids: ZSeriesTypeIds.default({}),
  tax_category_ids: ZTaxCategoryIds.default({}),
  reference_type_ids: applicationTypeFields.reference_type_ids.default([]),
  workflow_id: applicationTypeFields.workflow_id.optional(),
  is_auto: applicationTypeFields.is_auto.default(false),
  remaining_period: applicationTypeFields.remaining_period.default(30),
  list_order: applicationTypeFields.list_order.default(0),
  discounts: applicationTypeFields.discounts.default([]),
  uat_ids: applicationTypeFields.uat_ids.default([]),
  dynamic_form: applicationTypeFields.dynamic_form.default(true),
  digital_seal: applicationTypeFields.digital_seal.default(false),
  custom_seal_file_id: applicationTypeFields.custom_seal_file_id.optional(),
  related_clarification_type_id: applicationTypeFields.related_clarification_type_id.optional(),
  related_internal_type_id: applicationTypeFields.related_internal_type_id.optional(),
  department_ids: applicationTypeFields.department_ids.default([]),
  function_ids: applicationTypeFields.function_ids.default([]),
  usage_categories: applicationTypeFields.usage_categories.default([]),
});
export type ApplicationTypeCreateRequest = z.infer<typeof ZApplicationTypeCreateRequest>;

export const ZApplicationTypePatchRequest = z.object({
  name: applicationTypeFields.name.optional(),
  description: applicationTypeFields.description,
  status: applicationTypeFields.status.optional(),
  domain: applicationTypeFields.domain.optional(),
  category: applicationTypeFields.category.optional(),
  organisation_id: applicationTypeFields.organisation_id.optional(),
  citizen_form_id: applicationTypeFields.citizen_form_id.optional(),
  staff_form_id: applicationTypeFields.staff_form_id.optional(),
  reject_form_id: applicationTypeFields.reject_form_id.optional(),
  document_template_ids: ZDocumentTemplateIds.optional(),
  series_type_ids: ZSeriesTypeIds.optional(),
  tax_category_ids: ZTaxCategoryIds.optional(),
  reference_type_ids: applicationTypeFields.reference_type_ids.optional(),
  archive_document_type_code: applicationTypeFields.archive_document_type_code,
  workflow_id: applicationTypeFields.workflow_id.optional(),
  is_auto: applicationTypeFields.is_auto.optional(),
  remaining_period: applicationTypeFields.remaining_period.optional(),
  list_order: applicationTypeFields.list_order.optional(),
  discounts: applicationTypeFields.discounts.optional(),
  uat_ids: applicationTypeFields.uat_ids.optional(),
  dynamic_form: applicationTypeFields.dynamic_form.optional(),
  digital_seal: applicationTypeFields.digital_seal.optional(),
  custom_seal_file_id: applicationTypeFields.custom_seal_file_id.optional(),
  related_clarification_type_id: applicationTypeFields.related_clarification_type_id.optional(),
  related_internal_type_id: applicationTypeFields.related_internal_type_id.optional(),
  department_ids: applicationTypeFields.department_ids.optional(),
  function_ids: applicationTypeFields.function_ids.optional(),
  usage_categories: applicationTypeFields.usage_categories.optional(),
});
export type ApplicationTypePatchRequest = z.infer<typeof ZApplicationTypePatchRequest>;

/** `PUT …/all-taxes` replaces the three categories (a missing one is cleared); `PUT …/taxes` sets the given ones. */
export const ZApplicationTypeTaxesRequest = ZTaxCategoryIds;

const ZFormLink = z
  .object({
    id: z.number().int(),
    name: z.string(),
    status: z.enum(['draft', 'published']),
    published_version_id: z.number().int().nullable(),
    latest_version: z.number().int().nullable(),
  })
  .nullable();

const nullableInt = z.number().int().nullable();
const idsOut = <const K extends readonly string[]>(keys: K) =>
  z.object(Object.fromEntries(keys.map((k) => [k, nullableInt])) as Record<K[number], typeof nullableInt>);

export const ZApplicationTypeRecord = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  status: z.enum(ACTIVE_STATUSES),
  domain: z.string(),
  category: z.enum(APPLICATION_TYPE_CATEGORIES),
  organisation_id: z.number().int(),
  organisation_name: z.string(),
  citizen_form_id: nullableInt,
  staff_form_id: nullableInt,
  reject_form_id: nullableInt,
  citizen_form: ZFormLink,
  staff_form: ZFormLink,
  reject_form: ZFormLink,
  document_template_ids: idsOut(DOCUMENT_TEMPLATE_ROLES),
  series_type_ids: idsOut(SERIES_TYPE_USES),
  tax_category_ids: idsOut(TAX_CATEGORY_ROLES),
  reference_type_ids: z.array(z.number().int()),
  archive_document_type_code: z.string().nullable(),
  workflow_id: nullableInt,
  is_auto: z.boolean(),
  remaining_period: z.number().int(),
  list_order: z.number().int(),
  discounts: z.array(z.object({ name: z.string(), percent: z.number() })),
  uat_ids: z.array(z.number().int()),
  dynamic_form: z.boolean(),
  digital_seal: z.boolean(),
  custom_seal_file_id: nullableInt,
  related_clarification_type_id: nullableInt,
  related_internal_type_id: nullableInt,
  department_ids: z.array(z.number().int()),
  function_ids: z.array(z.number().int()),
  usage_categories: z.array(z.string()),
  application_count: z.number().int().describe('Cereri de acest tip (inclusiv ciorne)'),
  created_at: z.string(),
  updated_at: z.string(),
  abilities: z.object({ canEdit: z.boolean(), canDelete: z.boolean() }),
});
export type ApplicationTypeRecord = z.infer<typeof ZApplicationTypeRecord>;

/** A list record; with `fields=` only the asked properties (and `id`) are present. */
export const ZApplicationTypeListItem = ZApplicationTypeRecord.partial().extend({ id: z.number().int() });

export const ZApplicationTypeListQuery = ZTrimmableListQuery.extend({
  unpaged: z.enum(['true', 'false']).optional().describe('`true`: toate înregistrările, fără paginare (autocomplete)'),
});

/** What a citizen picks from in the wizard (`GET /api/application-types/organisation`). */
export const ZPublicApplicationType = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  domain: z.string(),
  category: z.enum(APPLICATION_TYPE_CATEGORIES),
  organisation_id: z.number().int(),
  organisation_name: z.string(),
  remaining_period: z.number().int().describe('Termenul de răspuns, în zile'),
  list_order: z.number().int(),
  is_auto: z.boolean(),
  uat_ids: z.array(z.number().int()),
  citizen_form_id: z.number().int(),
  citizen_form_version_id: z.number().int().describe('Versiunea publicată cu care s-ar depune acum'),
  citizen_form_version: z.number().int(),
});
export type PublicApplicationType = z.infer<typeof ZPublicApplicationType>;

export const ZPublicApplicationTypeQuery = z.object({
  domain: z.enum(DOMAINS).optional().describe('Doar tipurile acestui domeniu'),
  organisation_id: zIdParam().optional().describe('Doar tipurile acestei instituții'),
});

/** The published citizen form of a type, as the wizard renders it. */
export const ZApplicationTypeForm = z.object({
  application_type_id: z.number().int(),
  form_id: z.number().int(),
  form_version_id: z.number().int(),
  version: z.number().int(),
  definition: ZFormDefinitionShape,
});
export type ApplicationTypeForm = z.infer<typeof ZApplicationTypeForm>;

/** Response period bounds, for the inline edit (spec §9). */
export const RESPONSE_PERIOD_BOUNDS = { min: LIMITS.responseDaysMin, max: LIMITS.responseDaysMax } as const;
