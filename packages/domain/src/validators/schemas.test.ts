import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { VALIDATION_MESSAGES as M } from './messages.js';
import {
  cnpSchema,
  emailSchema,
  positiveDecimalSchema,
  zCnp,
  zCui,
  zDateRange,
  zEmail,
  zHttpsUrl,
  zIban,
  zIsoDate,
  zLettersOnly,
  zLowercaseOnly,
  zNoSpace,
  zOptionalField,
  zPassword,
  zPasswordConfirmation,
  zPersonName,
  zPositiveInteger,
  zPostalCode,
  zRequiredText,
  zResponseDays,
  zRomanianDate,
  zRomanianIban,
  zRomanianPhone,
  zSmsCode,
  zTermsAccepted,
} from './schemas.js';

/** Messages of a failed parse, or [] when it succeeds. */
function messages(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('required values', () => {
  it.each([
    ['zCnp', zCnp],
    ['zCui', zCui],
    ['zIban', zIban],
    ['zRomanianPhone', zRomanianPhone],
    ['zEmail', zEmail],
    ['zPostalCode', zPostalCode],
    ['zSmsCode', zSmsCode],
    ['zRomanianDate', zRomanianDate],
    ['zHttpsUrl', zHttpsUrl],
    ['zPassword', zPassword],
  ] as const)('%s answers only "Acest câmp este obligatoriu" when missing or empty', (_name, schema) => {
    expect(messages(schema, undefined)).toEqual([M.required]);
    expect(messages(schema, '')).toEqual([M.required]);
  });

  it('trims text and refuses blank text', () => {
    expect(zRequiredText().parse('  Târgu Mureș ')).toBe('Târgu Mureș');
    expect(messages(zRequiredText(), '   ')).toEqual([M.required]);
  });

  it('limits the length, 255 by default', () => {
    expect(messages(zRequiredText(), 'a'.repeat(256))).toEqual(['Textul poate avea cel mult 255 caractere']);
    expect(messages(zRequiredText(5), 'abcdef')).toEqual(['Textul poate avea cel mult 5 caractere']);
  });

  it('answers a too-long value with the length message only', () => {
    expect(messages(zCnp, '1'.repeat(300))).toEqual(['Textul poate avea cel mult 255 caractere']);
    expect(messages(zPostalCode, '5400261')).toEqual([M.postalCode]);
  });

  it('answers a wrong type with the invalid-value message', () => {
    expect(messages(zRequiredText(), 42)).toEqual([M.invalidValue]);
  });

  it('zOptionalField turns blank values into undefined and validates the rest', () => {
    const optionalCui = zOptionalField(zCui);
    expect(optionalCui.parse('')).toBeUndefined();
    expect(optionalCui.parse('  ')).toBeUndefined();
    expect(optionalCui.parse(null)).toBeUndefined();
    expect(optionalCui.parse(undefined)).toBeUndefined();
    expect(optionalCui.parse('RO18547290')).toBe('RO18547290');
    expect(messages(optionalCui, '18547291')).toEqual([M.cui]);
  });
});

describe('zCnp and cnpSchema', () => {
  it('accepts a valid adult CNP', () => {
    expect(zCnp.parse(' 1980505260018 ')).toBe('1980505260018');
  });

  it('answers "CNP-ul nu este valid" with the failure reason', () => {
    const result = zCnp.safeParse('1980505260019');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ message: 'CNP-ul nu este valid', params: { reason: 'checksum' } });
  });

  it('has a dedicated message for minors, and can accept them', () => {
    const onDay = cnpSchema({ today: () => '2026-03-15' });
    expect(messages(onDay, '5100101420013')).toEqual([M.cnpUnderage]);
    expect(cnpSchema({ today: () => '2026-03-15', minimumAge: 0 }).parse('5100101420013')).toBe('5100101420013');
  });
});

describe('company, bank and contact schemas', () => {
  it('zCui keeps the RO prefix and refuses bad checksums', () => {
    expect(zCui.parse('RO 18547290')).toBe('RO 18547290');
    expect(messages(zCui, '18547291')).toEqual(['CUI/CIF-ul nu este valid']);
  });

  it('zIban outputs the electronic form', () => {
    expect(zIban.parse('ro49 aaaa 1b31 0075 9384 0000')).toBe('RO49AAAA1B31007593840000');
    expect(zIban.parse('DE89 3704 0044 0532 0130 00')).toBe('DE89370400440532013000');
    expect(messages(zIban, 'RO49AAAA1B31007593840001')).toEqual(['IBAN-ul nu este valid']);
  });

  it('zRomanianIban refuses foreign IBANs', () => {
    expect(zRomanianIban.parse('RO48 BTRL 0130 1202 9256 89XX')).toBe('RO48BTRL01301202925689XX');
    expect(messages(zRomanianIban, 'DE89370400440532013000')).toEqual([M.iban]);
  });

  it('zRomanianPhone outputs the national form', () => {
    expect(zRomanianPhone.parse('+40 722 123 456')).toBe('0722123456');
    expect(zRomanianPhone.parse('0265123456')).toBe('0265123456');
    expect(messages(zRomanianPhone, '0800123456')).toEqual([M.phone]);
  });

  it('zEmail checks the pattern', () => {
    expect(zEmail.parse(' ion@cjmures.ro ')).toBe('ion@cjmures.ro');
    expect(messages(zEmail, 'ion@')).toEqual(['Adresa de e-mail nu este validă']);
  });

  it('emailSchema refuses blocked domains, once the address is valid', () => {
    const registration = emailSchema({ blockedDomains: ['cjmures.ro'] });
    expect(registration.parse('ion@gmail.com')).toBe('ion@gmail.com');
    expect(messages(registration, 'ion@mail.cjmures.ro')).toEqual([M.emailDomainBlocked]);
    expect(messages(registration, 'ion@cjmures')).toEqual([M.email]);
  });

  it('zPostalCode and zSmsCode need 6 digits', () => {
    expect(zPostalCode.parse('540026')).toBe('540026');
    expect(messages(zPostalCode, '54002')).toEqual(['Codul poștal trebuie să conțină 6 cifre']);
    expect(zSmsCode.parse('123456')).toBe('123456');
    expect(messages(zSmsCode, '12345a')).toEqual(['Codul trebuie să conțină 6 cifre']);
  });
});

