import { type DocumentSeries, type DocumentSeriesType, VALIDATION_MESSAGES as M, formatValidationMessage } from '@ghiseu/domain';
import type {
  ZDocumentSeriesCreateRequest,
  ZDocumentSeriesPatchRequest,
  ZDocumentSeriesTypeCreateRequest,
  ZDocumentSeriesTypePatchRequest,
} from '@ghiseu/domain';
import type { z } from 'zod';

/**
 * Form models of /document-series-type: a series type (name, description) and a numbered
 * series (spec §3 "Document series", §5: the current index cannot be set lower than the
 * current value). Record → form values → request body; a PATCH carries only what changed.
 */

export type FieldErrors = Record<string, string>;

/** Index bound of the contract. */
export const MAX_INDEX = 2_000_000_000;

/** The rule the index fields follow (also the server's INDEX_CANNOT_BE_LOWER_THAN_CURRENT_VALUE). */
export const INDEX_RULE = 'Indexul nu poate fi mai mic decât valoarea curentă.';

const PREFIX_PATTERN = /^[\p{L}\p{N}._-]*$/u;
const SEPARATOR_PATTERN = /^[^\s\d]+$/;

/* ───────────────────────────── Series types ───────────────────────────── */

export interface SeriesTypeValues {
  name: string;
  description: string;
}

export type SeriesTypeCreateBody = z.input<typeof ZDocumentSeriesTypeCreateRequest>;
export type SeriesTypePatchBody = z.input<typeof ZDocumentSeriesTypePatchRequest>;

export const seriesTypeValues = (record: DocumentSeriesType | null): SeriesTypeValues => ({
  name: record?.name ?? '',
  description: record?.description ?? '',
});

export function validateSeriesType(values: SeriesTypeValues): FieldErrors {
  const errors: FieldErrors = {};
  if (!values.name.trim()) errors.name = M.required;
  else if (values.name.trim().length > 255) errors.name = formatValidationMessage(M.maxLength, { max: 255 });
  if (values.description.length > 2000) errors.description = formatValidationMessage(M.maxLength, { max: 2000 });
  return errors;
}

export const seriesTypeBody = (values: SeriesTypeValues): SeriesTypeCreateBody => ({
  name: values.name.trim(),
  description: values.description.trim() || null,
});

/** Only the changed fields; an empty object when nothing changed. */
export function seriesTypePatch(record: DocumentSeriesType, values: SeriesTypeValues): SeriesTypePatchBody {
  const body = seriesTypeBody(values);
  const patch: SeriesTypePatchBody = {};
  if (body.name !== record.name) patch.name = body.name;
  if ((body.description ?? null) !== (record.description ?? null)) patch.description = body.description;
  return patch;
}

/* ───────────────────────────── Series ───────────────────────────── */

/** Body of `POST /document-series` (defaults filled by the server). */
export type SeriesCreateBody = z.input<typeof ZDocumentSeriesCreateRequest>;
/** Merge patch of a series: absent fields stay. */
export type SeriesPatchBody = z.input<typeof ZDocumentSeriesPatchRequest>;

export interface SeriesValues {
  type_id: string | null;
  /** Only the super administrator chooses; others create in their own organisation. */
  organisation_id: string | null;
  name: string;
  description: string;
  separator: string;
  prefix: string;
  rejected_prefix: string;
  registers: string[];
  yearly_reset: boolean;
  active: boolean;
  current_index: number | '';
  rejected_index: number | '';
}

export function seriesValues(record: DocumentSeries | null, defaults: { organisationId?: number | null } = {}): SeriesValues {
  return {
    type_id: record ? String(record.type_id) : null,
    organisation_id: record ? String(record.organisation_id) : defaults.organisationId ? String(defaults.organisationId) : null,
    name: record?.name ?? '',
    description: record?.description ?? '',
    separator: record?.separator ?? '/',
    prefix: record?.prefix ?? '',
    rejected_prefix: record?.rejected_prefix ?? '',
    registers: record ? [...record.registers] : [],
    yearly_reset: record?.yearly_reset ?? true,
    active: record?.active ?? true,
    current_index: record?.current_index ?? 0,
    rejected_index: record?.rejected_index ?? 0,
  };
}

/** The printed number `prefix{sep}index{sep}year` (no year for series without a yearly reset). */
export function formatNumber(parts: { prefix: string; separator: string; index: number; year: number }): string {
  return [parts.prefix, String(parts.index), parts.year > 0 ? String(parts.year) : '']
    .filter((p) => p !== '')
    .join(parts.separator);
}

