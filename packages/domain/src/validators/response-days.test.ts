import { describe, expect, it } from 'vitest';
import { isParsableResponseDays, parseResponseDays } from './response-days.js';

describe('parseResponseDays', () => {
  it('accepts whole numbers from 0 to 9999, as numbers or digits', () => {
    expect(parseResponseDays(0)).toBe(0);
    expect(parseResponseDays(30)).toBe(30);
    expect(parseResponseDays(9999)).toBe(9999);
    expect(parseResponseDays('45')).toBe(45);
    expect(parseResponseDays(' 0 ')).toBe(0);
    expect(parseResponseDays('0030')).toBe(30);
  });

  it.each([
    ['missing', undefined],
    ['null', null],
    ['empty', ''],
    ['negative', -1],
    ['negative string', '-1'],
    ['above 9999', 10000],
    ['fraction', 1.5],
    ['fraction string', '1,5'],
    ['exponent', '1e3'],
    ['words', '12 zile'],
    ['NaN', Number.NaN],
    ['boolean', true],
  ])('refuses %s', (_label, value) => {
    expect(parseResponseDays(value)).toBeNull();
    expect(isParsableResponseDays(value)).toBe(false);
  });
});
