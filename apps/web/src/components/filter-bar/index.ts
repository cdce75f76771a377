export { FilterBar, type FilterBarProps } from './filter-bar';
export {
  applyFilterChange,
  buildFilterQuery,
  clearedValues,
  descendantKeys,
  FILTER_WIDTHS,
  type FilterQuery,
  filterWidth,
  hasActiveFilters,
  isFilterValueActive,
} from './filter-logic';
export { Paginator, type PaginatorProps } from './paginator';
export { formatCount, type PageBounds, pageBounds, pageRangeText } from './paginator-logic';
export { TotalLabel, type TotalLabelProps } from './total-label';
export type {
  AutocompleteFilter,
  ContainsFilter,
  DateRangeFilter,
  FilterDefinition,
  FilterSize,
  FilterType,
  FilterValue,
  FilterValues,
  QuickSearchFilter,
  SearchFilter,
  SelectableQueryFilter,
  SelectFilter,
} from './types';
export { type ListQueryController, type UseListQueryOptions, useListQuery } from './use-list-query';
