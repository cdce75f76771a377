import dayjs from 'dayjs';

const DAY_MS = 24 * 60 * 60_000;

let relative: Intl.RelativeTimeFormat | null = null;

/**
 * Spec §9: a message younger than 24 hours shows a relative date ("acum 5 minute", "acum 3 ore"),
 * an older one `YYYY/MM/DD HH:mm`.
 */
export function formatMessageDate(iso: string, now: number = Date.now()): string {
  const created = Date.parse(iso);
  if (!Number.isFinite(created)) return '';
  const age = Math.max(now - created, 0);
  if (age >= DAY_MS) return dayjs(created).format('YYYY/MM/DD HH:mm');
  relative ??= new Intl.RelativeTimeFormat('ro', { numeric: 'always' });
  const seconds = Math.floor(age / 1000);
  // Under a minute: "acum" (the 'auto' style's word for this very moment).
  if (seconds < 60) return new Intl.RelativeTimeFormat('ro', { numeric: 'auto' }).format(0, 'second');
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return relative.format(-minutes, 'minute');
  return relative.format(-Math.floor(minutes / 60), 'hour');
}
