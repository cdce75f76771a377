import {
  APPLICATION_TYPE_CATEGORIES,
  type ApplicationTypeCategory,
  type ApplicationTypeRecord,
  DOMAINS,
  type Domain,
  formatValidationMessage,
  RESPONSE_PERIOD_BOUNDS,
  SERIES_TYPE_USES,
  type SeriesTypeUse,
  VALIDATION_MESSAGES as M,
  type ZApplicationTypeCreateRequest,
  type ZApplicationTypePatchRequest,
} from '@ghiseu/domain';
import type { z } from 'zod';

/**
 * Form model of an application type (spec §3 "Application type", every field): the stored
 * record → the values of the form → the body of `POST /application-types`, or the merge patch
 * of `PATCH /application-types/{id}` with only what changed (`series_type_ids` merged key by
 * key). Pure, so that the rules are unit-tested apart from the screen.
 */

export type FieldErrors = Record<string, string>;
export type ApplicationTypeCreateBody = z.input<typeof ZApplicationTypeCreateRequest>;
export type ApplicationTypePatchBody = z.input<typeof ZApplicationTypePatchRequest>;

export interface DiscountValues {
  name: string;
  percent: number | '';
}

export interface ApplicationTypeValues {
  name: string;
  description: string;
  organisation_id: string | null;
  domain: Domain;
  category: ApplicationTypeCategory;
  status: 'active' | 'inactive';
  list_order: number | '';
  remaining_period: number | '';
  citizen_form_id: string | null;
  staff_form_id: string | null;
  reject_form_id: string | null;
  series_type_ids: Record<SeriesTypeUse, string | null>;
  uat_ids: string[];
  department_ids: string[];
  function_ids: string[];
  is_auto: boolean;
  reference_type_ids: string[];
  related_clarification_type_id: string | null;
  related_internal_type_id: string | null;
  discounts: DiscountValues[];
  dynamic_form: boolean;
  digital_seal: boolean;
  /** The custom seal image (kept only while the type is sealed). */
  custom_seal_file_id: string | null;
  archive_document_type_code: string;
  usage_categories: string[];
}

/** Bounds of the list order (contract). */
export const LIST_ORDER_MAX = 100_000;

/** The rule of spec §5: an automatic type has no reference types. */
export const IS_AUTO_RULE = 'Un tip automat nu are tipuri de cereri de referință.';

const idText = (id: number | null | undefined): string | null => (id == null ? null : String(id));
const idTexts = (ids: readonly number[] | undefined): string[] => (ids ?? []).map(String);
const idOf = (value: string | null): number | null => (value ? Number(value) : null);
const idsOf = (values: readonly string[]): number[] => values.map(Number);

const isDomain = (value: string): value is Domain => (DOMAINS as readonly string[]).includes(value);
const isCategory = (value: string): value is ApplicationTypeCategory =>
  (APPLICATION_TYPE_CATEGORIES as readonly string[]).includes(value);

const emptySeries = (): Record<SeriesTypeUse, string | null> =>
  Object.fromEntries(SERIES_TYPE_USES.map((use) => [use, null])) as Record<SeriesTypeUse, string | null>;

/** The form values of a record; without one, the create defaults of the contract. */
export function applicationTypeValues(
  record: ApplicationTypeRecord | null,
  defaults: { organisationId?: number | null } = {},
): ApplicationTypeValues {
  const series = emptySeries();
  for (const use of SERIES_TYPE_USES) series[use] = idText(record?.series_type_ids?.[use]);
  return {
    name: record?.name ?? '',
    description: record?.description ?? '',
    organisation_id: idText(record?.organisation_id ?? defaults.organisationId ?? null),
    domain: record && isDomain(record.domain) ? record.domain : 'urbanism',
    category: record && isCategory(record.category) ? record.category : 'inbound',
    status: record?.status ?? 'active',
    list_order: record?.list_order ?? 0,
    remaining_period: record?.remaining_period ?? 30,
    citizen_form_id: idText(record?.citizen_form_id),
    staff_form_id: idText(record?.staff_form_id),
    reject_form_id: idText(record?.reject_form_id),
    series_type_ids: series,
    uat_ids: idTexts(record?.uat_ids),
    department_ids: idTexts(record?.department_ids),
    function_ids: idTexts(record?.function_ids),
    is_auto: record?.is_auto ?? false,
    reference_type_ids: idTexts(record?.reference_type_ids),
    related_clarification_type_id: idText(record?.related_clarification_type_id),
    related_internal_type_id: idText(record?.related_internal_type_id),
    discounts: (record?.discounts ?? []).map((d) => ({ name: d.name, percent: d.percent })),
    dynamic_form: record?.dynamic_form ?? true,
    digital_seal: record?.digital_seal ?? false,
    custom_seal_file_id: idText(record?.custom_seal_file_id),
    archive_document_type_code: record?.archive_document_type_code ?? '',
    usage_categories: [...(record?.usage_categories ?? [])],
  };
}

