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
