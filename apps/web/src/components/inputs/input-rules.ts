/**
 * Input rules of spec §5 as pure functions, so each one is unit-tested and the same rule can be
 * reused by form schemas: text modes and maximum length, positive integers, positive decimals,
 * day-month-year dates and date ranges.
 */
import { LIMITS } from '@ghiseu/domain';

/** Which characters a text field accepts. */
export type TextMode = 'any' | 'digits' | 'letters' | 'lettersAndDigits';

/** Default maximum length of a text field (spec §9). */
export const TEXT_MAX_LENGTH = LIMITS.textMaxLength;

/**
 * Replaces the legacy cedilla letters ş ţ (often produced by old keyboard layouts) with the
 * correct Romanian comma-below letters ș ț, so stored text is searchable and consistent.
 */
export function toCommaBelow(value: string): string {
  return value.replace(/ş/g, 'ș').replace(/Ş/g, 'Ș').replace(/ţ/g, 'ț').replace(/Ţ/g, 'Ț');
}

const NOT_ALLOWED: Record<Exclude<TextMode, 'any'>, RegExp> = {
  digits: /[^0-9]/g,
  // Letters of any script (Romanian diacritics included) plus combining marks and spaces.
  letters: /[^\p{L}\p{M} ]/gu,
  lettersAndDigits: /[^\p{L}\p{M}0-9 ]/gu,
};

/** Keeps only the characters the mode allows and cuts the text to `maxLength`. */
export function sanitizeText(value: string, mode: TextMode = 'any', maxLength: number = TEXT_MAX_LENGTH): string {
  const normalized = toCommaBelow(value);
  const allowed = mode === 'any' ? normalized : normalized.replace(NOT_ALLOWED[mode], '');
  // Array.from counts code points, so a diacritic is never cut in half.
  return Array.from(allowed).slice(0, maxLength).join('');
}

/** Digits only and no leading zero: '007' → '7', '0' → '' (zero is not positive). */
export function sanitizePositiveInteger(value: string): string {
  return value.replace(/[^0-9]/g, '').replace(/^0+/, '');
}

/** Decimal separator of the portal (setting DECIMAL_SEPARATOR). */
export type DecimalSeparator = ',' | '.';

/**
 * Positive decimal with one separator and at most one decimal digit (spec §5). Either separator
 * key is accepted and written as the configured one, so users on any keyboard layout can type it.
 * '12.34' → '12,3'; ',5' → '0,5'; '007' → '7'; '1,2,3' → '1,2'.
 */
export function sanitizePositiveDecimal(value: string, separator: DecimalSeparator = ','): string {
  const cleaned = value.replace(/[^0-9.,]/g, '');
  const at = cleaned.search(/[.,]/);
  let integer = (at === -1 ? cleaned : cleaned.slice(0, at)).replace(/^0+(?=\d)/, '');
  if (at === -1) return integer;
  const decimals = cleaned
    .slice(at + 1)
    .replace(/[.,]/g, '')
    .slice(0, 1);
  if (integer === '') integer = '0';
  return `${integer}${separator}${decimals}`;
}

/** Reads a sanitized decimal back as a number ('12,5' → 12.5); empty or incomplete text → null. */
export function parseDecimal(value: string, separator: DecimalSeparator = ','): number | null {
  if (!value) return null;
  const number = Number(value.replace(separator, '.'));
  return Number.isFinite(number) ? number : null;
}

/**
 * Parses a date typed as day-month-year ('31.12.2024', also '1.2.2024', '31/12/2024',
 * '31-12-2024') into the API form 'YYYY-MM-DD'. Impossible dates (31.02.2024) give null.
 */
export function parseDisplayDate(value: string): string | null {
  const match = /^\s*(\d{1,2})[./-](\d{1,2})[./-](\d{4})\s*$/.exec(value);
  if (!match) return null;
  const day = Number(match[1]);
  const month = Number(match[2]);
  const year = Number(match[3]);
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${match[3]}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Formats 'YYYY-MM-DD' as 'DD.MM.YYYY'; anything else is returned unchanged. */
export function formatDisplayDate(value: string | null | undefined): string {
  if (!value) return '';
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return match ? `${match[3]}.${match[2]}.${match[1]}` : value;
}

/** Message shown when a range starts after it ends (spec §5). */
export const DATE_RANGE_ERROR = 'Data de început nu poate fi după data de sfârșit.';

/** Null when the range is valid (or open at either end), else the Romanian error. */
export function validateDateRange(start: string | null | undefined, end: string | null | undefined): string | null {
  // 'YYYY-MM-DD' strings order the same way as the dates they stand for.
  return start && end && start > end ? DATE_RANGE_ERROR : null;
}
