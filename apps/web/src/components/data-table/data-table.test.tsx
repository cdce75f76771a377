import { fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test-utils';
import { columnPrefsKey } from './column-prefs';
import { DataTable, type DataTableProps } from './data-table';
import type { DataTableColumn, DataTableRowFlags, DataTableSelectionChange } from './types';

interface Application extends DataTableRowFlags {
  id: number;
  code: string;
  status: string;
  uat: string;
}

const columns: DataTableColumn<Application>[] = [
  { id: 'code', header: 'Cod', sortable: true, sortField: 'identification_number' },
  { id: 'status', header: 'Stare', sortable: true },
  { id: 'uat', header: 'UAT', defaultHidden: false },
];

const rows: Application[] = [
  { id: 1, code: 'UB-1', status: 'NEW', uat: 'Târgu Mureș' },
  { id: 2, code: 'UB-2', status: 'PENDING', uat: 'Reghin' },
  { id: 3, code: 'UB-3', status: 'NEW', uat: 'Sighișoara', locked: true },
];

function renderTable(props: Partial<DataTableProps<Application>> = {}) {
  return renderWithProviders(
    <DataTable<Application>
      data={rows}
      columns={columns}
      label="Cereri"
      storageKey="applications"
      userId={7}
      getRowLabel={(row) => `cererea ${row.code}`}
      {...props}
    />,
  );
}

function ServerSortedTable({ onSortChange }: { onSortChange: (key: string | undefined) => void }) {
  const [sortKey, setSortKey] = useState<string | undefined>();
  return (
    <DataTable<Application>
      data={rows}
      columns={columns}
      label="Cereri"
      storageKey="applications"
      userId={7}
      sortKey={sortKey}
      onSortChange={(key) => {
        onSortChange(key);
        setSortKey(key);
      }}
    />
  );
}

/** A parent that keeps the selection in its own state and passes inline callbacks, as pages do. */
function SelectionOwner({ onRender }: { onRender: () => void }) {
  const [selection, setSelection] = useState<DataTableSelectionChange<Application> | null>(null);
  onRender();
  return (
    <>
      <p>{`Selectate: ${selection?.ids.length ?? 0}`}</p>
      <DataTable<Application>
        data={rows}
        columns={columns}
        label="Cereri"
        storageKey="applications"
        userId={7}
        selectable
        getRowId={(row) => String(row.id)}
        onSelectionChange={setSelection}
      />
    </>
  );
}

const rowCheckbox = (code: string) => screen.getByRole('checkbox', { name: `Selectați cererea ${code}` });
const selectAll = () => screen.getByRole('checkbox', { name: 'Selectați toate rândurile' });

beforeEach(() => localStorage.clear());
afterEach(() => localStorage.clear());

describe('DataTable', () => {
  it('renders headers and cells, and a remembered hidden column stays hidden', () => {
    localStorage.setItem(columnPrefsKey('applications', 7), JSON.stringify({ visibility: { uat: false } }));
    renderTable();
    const table = screen.getByRole('table', { name: 'Cereri' });
    expect(within(table).getByRole('columnheader', { name: /Cod/ })).toBeInTheDocument();
    expect(within(table).queryByRole('columnheader', { name: /^UAT/ })).not.toBeInTheDocument();
    expect(within(table).getByText('UB-2')).toBeInTheDocument();
  });

  it('remembers column choices per user: another user sees the default columns', async () => {
    const { user, unmount } = renderTable();
    await user.click(screen.getByRole('button', { name: 'Coloane' }));
    await user.click(screen.getByRole('checkbox', { name: /^UAT/ }));
    await user.click(screen.getByRole('button', { name: 'Aplicați' }));
    expect(screen.queryByRole('columnheader', { name: /^UAT/ })).not.toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(columnPrefsKey('applications', 7)) ?? '{}').visibility).toEqual({
      code: true,
      status: true,
      uat: false,
    });
    unmount();

    renderTable({ userId: 8 });
    expect(screen.getByRole('columnheader', { name: /^UAT/ })).toBeInTheDocument();
  });

  it('column chooser: close discards the draft, reset restores the defaults and forgets the choice', async () => {
    localStorage.setItem(columnPrefsKey('applications', 7), JSON.stringify({ visibility: { uat: false } }));
    const { user } = renderTable();
    await user.click(screen.getByRole('button', { name: 'Coloane' }));
    await user.click(screen.getByRole('checkbox', { name: 'Stare' }));
    await user.click(screen.getByRole('button', { name: 'Închideți' }));
    expect(screen.getByRole('columnheader', { name: /Stare/ })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Coloane' }));
    await user.click(screen.getByRole('button', { name: 'Resetați' }));
    expect(screen.getByRole('columnheader', { name: /^UAT/ })).toBeInTheDocument();
    expect(localStorage.getItem(columnPrefsKey('applications', 7))).toBeNull();
  });

  it('column chooser refuses to hide every column', async () => {
    const { user } = renderTable();
    await user.click(screen.getByRole('button', { name: 'Coloane' }));
    for (const name of ['Cod', 'Stare', 'UAT']) await user.click(screen.getByRole('checkbox', { name }));
    expect(screen.getByRole('button', { name: 'Aplicați' })).toBeDisabled();
    expect(screen.getByText('Alegeți cel puțin o coloană.')).toBeInTheDocument();
  });

  it('resizes columns from the keyboard, never below 80 px, and remembers the width per user', () => {
    renderTable();
    const handle = screen.getByRole('separator', { name: 'Redimensionați coloana Stare' });
    expect(handle).toHaveAttribute('aria-valuenow', '160');
    for (let i = 0; i < 20; i++) fireEvent.keyDown(handle, { key: 'ArrowLeft' });
    expect(handle).toHaveAttribute('aria-valuenow', '80');
    expect(handle).toHaveAttribute('aria-valuemin', '80');
    fireEvent.keyDown(handle, { key: 'ArrowRight' });
    expect(JSON.parse(localStorage.getItem(columnPrefsKey('applications', 7)) ?? '{}').widths).toEqual({ status: 90 });
  });

  it('dragging a column narrower than 80 px stops at 80 px', () => {
    renderTable();
    const handle = screen.getByRole('separator', { name: 'Redimensionați coloana Cod' });
    fireEvent.mouseDown(handle, { clientX: 200 });
    fireEvent.mouseMove(document, { clientX: 20 });
    fireEvent.mouseUp(document, { clientX: 20 });
    expect(handle).toHaveAttribute('aria-valuenow', '80');
    expect(JSON.parse(localStorage.getItem(columnPrefsKey('applications', 7)) ?? '{}').widths).toEqual({ code: 80 });
  });

  it('applies a remembered width, clamped to the minimum', () => {
    localStorage.setItem(columnPrefsKey('applications', 7), JSON.stringify({ widths: { code: 30, status: 240 } }));
    renderTable();
    expect(screen.getByRole('separator', { name: 'Redimensionați coloana Cod' })).toHaveAttribute('aria-valuenow', '80');
    expect(screen.getByRole('separator', { name: 'Redimensionați coloana Stare' })).toHaveAttribute('aria-valuenow', '240');
  });

  it('emits server sort keys with a leading minus for descending, using the API field', async () => {
    const onSortChange = vi.fn();
    const { user } = renderWithProviders(<ServerSortedTable onSortChange={onSortChange} />);
    const sortButton = () => screen.getByRole('button', { name: /^Cod/ });
    await user.click(sortButton());
    expect(onSortChange).toHaveBeenLastCalledWith('identification_number');
    expect(screen.getByRole('columnheader', { name: /Cod/ })).toHaveAttribute('aria-sort', 'ascending');
    await user.click(sortButton());
    expect(onSortChange).toHaveBeenLastCalledWith('-identification_number');
    expect(screen.getByRole('columnheader', { name: /Cod/ })).toHaveAttribute('aria-sort', 'descending');
    await user.click(sortButton());
    expect(onSortChange).toHaveBeenLastCalledWith(undefined);
    // Server-side: the rows keep the order they were given.
    expect(
      screen
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.getAttribute('data-row-id')),
    ).toEqual(['1', '2', '3']);
  });

  it('sorts in the browser when no onSortChange is given', async () => {
    const { user } = renderTable();
    await user.click(screen.getByRole('button', { name: /^Stare/ }));
    await user.click(screen.getByRole('button', { name: /^Stare/ }));
    const order = screen
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.getAttribute('data-row-id'));
    expect(order[0]).toBe('2');
  });

  it('select-all marks every non-locked row; unchecking one clears it; checking all sets it', async () => {
    const onSelectionChange = vi.fn();
    const { user } = renderTable({ selectable: true, onSelectionChange });
    await user.click(selectAll());
    expect(rowCheckbox('UB-1')).toBeChecked();
    expect(rowCheckbox('UB-2')).toBeChecked();
    expect(rowCheckbox('UB-3')).not.toBeChecked();
    expect(rowCheckbox('UB-3')).toBeDisabled();
    expect(onSelectionChange).toHaveBeenLastCalledWith(expect.objectContaining({ ids: ['1', '2'], selectAll: true }));

    await user.click(rowCheckbox('UB-1'));
    expect(selectAll()).not.toBeChecked();
    expect(onSelectionChange).toHaveBeenLastCalledWith(expect.objectContaining({ ids: ['2'], selectAll: false }));

    await user.click(rowCheckbox('UB-1'));
    expect(selectAll()).toBeChecked();
  });

  it('does not loop when the parent re-renders with inline callbacks', async () => {
    const onRender = vi.fn();
    const { user } = renderWithProviders(<SelectionOwner onRender={onRender} />);
    await user.click(selectAll());
    expect(screen.getByText('Selectate: 2')).toBeInTheDocument();
    expect(onRender.mock.calls.length).toBeLessThan(10);
  });

  it('honours the selected and hideSelectable flags', () => {
    renderTable({
      selectable: true,
      data: [
        { ...rows[0], selected: true },
        { ...rows[1], hideSelectable: true },
      ],
    });
    expect(rowCheckbox('UB-1')).toBeChecked();
    expect(screen.queryByRole('checkbox', { name: 'Selectați cererea UB-2' })).not.toBeInTheDocument();
    // The only selectable row is selected, so the header checkbox is checked too.
    expect(selectAll()).toBeChecked();
  });

  it('shows a Romanian error when more rows are selected than the limit', async () => {
    const { user } = renderTable({ selectable: true, selectLimit: 1 });
    await user.click(rowCheckbox('UB-1'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(rowCheckbox('UB-2'));
    expect(screen.getByRole('alert')).toHaveTextContent('Puteți selecta cel mult 1 înregistrare.');
  });

  it('row actions menu hides actions per row flags', async () => {
    const onView = vi.fn();
    const actions = [
      { name: 'view', label: 'Vizualizează', onClick: onView },
      { name: 'delete', label: 'Ștergeți', onClick: vi.fn() },
    ];
    const { user } = renderTable({
      actions,
      data: [rows[0], { ...rows[1], hideAction: true }, { ...rows[2], hideActionNames: ['delete'] }],
    });
    expect(screen.queryByRole('button', { name: 'Acțiuni pentru cererea UB-2' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Acțiuni pentru cererea UB-3' }));
    expect(screen.getByRole('menuitem', { name: 'Vizualizează' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Ștergeți' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: 'Vizualizează' }));
    expect(onView).toHaveBeenCalledWith(expect.objectContaining({ id: 3 }));
  });

  it('marks extension rows', () => {
    renderTable({ data: [{ ...rows[0], is_extension: true }] });
    const row = screen.getAllByRole('row')[1];
    expect(row).toHaveAttribute('data-extension', 'true');
    expect(within(row).getByText('Prelungire:')).toBeInTheDocument();
  });

  it('shows skeleton rows while loading', () => {
    renderTable({ loading: true, skeletonRows: 3 });
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'true');
    expect(document.querySelectorAll('tr[data-skeleton]')).toHaveLength(3);
    expect(screen.queryByText('UB-1')).not.toBeInTheDocument();
  });

  it('shows the empty state', () => {
    renderTable({ data: [] });
    expect(screen.getByText('Nu există înregistrări')).toBeInTheDocument();
  });

  it('shows the error state with a working retry button', async () => {
    const onRetry = vi.fn();
    const { user } = renderTable({ error: true, onRetry });
    expect(screen.getByRole('alert')).toHaveTextContent('Datele nu au putut fi încărcate');
    await user.click(screen.getByRole('button', { name: 'Reîncercați' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });
});
