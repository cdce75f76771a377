import dayjs from 'dayjs';

/** Display format of dates (spec §2: day-month-year; DESIGN §7: dd.mm.yyyy). */
export const DATE_FORMAT = 'DD.MM.YYYY';
export const DATE_TIME_FORMAT = 'DD.MM.YYYY HH:mm';

/** '05.03.2026'; '' for a missing or invalid date. */
export function formatDate(value: string | number | Date | null | undefined, format: string = DATE_FORMAT): string {
  if (value === null || value === undefined || value === '') return '';
  const date = dayjs(value);
  return date.isValid() ? date.format(format) : '';
}

export const formatDateTime = (value: string | number | Date | null | undefined): string => formatDate(value, DATE_TIME_FORMAT);

/** Sizes with 1024-byte steps (spec §9). */
export function formatBytes(size: number): string {
  if (size < 1024) return `${size} B`;
  if (size < 1024 * 1024) return `${(size / 1024).toLocaleString('ro-RO', { maximumFractionDigits: 1 })} KB`;
  return `${(size / 1024 / 1024).toLocaleString('ro-RO', { maximumFractionDigits: 1 })} MB`;
}
