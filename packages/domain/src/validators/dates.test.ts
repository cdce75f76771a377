import { describe, expect, it } from 'vitest';
import { formatRomanianDate, isIsoDateOrDateTime, isValidDateRange, parseIsoDate, parseRomanianDate } from './dates.js';

describe('parseRomanianDate', () => {
  it('converts dd.mm.yyyy to yyyy-mm-dd', () => {
    expect(parseRomanianDate('15.03.2026')).toBe('2026-03-15');
    expect(parseRomanianDate('1.3.2026')).toBe('2026-03-01');
    expect(parseRomanianDate(' 31.12.1999 ')).toBe('1999-12-31');
  });

  it('knows leap years', () => {
    expect(parseRomanianDate('29.02.2024')).toBe('2024-02-29');
    expect(parseRomanianDate('29.02.2000')).toBe('2000-02-29');
    expect(parseRomanianDate('29.02.2023')).toBeNull();
    expect(parseRomanianDate('29.02.1900')).toBeNull();
  });

  it.each([
    ['31 February', '31.02.2024'],
    ['31 April', '31.04.2026'],
    ['month 13', '01.13.2026'],
    ['day 0', '00.01.2026'],
    ['two-digit year', '01.01.26'],
    ['year before 1000', '01.01.0999'],
    ['ISO order', '2026-03-15'],
    ['slashes', '15/03/2026'],
    ['empty', ''],
  ])('refuses %s', (_label, value) => {
    expect(parseRomanianDate(value)).toBeNull();
  });
});

describe('parseIsoDate and formatRomanianDate', () => {
  it('checks yyyy-mm-dd days', () => {
    expect(parseIsoDate('2024-02-29')).toBe('2024-02-29');
    expect(parseIsoDate('2023-02-29')).toBeNull();
    expect(parseIsoDate('2024-2-9')).toBeNull();
  });

  it('formats back to dd.mm.yyyy', () => {
    expect(formatRomanianDate('2026-03-01')).toBe('01.03.2026');
    expect(formatRomanianDate('2026-02-30')).toBeNull();
  });
});

describe('isValidDateRange', () => {
  it('accepts a start before or equal to the end', () => {
    expect(isValidDateRange('2026-01-01', '2026-12-31')).toBe(true);
    expect(isValidDateRange('2026-03-15', '2026-03-15')).toBe(true);
  });

  it('refuses a start after the end', () => {
    expect(isValidDateRange('2026-03-16', '2026-03-15')).toBe(false);
    expect(isValidDateRange('2027-01-01', '2026-12-31')).toBe(false);
  });

  it('accepts open ranges', () => {
    expect(isValidDateRange('2026-03-16', null)).toBe(true);
    expect(isValidDateRange(undefined, '2026-03-16')).toBe(true);
    expect(isValidDateRange('', '')).toBe(true);
  });

  it('refuses days that do not exist', () => {
    expect(isValidDateRange('2026-02-30', '2026-03-15')).toBe(false);
    expect(isValidDateRange('2026-02-30', null)).toBe(false);
  });
});

describe('isIsoDateOrDateTime', () => {
  it('accepts existing days with an optional real time and offset', () => {
    for (const value of [
      '2024-02-29',
      '2024-02-29T00:00',
      '2024-12-31T23:59:59.999999Z',
      '2024-06-01T10:00:00+03:00',
      '2024-06-01T10:00-0130',
    ])
      expect(isIsoDateOrDateTime(value), value).toBe(true);
  });
  it('refuses days and times that do not exist (Date.parse rolls them over)', () => {
    for (const value of [
      '2023-02-29',
      '2024-04-31',
      '2024-13-01',
      '2024-00-10',
      '2024-01-01T24:00',
      '2024-01-01T10:60',
      '2024-01-01T10:00:00+15:00',
      '99999-01-01',
      '2024-1-1',
      '2024-01-01 10:00',
      '',
    ])
      expect(isIsoDateOrDateTime(value), value).toBe(false);
  });
});