/** Switching a type to automatic clears its reference types (they would be refused). */
export function withAuto(values: ApplicationTypeValues, isAuto: boolean): ApplicationTypeValues {
  return { ...values, is_auto: isAuto, reference_type_ids: isAuto ? [] : values.reference_type_ids };
}

/** When the organisation changes, what belonged to the previous one (UATs, departments, functions) is cleared. */
export function withOrganisation(values: ApplicationTypeValues, organisationId: string | null): ApplicationTypeValues {
  if (organisationId === values.organisation_id) return values;
  return { ...values, organisation_id: organisationId, uat_ids: [], department_ids: [], function_ids: [] };
}

const maxLength = (max: number) => formatValidationMessage(M.maxLength, { max });

function checkInteger(value: number | '', min: number, max: number, message: string): string | undefined {
  if (value === '' || !Number.isInteger(value) || value < min || value > max) return message;
  return undefined;
}

/** Checks the form; the keys are the field paths the server uses (`discounts.0.percent`). */
export function validateApplicationType(
  values: ApplicationTypeValues,
  options: { requireOrganisation?: boolean } = {},
): FieldErrors {
  const errors: FieldErrors = {};
  const name = values.name.trim();
  if (!name) errors.name = M.required;
  else if (name.length > 255) errors.name = maxLength(255);
  if (values.description.length > 4000) errors.description = maxLength(4000);
  if (options.requireOrganisation && !values.organisation_id) errors.organisation_id = M.required;
  const period = checkInteger(
    values.remaining_period,
    RESPONSE_PERIOD_BOUNDS.min,
    RESPONSE_PERIOD_BOUNDS.max,
    `Termenul trebuie să fie un număr întreg de zile între ${RESPONSE_PERIOD_BOUNDS.min} și ${RESPONSE_PERIOD_BOUNDS.max}.`,
  );
  if (period) errors.remaining_period = period;
  const order = checkInteger(
    values.list_order,
    0,
    LIST_ORDER_MAX,
    `Ordinea trebuie să fie un număr întreg între 0 și ${LIST_ORDER_MAX}.`,
  );
  if (order) errors.list_order = order;
  if (values.is_auto && values.reference_type_ids.length > 0) errors.reference_type_ids = IS_AUTO_RULE;
  values.discounts.forEach((discount, index) => {
    if (!discount.name.trim()) errors[`discounts.${index}.name`] = M.required;
    else if (discount.name.trim().length > 255) errors[`discounts.${index}.name`] = maxLength(255);
    if (discount.percent === '' || discount.percent < 0 || discount.percent > 100)
      errors[`discounts.${index}.percent`] = 'Procentul trebuie să fie între 0 și 100.';
  });
  if (values.archive_document_type_code.trim().length > 100) errors.archive_document_type_code = maxLength(100);
  if (values.usage_categories.some((c) => c.trim().length > 100)) errors.usage_categories = maxLength(100);
  if (values.usage_categories.length > 50) errors.usage_categories = 'Cel mult 50 de categorii.';
  return errors;
}

const cleanTags = (tags: readonly string[]) => [...new Set(tags.map((tag) => tag.trim()).filter(Boolean))];

const seriesIds = (values: ApplicationTypeValues) =>
  Object.fromEntries(SERIES_TYPE_USES.map((use) => [use, idOf(values.series_type_ids[use])])) as Record<
    SeriesTypeUse,
    number | null
  >;

