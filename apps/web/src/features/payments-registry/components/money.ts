import { formatRonText } from '@ghiseu/domain';

/** "1234.50" (the API's lei) → "1.234,50 lei"; '—' for a missing or unreadable amount. */
export const lei = (value: string | null | undefined): string => formatRonText(value) ?? '—';
