import { describe, expect, it } from 'vitest';
import { CNP_COUNTY_CODES, cnpControlDigit, isValidCnp, validateCnp } from './cnp.js';

// Every fixture below has a correct control digit (computed with the key 279146358279) unless
// the test is about the checksum.
const TODAY = new Date('2026-03-15T00:00:00Z');

describe('cnpControlDigit', () => {
  it('weights the 12 digits with 279146358279 modulo 11', () => {
    // 1·2+9·7+8·9+0·1+5·4+0·6+5·3+2·5+6·8+0·2+0·7+1·9 = 239; 239 mod 11 = 8
    expect(cnpControlDigit('198050526001')).toBe(8);
    expect(cnpControlDigit('263061512345')).toBe(9);
  });

  it('turns a remainder of 10 into 1', () => {
    expect(cnpControlDigit('180010126007')).toBe(1);
  });

  it('refuses anything but 12 digits', () => {
    expect(() => cnpControlDigit('12345')).toThrow(RangeError);
    expect(() => cnpControlDigit('19805052600a')).toThrow(RangeError);
  });
});

describe('validateCnp: valid codes', () => {
  it('decodes a man born in the 1900s', () => {
    expect(validateCnp('1980505260018', TODAY)).toEqual({ ok: true, birthDate: '1998-05-05', sex: 'M', county: '26' });
  });

  it('decodes a woman born in the 1900s', () => {
    expect(validateCnp('2630615123459', TODAY)).toEqual({ ok: true, birthDate: '1963-06-15', sex: 'F', county: '12' });
  });

  it('uses the 1800s for 3 and 4', () => {
    expect(validateCnp('3991231123455', TODAY)).toEqual({ ok: true, birthDate: '1899-12-31', sex: 'M', county: '12' });
  });

  it('uses the 2000s for 5 and 6, including 29 February 2000', () => {
    expect(validateCnp('5000229410016', TODAY)).toEqual({ ok: true, birthDate: '2000-02-29', sex: 'M', county: '41' });
    expect(validateCnp('6000315012344', TODAY)).toEqual({ ok: true, birthDate: '2000-03-15', sex: 'F', county: '01' });
  });

  it('accepts a control digit of 1 coming from a remainder of 10', () => {
    expect(validateCnp('1800101260071', TODAY)).toMatchObject({ ok: true, birthDate: '1980-01-01' });
  });

  it('ignores surrounding whitespace', () => {
    expect(isValidCnp('  1980505260018 ', TODAY)).toBe(true);
  });

  it('accepts a Date or a YYYY-MM-DD string as today', () => {
    expect(validateCnp('1980505260018', '2026-03-15')).toEqual(validateCnp('1980505260018', TODAY));
  });

  it('works with the default today (current day in Romania)', () => {
    expect(isValidCnp('1980505260018')).toBe(true);
    expect(validateCnp('5991231260019')).toEqual({ ok: false, reason: 'future' });
  });
});

describe('validateCnp: century of foreigners (7, 8, 9)', () => {
  it('takes the 1900s when the 2000s date is not before today', () => {
    expect(validateCnp('7900101700017', TODAY)).toEqual({ ok: true, birthDate: '1990-01-01', sex: 'M', county: '70' });
    expect(validateCnp('8960214800124', TODAY)).toEqual({ ok: true, birthDate: '1996-02-14', sex: 'F', county: '80' });
    // 2026-03-16 is after today: 1926.
    expect(validateCnp('7260316260019', TODAY)).toMatchObject({ ok: true, birthDate: '1926-03-16' });
  });

  it('takes the 2000s when that date is already past', () => {
    expect(validateCnp('8000229111116', TODAY)).toEqual({ ok: true, birthDate: '2000-02-29', sex: 'F', county: '11' });
    // 2026-03-14 is yesterday: a baby, so under age rather than 1926.
    expect(validateCnp('9260314260017', TODAY)).toEqual({ ok: false, reason: 'underage' });
  });

  it('reports no sex for 9', () => {
    expect(validateCnp('9501018101230', TODAY)).toEqual({ ok: true, birthDate: '1950-10-18', sex: null, county: '10' });
  });

  it('refuses a day that exists in neither century', () => {
    // 29.02.2002 and 29.02.1902 do not exist.
    expect(validateCnp('7020229260013', TODAY)).toEqual({ ok: false, reason: 'date' });
  });
});

describe('validateCnp: failure reasons', () => {
  it.each([
    ['too short', '198050526001'],
    ['too long', '19805052600188'],
    ['a letter', '198050526001A'],
    ['first digit 0', '0980505260018'],
    ['sequence number 000', '1980505260001'],
    ['empty', ''],
  ])('format: %s', (_label, cnp) => {
    expect(validateCnp(cnp, TODAY)).toEqual({ ok: false, reason: 'format' });
  });

  it('checksum: one digit changed or two swapped', () => {
    expect(validateCnp('1980505260019', TODAY)).toEqual({ ok: false, reason: 'checksum' });
    expect(validateCnp('1890505260018', TODAY)).toEqual({ ok: false, reason: 'checksum' });
  });

  it.each([
    ['month 13', '1981305260011'],
    ['day 00', '1980500260014'],
    ['30 February', '1980230260011'],
    ['29 February 1900 (not a leap year)', '1000229260016'],
    ['29 February 1800 (not a leap year)', '3000229111117'],
  ])('date: %s', (_label, cnp) => {
    expect(validateCnp(cnp, TODAY)).toEqual({ ok: false, reason: 'date' });
  });

  it('county: codes 00, 49 and 53–69 are not assigned; 70 and 80–83 are', () => {
    expect(validateCnp('1980505000015', TODAY)).toEqual({ ok: false, reason: 'county' });
    expect(validateCnp('1980505490019', TODAY)).toEqual({ ok: false, reason: 'county' });
    expect(isValidCnp('1980505700017', TODAY)).toBe(true);
    expect(isValidCnp('1980505820016', TODAY)).toBe(true);
  });

  it('future: a birth date after today, or today itself', () => {
    expect(validateCnp('5300101123456', TODAY)).toEqual({ ok: false, reason: 'future' });
    expect(validateCnp('6260315260014', TODAY)).toEqual({ ok: false, reason: 'future' });
  });

  it('underage: under 18 on today', () => {
    expect(validateCnp('5100101420013', TODAY)).toEqual({ ok: false, reason: 'underage' });
  });

  it('underage: the 18th birthday is the first valid day', () => {
    // Born 2008-03-15.
    expect(validateCnp('6080315260018', '2026-03-14')).toEqual({ ok: false, reason: 'underage' });
    expect(validateCnp('6080315260018', '2026-03-15')).toMatchObject({ ok: true, birthDate: '2008-03-15' });
  });

  it('accepts minors when the minimum age is 0', () => {
    expect(validateCnp('5100101420013', TODAY, 0)).toEqual({ ok: true, birthDate: '2010-01-01', sex: 'M', county: '42' });
    expect(isValidCnp('5100101420013', TODAY, 0)).toBe(true);
  });
});

describe('CNP_COUNTY_CODES', () => {
  it('holds 01–48, 51, 52, 70 and 80–83 only', () => {
    expect(CNP_COUNTY_CODES.size).toBe(48 + 2 + 1 + 4);
    expect(['01', '26', '46', '47', '48', '51', '52', '70', '80', '83'].every((c) => CNP_COUNTY_CODES.has(c))).toBe(true);
    expect(['00', '49', '50', '53', '69', '71', '79', '84', '99'].some((c) => CNP_COUNTY_CODES.has(c))).toBe(false);
  });
});
