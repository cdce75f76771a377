import type { FilterOperator } from '@ghiseu/domain';

/**
 * Adds a fixed filter (`field[op]=value`) to the search parameters of a list, for filters the
 * screen applies itself (the organisation of an institution's tabs, a status shortcut).
 */
export function withFilter(searchParams: string, field: string, op: FilterOperator, value: string | number): string {
  const params = new URLSearchParams(searchParams);
  params.set(`${field}[${op}]`, String(value));
  return params.toString();
}
