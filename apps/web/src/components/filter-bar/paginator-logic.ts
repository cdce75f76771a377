/** Position of the current page: 1-based row numbers shown and the number of pages. */
export interface PageBounds {
  start: number;
  end: number;
  pageCount: number;
}

/** Rows shown on `page` (1-based) of `total` rows; '0-0' when the list is empty. */
export function pageBounds(page: number, pageSize: number, total: number): PageBounds {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  if (total <= 0) return { start: 0, end: 0, pageCount };
  const current = Math.min(Math.max(1, page), pageCount);
  const start = (current - 1) * pageSize + 1;
  return { start, end: Math.min(total, current * pageSize), pageCount };
}

/** Formats a count the Romanian way (1.234). */
export function formatCount(value: number): string {
  return value.toLocaleString('ro-RO');
}

/** The paginator's text: 'start-end din total' (spec §2). */
export function pageRangeText(page: number, pageSize: number, total: number): string {
  const { start, end } = pageBounds(page, pageSize, total);
  return `${formatCount(start)}-${formatCount(end)} din ${formatCount(total)}`;
}
