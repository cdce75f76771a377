import { describe, expect, it } from 'vitest';
import {
  DATE_RANGE_ERROR,
  formatDisplayDate,
  parseDecimal,
  parseDisplayDate,
  sanitizePositiveDecimal,
  sanitizePositiveInteger,
  sanitizeText,
  TEXT_MAX_LENGTH,
  toCommaBelow,
  validateDateRange,
} from './input-rules';

describe('sanitizeText', () => {
  it('cuts text at 255 characters by default', () => {
    expect(TEXT_MAX_LENGTH).toBe(255);
    expect(sanitizeText('a'.repeat(300))).toHaveLength(255);
    expect(sanitizeText('abcdef', 'any', 3)).toBe('abc');
  });

  it('keeps only what the mode allows', () => {
    expect(sanitizeText('ab12-3c', 'digits')).toBe('123');
    expect(sanitizeText('Ștefan cel Mare 12!', 'letters')).toBe('Ștefan cel Mare ');
    expect(sanitizeText('Bl. A2, ap. 5', 'lettersAndDigits')).toBe('Bl A2 ap 5');
    expect(sanitizeText('<any> text; 1', 'any')).toBe('<any> text; 1');
  });

  it('writes ș ț with comma below, never the cedilla forms', () => {
    expect(toCommaBelow('Timişoara, Ţara')).toBe('Timișoara, Țara');
    expect(sanitizeText('Mureş', 'letters')).toBe('Mureș');
  });
});

describe('sanitizePositiveInteger', () => {
  it('keeps digits only and drops leading zeros', () => {
    expect(sanitizePositiveInteger('0012a3')).toBe('123');
    expect(sanitizePositiveInteger('0')).toBe('');
    expect(sanitizePositiveInteger('-5')).toBe('5');
    expect(sanitizePositiveInteger('1.5')).toBe('15');
  });
});

describe('sanitizePositiveDecimal', () => {
  it('allows one separator and at most one decimal digit', () => {
    expect(sanitizePositiveDecimal('12,34', ',')).toBe('12,3');
    expect(sanitizePositiveDecimal('1,2,3', ',')).toBe('1,2');
    expect(sanitizePositiveDecimal('12,', ',')).toBe('12,');
  });

  it('writes the configured separator whichever key was typed', () => {
    expect(sanitizePositiveDecimal('12.5', ',')).toBe('12,5');
    expect(sanitizePositiveDecimal('12,5', '.')).toBe('12.5');
  });

  it('removes other characters and needless leading zeros', () => {
    expect(sanitizePositiveDecimal('-007', ',')).toBe('7');
    expect(sanitizePositiveDecimal('00,5', ',')).toBe('0,5');
    expect(sanitizePositiveDecimal(',5', ',')).toBe('0,5');
    expect(sanitizePositiveDecimal('1e3', ',')).toBe('13');
  });

  it('parses the result as a number', () => {
    expect(parseDecimal('12,5', ',')).toBe(12.5);
    expect(parseDecimal('12.5', '.')).toBe(12.5);
    expect(parseDecimal('', ',')).toBeNull();
  });
});

describe('dates', () => {
  it('parses dd.mm.yyyy into yyyy-mm-dd', () => {
    expect(parseDisplayDate('31.12.2024')).toBe('2024-12-31');
    expect(parseDisplayDate('1.2.2024')).toBe('2024-02-01');
    expect(parseDisplayDate('01/02/2024')).toBe('2024-02-01');
  });

  it('rejects impossible or incomplete dates', () => {
    expect(parseDisplayDate('31.02.2024')).toBeNull();
    expect(parseDisplayDate('29.02.2023')).toBeNull();
    expect(parseDisplayDate('29.02.2024')).toBe('2024-02-29');
    expect(parseDisplayDate('2024-12-31')).toBeNull();
    expect(parseDisplayDate('12.2024')).toBeNull();
  });

  it('formats yyyy-mm-dd as dd.mm.yyyy', () => {
    expect(formatDisplayDate('2024-12-31')).toBe('31.12.2024');
    expect(formatDisplayDate(null)).toBe('');
  });

  it('refuses a range whose start is after its end', () => {
    expect(validateDateRange('2024-05-02', '2024-05-01')).toBe(DATE_RANGE_ERROR);
    expect(DATE_RANGE_ERROR).toBe('Data de început nu poate fi după data de sfârșit.');
    expect(validateDateRange('2024-05-01', '2024-05-01')).toBeNull();
    expect(validateDateRange('2024-05-01', null)).toBeNull();
  });
});