/** Every writable field from the values (the comparable form of a record, too). */
function bodyFields(values: ApplicationTypeValues) {
  return {
    name: values.name.trim(),
    description: values.description.trim() || null,
    status: values.status,
    domain: values.domain,
    category: values.category,
    citizen_form_id: idOf(values.citizen_form_id),
    staff_form_id: idOf(values.staff_form_id),
    reject_form_id: idOf(values.reject_form_id),
    series_type_ids: seriesIds(values),
    reference_type_ids: values.is_auto ? [] : idsOf(values.reference_type_ids),
    archive_document_type_code: values.archive_document_type_code.trim() || null,
    is_auto: values.is_auto,
    remaining_period: Number(values.remaining_period),
    list_order: Number(values.list_order),
    discounts: values.discounts.map((d) => ({ name: d.name.trim(), percent: Number(d.percent) })),
    uat_ids: idsOf(values.uat_ids),
    dynamic_form: values.dynamic_form,
    digital_seal: values.digital_seal,
    custom_seal_file_id: values.digital_seal ? idOf(values.custom_seal_file_id) : null,
    related_clarification_type_id: idOf(values.related_clarification_type_id),
    related_internal_type_id: idOf(values.related_internal_type_id),
    department_ids: idsOf(values.department_ids),
    function_ids: idsOf(values.function_ids),
    usage_categories: cleanTags(values.usage_categories),
  };
}

/** Body of `POST /application-types`; the organisation only when chosen (super administrator). */
export function applicationTypeCreateBody(values: ApplicationTypeValues): ApplicationTypeCreateBody {
  const fields = bodyFields(values);
  const series = Object.fromEntries(Object.entries(fields.series_type_ids).filter(([, id]) => id !== null));
  return {
    ...fields,
    series_type_ids: series,
    ...(values.organisation_id ? { organisation_id: Number(values.organisation_id) } : {}),
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const sameSet = (a: readonly number[], b: readonly number[]) =>
  same(
    [...a].sort((x, y) => x - y),
    [...b].sort((x, y) => x - y),
  );

/**
 * The merge patch from `record` to `values`: only changed fields; `series_type_ids` holds only
 * the changed uses (`null` clears one). An empty object when nothing changed.
 */
export function applicationTypePatch(record: ApplicationTypeRecord, values: ApplicationTypeValues): ApplicationTypePatchBody {
  const next = bodyFields(values);
  const before = bodyFields(applicationTypeValues(record));
  const patch: Record<string, unknown> = {};
  for (const key of Object.keys(next) as (keyof typeof next)[]) {
    if (key === 'series_type_ids') {
      const changed = Object.fromEntries(
        SERIES_TYPE_USES.filter((use) => next.series_type_ids[use] !== before.series_type_ids[use]).map((use) => [
          use,
          next.series_type_ids[use],
        ]),
      );
      if (Object.keys(changed).length > 0) patch.series_type_ids = changed;
      continue;
    }
    const a = next[key];
    const b = before[key];
    const unchanged =
      Array.isArray(a) && Array.isArray(b) && key.endsWith('_ids') ? sameSet(a as number[], b as number[]) : same(a, b);
    if (!unchanged) patch[key] = a;
  }
  const organisationId = idOf(values.organisation_id);
  if (organisationId !== null && organisationId !== record.organisation_id) patch.organisation_id = organisationId;
  return patch as ApplicationTypePatchBody;
}

/** Field problems of a VALIDATION_ERROR by path without `body.` (`series_type_ids.incoming`). */
export function serverFieldErrors(fields: unknown): FieldErrors {
  const out: FieldErrors = {};
  if (!Array.isArray(fields)) return out;
  for (const field of fields as { path?: unknown; message?: unknown }[]) {
    if (typeof field?.path !== 'string' || typeof field.message !== 'string') continue;
    const path = field.path.replace(/^body\.?/, '');
    if (path && !out[path]) out[path] = field.message;
  }
  return out;
}

/** The error of a field: its own path, or the first problem under it (`uat_ids.2` → `uat_ids`). */
export function errorAt(errors: FieldErrors, path: string): string | undefined {
  if (errors[path]) return errors[path];
  const nested = Object.keys(errors).find((key) => key.startsWith(`${path}.`) && errors[key]);
  return nested ? errors[nested] : undefined;
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

/** The sections that hold an error, in form order. */
export function sectionsWithErrors(errors: FieldErrors): string[] {
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
