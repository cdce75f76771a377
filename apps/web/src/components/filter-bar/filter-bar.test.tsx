import { LIMITS } from '@ghiseu/domain';
import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test-utils';
import { FilterBar } from './filter-bar';
import { Paginator } from './paginator';
import { TotalLabel } from './total-label';
import type { FilterDefinition } from './types';
import { type ListQueryController, useListQuery } from './use-list-query';

const counties = [
  { value: 'MS', label: 'Mureș' },
  { value: 'CJ', label: 'Cluj' },
];
const localities: Record<string, { value: string; label: string }[]> = {
  MS: [{ value: 'TGM', label: 'Târgu Mureș' }],
  CJ: [{ value: 'CLJ', label: 'Cluj-Napoca' }],
};

const definitions: FilterDefinition[] = [
  { key: 'code', type: 'quicksearch', label: 'Cod cerere', field: 'identification_number' },
  {
    key: 'status',
    type: 'select',
    label: 'Stare',
    options: [
      { value: 'NEW', label: 'Nouă' },
      { value: 'PENDING', label: 'În verificare' },
    ],
  },
  { key: 'county', type: 'select', label: 'Județ', options: counties },
  {
    key: 'locality',
    type: 'select',
    label: 'Localitate',
    parent: 'county',
    options: (county) => (county ? localities[county] : []),
  },
  { key: 'created', type: 'daterange', label: 'Data depunerii', field: 'created_date', primary: false },
];

let controller: ListQueryController;

function ListPage({ filters = definitions, total = 95 }: { filters?: FilterDefinition[]; total?: number }) {
  controller = useListQuery({ pageSize: 20, definitions: filters });
  return (
    <>
      <FilterBar filters={filters} values={controller.values} onChange={controller.onFiltersChange} />
      <TotalLabel total={total} noun="cereri" nounOne="cerere" />
      <Paginator page={controller.page} pageSize={controller.pageSize} total={total} onPageChange={controller.setPage} />
    </>
  );
}

const pageText = () => screen.getByTestId('page-range').textContent;

