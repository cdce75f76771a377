import { TEXT_COLORS } from '../colors';
import { LIMITS } from '@ghiseu/domain';
import { CloseButton, Combobox, Group, Input, InputBase, Loader, Text, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconRefresh } from '@tabler/icons-react';
import { type ReactNode, type UIEvent, useCallback, useEffect, useRef, useState } from 'react';

/** One option of a select. */
export interface SelectOption {
  value: string;
  label: string;
}

/** What `loadOptions` receives. */
export interface SelectLoadParams {
  /** 1-based page number. */
  page: number;
  /** Options per page (30, spec §9). */
  pageSize: number;
  /** Text typed in the search box ('' when none). */
  search: string;
}

/** One page of options. */
export interface SelectPage {
  options: SelectOption[];
  /** More pages exist; scrolling to the end of the list loads the next one. */
  hasMore: boolean;
}

/** Props of `SelectField`. */
export interface SelectFieldProps {
  /** Visible label. */
  label: string;
  /** Selected value or null. */
  value: string | null;
  /** Called with the new value and its option (null when cleared). */
  onChange: (value: string | null, option: SelectOption | null) => void;
  /** Loads one page of options; rejecting shows the failed state with a retry. */
  loadOptions: (params: SelectLoadParams) => Promise<SelectPage>;
  /** Label of `value` before its option has been loaded (e.g. from the record being edited). */
  valueLabel?: string;
  /** Options per page (default 30). */
  pageSize?: number;
  /** Shows a search box in the dropdown (default true). */
  searchable?: boolean;
  /** Shows a clear button when a value is selected (default true). */
  clearable?: boolean;
  /** Placeholder (default 'Selectați'). */
  placeholder?: string;
  /** Marks the field as required (asterisk and aria-required). */
  required?: boolean;
  /** Disables the field. */
  disabled?: boolean;
  /** Validation error. */
  error?: ReactNode;
  /** Helper text under the label. */
  description?: ReactNode;
  /** Width of the field. */
  w?: number | string;
  /**
   * Any value that, when it changes, drops the loaded options (a dependent select whose parent
   * changed). Options are loaded again the next time the dropdown opens.
   */
  reloadKey?: unknown;
}

/** Text of the failed state (spec §8). */
export const OPTIONS_FAILED_MESSAGE = 'Opțiunile nu au putut fi încărcate';
/** Value of the retry entry; it cannot collide with real option values, which come from ids. */
const RETRY_VALUE = '__select_field_retry__';
/** Distance from the end of the list (px) at which the next page is requested. */
const LOAD_MORE_THRESHOLD_PX = 24;

type Status = 'idle' | 'loading' | 'ready' | 'error';

/**
 * Select over a paged source (spec §9: 30 per page, load more on scroll), with search, a
 * loading indicator and a failed state with 'Reîncercați' (spec §8). The retry entry is an option,
 * so keyboard users reach it with the arrow keys like any other.
 */
