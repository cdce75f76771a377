import { DEFAULT_LIMIT, type ListQuery, toSearchParams } from '@ghiseu/domain';
import { useMemo, useState } from 'react';
import { buildFilterQuery, type FilterQuery } from './filter-logic';
import type { FilterDefinition, FilterValues } from './types';

/** Options of `useListQuery`. */
export interface UseListQueryOptions {
  /** Rows per page (setting RECORDS_PER_PAGE; default 20). */
  pageSize?: number;
  /** Initial sort key (`field` or `-field`). */
  initialSortKey?: string;
  /** Initial filter values. */
  initialValues?: FilterValues;
  /** The bar's filter definitions, needed to turn `initialValues` into the first query. */
  definitions?: readonly FilterDefinition[];
}

/** State and setters of one list page: filters, sort and pagination together. */
export interface ListQueryController {
  page: number;
  pageSize: number;
  sortKey: string | undefined;
  values: FilterValues;
  filterQuery: FilterQuery;
  /** The query as the API contract describes it. */
  listQuery: ListQuery;
  /** The query as URL parameters, e.g. for `fetch` and as a react-query key. */
  searchParams: string;
  setPage: (page: number) => void;
  setSortKey: (sortKey: string | undefined) => void;
  /** Pass to `FilterBar`'s `onChange`. */
  onFiltersChange: (values: FilterValues, query: FilterQuery) => void;
}

const sameQuery = (a: FilterQuery, b: FilterQuery) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Ties a FilterBar, a DataTable and a Paginator together. Any change of the filters that alters
 * the query, and any change of the sort, returns to page 1 (spec §2): staying on page 7 of a
 * narrower result would show an empty page.
 */
export function useListQuery({
  pageSize = DEFAULT_LIMIT,
  initialSortKey,
  initialValues = {},
  definitions = [],
}: UseListQueryOptions = {}): ListQueryController {
  const [state, setState] = useState(() => ({
    page: 1,
    sortKey: initialSortKey,
    values: initialValues,
    filterQuery: buildFilterQuery(definitions, initialValues),
  }));

  const listQuery = useMemo<ListQuery>(() => {
    const { sortKey, filterQuery, page } = state;
    const descending = sortKey?.startsWith('-') ?? false;
    return {
      skip: (page - 1) * pageSize,
      limit: pageSize,
      pagination: true,
      filters: filterQuery.filters,
      ...(filterQuery.orLikeQuery ? { orLikeQuery: filterQuery.orLikeQuery } : {}),
      ...(sortKey ? { sort: { field: descending ? sortKey.slice(1) : sortKey, descending } } : {}),
    };
  }, [state, pageSize]);

  return {
    page: state.page,
    pageSize,
    sortKey: state.sortKey,
    values: state.values,
    filterQuery: state.filterQuery,
    listQuery,
    searchParams: toSearchParams(listQuery).toString(),
    setPage: (page) => setState((current) => ({ ...current, page })),
    setSortKey: (sortKey) => setState((current) => ({ ...current, sortKey, page: 1 })),
    onFiltersChange: (values, filterQuery) =>
      setState((current) => ({
        ...current,
        values,
        filterQuery,
        page: sameQuery(current.filterQuery, filterQuery) ? current.page : 1,
      })),
  };
}
