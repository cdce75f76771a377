/**
 * CUI / CIF (cod unic de înregistrare / cod de identificare fiscală) of a Romanian company.
 */

/** Control key of the CUI, right-aligned with the digits that precede the control digit. */
export const CUI_CONTROL_KEY = '753217532';

/** Smallest number of digits the portal accepts in a CUI (spec §5; the register itself allows 2). */
export const CUI_MIN_DIGITS = 6;
/** Largest number of digits in a CUI, control digit included. */
export const CUI_MAX_DIGITS = 10;

/** Result of {@link validateCui}. */
export type CuiValidationResult =
  | {
      ok: true;
      /** The digits, without the RO prefix. */
      digits: string;
      /** True when the value carried the RO prefix (the company is registered for VAT). */
      vatPrefix: boolean;
    }
  | { ok: false; reason: 'format' | 'checksum' };

const CUI_PATTERN = /^(ro\s*)?(\d+)$/i;

/**
 * The digits of a CUI without its optional `RO` prefix: `'RO 18547290'` → `'18547290'`. The
 * prefix is case-insensitive and may be followed by spaces; surrounding whitespace is ignored.
 * Returns `null` when what remains is not made of digits only. Does not check length or checksum.
 */
export function normalizeCui(value: string): string | null {
  const match = CUI_PATTERN.exec(value.trim());
  return match ? match[2] : null;
}

/**
 * Control digit of a CUI from its digits without the last one (at most 9): each digit is
 * multiplied by the digit of {@link CUI_CONTROL_KEY} at the same position counted from the right,
 * the sum is multiplied by 10 and taken modulo 11, and a result of 10 gives 0.
 */
export function cuiControlDigit(body: string): number {
  if (!/^\d{1,9}$/.test(body)) throw new RangeError('Sunt necesare între 1 și 9 cifre');
  const key = CUI_CONTROL_KEY.slice(CUI_CONTROL_KEY.length - body.length);
  let sum = 0;
  for (let i = 0; i < body.length; i++) sum += Number(body[i]) * Number(key[i]);
  const control = (sum * 10) % 11;
  return control === 10 ? 0 : control;
}

/**
 * Validates a CUI/CIF (spec §5): optional `RO` prefix (any case, spaces allowed after it), then 6
 * to 10 digits not starting with 0, the last one being the control digit of {@link cuiControlDigit}.
 * Reasons: `format` (prefix, characters, length, leading zero) or `checksum`.
 */
export function validateCui(value: string): CuiValidationResult {
  const trimmed = value.trim();
  const digits = normalizeCui(trimmed);
  if (digits === null || digits.length < CUI_MIN_DIGITS || digits.length > CUI_MAX_DIGITS || digits.startsWith('0')) {
    return { ok: false, reason: 'format' };
  }
  if (cuiControlDigit(digits.slice(0, -1)) !== Number(digits.at(-1))) return { ok: false, reason: 'checksum' };
  return { ok: true, digits, vatPrefix: /^ro/i.test(trimmed) };
}

/** True when {@link validateCui} accepts the value. */
export function isValidCui(value: string): boolean {
  return validateCui(value).ok;
}
