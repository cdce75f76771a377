/**
 * Dates typed in forms: day-month-year as the user writes them, year-month-day as the API and
 * the database store them (spec §5).
 */

const ROMANIAN_DATE = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function existingDay(year: number, month: number, day: number): string | null {
  if (year < 1000 || month < 1 || month > 12 || day < 1) return null;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > daysInMonth) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * Converts a date typed `dd.mm.yyyy` into `'yyyy-mm-dd'`, or `null` when it is malformed or does
 * not exist: `'29.02.2024'` → `'2024-02-29'`; `'31.02.2024'`, `'29.02.2023'`, `'2024-02-01'` →
 * `null`. Day and month may have one digit (`'1.3.2026'`); the year needs four, from 1000.
 * Surrounding whitespace is ignored.
 */
export function parseRomanianDate(value: string): string | null {
  const match = ROMANIAN_DATE.exec(value.trim());
  if (!match) return null;
  return existingDay(Number(match[3]), Number(match[2]), Number(match[1]));
}

/** Formats `'yyyy-mm-dd'` as `'dd.mm.yyyy'`, or `null` when the input is not an existing day. */
export function formatRomanianDate(iso: string): string | null {
  const valid = parseIsoDate(iso);
  return valid === null ? null : `${valid.slice(8, 10)}.${valid.slice(5, 7)}.${valid.slice(0, 4)}`;
}

/** Returns `value` when it is an existing day written `'yyyy-mm-dd'`, else `null`. */
export function parseIsoDate(value: string): string | null {
  const match = ISO_DATE.exec(value);
  if (!match) return null;
  return existingDay(Number(match[1]), Number(match[2]), Number(match[3]));
}

/**
 * Date-range rule of spec §5: the start must not be after the end (equal days are fine). Both
 * are `'yyyy-mm-dd'`; an empty or missing end makes an open range, which is valid. A non-empty
 * value that is not an existing day makes the range invalid.
 */
export function isValidDateRange(start: string | null | undefined, end: string | null | undefined): boolean {
  if (!start || !end) {
    const present = start || end;
    return !present || parseIsoDate(present) !== null;
  }
  const from = parseIsoDate(start);
  const to = parseIsoDate(end);
  return from !== null && to !== null && from <= to;
}

const ISO_DATE_TIME = /^(\d{4}-\d{2}-\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?(Z|[+-](\d{2}):?(\d{2}))?)?$/;

/**
 * True for an existing day `'yyyy-mm-dd'`, optionally followed by a real time of day
 * (`T10:30`, `T10:30:00.123Z`, `T10:30:00+02:00`). `'2023-02-29'`, `'2024-13-01'` and
 * `'2024-01-01T24:00'` are false: JavaScript's Date.parse rolls them over, PostgreSQL refuses them.
 */
export function isIsoDateOrDateTime(value: string): boolean {
  const match = ISO_DATE_TIME.exec(value);
  if (!match || parseIsoDate(match[1]) === null) return false;
  const [, , hours, minutes, seconds, , offsetHours, offsetMinutes] = match;
  const within = (part: string | undefined, max: number) => part === undefined || Number(part) <= max;
  return within(hours, 23) && within(minutes, 59) && within(seconds, 59) && within(offsetHours, 14) && within(offsetMinutes, 59);
}
