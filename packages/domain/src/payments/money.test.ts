import { describe, expect, it } from 'vitest';
import {
  formatLei,
  formatRon,
  formatRonText,
  MAX_BANI,
  parseLei,
  parsePercent,
  percentOf,
  percentOfQuantity,
  sumBani,
} from './money.js';

describe('money in integer bani', () => {
  it('parses lei written with a dot, a comma or as a number', () => {
    expect(parseLei('1234.5')).toBe(123_450);
    expect(parseLei('1234,50')).toBe(123_450);
    expect(parseLei(' 7 ')).toBe(700);
    expect(parseLei(1234.5)).toBe(123_450);
    expect(parseLei(0.1 + 0.2)).toBe(30);
    expect(parseLei('0')).toBe(0);
  });

  it('refuses negatives, three decimals, thousands separators and huge amounts', () => {
    for (const bad of ['-1', '1.234', '1.234,50', '1 000', 'abc', '', '1e3', '10000000001'])
      expect(parseLei(bad), bad).toBeNull();
    expect(parseLei(null)).toBeNull();
    expect(parseLei(undefined)).toBeNull();
    expect(parseLei(Number.NaN)).toBeNull();
    // Ten integer digits at most: the largest amount written is 9 999 999 999.99 lei, under MAX_BANI.
    expect(parseLei('9999999999.99')).toBe(999_999_999_999);
    expect(parseLei('9999999999.99')!).toBeLessThan(MAX_BANI);
  });

  it('writes the API form and the Romanian display form', () => {
    expect(formatLei(123_450)).toBe('1234.50');
    expect(formatLei(5)).toBe('0.05');
    expect(formatLei(0)).toBe('0.00');
    expect(formatLei(-150)).toBe('-1.50');
    expect(formatRon(123_450)).toBe('1.234,50 lei');
    expect(formatRon(100_000_000)).toBe('1.000.000,00 lei');
    expect(formatRon(99)).toBe('0,99 lei');
    expect(formatRon(-123_450)).toBe('-1.234,50 lei');
  });

  it('applies percentages exactly, rounded half up to the ban', () => {
    expect(parsePercent('0.5')).toBe(5000n);
    expect(parsePercent('100')).toBe(1_000_000n);
    expect(parsePercent('0,0125')).toBe(125n);
    expect(parsePercent('100.0001')).toBeNull();
    expect(parsePercent('0.12345')).toBeNull();
    expect(percentOf(100_000, '0.5')).toBe(500);
    expect(percentOf(20_000_000, '0.5')).toBe(100_000); // 0.5 % of 200 000 lei = 1 000 lei
    expect(percentOf(20_000_000, 1)).toBe(200_000);
    expect(percentOf(101, '0.5')).toBe(1); // 0.505 bani → 1
    expect(percentOf(99, '0.5')).toBe(0); // 0.495 bani → 0
    expect(percentOf(12_345, 10)).toBe(1235); // 1234.5 → 1235
    expect(() => percentOf(100, '101')).toThrow(RangeError);
  });

  it('takes a percentage of a quantity in lei per unit (the mixed model)', () => {
    // 0.01 lei per m² = 1 % of 1 leu per m²: 250 m² → 2.50 lei.
    expect(percentOfQuantity(250, '1')).toBe(250);
    expect(percentOfQuantity(0.5, '1')).toBe(1); // 0.5 bani → 1
    expect(percentOfQuantity(1234.56, '1')).toBe(1235);
  });

  it('sums exactly', () => {
    expect(sumBani([10, 20, 30])).toBe(60);
    expect(sumBani([])).toBe(0);
  });
});

describe('formatRonText', () => {
  it('shows an API amount in Romanian and gives null for text that is not an amount', () => {
    expect(formatRonText('1234.50')).toBe('1.234,50 lei');
    expect(formatRonText('0.05')).toBe('0,05 lei');
    expect(formatRonText('abc')).toBeNull();
    expect(formatRonText(null)).toBeNull();
    expect(formatRonText(undefined)).toBeNull();
  });
});
