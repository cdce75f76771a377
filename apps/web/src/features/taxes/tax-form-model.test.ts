import { type Tax, taxRuleOf } from '@ghiseu/domain';
import { describe, expect, it } from 'vitest';
import { priceIssues, taxBody, taxPatch, taxValues } from './tax-form-model';

const stored: Tax = {
  id: 11,
  organisation_id: 2,
  category_id: 4,
  category_name: 'Taxe de teren',
  name: 'Taxă certificat de urbanism',
  entry_into_force: '2026-01-01',
  justification: 'HCL privind taxele locale',
  decision_number: '12',
  decision_date: '2025-12-15',
  price_model: 'mixed',
  base: 'land_area',
  moment: 'application',
  purpose: null,
  fixed_value: null,
  percentage_value: '1',
  ranges: [
    { start: 0, end: 1000, value: '6.00' },
    { start: 1000, end: null, value: '14.00' },
  ],
  status: 'active',
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  abilities: { canEdit: true, canDelete: true },
};

describe('the tax form', () => {
  it('round-trips a stored tax: nothing changed, an empty patch', () => {
    const values = taxValues(stored);
    expect(values.ranges[1]).toEqual({ start: '1000', end: '', value: '14,00' });
    expect(priceIssues(values)).toEqual({});
    expect(taxPatch(stored, taxBody(values))).toEqual({});
  });

  it('checks the ranges with the rule of @ghiseu/domain', () => {
    const values = taxValues(stored);
    values.ranges[1]!.start = '1200';
    expect(priceIssues(values)).toEqual({
      'ranges.1.start': 'Intervalele trebuie să fie consecutive, fără suprapuneri sau goluri.',
    });
    values.ranges[0]!.end = '';
    expect(priceIssues(values)['ranges.0.end']).toBe('Doar ultimul interval poate fi deschis.');
  });

  it('sends only the value fields of the chosen model, amounts as lei with two decimals', () => {
    const values = { ...taxValues(stored), price_model: 'fixed' as const, fixed_value: '25,5' };
    expect(priceIssues(values)).toEqual({});
    const body = taxBody(values);
    expect(body).toMatchObject({ base: 'none', fixed_value: '25.50', percentage_value: null, ranges: [] });
    expect(taxPatch(stored, body)).toEqual({
      price_model: 'fixed',
      base: 'none',
      fixed_value: '25.50',
      percentage_value: null,
      ranges: [],
    });
  });

  it('reads a stored tax as a rule in bani', () => {
    expect(taxRuleOf(stored).ranges.map((r) => r.value)).toEqual([600, 1400]);
  });
});
