import {
  type DocumentSeries,
  type DocumentSeriesType,
  errorMessage,
  ZDocumentSeriesCreateRequest,
  ZDocumentSeriesTypeCreateRequest,
  type ZDocumentSeriesPatchRequest,
  type ZDocumentSeriesTypePatchRequest,
} from '@ghiseu/domain';
import type { z } from 'zod';

/**
 * Form models of /document-series-type: a series type (name, description) and a numbered
 * series (spec §3 "Document series", §5: the current index cannot be set lower than the
 * current value). The forms validate with the contracts of `@ghiseu/domain` themselves (the
 * messages the contracts do not carry come from the app's Romanian zod messages); the schema's
 * output is the request body, and a PATCH carries only what changed.
 */

/** Index bound of the contract. */
export const MAX_INDEX = 2_000_000_000;

/** The rule the index fields follow: the server's INDEX_CANNOT_BE_LOWER_THAN_CURRENT_VALUE. */
export const INDEX_RULE = errorMessage('INDEX_CANNOT_BE_LOWER_THAN_CURRENT_VALUE');

/* ───────────────────────────── Series types ───────────────────────────── */

/** The series type form validates with the creation contract (name required, description ≤ 2000). */
export const seriesTypeFormSchema = ZDocumentSeriesTypeCreateRequest;
export type SeriesTypeValues = { name: string; description: string };
/** What the schema answers: the body of `POST /document-series-type`. */
export type SeriesTypeBody = z.output<typeof seriesTypeFormSchema>;
export type SeriesTypeCreateBody = z.input<typeof ZDocumentSeriesTypeCreateRequest>;
export type SeriesTypePatchBody = z.input<typeof ZDocumentSeriesTypePatchRequest>;

export const seriesTypeValues = (record: DocumentSeriesType | null): SeriesTypeValues => ({
  name: record?.name ?? '',
  description: record?.description ?? '',
});

/** Only the changed fields; an empty object when nothing changed. */
export function seriesTypePatch(record: DocumentSeriesType, body: SeriesTypeBody): SeriesTypePatchBody {
  const patch: SeriesTypePatchBody = {};
  if (body.name !== record.name) patch.name = body.name;
  if ((body.description ?? null) !== (record.description ?? null)) patch.description = body.description ?? null;
  return patch;
}

/* ───────────────────────────── Series ───────────────────────────── */

const contract = ZDocumentSeriesCreateRequest.shape;

/**
 * The series form's schema: the creation contract, with what only the form knows. The indexes
 * are asked for (0 by default) and may not go below the record's current values; the super
 * administrator must choose the organisation of a new series.
 */
export function seriesFormSchema(record: DocumentSeries | null, superAdmin = false) {
  const index = (minimum: number) => contract.current_index.unwrap().min(minimum, { error: INDEX_RULE });
  return ZDocumentSeriesCreateRequest.extend({
    organisation_id: superAdmin && !record ? contract.organisation_id.unwrap() : contract.organisation_id.unwrap().nullish(),
    current_index: index(record?.current_index ?? 0),
    rejected_index: index(record?.rejected_index ?? 0),
  });
}

type SeriesSchema = ReturnType<typeof seriesFormSchema>;
/** What the schema answers once valid. */
export type SeriesOutput = z.output<SeriesSchema>;

/**
 * What the form holds: the contract's input, where a select not chosen yet holds null and an
 * emptied number field null (both answered 'required' by the schema).
 */
export type SeriesValues = Omit<
  Required<z.input<SeriesSchema>>,
  'type_id' | 'organisation_id' | 'current_index' | 'rejected_index' | 'description'
> & {
  type_id: number | null;
  organisation_id: number | null;
  description: string;
  current_index: number | null;
  rejected_index: number | null;
};

/** Body of `POST /document-series` (defaults filled by the server). */
export type SeriesCreateBody = z.input<typeof ZDocumentSeriesCreateRequest>;
/** Merge patch of a series: absent fields stay. */
export type SeriesPatchBody = z.input<typeof ZDocumentSeriesPatchRequest>;

export function seriesValues(record: DocumentSeries | null, defaults: { organisationId?: number | null } = {}): SeriesValues {
  return {
    type_id: record?.type_id ?? null,
    organisation_id: record?.organisation_id ?? defaults.organisationId ?? null,
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

const asIndex = (value: number | null | undefined): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/** The number the series gives next with these values (index + 1), as the server would print it. */
export function nextNumberPreview(values: SeriesValues, year: number, rejected = false): string {
  return formatNumber({
    prefix: (rejected ? values.rejected_prefix : values.prefix).trim(),
    separator: values.separator || '/',
    index: asIndex(rejected ? values.rejected_index : values.current_index) + 1,
    year: values.yearly_reset ? year : 0,
  });
}

const cleanRegisters = (registers: readonly string[]) => [...new Set(registers.map((r) => r.trim()).filter(Boolean))];

/** Body of `POST /document-series`; the organisation only for the super administrator, indexes above 0 only. */
export function seriesCreateBody(output: SeriesOutput, superAdmin = false): SeriesCreateBody {
  const { organisation_id, current_index, rejected_index, registers, ...rest } = output;
  return {
    ...rest,
    ...(superAdmin && organisation_id ? { organisation_id } : {}),
    registers: cleanRegisters(registers),
    ...(current_index > 0 ? { current_index } : {}),
    ...(rejected_index > 0 ? { rejected_index } : {}),
  };
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((v, i) => v === b[i]);

/** Merge patch of a series: only the changed fields (an empty object when nothing changed). */
export function seriesPatch(record: DocumentSeries, output: SeriesOutput): SeriesPatchBody {
  const patch: SeriesPatchBody = {};
  if (output.type_id !== record.type_id) patch.type_id = output.type_id;
  if (output.name !== record.name) patch.name = output.name;
  const description = output.description ?? null;
  if (description !== (record.description ?? null)) patch.description = description;
  if (output.separator !== record.separator) patch.separator = output.separator;
  if (output.prefix !== record.prefix) patch.prefix = output.prefix;
  if (output.rejected_prefix !== record.rejected_prefix) patch.rejected_prefix = output.rejected_prefix;
  const registers = cleanRegisters(output.registers);
  if (!sameList(registers, record.registers)) patch.registers = registers;
  if (output.yearly_reset !== record.yearly_reset) patch.yearly_reset = output.yearly_reset;
  if (output.active !== record.active) patch.active = output.active;
  if (output.current_index !== record.current_index) patch.current_index = output.current_index;
  if (output.rejected_index !== record.rejected_index) patch.rejected_index = output.rejected_index;
  return patch;
}
