import { LIMITS } from './limits.js';

/**
 * The list-query contract of DESIGN.md §4, shared by the server parser and the web FilterBar:
 * `skip`, `limit`, `pagination=true`, `orLikeQuery`, `sortKey` (`-field` descending) and
 * filters `field[op]=value`.
 */
export const FILTER_OPERATORS = ['eq', 'contains', 'like', 'ge', 'lt'] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

export interface ListFilter {
  field: string;
  op: FilterOperator;
  value: string;
}

export interface ListQuery {
  skip: number;
  limit: number;
  pagination: boolean;
  orLikeQuery?: string;
  sort?: { field: string; descending: boolean };
  filters: ListFilter[];
}

export interface Pagination {
  total: number;
  skip: number;
  limit: number;
  /**
   * Present (true) when `total` is the database's estimate: past a few thousand rows an exact
   * count would cost more than the page itself. Show it as approximate ("about …").
   */
  total_estimated?: true;
}

export interface ListResponse<T> {
  data: T[];
  pagination?: Pagination;
}

/**
 * Serialises a query the way the API expects it. Date ranges are written as an inclusive
 * `ge` start and an exclusive `lt` end + 1 day by the caller (see `dateRangeFilters`).
 */
export function toSearchParams(query: Partial<ListQuery>): URLSearchParams {
  const params = new URLSearchParams();
  if (query.skip !== undefined) params.set('skip', String(query.skip));
  if (query.limit !== undefined) params.set('limit', String(query.limit));
  if (query.pagination) params.set('pagination', 'true');
  if (query.orLikeQuery) params.set('orLikeQuery', query.orLikeQuery);
  if (query.sort) params.set('sortKey', `${query.sort.descending ? '-' : ''}${query.sort.field}`);
  for (const f of query.filters ?? []) params.append(`${f.field}[${f.op}]`, f.value);
  return params;
}

/** Turns an inclusive day range (YYYY-MM-DD) into the `ge` / `lt` pair of the contract. */
export function dateRangeFilters(field: string, start?: string, end?: string): ListFilter[] {
  const filters: ListFilter[] = [];
  if (start) filters.push({ field, op: 'ge', value: start });
  if (end) {
    const next = new Date(`${end}T00:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    filters.push({ field, op: 'lt', value: next.toISOString().slice(0, 10) });
  }
  return filters;
}

export const DEFAULT_LIMIT = LIMITS.defaultListLimit;
