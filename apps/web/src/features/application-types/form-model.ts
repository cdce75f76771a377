import {
  APPLICATION_TYPE_CATEGORIES,
  type ApplicationTypeCategory,
  type ApplicationTypeRecord,
  DOCUMENT_TEMPLATE_ROLES,
  DOMAINS,
  type Domain,
  SERIES_TYPE_USES,
  type SeriesTypeUse,
  TAX_CATEGORY_ROLES,
  ZApplicationTypeCreateRequest,
  type ZApplicationTypePatchRequest,
} from '@ghiseu/domain';
import type { FieldErrors as FormErrors } from 'react-hook-form';
import type { z } from 'zod';

/**
 * Form model of an application type (spec §3 "Application type", every field): the stored
 * record → the values of the form, validated by the creation contract of `@ghiseu/domain`
 * itself (its messages, else the app's Romanian zod messages) → the body of
 * `POST /application-types`, or the merge patch of `PATCH /application-types/{id}` with only
 * what changed (`series_type_ids` and `document_template_ids` merged key by key). Pure, so that the rules are unit-tested
 * apart from the screen.
 */

export type ApplicationTypeCreateBody = z.input<typeof ZApplicationTypeCreateRequest>;
export type ApplicationTypePatchBody = z.input<typeof ZApplicationTypePatchRequest>;

/** Bounds of the list order (contract). */
export const LIST_ORDER_MAX = 100_000;

/** The rule of spec §5: an automatic type has no reference types. */
export const IS_AUTO_RULE = 'Un tip automat nu are tipuri de cereri de referință.';

/**
 * The form's schema: the creation contract. The super administrator must choose the organisation
 * of a new type; others create in their own (none sent). An automatic type has no reference types.
 */
export function applicationTypeFormSchema(options: { requireOrganisation?: boolean } = {}) {
  const contract = ZApplicationTypeCreateRequest.shape;
  return ZApplicationTypeCreateRequest.extend({
    organisation_id: options.requireOrganisation
      ? contract.organisation_id.unwrap()
      : contract.organisation_id.unwrap().nullish(),
  }).refine((values) => !values.is_auto || values.reference_type_ids.length === 0, {
    error: IS_AUTO_RULE,
    path: ['reference_type_ids'],
  });
}

/** What the schema answers once valid. */
export type ApplicationTypeOutput = z.output<ReturnType<typeof applicationTypeFormSchema>>;

export interface DiscountValues {
  name: string;
  /** null while the field is empty (the schema asks for it). */
  percent: number | null;
}

/**
 * What the form holds: the contract's fields, with null for a select not chosen and for an
 * emptied number field.
 */
export interface ApplicationTypeValues {
  name: string;
  description: string;
  organisation_id: number | null;
  domain: Domain;
  category: ApplicationTypeCategory;
  status: 'active' | 'inactive';
  list_order: number | null;
  remaining_period: number | null;
  citizen_form_id: number | null;
  staff_form_id: number | null;
  reject_form_id: number | null;
  series_type_ids: Record<SeriesTypeUse, number | null>;
  /** The document templates by role (staff answer, rejection, clarification, public, citizen). */
  document_template_ids: Record<DocumentTemplateRole, number | null>;
  /** The tax categories by role (construction, land, extra; GET /tax-categories?status[eq]=active). */
  tax_category_ids: Record<TaxCategoryRole, number | null>;
  uat_ids: number[];
  department_ids: number[];
  function_ids: number[];
  is_auto: boolean;
  reference_type_ids: number[];
  related_clarification_type_id: number | null;
  related_internal_type_id: number | null;
  discounts: DiscountValues[];
  dynamic_form: boolean;
  digital_seal: boolean;
  /** The custom seal image (kept only while the type is sealed). */
  custom_seal_file_id: number | null;
  archive_document_type_code: string;
  usage_categories: string[];
  /** The published process the type's applications run through. */
  workflow_id: number | null;
}

const isDomain = (value: string): value is Domain => (DOMAINS as readonly string[]).includes(value);
const isCategory = (value: string): value is ApplicationTypeCategory =>
  (APPLICATION_TYPE_CATEGORIES as readonly string[]).includes(value);

const seriesOf = (ids: Partial<Record<SeriesTypeUse, number | null>> | undefined) =>
  Object.fromEntries(SERIES_TYPE_USES.map((use) => [use, ids?.[use] ?? null])) as Record<SeriesTypeUse, number | null>;

export type DocumentTemplateRole = (typeof DOCUMENT_TEMPLATE_ROLES)[number];

const templatesOf = (ids: Partial<Record<DocumentTemplateRole, number | null>> | undefined) =>
  Object.fromEntries(DOCUMENT_TEMPLATE_ROLES.map((role) => [role, ids?.[role] ?? null])) as Record<
    DocumentTemplateRole,
    number | null
  >;