async function pick(user: ReturnType<typeof renderWithProviders>['user'], label: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('FilterBar with Paginator', () => {
  it('pages with first / previous / next / last and shows start-end din total', async () => {
    const { user } = renderWithProviders(<ListPage />);
    expect(screen.getByText('Total 95 de cereri')).toBeInTheDocument();
    expect(pageText()).toBe('1-20 din 95');
    expect(screen.getByRole('button', { name: 'Prima pagină' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Pagina anterioară' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Pagina următoare' }));
    expect(pageText()).toBe('21-40 din 95');
    await user.click(screen.getByRole('button', { name: 'Ultima pagină' }));
    expect(pageText()).toBe('81-95 din 95');
    expect(screen.getByRole('button', { name: 'Pagina următoare' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Prima pagină' }));
    expect(pageText()).toBe('1-20 din 95');
  });

  it('any filter change returns to page 1', async () => {
    const { user } = renderWithProviders(<ListPage />);
    await user.click(screen.getByRole('button', { name: 'Ultima pagină' }));
    expect(controller.page).toBe(5);
    await pick(user, 'Stare', 'Nouă');
    expect(controller.page).toBe(1);
    expect(pageText()).toBe('1-20 din 95');
    expect(controller.listQuery).toMatchObject({ skip: 0, limit: 20, filters: [{ field: 'status', op: 'eq', value: 'NEW' }] });
  });

  it('the erase button is disabled without active filters and clears them all', async () => {
    const { user } = renderWithProviders(<ListPage />);
    const erase = screen.getByRole('button', { name: 'Ștergeți filtrele' });
    expect(erase).toBeDisabled();
    await pick(user, 'Stare', 'Nouă');
    expect(erase).toBeEnabled();
    await user.click(erase);
    expect(erase).toBeDisabled();
    expect(controller.listQuery.filters).toEqual([]);
    expect(screen.getByRole('combobox', { name: 'Stare' })).toHaveValue('');
  });

  it('a dependent filter is disabled until its parent is set and is cleared when the parent changes', async () => {
    const { user } = renderWithProviders(<ListPage />);
    expect(screen.getByRole('combobox', { name: 'Localitate' })).toBeDisabled();
    await pick(user, 'Județ', 'Mureș');
    await pick(user, 'Localitate', 'Târgu Mureș');
    expect(controller.values.locality).toBe('TGM');
    await pick(user, 'Județ', 'Cluj');
    expect(controller.values.locality).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Localitate' })).toHaveValue('');
    expect(controller.listQuery.filters).toEqual([{ field: 'county', op: 'eq', value: 'CJ' }]);
  });

  it('quick search waits for 2 characters and does not leave the page for one', async () => {
    const { user } = renderWithProviders(<ListPage />);
    await user.click(screen.getByRole('button', { name: 'Pagina următoare' }));
    const input = screen.getByRole('searchbox', { name: 'Cod cerere' });
    // Fake timers: the debounce is passed by moving the clock, not by sleeping on a busy machine.
    // Typing goes through fireEvent here: Testing Library's async wrapper (used by user-event)
    // waits on a real setTimeout that vitest's fake clock would never fire.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      fireEvent.change(input, { target: { value: 'U' } });
      // Well past the debounce: one character still sends nothing and keeps the page.
      act(() => vi.advanceTimersByTime(LIMITS.quickSearchDebounceMs * 2));
      expect(controller.listQuery.filters).toEqual([]);
      expect(controller.page).toBe(2);
      fireEvent.change(input, { target: { value: 'UB' } });
      // Just before the debounce ends nothing has been sent; right after it, the filter has.
      act(() => vi.advanceTimersByTime(LIMITS.quickSearchDebounceMs - 1));
      expect(controller.listQuery.filters).toEqual([]);
      act(() => vi.advanceTimersByTime(1));
      expect(controller.listQuery.filters).toEqual([{ field: 'identification_number', op: 'contains', value: 'UB' }]);
      expect(controller.page).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps secondary filters behind "Mai multe filtre"', async () => {
    const { user } = renderWithProviders(<ListPage />);
    const more = screen.getByRole('button', { name: 'Mai multe filtre' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await user.click(more);
    expect(more).toHaveAttribute('aria-expanded', 'true');
    await user.type(await screen.findByRole('textbox', { name: 'Data depunerii de la' }), '01.02.2024');
    await user.type(screen.getByRole('textbox', { name: 'Data depunerii până la' }), '29.02.2024');
    expect(controller.listQuery.filters).toEqual([
      { field: 'created_date', op: 'ge', value: '2024-02-01' },
      { field: 'created_date', op: 'lt', value: '2024-03-01' },
    ]);
    expect(screen.getByRole('button', { name: /Mai multe filtre\s*1\s*filtru activ/ })).toBeInTheDocument();
  });

  it('gives query-loaded dependent filters the parent value', async () => {
    const loadOptions = vi.fn(async ({ parentValue }: { parentValue: string | null }) => ({
      options: parentValue === 'MS' ? [{ value: 'TGM', label: 'Târgu Mureș' }] : [],
      hasMore: false,
    }));
    const filters: FilterDefinition[] = [
      { key: 'county', type: 'select', label: 'Județ', options: counties },
      { key: 'locality', type: 'selectablequeryfilter', label: 'Localitate', parent: 'county', loadOptions },
    ];
    const { user } = renderWithProviders(<ListPage filters={filters} />);
    await pick(user, 'Județ', 'Mureș');
    await user.click(screen.getByRole('button', { name: 'Localitate' }));
    await user.click(await screen.findByRole('option', { name: 'Târgu Mureș' }));
    expect(loadOptions).toHaveBeenCalledWith(expect.objectContaining({ parentValue: 'MS', page: 1, pageSize: 30 }));
    expect(controller.listQuery.filters).toContainEqual({ field: 'locality', op: 'eq', value: 'TGM' });
  });

  it('sizes filters 170px by default and 260px for medium', () => {
    const filters: FilterDefinition[] = [
      { key: 'a', type: 'contains', label: 'Adresă' },
      { key: 'b', type: 'contains', label: 'Observații', size: 'medium' },
    ];
    renderWithProviders(<ListPage filters={filters} />);
    const wrapperWidth = (name: string) =>
      screen.getByRole('textbox', { name }).closest('.mantine-InputWrapper-root')?.getAttribute('style');
    expect(wrapperWidth('Adresă')).toContain('width: calc(10.625rem');
    expect(wrapperWidth('Observații')).toContain('width: calc(16.25rem');
  });
});
