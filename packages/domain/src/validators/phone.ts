import { LIMITS } from '../limits.js';

/**
 * Romanian phone number in national form: 10 digits, mobile `07xxxxxxxx` or landline
 * `02xxxxxxxx` / `03xxxxxxxx` (021/031 Bucharest, 02xx/03xx the other counties).
 */
const NATIONAL_PHONE = /^0(?:7|2|3)\d{8}$/;

/**
 * True when the value is a Romanian phone number in national form, as the text-mode phone
 * field allows it (spec §5 and §9): digits only, exactly {@link LIMITS.phoneMaxDigits} (10),
 * starting with 07 (mobile), 02 or 03 (landline). No spaces, no prefix: normalise free-form input
 * with {@link normalizeRomanianPhone} first.
 */
export function isValidRomanianPhone(value: string): boolean {
  return value.length === LIMITS.phoneMaxDigits && NATIONAL_PHONE.test(value);
}

/** True for a mobile number in national form, `07xxxxxxxx`. */
export function isRomanianMobilePhone(value: string): boolean {
  return isValidRomanianPhone(value) && value.startsWith('07');
}

/**
 * The national 10-digit form of a Romanian phone number typed freely, or `null` when it is not
 * one. Spaces, hyphens, dots and parentheses are ignored; the international prefixes `+40` and
 * `0040` are replaced by `0` (`'+40 722 123 456'`, `'0040722123456'` and `'+40 (0)722-123-456'`
 * all give `'0722123456'`).
 */
export function normalizeRomanianPhone(value: string): string | null {
  const compact = value.trim().replace(/[\s\-.()]/g, '');
  let national = compact;
  const international = /^(?:\+|00)40(\d+)$/.exec(compact);
  if (international) {
    const rest = international[1];
    national = rest.startsWith('0') ? rest : `0${rest}`;
  }
  return isValidRomanianPhone(national) ? national : null;
}