export type TaxCategoryRole = (typeof TAX_CATEGORY_ROLES)[number];

const taxCategoriesOf = (ids: Partial<Record<TaxCategoryRole, number | null>> | undefined) =>
  Object.fromEntries(TAX_CATEGORY_ROLES.map((role) => [role, ids?.[role] ?? null])) as Record<TaxCategoryRole, number | null>;

/** The form values of a record; without one, the create defaults of the contract. */
export function applicationTypeValues(
  record: ApplicationTypeRecord | null,
  defaults: { organisationId?: number | null } = {},
): ApplicationTypeValues {
  return {
    name: record?.name ?? '',
    description: record?.description ?? '',
    organisation_id: record?.organisation_id ?? defaults.organisationId ?? null,
    domain: record && isDomain(record.domain) ? record.domain : 'urbanism',
    category: record && isCategory(record.category) ? record.category : 'inbound',
    status: record?.status ?? 'active',
    list_order: record?.list_order ?? 0,
    remaining_period: record?.remaining_period ?? 30,
    citizen_form_id: record?.citizen_form_id ?? null,
    staff_form_id: record?.staff_form_id ?? null,
    reject_form_id: record?.reject_form_id ?? null,
    series_type_ids: seriesOf(record?.series_type_ids),
    document_template_ids: templatesOf(record?.document_template_ids),
    tax_category_ids: taxCategoriesOf(record?.tax_category_ids),
    uat_ids: [...(record?.uat_ids ?? [])],
    department_ids: [...(record?.department_ids ?? [])],
    function_ids: [...(record?.function_ids ?? [])],
    is_auto: record?.is_auto ?? false,
    reference_type_ids: [...(record?.reference_type_ids ?? [])],
    related_clarification_type_id: record?.related_clarification_type_id ?? null,
    related_internal_type_id: record?.related_internal_type_id ?? null,
    discounts: (record?.discounts ?? []).map((d) => ({ name: d.name, percent: d.percent })),
    dynamic_form: record?.dynamic_form ?? true,
    digital_seal: record?.digital_seal ?? false,
    custom_seal_file_id: record?.custom_seal_file_id ?? null,
    archive_document_type_code: record?.archive_document_type_code ?? '',
    usage_categories: [...(record?.usage_categories ?? [])],
    workflow_id: record?.workflow_id ?? null,
  };
}

const cleanTags = (tags: readonly string[]) => [...new Set(tags.map((tag) => tag.trim()).filter(Boolean))];

/** Every writable field, normalised, from the schema's output or from a stored record. */
function bodyFields(output: ApplicationTypeOutput | ApplicationTypeRecord) {
  return {
    name: output.name.trim(),
    description: output.description?.trim() || null,
    status: output.status,
    domain: output.domain as Domain,
    category: output.category,
    citizen_form_id: output.citizen_form_id ?? null,
    staff_form_id: output.staff_form_id ?? null,
    reject_form_id: output.reject_form_id ?? null,
    series_type_ids: seriesOf(output.series_type_ids),
    document_template_ids: templatesOf(output.document_template_ids),
    tax_category_ids: taxCategoriesOf(output.tax_category_ids),
    reference_type_ids: output.is_auto ? [] : [...output.reference_type_ids],
    archive_document_type_code: output.archive_document_type_code?.trim() || null,
    is_auto: output.is_auto,
    remaining_period: output.remaining_period,
    list_order: output.list_order,
    discounts: output.discounts.map((d) => ({ name: d.name.trim(), percent: d.percent })),
    uat_ids: [...output.uat_ids],
    dynamic_form: output.dynamic_form,
    digital_seal: output.digital_seal,
    custom_seal_file_id: output.digital_seal ? (output.custom_seal_file_id ?? null) : null,
    related_clarification_type_id: output.related_clarification_type_id ?? null,
    related_internal_type_id: output.related_internal_type_id ?? null,
    department_ids: [...output.department_ids],
    function_ids: [...output.function_ids],
    usage_categories: cleanTags(output.usage_categories),
    workflow_id: output.workflow_id ?? null,
  };
}

const chosen = <K extends string>(ids: Record<K, number | null>) =>
  Object.fromEntries(Object.entries(ids).filter(([, id]) => id !== null)) as Partial<Record<K, number>>;

