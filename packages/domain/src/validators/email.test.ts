import { describe, expect, it } from 'vitest';
import { emailDomain, isBlockedEmailDomain, isValidEmail } from './email.js';

describe('isValidEmail', () => {
  it.each([
    'ion.popescu@gmail.com',
    'a@b.ro',
    'contact+ghiseu@cjmures.ro',
    "o'brien@mail.example.co.uk",
    'X_Y-Z@sub-domain.example.org',
  ])('accepts %s', (email) => {
    expect(isValidEmail(email)).toBe(true);
  });

  it.each([
    ['no @', 'ion.popescu.gmail.com'],
    ['two @', 'ion@popescu@gmail.com'],
    ['no domain dot', 'ion@localhost'],
    ['one-letter TLD', 'ion@gmail.c'],
    ['numeric TLD', 'ion@gmail.123'],
    ['leading dot', '.ion@gmail.com'],
    ['double dot', 'ion..popescu@gmail.com'],
    ['trailing dot in local part', 'ion.@gmail.com'],
    ['hyphen at label start', 'ion@-gmail.com'],
    ['space', 'ion popescu@gmail.com'],
    ['surrounding space', ' ion@gmail.com'],
    ['diacritics', 'ștefan@gmail.com'],
    ['empty', ''],
  ])('refuses %s', (_label, email) => {
    expect(isValidEmail(email)).toBe(false);
  });

  it('limits the local part to 64 and the address to 254 characters', () => {
    expect(isValidEmail(`${'a'.repeat(64)}@gmail.com`)).toBe(true);
    expect(isValidEmail(`${'a'.repeat(65)}@gmail.com`)).toBe(false);
    const label = 'd'.repeat(62);
    // 4 + 4 × 63 + 2 = 258 characters.
    expect(isValidEmail(`ion@${label}.${label}.${label}.${label}.ro`)).toBe(false);
    // 4 + 3 × 63 + 2 = 195 characters.
    expect(isValidEmail(`ion@${label}.${label}.${label}.ro`)).toBe(true);
  });
});

describe('emailDomain', () => {
  it('returns the lower-case domain', () => {
    expect(emailDomain('Ion@CJMures.RO')).toBe('cjmures.ro');
    expect(emailDomain('ion@cjmures.ro.')).toBe('cjmures.ro');
    expect(emailDomain('fara-arond')).toBe('');
  });
});

describe('isBlockedEmailDomain', () => {
  const blocked = ['cjmures.ro', '@Spam.example', '.tempmail.org', ' '];

  it('matches the domain exactly, case-insensitively', () => {
    expect(isBlockedEmailDomain('ion@cjmures.ro', blocked)).toBe(true);
    expect(isBlockedEmailDomain('ION@CJMURES.RO', blocked)).toBe(true);
    expect(isBlockedEmailDomain('ion@spam.example', blocked)).toBe(true);
    expect(isBlockedEmailDomain('ion@tempmail.org', blocked)).toBe(true);
  });

  it('matches subdomains', () => {
    expect(isBlockedEmailDomain('ion@mail.cjmures.ro', blocked)).toBe(true);
    expect(isBlockedEmailDomain('ion@a.b.tempmail.org', blocked)).toBe(true);
  });

  it('does not match other domains that merely end with the same letters', () => {
    expect(isBlockedEmailDomain('ion@notcjmures.ro', blocked)).toBe(false);
    expect(isBlockedEmailDomain('ion@cjmures.ro.evil.com', blocked)).toBe(false);
    expect(isBlockedEmailDomain('ion@gmail.com', blocked)).toBe(false);
  });

  it('blocks nothing with an empty list or empty entries', () => {
    expect(isBlockedEmailDomain('ion@cjmures.ro', [])).toBe(false);
    expect(isBlockedEmailDomain('ion@cjmures.ro', ['', '  '])).toBe(false);
    expect(isBlockedEmailDomain('no-at-sign', blocked)).toBe(false);
  });
});
