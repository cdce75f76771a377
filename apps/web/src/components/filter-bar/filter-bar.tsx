import { LIMITS } from '@ghiseu/domain';
import { Badge, Button, Collapse, Group, Select, Stack, VisuallyHidden } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconFilterOff, IconSearch } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState } from 'react';
import { AutocompleteField } from '../inputs/autocomplete-field';
import { DateRangeInput } from '../inputs/date-range-input';
import { SelectField } from '../inputs/select-field';
import { TextField } from '../inputs/text-field';
import {
  applyFilterChange,
  buildFilterQuery,
  clearedValues,
  type FilterQuery,
  filterWidth,
  hasActiveFilters,
  isDateRange,
  isFilterValueActive,
  textOf,
} from './filter-logic';
import type { AutocompleteFilter, FilterDefinition, FilterValue, FilterValues } from './types';

/** Props of `FilterBar`. */
export interface FilterBarProps {
  /** Filter definitions, in display order. */
  filters: readonly FilterDefinition[];
  /** Current values (controlled), e.g. from `useListQuery().values`. */
  values: FilterValues;
  /** Called with the new values and the resulting query; pass `useListQuery().onFiltersChange`. */
  onChange: (values: FilterValues, query: FilterQuery) => void;
  /** Accessible name of the bar (default 'Filtre'). */
  label?: string;
}

/**
 * The list filter bar of spec §2: primary filters in a row, the others behind
 * 'Mai multe filtre', an erase button enabled only while a filter is active, dependent filters
 * that are cleared (and disabled) while their parent changes or is empty.
 */
export function FilterBar({ filters, values, onChange, label = 'Filtre' }: FilterBarProps) {
  const [moreOpen, setMoreOpen] = useState(false);
  const panelId = useId();
  const primary = filters.filter((definition) => definition.primary !== false);
  const secondary = filters.filter((definition) => definition.primary === false);
  const activeSecondary = secondary.filter((definition) => isFilterValueActive(values[definition.key])).length;

  // Debounced controls fire after a delay: read the latest values through a ref, not a stale closure.
  const valuesRef = useRef(values);
  valuesRef.current = values;
  const change = (key: string, value: FilterValue) => {
    const next = applyFilterChange(filters, valuesRef.current, key, value);
    if (next === valuesRef.current) return;
    valuesRef.current = next;
    onChange(next, buildFilterQuery(filters, next));
  };
  const erase = () => {
    const next = clearedValues(filters);
    valuesRef.current = next;
    onChange(next, buildFilterQuery(filters, next));
  };

  const renderFilter = (definition: FilterDefinition) => (
    <FilterControl
      key={definition.key}
      definition={definition}
      values={values}
      onChange={(value) => change(definition.key, value)}
    />
  );

  return (
    <Stack gap="xs" component="form" role="search" aria-label={label} onSubmit={(event) => event.preventDefault()}>
      <Group align="flex-end" gap="sm" wrap="wrap">
        {primary.map(renderFilter)}
        {secondary.length > 0 ? (
          <Button
            variant="subtle"
            leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden />}
            aria-expanded={moreOpen}
            aria-controls={panelId}
            onClick={() => setMoreOpen((open) => !open)}
            rightSection={
              activeSecondary > 0 ? (
                <Badge size="sm" circle>
                  {activeSecondary}
                  <VisuallyHidden>{activeSecondary === 1 ? ' filtru activ' : ' filtre active'}</VisuallyHidden>
                </Badge>
              ) : null
            }
          >
            Mai multe filtre
          </Button>
        ) : null}
        <Button
          variant="default"
          leftSection={<IconFilterOff size={16} aria-hidden />}
          disabled={!hasActiveFilters(values)}
          onClick={erase}
        >
          Ștergeți filtrele
        </Button>
      </Group>
      {secondary.length > 0 ? (
        <Collapse expanded={moreOpen} id={panelId}>
          <Group align="flex-end" gap="sm" wrap="wrap" pt="xs">
            {secondary.map(renderFilter)}
          </Group>
        </Collapse>
      ) : null}
    </Stack>
  );
}

