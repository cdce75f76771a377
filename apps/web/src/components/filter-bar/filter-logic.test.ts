import { describe, expect, it } from 'vitest';
import {
  applyFilterChange,
  buildFilterQuery,
  clearedValues,
  descendantKeys,
  FILTER_WIDTHS,
  filterWidth,
  hasActiveFilters,
} from './filter-logic';
import { pageBounds, pageRangeText } from './paginator-logic';
import type { FilterDefinition } from './types';

const definitions: FilterDefinition[] = [
  { key: 'q', type: 'search', label: 'Căutare' },
  { key: 'code', type: 'quicksearch', label: 'Cod', field: 'quick_search_values' },
  { key: 'address', type: 'contains', label: 'Adresă' },
  { key: 'status', type: 'select', label: 'Stare', options: [{ value: 'NEW', label: 'Nouă' }] },
  { key: 'county', type: 'selectablequeryfilter', label: 'Județ', loadOptions: async () => ({ options: [], hasMore: false }) },
  {
    key: 'locality',
    type: 'selectablequeryfilter',
    label: 'Localitate',
    parent: 'county',
    loadOptions: async () => ({ options: [], hasMore: false }),
  },
  { key: 'village', type: 'autocomplete', label: 'Sat', parent: 'locality', options: [] },
  { key: 'created', type: 'daterange', label: 'Data depunerii', field: 'created_date', size: 'medium' },
];

describe('buildFilterQuery', () => {
  it('turns each filter type into the list contract', () => {
    const query = buildFilterQuery(definitions, {
      q: ' Mureș ',
      code: 'UB',
      address: 'Str. Gării',
      status: 'NEW',
      county: '26',
      locality: '120',
      village: 'Sâmbriaș',
      created: { start: '2024-01-01', end: '2024-01-31' },
    });
    expect(query.orLikeQuery).toBe('Mureș');
    expect(query.filters).toEqual([
      { field: 'quick_search_values', op: 'contains', value: 'UB' },
      { field: 'address', op: 'contains', value: 'Str. Gării' },
      { field: 'status', op: 'eq', value: 'NEW' },
      { field: 'county', op: 'eq', value: '26' },
      { field: 'locality', op: 'eq', value: '120' },
      { field: 'village', op: 'eq', value: 'Sâmbriaș' },
      { field: 'created_date', op: 'ge', value: '2024-01-01' },
      { field: 'created_date', op: 'lt', value: '2024-02-01' },
    ]);
  });

  it('sends a date range as inclusive start and exclusive end + 1 day, also across months and years', () => {
    const defs: FilterDefinition[] = [{ key: 'd', type: 'daterange', label: 'Data' }];
    expect(buildFilterQuery(defs, { d: { start: null, end: '2024-12-31' } }).filters).toEqual([
      { field: 'd', op: 'lt', value: '2025-01-01' },
    ]);
    expect(buildFilterQuery(defs, { d: { start: '2024-02-28', end: '2024-02-28' } }).filters).toEqual([
      { field: 'd', op: 'ge', value: '2024-02-28' },
      { field: 'd', op: 'lt', value: '2024-02-29' },
    ]);
  });

  it('does not send an inverted date range', () => {
    const defs: FilterDefinition[] = [{ key: 'd', type: 'daterange', label: 'Data' }];
    expect(buildFilterQuery(defs, { d: { start: '2024-03-02', end: '2024-03-01' } }).filters).toEqual([]);
  });

  it('sends quick search only from 2 characters', () => {
    expect(buildFilterQuery(definitions, { code: 'U' }).filters).toEqual([]);
    expect(buildFilterQuery(definitions, { code: 'UB' }).filters).toHaveLength(1);
  });

  it('leaves out empty filters and orLikeQuery', () => {
    expect(buildFilterQuery(definitions, { q: '  ', status: null })).toEqual({ filters: [] });
  });
});

describe('dependent filters', () => {
  it('knows the whole chain of descendants', () => {
    expect(descendantKeys(definitions, 'county')).toEqual(['locality', 'village']);
    expect(descendantKeys(definitions, 'status')).toEqual([]);
  });

  it('changing the parent clears its children and grandchildren', () => {
    const values = { county: '26', locality: '120', village: 'Sâmbriaș', status: 'NEW' };
    expect(applyFilterChange(definitions, values, 'county', '5')).toEqual({
      county: '5',
      locality: null,
      village: null,
      status: 'NEW',
    });
  });

  it('setting the same value again changes nothing', () => {
    const values = { county: '26', locality: '120' };
    expect(applyFilterChange(definitions, values, 'county', '26')).toBe(values);
  });
});

describe('active filters and widths', () => {
  it('the erase button is enabled only when a filter holds something', () => {
    expect(hasActiveFilters({})).toBe(false);
    expect(hasActiveFilters(clearedValues(definitions))).toBe(false);
    expect(hasActiveFilters({ created: { start: null, end: null }, q: ' ' })).toBe(false);
    expect(hasActiveFilters({ created: { start: null, end: '2024-01-01' } })).toBe(true);
    expect(hasActiveFilters({ code: 'U' })).toBe(true);
  });

  it('uses 170px for small and default filters and 260px for medium ones', () => {
    expect(FILTER_WIDTHS).toEqual({ small: 170, default: 170, medium: 260 });
    expect(filterWidth({})).toBe(170);
    expect(filterWidth({ size: 'medium' })).toBe(260);
  });
});

describe('paginator text', () => {
  it('reads start-end din total', () => {
    expect(pageRangeText(1, 20, 45)).toBe('1-20 din 45');
    expect(pageRangeText(3, 20, 45)).toBe('41-45 din 45');
    expect(pageRangeText(1, 20, 0)).toBe('0-0 din 0');
    expect(pageBounds(3, 20, 45).pageCount).toBe(3);
  });
});