const asIndex = (value: number | ''): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/** The number the series gives next with these values (index + 1), as the server would print it. */
export function nextNumberPreview(values: SeriesValues, year: number, rejected = false): string {
  return formatNumber({
    prefix: (rejected ? values.rejected_prefix : values.prefix).trim(),
    separator: values.separator || '/',
    index: asIndex(rejected ? values.rejected_index : values.current_index) + 1,
    year: values.yearly_reset ? year : 0,
  });
}

function checkIndex(value: number | '', minimum: number): string | undefined {
  if (value === '' || !Number.isInteger(value)) return M.required;
  if (value < minimum) return INDEX_RULE;
  if (value > MAX_INDEX) return M.invalidValue;
  return undefined;
}

function checkPrefix(value: string): string | undefined {
  const trimmed = value.trim();
  if (trimmed.length > 30) return formatValidationMessage(M.maxLength, { max: 30 });
  if (!PREFIX_PATTERN.test(trimmed)) return 'Prefixul poate conține doar litere, cifre, punct, cratimă și _';
  return undefined;
}

/**
 * Checks the series form. With `record` (edit), the indexes may not go below their current
 * value; `superAdmin` must choose the organisation.
 */
export function validateSeries(values: SeriesValues, record: DocumentSeries | null, superAdmin = false): FieldErrors {
  const errors: FieldErrors = {};
  if (!values.type_id) errors.type_id = M.required;
  if (superAdmin && !record && !values.organisation_id) errors.organisation_id = M.required;
  if (!values.name.trim()) errors.name = M.required;
  else if (values.name.trim().length > 255) errors.name = formatValidationMessage(M.maxLength, { max: 255 });
  if (values.description.length > 2000) errors.description = formatValidationMessage(M.maxLength, { max: 2000 });
  if (!values.separator) errors.separator = M.required;
  else if (values.separator.length > 3 || !SEPARATOR_PATTERN.test(values.separator))
    errors.separator = 'Separatorul nu poate conține spații sau cifre';
  const prefix = checkPrefix(values.prefix);
  if (prefix) errors.prefix = prefix;
  const rejectedPrefix = checkPrefix(values.rejected_prefix);
  if (rejectedPrefix) errors.rejected_prefix = rejectedPrefix;
  const current = checkIndex(values.current_index, record?.current_index ?? 0);
  if (current) errors.current_index = current;
  const rejected = checkIndex(values.rejected_index, record?.rejected_index ?? 0);
  if (rejected) errors.rejected_index = rejected;
  return errors;
}

const cleanRegisters = (registers: readonly string[]) => [...new Set(registers.map((r) => r.trim()).filter(Boolean))];

/** Body of `POST /document-series`; the organisation only for the super administrator. */
export function seriesCreateBody(values: SeriesValues, superAdmin = false): SeriesCreateBody {
  const current = asIndex(values.current_index);
  const rejected = asIndex(values.rejected_index);
  return {
    type_id: Number(values.type_id),
    ...(superAdmin && values.organisation_id ? { organisation_id: Number(values.organisation_id) } : {}),
    name: values.name.trim(),
    description: values.description.trim() || null,
    separator: values.separator,
    prefix: values.prefix.trim(),
    rejected_prefix: values.rejected_prefix.trim(),
    registers: cleanRegisters(values.registers),
    yearly_reset: values.yearly_reset,
    active: values.active,
    ...(current > 0 ? { current_index: current } : {}),
    ...(rejected > 0 ? { rejected_index: rejected } : {}),
  };
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((v, i) => v === b[i]);

/** Merge patch of a series: only the changed fields (an empty object when nothing changed). */
export function seriesPatch(record: DocumentSeries, values: SeriesValues): SeriesPatchBody {
  const patch: SeriesPatchBody = {};
  const typeId = Number(values.type_id);
  if (values.type_id && typeId !== record.type_id) patch.type_id = typeId;
  const name = values.name.trim();
  if (name !== record.name) patch.name = name;
  const description = values.description.trim() || null;
  if (description !== (record.description ?? null)) patch.description = description;
  if (values.separator !== record.separator) patch.separator = values.separator;
  if (values.prefix.trim() !== record.prefix) patch.prefix = values.prefix.trim();
  if (values.rejected_prefix.trim() !== record.rejected_prefix) patch.rejected_prefix = values.rejected_prefix.trim();
  const registers = cleanRegisters(values.registers);
  if (!sameList(registers, record.registers)) patch.registers = registers;
  if (values.yearly_reset !== record.yearly_reset) patch.yearly_reset = values.yearly_reset;
  if (values.active !== record.active) patch.active = values.active;
  const current = asIndex(values.current_index);
  if (current !== record.current_index) patch.current_index = current;
  const rejected = asIndex(values.rejected_index);
  if (rejected !== record.rejected_index) patch.rejected_index = rejected;
  return patch;
}
