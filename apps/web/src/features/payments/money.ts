import { formatRonText, parseLei } from '@ghiseu/domain';

/** "1234.50" (lei on the wire) → "1.234,50 lei"; the text itself when it is not an amount. */
export const ron = (lei: string | null | undefined): string => formatRonText(lei) ?? lei ?? '';

/** True when an amount in lei is zero (or missing). */
export const isZero = (lei: string | null | undefined): boolean => (parseLei(lei ?? null) ?? 0) === 0;