export function SelectField({
  label,
  value,
  onChange,
  loadOptions,
  valueLabel,
  pageSize = LIMITS.selectPageSize,
  searchable = true,
  clearable = true,
  placeholder = 'Selectați',
  required,
  disabled,
  error,
  description,
  w,
  reloadKey,
}: SelectFieldProps) {
  const combobox = useCombobox({
    onDropdownClose: () => combobox.resetSelectedOption(),
    onDropdownOpen: () => (searchable ? combobox.focusSearchInput() : undefined),
  });
  const [options, setOptions] = useState<SelectOption[]>([]);
  const [page, setPage] = useState(0);
  const [hasMore, setHasMore] = useState(true);
  const [status, setStatus] = useState<Status>('idle');
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, LIMITS.searchBoxDebounceMs);
  const [selected, setSelected] = useState<SelectOption | null>(null);
  // Answers to superseded requests (older search, dropped options) are ignored.
  const requestId = useRef(0);
  const loadOptionsRef = useRef(loadOptions);
  loadOptionsRef.current = loadOptions;

  const load = useCallback(
    async (nextPage: number, query: string) => {
      const id = ++requestId.current;
      setStatus('loading');
      try {
        const result = await loadOptionsRef.current({ page: nextPage, pageSize, search: query });
        if (id !== requestId.current) return;
        setOptions((current) => {
          const merged = nextPage === 1 ? [] : [...current];
          const seen = new Set(merged.map((option) => option.value));
          for (const option of result.options) if (!seen.has(option.value)) merged.push(option);
          return merged;
        });
        setPage(nextPage);
        setHasMore(result.hasMore);
        setStatus('ready');
      } catch {
        if (id === requestId.current) setStatus('error');
      }
    },
    [pageSize],
  );

  // A new parent (reloadKey) or a new search starts again from page 1.
  const lastReloadKey = useRef(reloadKey);
  useEffect(() => {
    if (Object.is(lastReloadKey.current, reloadKey)) return;
    lastReloadKey.current = reloadKey;
    requestId.current++;
    setOptions([]);
    setPage(0);
    setHasMore(true);
    setStatus('idle');
  }, [reloadKey]);

  const lastSearch = useRef(debouncedSearch);
  useEffect(() => {
    if (lastSearch.current === debouncedSearch) return;
    lastSearch.current = debouncedSearch;
    if (combobox.dropdownOpened) void load(1, debouncedSearch);
    else setStatus('idle');
  }, [debouncedSearch, combobox.dropdownOpened, load]);

  // Options load lazily, the first time the dropdown opens.
  useEffect(() => {
    if (combobox.dropdownOpened && status === 'idle') void load(1, debouncedSearch);
  }, [combobox.dropdownOpened, status, load, debouncedSearch]);

  const loadMore = () => {
    if (status === 'ready' && hasMore) void load(page + 1, debouncedSearch);
  };
  const retry = () => void load(page + 1, debouncedSearch);

  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const list = event.currentTarget;
    if (list.scrollTop + list.clientHeight >= list.scrollHeight - LOAD_MORE_THRESHOLD_PX) loadMore();
  };

  const known = options.find((option) => option.value === value) ?? (selected?.value === value ? selected : null);
  const shownLabel = value === null ? null : (known?.label ?? valueLabel ?? value);

  const select = (next: SelectOption | null) => {
    setSelected(next);
    onChange(next?.value ?? null, next);
  };

  const rightSection =
    clearable && value !== null && !disabled ? (
      <CloseButton
        size="sm"
        aria-label={`Ștergeți selecția din ${label}`}
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => select(null)}
      />
    ) : (
      <Combobox.Chevron />
    );

  return (
    <Combobox
      store={combobox}
      withinPortal
      onOptionSubmit={(optionValue) => {
        if (optionValue === RETRY_VALUE) {
          retry();
          return;
        }
        const option = options.find((item) => item.value === optionValue) ?? null;
        select(option);
        combobox.closeDropdown();
      }}
    >
      <Combobox.Target>
        <InputBase
          component="button"
          type="button"
          pointer
          label={label}
          description={description}
          required={required}
          disabled={disabled}
          error={error}
          w={w}
          rightSection={rightSection}
          rightSectionPointerEvents={clearable && value !== null ? 'all' : 'none'}
          onClick={() => combobox.toggleDropdown()}
          aria-invalid={Boolean(error) || undefined}
        >
          {shownLabel ?? <Input.Placeholder>{placeholder}</Input.Placeholder>}
        </InputBase>
      </Combobox.Target>

      <Combobox.Dropdown>
        {searchable ? (
          <Combobox.Search
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            placeholder="Căutați"
            aria-label={`Căutați în ${label}`}
          />
        ) : null}
        <Combobox.Options
          mah={220}
          style={{ overflowY: 'auto' }}
          onScroll={onScroll}
          aria-label={label}
          aria-busy={status === 'loading' || undefined}
        >
          {options.map((option) => (
            <Combobox.Option
              key={option.value}
              value={option.value}
              active={option.value === value}
              aria-selected={option.value === value}
            >
              {option.label}
            </Combobox.Option>
          ))}
          {status === 'loading' ? (
            <Combobox.Empty>
              <Group gap="xs" justify="center" role="status">
                <Loader size="xs" aria-hidden />
                <Text size="sm">Se încarcă…</Text>
              </Group>
            </Combobox.Empty>
          ) : null}
          {status === 'error' ? (
            <>
              <Combobox.Empty>
                <Text size="sm" c={TEXT_COLORS.error} role="alert">
                  {OPTIONS_FAILED_MESSAGE}
                </Text>
              </Combobox.Empty>
              <Combobox.Option value={RETRY_VALUE}>
                <Group gap={6} justify="center">
                  <IconRefresh size={14} aria-hidden />
                  Reîncercați
                </Group>
              </Combobox.Option>
            </>
          ) : null}
          {status === 'ready' && options.length === 0 ? <Combobox.Empty>Nu există opțiuni</Combobox.Empty> : null}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
