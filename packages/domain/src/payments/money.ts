/**
 * Money in the portal: integer bani (1 leu = 100 bani) in every computation, so that no float
 * rounding ever changes an amount. The API writes amounts as decimal strings in lei with two
 * decimals ("1234.50"); the database keeps numeric(14,2) lei. Percentages are decimal strings or
 * numbers with at most four decimals ("0.5" = 0.5 %), applied with integer arithmetic and rounded
 * half up to the ban.
 */

/** An amount in bani (integer). */
export type Bani = number;

/** Largest amount the portal accepts: 10 billion lei, well inside Number.MAX_SAFE_INTEGER bani. */
export const MAX_BANI: Bani = 1_000_000_000_000;

const LEI_PATTERN = /^(\d{1,10})(?:[.,](\d{1,2}))?$/;

/**
 * "1234.5", "1234,50", 1234.5 → 123450 bani. Refuses negatives, more than two decimals,
 * thousands separators and amounts over MAX_BANI (null).
 */
export function parseLei(input: string | number | null | undefined): Bani | null {
  if (input === null || input === undefined) return null;
  const text = typeof input === 'number' ? (Number.isFinite(input) ? input.toFixed(2) : '') : input.trim();
  const match = LEI_PATTERN.exec(text);
  if (!match) return null;
  const [, whole, fraction = ''] = match;
  const bani = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return bani <= MAX_BANI ? bani : null;
}

/** 123450 → "1234.50" (the API's and the database's text form). */
export function formatLei(bani: Bani): string {
  const sign = bani < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(bani));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** 123450 → "1.234,50 lei" (Romanian display). */
export function formatRon(bani: Bani): string {
  const [whole, fraction] = formatLei(Math.abs(bani)).split('.');
  const grouped = whole!.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${bani < 0 ? '-' : ''}${grouped},${fraction} lei`;
}

/** "1234.50" (lei as the API sends them) → "1.234,50 lei"; null when the text is not an amount. */
export function formatRonText(lei: string | null | undefined): string | null {
  const bani = parseLei(lei);
  return bani === null ? null : formatRon(bani);
}

const PERCENT_PATTERN = /^(\d{1,3})(?:[.,](\d{1,4}))?$/;

/** A percentage as an exact fraction of 10^6 (percent × 10^4): "0.5" → 5000n. Null when invalid or over 100. */
export function parsePercent(input: string | number | null | undefined): bigint | null {
  if (input === null || input === undefined) return null;
  const text = typeof input === 'number' ? (Number.isFinite(input) ? String(Number(input.toFixed(4))) : '') : input.trim();
  const match = PERCENT_PATTERN.exec(text);
  if (!match) return null;
  const [, whole, fraction = ''] = match;
  const scaled = BigInt(whole!) * 10_000n + BigInt(fraction.padEnd(4, '0'));
  return scaled <= 1_000_000n ? scaled : null;
}

/** `percent` % of `bani`, rounded half up to the ban: percentOf(100_000, '0.5') = 500. */
export function percentOf(bani: Bani, percent: string | number): Bani {
  const scaled = parsePercent(percent);
  if (scaled === null) throw new RangeError(`Procent invalid: ${percent}`);
  return divideHalfUp(BigInt(bani) * scaled, 1_000_000n);
}

/** `percent` % of a quantity (m², lei) expressed in lei per unit, as bani: used by the mixed model beyond its last range. */
export function percentOfQuantity(quantity: number, percent: string | number): Bani {
  const scaled = parsePercent(percent);
  if (scaled === null) throw new RangeError(`Procent invalid: ${percent}`);
  // quantity has at most two decimals: work in hundredths, one leu per unit = 100 bani.
  const hundredths = BigInt(Math.round(quantity * 100));
  return divideHalfUp(hundredths * scaled, 1_000_000n);
}

function divideHalfUp(numerator: bigint, denominator: bigint): Bani {
  const negative = numerator < 0n;
  const abs = negative ? -numerator : numerator;
  const result = (abs * 2n + denominator) / (denominator * 2n);
  return Number(negative ? -result : result);
}

/** Sum of amounts in bani (exact). */
export function sumBani(values: readonly Bani[]): Bani {
  return values.reduce((total, value) => total + value, 0);
}
