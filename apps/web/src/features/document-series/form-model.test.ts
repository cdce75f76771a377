import type { DocumentSeries, DocumentSeriesType } from '@ghiseu/domain';
import { describe, expect, it } from 'vitest';
import {
  formatNumber,
  INDEX_RULE,
  nextNumberPreview,
  seriesCreateBody,
  seriesPatch,
  seriesTypeBody,
  seriesTypePatch,
  seriesTypeValues,
  seriesValues,
  validateSeries,
  validateSeriesType,
} from './form-model';

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
  it('requires a name and trims the body', () => {
    expect(validateSeriesType({ name: ' ', description: '' })).toEqual({ name: 'Acest câmp este obligatoriu' });
    expect(seriesTypeBody({ name: ' Ieșiri ', description: '  ' })).toEqual({ name: 'Ieșiri', description: null });
  });

  it('patches only what changed', () => {
    const values = seriesTypeValues(seriesType);
    expect(seriesTypePatch(seriesType, values)).toEqual({});
    expect(seriesTypePatch(seriesType, { ...values, description: 'Cereri primite' })).toEqual({ description: 'Cereri primite' });
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
    expect(validateSeries(values, record)).toEqual({});
    expect(validateSeries({ ...values, current_index: 40 }, record)).toEqual({ current_index: INDEX_RULE });
    expect(validateSeries({ ...values, rejected_index: 2 }, record)).toEqual({ rejected_index: INDEX_RULE });
    expect(validateSeries({ ...values, current_index: '' }, record).current_index).toBe('Acest câmp este obligatoriu');
  });

  it('checks type, organisation (super admin), separator and prefix', () => {
    const values = seriesValues(null);
    const errors = validateSeries({ ...values, separator: '1', prefix: 'A B' }, null, true);
    expect(Object.keys(errors).sort()).toEqual(['name', 'organisation_id', 'prefix', 'separator', 'type_id']);
  });

  it('builds the create body, with the organisation only for the super admin', () => {
    const values = {
      ...seriesValues(null, { organisationId: 2 }),
      type_id: '3',
      name: ' Registru ',
      prefix: 'CJ',
      registers: ['Urbanism', ' Urbanism ', ''],
      current_index: 41 as const,
    };
    expect(seriesCreateBody(values, true)).toEqual({
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
    expect(seriesCreateBody(values, false)).not.toHaveProperty('organisation_id');
  });

  it('patches only what changed', () => {
    const record = series();
    const values = seriesValues(record);
    expect(seriesPatch(record, values)).toEqual({});
    expect(seriesPatch(record, { ...values, current_index: 50, active: false, registers: ['Urbanism', 'Avize'] })).toEqual({
      current_index: 50,
      active: false,
      registers: ['Urbanism', 'Avize'],
    });
  });
});