describe('password schemas', () => {
  it('zPassword reports every broken rule and does not trim', () => {
    expect(zPassword.parse(' Parola#2026 ')).toBe(' Parola#2026 ');
    expect(messages(zPassword, 'parola')).toEqual([M.passwordMinLength, M.passwordUppercase, M.passwordDigit, M.passwordSpecial]);
  });

  it('zPasswordConfirmation reports a mismatch on confirmPassword', () => {
    expect(zPasswordConfirmation.parse({ password: 'Parola#2026', confirmPassword: 'Parola#2026' })).toEqual({
      password: 'Parola#2026',
      confirmPassword: 'Parola#2026',
    });
    const result = zPasswordConfirmation.safeParse({ password: 'Parola#2026', confirmPassword: 'Parola#2025' });
    expect(result.error?.issues).toMatchObject([{ message: 'Parolele nu sunt identice', path: ['confirmPassword'] }]);
  });

  it('zPasswordConfirmation still reports the mismatch when the password is weak', () => {
    const result = zPasswordConfirmation.safeParse({ password: 'parola', confirmPassword: 'altceva' });
    const found = result.error?.issues.map((issue) => issue.message) ?? [];
    expect(found).toContain(M.passwordsMismatch);
    expect(found).toContain(M.passwordUppercase);
  });

  it('zTermsAccepted needs true', () => {
    expect(zTermsAccepted.parse(true)).toBe(true);
    expect(messages(zTermsAccepted, false)).toEqual([M.termsRequired]);
  });
});

describe('zResponseDays', () => {
  it('accepts 0 to 9999 as numbers or digits and outputs a number', () => {
    expect(zResponseDays.parse(0)).toBe(0);
    expect(zResponseDays.parse('30')).toBe(30);
    expect(zResponseDays.parse(9999)).toBe(9999);
  });

  it.each([undefined, null, '', 'abc', -1, 10000, 2.5, '2,5'])('answers "Introdu un numar" for %j', (value) => {
    expect(messages(zResponseDays, value)).toEqual(['Introdu un numar']);
  });
});

describe('dates and text rules', () => {
  it('zRomanianDate converts to yyyy-mm-dd and refuses 31.02.2024', () => {
    expect(zRomanianDate.parse('29.02.2024')).toBe('2024-02-29');
    expect(messages(zRomanianDate, '31.02.2024')).toEqual([M.date]);
  });

  it('zIsoDate and zDateRange', () => {
    expect(zIsoDate.parse('2026-03-15')).toBe('2026-03-15');
    expect(zDateRange.parse({ start: '2026-01-01', end: '2026-01-31' })).toEqual({ start: '2026-01-01', end: '2026-01-31' });
    expect(zDateRange.parse({ start: '2026-01-01' })).toEqual({ start: '2026-01-01' });
    const result = zDateRange.safeParse({ start: '2026-02-01', end: '2026-01-31' });
    expect(result.error?.issues).toMatchObject([{ message: M.dateRange, path: ['end'] }]);
  });

  it('zHttpsUrl needs https://', () => {
    expect(zHttpsUrl.parse('https://gis.cjmures.ro/FeatureServer/0')).toBe('https://gis.cjmures.ro/FeatureServer/0');
    expect(messages(zHttpsUrl, 'http://gis.cjmures.ro')).toEqual([M.httpsUrl]);
  });

  it('text-mode schemas', () => {
    expect(zPositiveInteger.parse('25')).toBe('25');
    expect(messages(zPositiveInteger, '025')).toEqual([M.positiveInteger]);
    expect(positiveDecimalSchema(',').parse('12,5')).toBe('12,5');
    expect(messages(positiveDecimalSchema('.'), '12,5')).toEqual([M.positiveDecimal]);
    expect(zLettersOnly.parse('Ștefan')).toBe('Ștefan');
    expect(messages(zLettersOnly, 'Ștefan 2')).toEqual([M.lettersOnly]);
    expect(zPersonName.parse('Ana-Maria')).toBe('Ana-Maria');
    expect(messages(zPersonName, 'Ana_Maria')).toEqual([M.lettersApostropheHyphen]);
    expect(messages(zLowercaseOnly, 'Strat')).toEqual([M.lowercaseOnly]);
    expect(messages(zNoSpace, 'a b')).toEqual([M.noSpace]);
  });
});
