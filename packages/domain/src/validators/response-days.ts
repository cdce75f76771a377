import { LIMITS } from '../limits.js';

/**
 * Parses the response days of an application type (spec §5 and §9): a whole number from 0 to
 * 9999 ({@link LIMITS.responseDaysMin}–{@link LIMITS.responseDaysMax}), given as a number or as
 * digits (surrounding whitespace ignored). Returns `null` for anything else: empty, negative,
 * fractional, `'1e3'`, `'12 zile'`, out of range.
 */
export function parseResponseDays(value: unknown): number | null {
  let days: number;
  if (typeof value === 'number') {
    days = value;
  } else if (typeof value === 'string' && /^\d+$/.test(value.trim())) {
    days = Number(value.trim());
  } else {
    return null;
  }
  return Number.isInteger(days) && days >= LIMITS.responseDaysMin && days <= LIMITS.responseDaysMax ? days : null;
}

/** True when {@link parseResponseDays} accepts the value. */
export function isParsableResponseDays(value: unknown): boolean {
  return parseResponseDays(value) !== null;
}
