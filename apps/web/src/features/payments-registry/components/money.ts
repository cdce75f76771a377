import { formatRon, parseLei } from '@ghiseu/domain';

/** "1234.50" (the API's lei) → "1.234,50 lei"; '—' for a missing or unreadable amount. */
export function lei(value: string | null | undefined): string {
  const bani = parseLei(value ?? null);
  return bani === null ? '—' : formatRon(bani);
}
