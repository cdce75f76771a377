import { LIMITS } from '../limits.js';

/** Decimal separator of the portal (setting DECIMAL_SEPARATOR). */
export type DecimalSeparator = ',' | '.';

/**
 * One letter of a Latin-script alphabet: the Romanian letters with comma-below and cedilla
 * diacritics (ă â î ș ț ş ţ and capitals) and, for the Hungarian and German names of the county
 * (ő ű ö ü ä ß…), any other Latin letter. Excludes digits, punctuation and non-Latin scripts.
 */
const LATIN_LETTER = String.raw`(?:(?=\p{L})\p{Script=Latin})`;
const LETTERS_ONLY = new RegExp(`^${LATIN_LETTER}+$`, 'u');
const LETTERS_APOSTROPHE_HYPHEN = new RegExp(`^(?:${LATIN_LETTER}|['’ -])+$`, 'u');
const HAS_LETTER = new RegExp(LATIN_LETTER, 'u');
const LETTERS_AND_DIGITS = new RegExp(`^(?:${LATIN_LETTER}|\\d)+$`, 'u');

/** True for an integer written in digits, optionally preceded by a minus sign: `'42'`, `'-7'`, `'007'`. */
export function isInteger(value: string): boolean {
  return /^-?\d+$/.test(value);
}

/** True for a string of digits only (text-input mode "digits only"); `''` is false. */
export function isDigitsOnly(value: string): boolean {
  return /^\d+$/.test(value);
}

/**
 * True for a positive integer as spec §5 types it: digits only, no sign, no leading zero
 * (`'1'`, `'250'`; not `'0'`, `'007'`, `'+3'`, `'1.5'`).
 */
export function isPositiveInteger(value: string): boolean {
  return /^[1-9]\d*$/.test(value);
}

function decimalPattern(separator: DecimalSeparator): RegExp {
  return new RegExp(`^(0|[1-9]\\d*)(?:${separator === '.' ? '\\.' : ','}(\\d))?$`);
}

/**
 * Parses a positive decimal typed with the portal's separator (spec §5): digits, at most one
 * separator followed by exactly one decimal digit, no leading zero in the integer part except
 * `0` itself, value greater than 0. `parsePositiveDecimal('12,5', ',')` → 12.5; `'0,5'` → 0.5;
 * `'12.5'` with `','`, `'1,25'`, `'12,'`, `'0'` and `'-1'` → `null`.
 */
export function parsePositiveDecimal(value: string, separator: DecimalSeparator = ','): number | null {
  const match = decimalPattern(separator).exec(value);
  if (!match) return null;
  const number = Number(`${match[1]}.${match[2] ?? '0'}`);
  return number > 0 ? number : null;
}

/** True when {@link parsePositiveDecimal} accepts the value. */
export function isPositiveDecimal(value: string, separator: DecimalSeparator = ','): boolean {
  return parsePositiveDecimal(value, separator) !== null;
}

/**
 * True for letters only (no spaces, digits or punctuation): the Romanian alphabet with both the
 * comma-below (ș ț) and the legacy cedilla (ş ţ) forms, plus the other Latin letters of minority
 * names (ő, ü, ß…). Input is NFC-normalised first, so decomposed diacritics count as letters.
 */
export function isLettersOnly(value: string): boolean {
  return LETTERS_ONLY.test(value.normalize('NFC'));
}

/**
 * True for letters (as in {@link isLettersOnly}), apostrophes (' or ’), hyphens and spaces, with at
 * least one letter, for names such as `'Ana-Maria'`, `"O'Brien"` or `'Maria Ioana'`.
 */
export function isLettersApostropheHyphen(value: string): boolean {
  const nfc = value.normalize('NFC');
  return LETTERS_APOSTROPHE_HYPHEN.test(nfc) && HAS_LETTER.test(nfc);
}

/** True for letters (as in {@link isLettersOnly}) and digits only (text-input mode "letters and digits"). */
export function isLettersAndDigits(value: string): boolean {
  return LETTERS_AND_DIGITS.test(value.normalize('NFC'));
}

/**
 * True when the value contains no upper-case letter (any script): `'cjmures_2024'` passes,
 * `'CJMures'` and `'Ș'` do not. Digits and punctuation are allowed.
 */
export function isLowercaseOnly(value: string): boolean {
  return !/\p{Lu}|\p{Lt}/u.test(value);
}

/** True when the value contains no white space of any kind (space, tab, line break, no-break space). */
export function isNoSpace(value: string): boolean {
  return !/\s/.test(value);
}

/** True when the value has at most `max` characters (code points; default 255, {@link LIMITS.textMaxLength}). */
export function isWithinMaxLength(value: string, max: number = LIMITS.textMaxLength): boolean {
  return [...value].length <= max;
}

/**
 * The "regexp" rule of spec §5. A string pattern (as stored in form definitions) must match the
 * whole value: it is anchored as `^(?:pattern)$`; a malformed string pattern matches nothing. A
 * RegExp is used as it is, without its `g`/`y` flags (so repeated calls do not depend on
 * `lastIndex`).
 */
export function matchesPattern(value: string, pattern: RegExp | string): boolean {
  if (typeof pattern !== 'string') return new RegExp(pattern.source, pattern.flags.replace(/[gy]/g, '')).test(value);
  try {
    return new RegExp(`^(?:${pattern})$`).test(value);
  } catch {
    return false;
  }
}

/**
 * True for an absolute URL that starts with `https://` (spec §5: the https prefix is required)
 * and parses with a host name that has a dot, is `localhost` or an IPv6 literal. No white space.
 */
export function isHttpsUrl(value: string): boolean {
  if (!/^https:\/\//i.test(value) || /\s/.test(value)) return false;
  try {
    const url = new URL(value);
    const host = url.hostname;
    return url.protocol === 'https:' && (host.includes('.') || host === 'localhost' || host.startsWith('['));
  } catch {
    return false;
  }
}

/** A NUL character or a UTF-16 surrogate without its pair (text that is not well-formed Unicode). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is exactly what this looks for
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const UNSTORABLE_ALL = new RegExp(UNSTORABLE.source, 'g');

/**
 * True when a text can be stored and sent on: PostgreSQL refuses NUL in `text` and `jsonb`, and
 * a lone surrogate has no UTF-8 form. Every request is checked with {@link findUnstorableText}.
 */
export function isStorableText(value: string): boolean {
  return !UNSTORABLE.test(value);
}

/** `value` with every NUL and lone surrogate replaced by U+FFFD (for text that must be kept). */
export function toStorableText(value: string): string {
  return isStorableText(value) ? value : value.replace(UNSTORABLE_ALL, '\uFFFD');
}

/**
 * The path (`['form', 'name']`) of the first string or object key in `value` that is not
 * {@link isStorableText}, or `null` when everything is. Walks plain objects and arrays.
 */
export function findUnstorableText(value: unknown, path: (string | number)[] = []): (string | number)[] | null {
  if (typeof value === 'string') return isStorableText(value) ? null : path;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findUnstorableText(item, [...path, index]);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (!isStorableText(key)) return [...path, key];
      const found = findUnstorableText(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}