/** Body of `POST /application-types`: no empty series use or template role; the organisation only when chosen. */
export function applicationTypeCreateBody(output: ApplicationTypeOutput): ApplicationTypeCreateBody {
  const fields = bodyFields(output);
  return {
    ...fields,
    series_type_ids: chosen(fields.series_type_ids),
    document_template_ids: chosen(fields.document_template_ids),
    tax_category_ids: chosen(fields.tax_category_ids),
    ...(output.organisation_id ? { organisation_id: output.organisation_id } : {}),
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const sameSet = (a: readonly number[], b: readonly number[]) =>
  same(
    [...a].sort((x, y) => x - y),
    [...b].sort((x, y) => x - y),
  );

/**
 * The merge patch from `record` to the schema's output: only changed fields; `series_type_ids`
 * holds only the changed uses (`null` clears one). An empty object when nothing changed.
 */
export function applicationTypePatch(record: ApplicationTypeRecord, output: ApplicationTypeOutput): ApplicationTypePatchBody {
  const next = bodyFields(output);
  const before = bodyFields(record);
  const patch: Record<string, unknown> = {};
  for (const key of Object.keys(next) as (keyof typeof next)[]) {
    if (key === 'series_type_ids' || key === 'document_template_ids' || key === 'tax_category_ids') {
      // Merged key by key: only the changed uses / roles (null clears one).
      const after: Record<string, number | null> = next[key];
      const was: Record<string, number | null> = before[key];
      const changed = Object.fromEntries(
        Object.keys(after)
          .filter((k) => after[k] !== was[k])
          .map((k) => [k, after[k]]),
      );
      if (Object.keys(changed).length > 0) patch[key] = changed;
      continue;
    }
    const a = next[key];
    const b = before[key];
    const unchanged =
      Array.isArray(a) && Array.isArray(b) && key.endsWith('_ids') ? sameSet(a as number[], b as number[]) : same(a, b);
    if (!unchanged) patch[key] = a;
  }
  const organisationId = output.organisation_id ?? null;
  if (organisationId !== null && organisationId !== record.organisation_id) patch.organisation_id = organisationId;
  return patch as ApplicationTypePatchBody;
}

/** Lists of ids whose problems are shown on the list's input (`uat_ids.2` → `uat_ids`). */
const ID_LISTS = new Set(['uat_ids', 'department_ids', 'function_ids', 'reference_type_ids', 'usage_categories']);

/**
 * Field problems of a VALIDATION_ERROR as form paths (without `body.`): `series_type_ids.incoming`,
 * `discounts.0.name`; a problem of one element of a list of ids lands on the list.
 */
export function serverFieldErrors(fields: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!Array.isArray(fields)) return out;
  for (const field of fields as { path?: unknown; message?: unknown }[]) {
    if (typeof field?.path !== 'string' || typeof field.message !== 'string') continue;
    let path = field.path.replace(/^body\.?/, '');
    const top = path.split('.')[0];
    if (ID_LISTS.has(top)) path = top;
    if (path && !out[path]) out[path] = field.message;
  }
  return out;
}

/** The first message in an error node of react-hook-form (its own, else the first nested one). */
function firstMessage(node: unknown): string | undefined {
  if (!node || typeof node !== 'object') return undefined;
  const { message } = node as { message?: unknown };
  if (typeof message === 'string' && message) return message;
  for (const [key, child] of Object.entries(node)) {
    if (key === 'ref') continue;
    const found = firstMessage(child);
    if (found) return found;
  }
  return undefined;
}

/** The error of a field: its own, or the first problem under it (`uat_ids.2` → `uat_ids`). */
export function errorAt(errors: FormErrors<ApplicationTypeValues>, path: string): string | undefined {
  let node: unknown = errors;
  for (const part of path.split('.'))
    node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  return firstMessage(node);
}

/** Which section of the form holds a field (to open it when the field has an error). */
export const SECTION_OF: Record<string, string> = {
  name: 'general',
  description: 'general',
  organisation_id: 'general',
  domain: 'general',
  category: 'general',
  status: 'general',
  list_order: 'general',
  remaining_period: 'general',
  citizen_form_id: 'forms',
  staff_form_id: 'forms',
  reject_form_id: 'forms',
  series_type_ids: 'series',
  uat_ids: 'territory',
  department_ids: 'territory',
  function_ids: 'territory',
  is_auto: 'references',
  reference_type_ids: 'references',
  related_clarification_type_id: 'references',
  related_internal_type_id: 'references',
  discounts: 'discounts',
  dynamic_form: 'other',
  digital_seal: 'other',
  archive_document_type_code: 'other',
  usage_categories: 'other',
  custom_seal_file_id: 'other',
  document_template_ids: 'later',
  workflow_id: 'later',
  tax_category_ids: 'later',
};

/** The sections that hold an error, in form order (keys are field paths: `discounts.0.name`). */
export function sectionsWithErrors(errors: Record<string, string | undefined>): string[] {
  return [
    ...new Set(
      Object.keys(errors)
        .filter((key) => errors[key])
        .map((key) => SECTION_OF[key.split('.')[0]] ?? 'general'),
    ),
  ];
}

/** "v3" for a form with a published version, null otherwise. */
export function formVersionLabel(
  form: { latest_version: number | null; published_version_id?: number | null } | null,
): string | null {
  if (!form || form.latest_version === null) return null;
  return `v${form.latest_version}`;
}
