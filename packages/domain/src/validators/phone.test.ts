import { describe, expect, it } from 'vitest';
import { isRomanianMobilePhone, isValidRomanianPhone, normalizeRomanianPhone } from './phone.js';

describe('isValidRomanianPhone', () => {
  it.each(['0722123456', '0745000111', '0212345678', '0265123456', '0311234567', '0365987654'])('accepts %s', (phone) => {
    expect(isValidRomanianPhone(phone)).toBe(true);
  });

  it.each([
    ['9 digits', '072212345'],
    ['11 digits', '07221234567'],
    ['prefix +40', '+40722123456'],
    ['spaces', '0722 123 456'],
    ['toll-free 08', '0800123456'],
    ['premium 09', '0900123456'],
    ['no leading 0', '7221234567'],
    ['letters', '07221234ab'],
    ['empty', ''],
  ])('refuses %s', (_label, phone) => {
    expect(isValidRomanianPhone(phone)).toBe(false);
  });

  it('tells mobile numbers from landlines', () => {
    expect(isRomanianMobilePhone('0722123456')).toBe(true);
    expect(isRomanianMobilePhone('0265123456')).toBe(false);
    expect(isRomanianMobilePhone('072212345')).toBe(false);
  });
});

describe('normalizeRomanianPhone', () => {
  it.each([
    ['0722123456', '0722123456'],
    ['+40722123456', '0722123456'],
    ['+40 722 123 456', '0722123456'],
    ['0040722123456', '0722123456'],
    ['+40 (0)722-123-456', '0722123456'],
    ['0265.123.456', '0265123456'],
    [' 021 234 5678 ', '0212345678'],
  ])('%s → %s', (input, expected) => {
    expect(normalizeRomanianPhone(input)).toBe(expected);
  });

  it.each(['+41722123456', '40722123456', '+4072212345', '0800123456', '07221234567', 'telefon', ''])('refuses %s', (input) => {
    expect(normalizeRomanianPhone(input)).toBeNull();
  });
});
