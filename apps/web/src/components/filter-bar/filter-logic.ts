/**
 * The filter rules of spec §2 as pure functions: which filters are active, how a change
 * clears dependent filters, and how values become the list contract's `ListFilter[]` plus
 * `orLikeQuery` (DESIGN.md §4).
 */
import { dateRangeFilters, LIMITS, type ListFilter } from '@ghiseu/domain';
import { validateDateRange } from '../inputs/input-rules';
import type { DateRangeValue } from '../inputs/date-range-input';
import type { FilterDefinition, FilterSize, FilterValue, FilterValues } from './types';

/** Widths of spec §9. */
export const FILTER_WIDTHS: Record<FilterSize, number> = { small: 170, default: 170, medium: 260 };

/** Width of a filter in px. */
export function filterWidth(definition: Pick<FilterDefinition, 'size'>): number {
  return FILTER_WIDTHS[definition.size ?? 'default'];
}

/** What a filter bar produces for the list query. */
export interface FilterQuery {
  filters: ListFilter[];
  orLikeQuery?: string;
}

export const isDateRange = (value: FilterValue | undefined): value is DateRangeValue =>
  typeof value === 'object' && value !== null && ('start' in value || 'end' in value);

/** The text form of a value ('' for empty or a range). */
export function textOf(value: FilterValue | undefined): string {
  return typeof value === 'string' ? value : '';
}

/** True when the filter holds anything the user entered (even text too short to be sent yet). */
export function isFilterValueActive(value: FilterValue | undefined): boolean {
  if (isDateRange(value)) return Boolean(value.start || value.end);
  return typeof value === 'string' && value.trim() !== '';
}

/** True when at least one filter is active; the erase button is disabled otherwise. */
export function hasActiveFilters(values: FilterValues): boolean {
  return Object.values(values).some(isFilterValueActive);
}

/** Keys of every filter that depends, directly or not, on `key`. */
export function descendantKeys(definitions: readonly FilterDefinition[], key: string): string[] {
  const out: string[] = [];
  const queue = [key];
  while (queue.length > 0) {
    const parent = queue.shift();
    for (const definition of definitions) {
      if (definition.parent === parent && !out.includes(definition.key)) {
        out.push(definition.key);
        queue.push(definition.key);
      }
    }
  }
  return out;
}

const sameValue = (a: FilterValue | undefined, b: FilterValue | undefined): boolean => {
  if (isDateRange(a) && isDateRange(b)) return (a.start ?? null) === (b.start ?? null) && (a.end ?? null) === (b.end ?? null);
  return (a ?? null) === (b ?? null) || (!isFilterValueActive(a) && !isFilterValueActive(b));
};

/**
 * Sets one filter. When the value really changes, every filter depending on it is cleared
 * (a locality chosen for the previous county makes no sense for the new one).
 */
export function applyFilterChange(
  definitions: readonly FilterDefinition[],
  values: FilterValues,
  key: string,
  value: FilterValue,
): FilterValues {
  if (sameValue(values[key], value)) return values;
  const next: FilterValues = { ...values, [key]: value };
  for (const child of descendantKeys(definitions, key)) next[child] = null;
  return next;
}

/** Clears every filter ('Ștergeți filtrele'). */
export function clearedValues(definitions: readonly FilterDefinition[]): FilterValues {
  return Object.fromEntries(definitions.map((definition) => [definition.key, null]));
}

/** Turns filter values into the list contract. */
export function buildFilterQuery(definitions: readonly FilterDefinition[], values: FilterValues): FilterQuery {
  const filters: ListFilter[] = [];
  let orLikeQuery: string | undefined;
  for (const definition of definitions) {
    const value = values[definition.key];
    const field = definition.field ?? definition.key;
    switch (definition.type) {
      case 'search': {
        const text = textOf(value).trim();
        if (text) orLikeQuery = text;
        break;
      }
      case 'quicksearch': {
        const text = textOf(value).trim();
        // Shorter queries match too much to be useful (spec §5).
        if (text.length >= LIMITS.quickSearchMinChars) filters.push({ field, op: definition.op ?? 'contains', value: text });
        break;
      }
      case 'contains': {
        const text = textOf(value).trim();
        if (text) filters.push({ field, op: 'contains', value: text });
        break;
      }
      case 'select':
      case 'selectablequeryfilter':
      case 'autocomplete': {
        const text = textOf(value).trim();
        if (text) filters.push({ field, op: definition.op ?? 'eq', value: text });
        break;
      }
      case 'daterange': {
        // An inverted range is shown as an error and not sent.
        if (isDateRange(value) && !validateDateRange(value.start, value.end)) {
          filters.push(...dateRangeFilters(field, value.start ?? undefined, value.end ?? undefined));
        }
        break;
      }
    }
  }
  return orLikeQuery === undefined ? { filters } : { filters, orLikeQuery };
}
