import { describe, expect, it } from 'vitest';
import { isValidIban, isValidRomanianIban, normalizeIban, romanianIbanBankCode } from './iban.js';

describe('normalizeIban', () => {
  it('removes spaces and hyphens and upper-cases', () => {
    expect(normalizeIban(' ro49 aaaa 1b31 0075 9384 0000 ')).toBe('RO49AAAA1B31007593840000');
    expect(normalizeIban('RO04-TREZ-4762-1240-06XX-XXXX')).toBe('RO04TREZ4762124006XXXXXX');
  });
});

describe('isValidIban', () => {
  it('accepts valid IBANs of any country', () => {
    expect(isValidIban('RO49AAAA1B31007593840000')).toBe(true);
    expect(isValidIban('DE89 3704 0044 0532 0130 00')).toBe(true);
    expect(isValidIban('GB82WEST12345698765432')).toBe(true);
  });

  it('refuses wrong check digits, lengths and garbage', () => {
    expect(isValidIban('RO49AAAA1B31007593840001')).toBe(false);
    expect(isValidIban('RO49AAAA1B3100759384000')).toBe(false);
    expect(isValidIban('XX49AAAA1B31007593840000')).toBe(false);
    expect(isValidIban('')).toBe(false);
  });
});

describe('isValidRomanianIban', () => {
  it('accepts Romanian IBANs, treasury ones included, in any spacing and case', () => {
    expect(isValidRomanianIban('RO49AAAA1B31007593840000')).toBe(true);
    expect(isValidRomanianIban('ro48 btrl 0130 1202 9256 89xx')).toBe(true);
    expect(isValidRomanianIban('RO04TREZ4762124006XXXXXX')).toBe(true);
  });

  it('refuses foreign IBANs, wrong check digits and wrong structure', () => {
    expect(isValidRomanianIban('DE89370400440532013000')).toBe(false);
    expect(isValidRomanianIban('RO48BTRL01301202925689XY')).toBe(false);
    expect(isValidRomanianIban('RO48BTR101301202925689XX')).toBe(false);
    expect(isValidRomanianIban('RO48BTRL01301202925689X')).toBe(false);
  });

  it('extracts the bank code of a valid Romanian IBAN', () => {
    expect(romanianIbanBankCode('RO48 BTRL 0130 1202 9256 89XX')).toBe('BTRL');
    expect(romanianIbanBankCode('RO04TREZ4762124006XXXXXX')).toBe('TREZ');
    expect(romanianIbanBankCode('DE89370400440532013000')).toBeNull();
  });
});
