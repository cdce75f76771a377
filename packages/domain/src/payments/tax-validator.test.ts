import { describe, expect, it } from 'vitest';
import { CONSTRUCTION_TYPE_VALUES, purposeGroup, TAX_VALIDATOR_MESSAGES, validateTaxCalculation } from './tax-validator.js';

const base = { scope: 'new', type: 'A_UTIL', purpose: 'housing' } as const;

describe('the tax validator', () => {
  it('computes 0.5 % for housing and annexes, 1 % for other works', () => {
    const housing = validateTaxCalculation({ ...base, surface: '120,5', value: '200000' });
    expect(housing).toEqual({
      errors: {},
      surface: 120.5,
      value: 20_000_000,
      minimum_value: 12_050_000, // 120.5 m² × 1000 lei
      rate: '0.5',
      tax: 100_000,
    });
    expect(validateTaxCalculation({ ...base, purpose: 'annex', surface: 10, value: 10_000 }).rate).toBe('0.5');
    const other = validateTaxCalculation({ ...base, purpose: 'other', surface: 10, value: '10000,00' });
    expect(other).toMatchObject({ rate: '1', tax: 10_000, errors: {} });
    expect(purposeGroup('annex')).toBe('housing');
    expect(purposeGroup('other')).toBe('other');
  });

  it('refuses a value below surface × the type’s value per m² with the exact message', () => {
    const below = validateTaxCalculation({ ...base, type: 'D', surface: 100, value: '7499.99' });
    expect(below.minimum_value).toBe(100 * CONSTRUCTION_TYPE_VALUES.D.leiPerSquareMetre * 100);
    expect(below.errors).toEqual({ value: 'Valoarea introdusă este mai mică decat valoarea minimă!' });
    expect(below.tax).toBeNull();
    expect(validateTaxCalculation({ ...base, type: 'D', surface: 100, value: '7500' }).errors).toEqual({});
  });

  it('refuses invalid surfaces and values', () => {
    for (const surface of ['0', '-1', 'abc', '1.234', '', null]) {
      expect(validateTaxCalculation({ ...base, surface, value: '1000' }).errors.surface, String(surface)).toBe(
        TAX_VALIDATOR_MESSAGES.invalid,
      );
    }
    for (const value of ['0', '-5', '1.234', 'x', null]) {
      const result = validateTaxCalculation({ ...base, surface: 1, value });
      expect(result.errors.value, String(value)).toBe('Valoarea introdusă nu e validă');
      expect(result.tax).toBeNull();
    }
  });
});
