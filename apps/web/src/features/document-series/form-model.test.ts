import type { DocumentSeries, DocumentSeriesType } from '@ghiseu/domain';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import '../../lib/validation';
import {
  formatNumber,
  INDEX_RULE,
  nextNumberPreview,
  type SeriesValues,
  seriesCreateBody,
  seriesFormSchema,
  seriesPatch,
  seriesTypeFormSchema,
  seriesTypePatch,
  seriesTypeValues,
  seriesValues,
} from './form-model';

/** The schema's messages by field, as the form shows them (empty when valid). */
function fieldErrors(schema: z.ZodType, values: unknown): Record<string, string> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

/** The schema's output (what the form submits) for valid values. */
const submitted = (values: SeriesValues, record: DocumentSeries | null = null, superAdmin = false) =>
  seriesFormSchema(record, superAdmin).parse(values);

const seriesType: DocumentSeriesType = {
  id: 3,
  name: 'Intrări',
  description: null,
  series_count: 1,
  created_at: '2026-01-01T00:00:00Z',
  abilities: { canEdit: true, canDelete: false },
};

const series = (overrides: Partial<DocumentSeries> = {}): DocumentSeries => ({
  id: 7,
  organisation_id: 2,
  organisation_name: 'Consiliul Județean Mureș',
  type_id: 3,
  type_name: 'Intrări',
  name: 'Registratură',
  description: null,
  separator: '/',
  prefix: 'CJMS',
  rejected_prefix: 'RES',
  registers: ['Urbanism'],
  yearly_reset: true,
  active: true,
  year: 2026,
  current_index: 41,
  rejected_index: 3,
  next_number: 'CJMS/42/2026',
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  abilities: { canEdit: true, canDelete: true },
  ...overrides,
});

describe('series type form model', () => {
  it("requires a name and trims the body, with the contract's messages", () => {
    expect(fieldErrors(seriesTypeFormSchema, { name: ' ', description: '' })).toEqual({ name: 'Acest câmp este obligatoriu' });
    expect(fieldErrors(seriesTypeFormSchema, { name: 'Ieșiri', description: 'x'.repeat(2001) })).toEqual({
      description: 'Textul poate avea cel mult 2000 caractere',
    });
    expect(seriesTypeFormSchema.parse({ name: ' Ieșiri ', description: '  ' })).toEqual({ name: 'Ieșiri', description: null });
  });

  it('patches only what changed', () => {
    const values = seriesTypeValues(seriesType);
    expect(seriesTypePatch(seriesType, seriesTypeFormSchema.parse(values))).toEqual({});
    expect(seriesTypePatch(seriesType, seriesTypeFormSchema.parse({ ...values, description: 'Cereri primite' }))).toEqual({
      description: 'Cereri primite',
    });
  });
});

describe('series form model', () => {
  it('previews the next number as the server prints it', () => {
    expect(formatNumber({ prefix: 'CJMS', separator: '/', index: 42, year: 2026 })).toBe('CJMS/42/2026');
    expect(formatNumber({ prefix: '', separator: '-', index: 1, year: 0 })).toBe('1');
    const values = seriesValues(series());
    expect(nextNumberPreview(values, 2026)).toBe('CJMS/42/2026');
    expect(nextNumberPreview({ ...values, yearly_reset: false }, 2026)).toBe('CJMS/42');
    expect(nextNumberPreview(values, 2026, true)).toBe('RES/4/2026');
  });

  it('does not let an index go below its current value', () => {
    const record = series();
    const values = seriesValues(record);
    const schema = seriesFormSchema(record);
    expect(fieldErrors(schema, values)).toEqual({});
    expect(fieldErrors(schema, { ...values, current_index: 40 })).toEqual({ current_index: INDEX_RULE });
    expect(fieldErrors(schema, { ...values, rejected_index: 2 })).toEqual({ rejected_index: INDEX_RULE });
    expect(INDEX_RULE).toBe('Indexul nu poate fi mai mic decât valoarea curentă.');
    // An emptied number field is asked for again.
    expect(fieldErrors(schema, { ...values, current_index: null }).current_index).toBe(
      'Vă rugăm să completați toate câmpurile obligatorii.',
    );
  });

  it('checks type, organisation (super admin), separator and prefix', () => {
    const values = seriesValues(null);
    const errors = fieldErrors(seriesFormSchema(null, true), { ...values, separator: '1', prefix: 'A B' });
    expect(Object.keys(errors).sort()).toEqual(['name', 'organisation_id', 'prefix', 'separator', 'type_id']);
    expect(errors.separator).toBe('Separatorul nu poate conține spații sau cifre');
    expect(errors.prefix).toBe('Prefixul poate conține doar litere, cifre, punct, cratimă și _');
    // Others create in their own organisation: no organisation to choose.
    expect(fieldErrors(seriesFormSchema(null, false), values)).not.toHaveProperty('organisation_id');
  });

  it('builds the create body, with the organisation only for the super admin', () => {
    const values = {
      ...seriesValues(null, { organisationId: 2 }),
      type_id: 3,
      name: ' Registru ',
      prefix: 'CJ',
      registers: ['Urbanism', ' Urbanism '],
      current_index: 41,
    };
    expect(seriesCreateBody(submitted(values, null, true), true)).toEqual({
      type_id: 3,
      organisation_id: 2,
      name: 'Registru',
      description: null,
      separator: '/',
      prefix: 'CJ',
      rejected_prefix: '',
      registers: ['Urbanism'],
      yearly_reset: true,
      active: true,
      current_index: 41,
    });
    expect(seriesCreateBody(submitted(values), false)).not.toHaveProperty('organisation_id');
  });

  it('patches only what changed', () => {
    const record = series();
    const values = seriesValues(record);
    expect(seriesPatch(record, submitted(values, record))).toEqual({});
    expect(
      seriesPatch(record, submitted({ ...values, current_index: 50, active: false, registers: ['Urbanism', 'Avize'] }, record)),
    ).toEqual({
      current_index: 50,
      active: false,
      registers: ['Urbanism', 'Avize'],
    });
  });
});
