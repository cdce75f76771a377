import type { FilterOperator } from '@ghiseu/domain';
import type { DateRangeValue } from '../inputs/date-range-input';
import type { SelectLoadParams, SelectOption, SelectPage } from '../inputs/select-field';

/** The seven filter types of spec §2. */
export type FilterType =
  | 'search'
  | 'quicksearch'
  | 'select'
  | 'selectablequeryfilter'
  | 'contains'
  | 'daterange'
  | 'autocomplete';

/** Width class of a filter (spec §9): small and default 170px, medium 260px. */
export type FilterSize = 'small' | 'default' | 'medium';

/** Value of one filter: text, a chosen option value, or a day range. */
export type FilterValue = string | DateRangeValue | null;

/** Values of all filters, by filter key. */
export type FilterValues = Record<string, FilterValue>;

interface FilterBase {
  /** Unique key of the filter within the bar. */
  key: string;
  /** Visible Romanian label. */
  label: string;
  /** API field the filter applies to (default: `key`). Not used by 'search'. */
  field?: string;
  /** Shown in the bar itself (default) or, when false, in the 'Mai multe filtre' panel. */
  primary?: boolean;
  /** Width class (default 'default'). */
  size?: FilterSize;
  /** Key of the filter this one depends on; changing the parent clears this filter. */
  parent?: string;
  /** Placeholder text. */
  placeholder?: string;
}

/** Free text over the list's searchable fields, sent as `orLikeQuery` (300 ms debounce). */
export interface SearchFilter extends FilterBase {
  type: 'search';
}

/** Quick search on one field: sent from 2 characters on, 200 ms after typing stops (spec §9). */
export interface QuickSearchFilter extends FilterBase {
  type: 'quicksearch';
  /** Operator (default 'contains': any part of the value, ignoring case and accents). */
  op?: FilterOperator;
}

/** Free text sent as `field[contains]`. */
export interface ContainsFilter extends FilterBase {
  type: 'contains';
}

/** Fixed list of options, sent as `field[eq]`. */
export interface SelectFilter extends FilterBase {
  type: 'select';
  /** Options, or a function of the parent filter's value for dependent filters. */
  options: readonly SelectOption[] | ((parentValue: string | null) => readonly SelectOption[]);
  /** Operator (default 'eq'). */
  op?: FilterOperator;
}

/** Options loaded from the API page by page (a `SelectField`), sent as `field[eq]`. */
export interface SelectableQueryFilter extends FilterBase {
  type: 'selectablequeryfilter';
  /** Loads a page of options; dependent filters get the parent's value. */
  loadOptions: (params: SelectLoadParams & { parentValue: string | null }) => Promise<SelectPage>;
  /** Operator (default 'eq'). */
  op?: FilterOperator;
}

/** Day range sent as `field[ge]=start` and `field[lt]=end+1 day`. */
export interface DateRangeFilter extends FilterBase {
  type: 'daterange';
}

/** Text with suggestions (accent-insensitive), sent as `field[eq]` by default. */
export interface AutocompleteFilter extends FilterBase {
  type: 'autocomplete';
  /** Suggestions, or a function of the parent filter's value. */
  options: readonly string[] | ((parentValue: string | null) => readonly string[]);
  /** Operator (default 'eq'). */
  op?: FilterOperator;
}

/** Definition of one filter of a `FilterBar`. */
export type FilterDefinition =
  | SearchFilter
  | QuickSearchFilter
  | ContainsFilter
  | SelectFilter
  | SelectableQueryFilter
  | DateRangeFilter
  | AutocompleteFilter;