interface FilterControlProps {
  definition: FilterDefinition;
  values: FilterValues;
  onChange: (value: FilterValue) => void;
}

/** One filter's input, chosen by type. */
function FilterControl({ definition, values, onChange }: FilterControlProps) {
  const value = values[definition.key];
  const width = filterWidth(definition);
  const parentValue = definition.parent ? textOf(values[definition.parent]) || null : null;
  // A dependent filter means nothing until its parent is chosen.
  const disabled = definition.parent !== undefined && !isFilterValueActive(values[definition.parent]);
  // Never wider than the bar: on a narrow screen a filter shrinks instead of widening the page.
  const common = { label: definition.label, placeholder: definition.placeholder, w: width, maw: '100%', disabled };

  switch (definition.type) {
    case 'search':
      return (
        <TextField
          {...common}
          type="search"
          leftSection={<IconSearch size={16} aria-hidden />}
          debounced={LIMITS.searchBoxDebounceMs}
          value={textOf(value)}
          onChange={onChange}
        />
      );
    case 'quicksearch':
      return (
        <TextField
          {...common}
          type="search"
          leftSection={<IconSearch size={16} aria-hidden />}
          debounced={LIMITS.quickSearchDebounceMs}
          value={textOf(value)}
          // The text is kept as typed; `buildFilterQuery` sends it only from 2 characters on (spec §5).
          onChange={onChange}
        />
      );
    case 'contains':
      return <TextField {...common} debounced value={textOf(value)} onChange={onChange} />;
    case 'select': {
      const options = typeof definition.options === 'function' ? definition.options(parentValue) : definition.options;
      return (
        <Select
          {...common}
          data={options.map((option) => ({ value: option.value, label: option.label }))}
          value={textOf(value) || null}
          onChange={(next) => onChange(next)}
          clearable
          clearButtonProps={{ 'aria-label': `Ștergeți ${definition.label}` }}
          placeholder={definition.placeholder ?? 'Toate'}
        />
      );
    }
    case 'selectablequeryfilter':
      return (
        <SelectField
          label={definition.label}
          placeholder={definition.placeholder ?? 'Toate'}
          w={width}
          disabled={disabled}
          value={textOf(value) || null}
          onChange={(next) => onChange(next)}
          reloadKey={parentValue}
          loadOptions={(params) => definition.loadOptions({ ...params, parentValue })}
        />
      );
    case 'autocomplete':
      return (
        <DebouncedAutocomplete
          definition={definition}
          common={common}
          value={textOf(value)}
          parentValue={parentValue}
          onChange={onChange}
        />
      );
    case 'daterange':
      return (
        <DateRangeInput
          label={definition.label}
          fieldWidth={width}
          disabled={disabled}
          value={isDateRange(value) ? value : { start: null, end: null }}
          onChange={onChange}
        />
      );
  }
}

/** Autocomplete whose typing is reported 300 ms after it stops, and picks at once. */
function DebouncedAutocomplete({
  definition,
  common,
  value,
  parentValue,
  onChange,
}: {
  definition: AutocompleteFilter;
  common: { label: string; placeholder?: string; w: number; maw: string; disabled: boolean };
  value: string;
  parentValue: string | null;
  onChange: (value: string) => void;
}) {
  const [draft, setDraft] = useState(value);
  const lastEmitted = useRef(value);
  const emit = useDebouncedCallback((next: string) => {
    lastEmitted.current = next;
    onChange(next);
  }, LIMITS.keystrokeDebounceMs);
  useEffect(() => {
    if (value !== lastEmitted.current) {
      lastEmitted.current = value;
      setDraft(value);
    }
  }, [value]);
  const options = typeof definition.options === 'function' ? definition.options(parentValue) : definition.options;
  return (
    <AutocompleteField
      {...common}
      data={[...options]}
      value={draft}
      onChange={(next) => {
        setDraft(next);
        emit(next);
      }}
      onOptionSubmit={(next) => {
        setDraft(next);
        emit(next);
        emit.flush();
      }}
      onBlur={() => emit.flush()}
    />
  );
}
