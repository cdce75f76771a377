import { electronicFormatIBAN, isValidIBAN } from 'ibantools';

/** Length of a Romanian IBAN: RO + 2 check digits + 4-letter bank code + 16 alphanumerics. */
export const ROMANIAN_IBAN_LENGTH = 24;

const ROMANIAN_IBAN_PATTERN = /^RO\d{2}[A-Z]{4}[A-Z0-9]{16}$/;

/**
 * The electronic form of an IBAN: spaces and hyphens removed, upper case
 * (`'ro49 aaaa 1b31 0075 9384 0000'` → `'RO49AAAA1B31007593840000'`). Does not validate.
 */
export function normalizeIban(value: string): string {
  return electronicFormatIBAN(value.trim()) ?? '';
}

/**
 * True when the value is a valid IBAN of any country known to ibantools (length of the country,
 * BBAN format and ISO 7064 mod 97 check digits), after {@link normalizeIban}.
 */
export function isValidIban(value: string): boolean {
  const iban = normalizeIban(value);
  return iban !== '' && isValidIBAN(iban);
}

/**
 * True when the value is a valid Romanian IBAN: `RO`, 2 check digits, the 4-letter bank code
 * (e.g. `TREZ` for the State Treasury), 16 letters or digits, 24 characters in all, with correct
 * check digits. Spaces, hyphens and lower case are accepted, as in {@link normalizeIban}.
 */
export function isValidRomanianIban(value: string): boolean {
  const iban = normalizeIban(value);
  return ROMANIAN_IBAN_PATTERN.test(iban) && isValidIBAN(iban);
}

/** The 4-letter bank code of a valid Romanian IBAN (`'BTRL'`, `'TREZ'`…), or `null`. */
export function romanianIbanBankCode(value: string): string | null {
  return isValidRomanianIban(value) ? normalizeIban(value).slice(4, 8) : null;
}
