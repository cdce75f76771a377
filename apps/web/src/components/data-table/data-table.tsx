import { Alert, Box, Checkbox, Group, Skeleton, Table, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconArrowsSort, IconCornerDownRight, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import {
  type ColumnDef,
  type ColumnSizingState,
  columnResizingFeature,
  columnSizingFeature,
  columnVisibilityFeature,
  createSortedRowModel,
  functionalUpdate,
  type Header,
  rowSortingFeature,
  type SortingState,
  sortFn_alphanumeric,
  sortFn_basic,
  sortFn_datetime,
  sortFn_text,
  tableFeatures,
  type Updater,
  useTable,
} from '@tanstack/react-table';
import { type KeyboardEvent, type ReactNode, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { EmptyState } from '../feedback/empty-state';
import { ErrorState } from '../feedback/error-state';
import { ColumnChooser } from './column-chooser';
import {
  browserStorage,
  type ColumnPrefs,
  clampColumnWidth,
  clampColumnWidths,
  columnPrefsKey,
  loadColumnPrefs,
  MIN_COLUMN_WIDTH,
  saveColumnPrefs,
} from './column-prefs';
import { RowActionsMenu } from './row-actions-menu';
import { exceedsSelectLimit, initialSelection, type SelectableRow, selectionReducer, selectLimitMessage } from './selection';
import { fromSortKey, toSortKey } from './sort-key';
import { type DataTableColumn, type DataTableRowAction, type DataTableSelectionChange, rowFlags } from './types';

/**
 * Table features are module-level so the instance never sees a new registry between renders
 * (TanStack Table 9 re-derives every model when `features` changes).
 */
const features = tableFeatures({
  columnVisibilityFeature,
  columnSizingFeature,
  columnResizingFeature,
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  sortFns: { alphanumeric: sortFn_alphanumeric, basic: sortFn_basic, text: sortFn_text, datetime: sortFn_datetime },
});
type Features = typeof features;

const DEFAULT_COLUMN_SIZE = 160;
/** Width of the checkbox and actions columns. */
const CONTROL_COLUMN_WIDTH = 48;
/** Keyboard resizing step. */
const RESIZE_STEP_PX = 10;

/** Props of `DataTable`. */
export interface DataTableProps<T extends object> {
  /** Rows of the current page (server-side lists) or all rows (client-side lists). */
  data: readonly T[];
  /** Data columns, in display order. */
  columns: readonly DataTableColumn<T>[];
  /** Accessible name of the table, e.g. 'Lista cererilor'. */
  label: string;
  /** Identifies the table in the remembered preferences, e.g. 'applications-inbox'. */
  storageKey: string;
  /** Current user; preferences are remembered per user. */
  userId: string | number | null | undefined;
  /** Row id; defaults to the row's `id` property. */
  getRowId?: (row: T, index: number) => string;
  /** Short description of a row for screen readers (checkbox and menu names); defaults to 'rândul N'. */
  getRowLabel?: (row: T, index: number) => string;
  /** Current server sort key (`field` or `-field`); used with `onSortChange`. */
  sortKey?: string | null;
  /**
   * Makes sorting server-side: the table only reports the new key (`-field` for descending,
   * `undefined` when the sort is removed) and shows `data` in the order given.
   * Without it, sortable columns are sorted in the browser.
   */
  onSortChange?: (sortKey: string | undefined) => void;
  /** Shows row checkboxes and the select-all checkbox. */
  selectable?: boolean;
  /** Maximum number of selected rows; above it an error is shown (spec §5). */
  selectLimit?: number;
  /** Called with the selection whenever it changes (also once with the rows' initial `selected` flags). */
  onSelectionChange?: (change: DataTableSelectionChange<T>) => void;
  /** Row actions menu entries. */
  actions?: readonly DataTableRowAction<T>[];
  /** Shows skeleton rows instead of data. */
  loading?: boolean;
  /** Number of skeleton rows while loading (default 5). */
  skeletonRows?: number;
  /** When set, the error state is shown instead of rows; a string replaces the default explanation. */
  error?: boolean | string | null;
  /** Retry handler for the error state. */
  onRetry?: () => void;
  /** Text of the empty state (default 'Nu există înregistrări'). */
  emptyMessage?: string;
  /** Shows the 'Coloane' chooser (default true). */
  withColumnChooser?: boolean;
  /** Extra controls placed left of the column chooser (bulk actions, export…). */
  toolbar?: ReactNode;
}

const defaultGetRowId = (row: unknown, index: number): string => {
  const id = (row as { id?: unknown }).id;
  return id === undefined || id === null ? String(index) : String(id);
};

/**
 * Keeps a message spanning all columns in the visible part of a table wider than the screen:
 * as wide as the scroll box and pinned to its left edge, so it stays centred while scrolling.
 */
function VisibleWidth({ children }: { children: ReactNode }) {
  return <Box style={{ position: 'sticky', left: 0, width: '100cqw', maxWidth: '100%' }}>{children}</Box>;
}

/**
 * The one list table of the portal (DESIGN.md §7) over TanStack Table 9: server or client
 * sorting, selection with the select-all rules of spec §2, row flags, a row actions menu, a
 * column chooser and resizable columns (min 80 px) remembered per user, and loading, empty and
 * error states. A table wider than its box scrolls inside it (never the page), and the row
 * actions column stays pinned to the right edge, so the actions are always in view.
 */
export function DataTable<T extends object>({
  data,
  columns,
  label,
  storageKey,
  userId,
  getRowId = defaultGetRowId,
  getRowLabel = (_row, index) => `rândul ${index + 1}`,
  sortKey,
  onSortChange,
  selectable = false,
  selectLimit,
  onSelectionChange,
  actions,
  loading = false,
  skeletonRows = 5,
  error,
  onRetry,
  emptyMessage,
  withColumnChooser = true,
  toolbar,
}: DataTableProps<T>) {
  // ---- Column preferences (per user) -------------------------------------------------------
  const prefsKey = columnPrefsKey(storageKey, userId);
  const [prefsState, setPrefsState] = useState(() => ({
    key: prefsKey,
    prefs: loadColumnPrefs(browserStorage(), prefsKey),
    dirty: false,
  }));
  // A different user (or table) means different remembered preferences: reload during render.
  if (prefsState.key !== prefsKey)
    setPrefsState({ key: prefsKey, prefs: loadColumnPrefs(browserStorage(), prefsKey), dirty: false });
  const { prefs } = prefsState;
  const updatePrefs = (update: (current: ColumnPrefs) => ColumnPrefs) =>
    setPrefsState((current) => ({ ...current, prefs: update(current.prefs), dirty: true }));
  useEffect(() => {
    // Only user actions are written back, so merely visiting a page never creates an entry.
    if (prefsState.dirty) saveColumnPrefs(browserStorage(), prefsState.key, prefsState.prefs);
  }, [prefsState]);

  const minWidths = useMemo(
    () =>
      Object.fromEntries(columns.map((column) => [column.id, Math.max(column.minSize ?? MIN_COLUMN_WIDTH, MIN_COLUMN_WIDTH)])),
    [columns],
  );
  const defaultVisibility = useMemo(
    () => Object.fromEntries(columns.map((column) => [column.id, !column.defaultHidden])),
    [columns],
  );
  const columnVisibility = useMemo(() => ({ ...defaultVisibility, ...prefs.visibility }), [defaultVisibility, prefs.visibility]);

  // ---- Sorting -----------------------------------------------------------------------------
  const serverSort = onSortChange !== undefined;
  const fieldById = useMemo(() => new Map(columns.map((column) => [column.id, column.sortField ?? column.id])), [columns]);
  const idByField = useMemo(() => new Map(columns.map((column) => [column.sortField ?? column.id, column.id])), [columns]);
  const [localSorting, setLocalSorting] = useState<SortingState>([]);
  const sorting = useMemo<SortingState>(
    () => (serverSort ? fromSortKey(sortKey, (field) => idByField.get(field)) : localSorting),
    [serverSort, sortKey, idByField, localSorting],
  );
  const onSortingChange = (updater: Updater<SortingState>) => {
    const next = functionalUpdate(updater, sorting);
    if (serverSort) onSortChange(toSortKey(next, (id) => fieldById.get(id) ?? id));
    else setLocalSorting(next);
  };

  // ---- TanStack table ----------------------------------------------------------------------
  const columnDefs = useMemo<ColumnDef<Features, T, unknown>[]>(
    () =>
      columns.map((column) => ({
        id: column.id,
        header: column.header,
        accessorFn: (row: T) => (column.accessor ? column.accessor(row) : (row as Record<string, unknown>)[column.id]),
        cell: (context) => (column.cell ? column.cell(context.row.original) : formatCellValue(context.getValue())),
        enableSorting: column.sortable ?? false,
        enableHiding: column.hideable ?? true,
        size: column.size ?? DEFAULT_COLUMN_SIZE,
        minSize: minWidths[column.id],
        sortDescFirst: false,
      })),
    [columns, minWidths],
  );

  const onColumnSizingChange = (updater: Updater<ColumnSizingState>) =>
    updatePrefs((current) => ({ ...current, widths: clampColumnWidths(functionalUpdate(updater, current.widths), minWidths) }));

  const table = useTable({
    features,
    columns: columnDefs,
    data,
    getRowId: (row, index) => getRowId(row, index),
    state: { sorting, columnVisibility, columnSizing: prefs.widths },
    onSortingChange,
    onColumnSizingChange,
    onColumnVisibilityChange: (updater) =>
      updatePrefs((current) => ({
        ...current,
        visibility: functionalUpdate(updater, { ...defaultVisibility, ...current.visibility }),
      })),
    manualSorting: serverSort,
    enableMultiSort: false,
    sortDescFirst: false,
    // 'onEnd' writes the width once per drag; the handle follows the pointer meanwhile.
    columnResizeMode: 'onEnd',
  });

  // ---- Selection ---------------------------------------------------------------------------
  // Callers often pass inline functions; reading them through refs keeps the derived rows (and
  // the effects below) tied to the data only, so a re-render never loops through 'sync'.
  const latest = useRef({ getRowId, onSelectionChange, selectLimit, data });
  latest.current = { getRowId, onSelectionChange, selectLimit, data };
  const selectableRows = useMemo<SelectableRow[]>(
    () =>
      data.map((row, index) => {
        const flags = rowFlags(row);
        return {
          id: latest.current.getRowId(row, index),
          selected: flags.selected,
          locked: flags.locked,
          hideSelectable: flags.hideSelectable,
        };
      }),
    [data],
  );
  const [selection, dispatch] = useReducer(selectionReducer, selectableRows, initialSelection);
  const firstSync = useRef(true);
  useEffect(() => {
    if (firstSync.current) {
      firstSync.current = false;
      return;
    }
    dispatch({ type: 'sync', rows: selectableRows });
  }, [selectableRows]);

  const selectedCount = selection.selectedIds.size;
  const overLimit = exceedsSelectLimit(selectedCount, selectLimit);
  useEffect(() => {
    if (!selectable) return;
    const { data: rowsData, getRowId: idOf, onSelectionChange: report, selectLimit: limit } = latest.current;
    const ids: string[] = [];
    const rows: T[] = [];
    rowsData.forEach((row, index) => {
      const id = idOf(row, index);
      if (selection.selectedIds.has(id)) {
        ids.push(id);
        rows.push(row);
      }
    });
    // Reported when the selection changes; new data reaches the selection through 'sync' first.
    report?.({ ids, rows, selectAll: selection.selectAll, exceedsLimit: exceedsSelectLimit(ids.length, limit) });
  }, [selection, selectable]);

  const anyChangeable = selectableRows.some((row) => !row.locked && !row.hideSelectable);
  const someSelected = selectedCount > 0 && !selection.selectAll;

  // ---- Rendering ---------------------------------------------------------------------------
  const hasActions = (actions?.length ?? 0) > 0;
  const headerGroups = table.getHeaderGroups();
  const visibleColumnCount = table.getVisibleLeafColumns().length;
  const totalColumns = visibleColumnCount + (selectable ? 1 : 0) + (hasActions ? 1 : 0);
  const tableWidth = table.getTotalSize() + (selectable ? CONTROL_COLUMN_WIDTH : 0) + (hasActions ? CONTROL_COLUMN_WIDTH : 0);
  const rows = table.getRowModel().rows;
  const showError = Boolean(error) && !loading;
  const resizingColumn = table.state.columnResizing.isResizingColumn;
  const resizeDelta = table.state.columnResizing.deltaOffset ?? 0;

  const resizeWithKeyboard = (event: KeyboardEvent<HTMLDivElement>, header: Header<Features, T, unknown>) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    const width = clampColumnWidth(
      header.column.getSize() + (event.key === 'ArrowRight' ? RESIZE_STEP_PX : -RESIZE_STEP_PX),
      minWidths[header.column.id],
    );
    table.setColumnSizing((current) => ({ ...current, [header.column.id]: width }));
  };

  let body: ReactNode;
  if (loading) {
    body = Array.from({ length: skeletonRows }, (_, index) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: skeleton rows have no identity
      <Table.Tr key={`skeleton-${index}`} data-skeleton>
        {Array.from({ length: totalColumns }, (_, cellIndex) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: skeleton cells have no identity
          <Table.Td key={cellIndex}>
            <Skeleton height={14} radius="sm" />
          </Table.Td>
        ))}
      </Table.Tr>
    ));
  } else if (showError) {
    body = (
      <Table.Tr>
        <Table.Td colSpan={totalColumns}>
          <VisibleWidth>
            <ErrorState message={typeof error === 'string' ? error : undefined} onRetry={onRetry} />
          </VisibleWidth>
        </Table.Td>
      </Table.Tr>
    );
  } else if (rows.length === 0) {
    body = (
      <Table.Tr>
        <Table.Td colSpan={totalColumns}>
          <VisibleWidth>
            <EmptyState title={emptyMessage} />
          </VisibleWidth>
        </Table.Td>
      </Table.Tr>
    );
  } else {
    body = rows.map((row) => {
      const original = row.original;
      const flags = rowFlags(original);
      const rowLabel = getRowLabel(original, row.index);
      const checked = selection.selectedIds.has(row.id);
      return (
        <Table.Tr
          key={row.id}
          data-row-id={row.id}
          data-selected={checked || undefined}
          data-locked={flags.locked || undefined}
          data-extension={flags.is_extension || undefined}
          bg={checked ? 'var(--mantine-color-navy-0)' : undefined}
        >
          {selectable ? (
            <Table.Td w={CONTROL_COLUMN_WIDTH}>
              {flags.hideSelectable ? null : (
                <Checkbox
                  aria-label={`Selectați ${rowLabel}`}
                  checked={checked}
                  disabled={flags.locked}
                  title={flags.locked ? 'Selecția acestui rând nu poate fi modificată' : undefined}
                  onChange={(event) =>
                    dispatch({ type: 'toggleRow', rows: selectableRows, id: row.id, checked: event.currentTarget.checked })
                  }
                />
              )}
            </Table.Td>
          ) : null}
          {row.getVisibleCells().map((cell, cellIndex) => (
            <Table.Td
              key={cell.id}
              style={{ width: cell.column.getSize(), overflow: 'hidden', textOverflow: 'ellipsis' }}
              ta={columns.find((column) => column.id === cell.column.id)?.align}
            >
              {cellIndex === 0 && flags.is_extension ? (
                <>
                  <IconCornerDownRight size={14} aria-hidden style={{ marginRight: 4, verticalAlign: 'middle' }} />
                  <VisuallyHidden>Prelungire: </VisuallyHidden>
                </>
              ) : null}
              <table.FlexRender cell={cell} />
            </Table.Td>
          ))}
          {hasActions ? (
            <Table.Td w={CONTROL_COLUMN_WIDTH} className="data-table-actions">
              <RowActionsMenu row={original} actions={actions ?? []} rowLabel={rowLabel} />
            </Table.Td>
          ) : null}
        </Table.Tr>
      );
    });
  }

  return (
    <Box>
      {toolbar || withColumnChooser ? (
        <Group justify="space-between" mb="xs" gap="xs">
          <Group gap="xs">{toolbar}</Group>
          {withColumnChooser ? (
            <ColumnChooser
              columns={columns.map((column) => ({ id: column.id, header: column.header, hideable: column.hideable ?? true }))}
              visibility={columnVisibility}
              onApply={(visibility) => updatePrefs((current) => ({ ...current, visibility }))}
              onReset={() => updatePrefs((current) => ({ ...current, visibility: {} }))}
            />
          ) : null}
        </Group>
      ) : null}
      {selectable && overLimit && selectLimit !== undefined ? (
        <Alert color="red.9" variant="light" role="alert" mb="xs">
          {selectLimitMessage(selectLimit)}
        </Alert>
      ) : null}
      {/* Positioned, so the visually hidden (absolute) header texts stay inside the scroll box; a
          size container, so a state message can be as wide as the visible part (`cqw`). */}
      <Box pos="relative" style={{ overflowX: 'auto', containerType: 'inline-size' }}>
        <Table
          aria-label={label}
          aria-busy={loading || undefined}
          highlightOnHover
          style={{ tableLayout: 'fixed', width: tableWidth, minWidth: '100%' }}
        >
          <Table.Thead>
            {headerGroups.map((group) => (
              <Table.Tr key={group.id}>
                {selectable ? (
                  <Table.Th w={CONTROL_COLUMN_WIDTH}>
                    <Checkbox
                      aria-label="Selectați toate rândurile"
                      checked={selection.selectAll}
                      indeterminate={someSelected}
                      disabled={!anyChangeable || loading}
                      onChange={(event) =>
                        dispatch({ type: 'toggleAll', rows: selectableRows, checked: event.currentTarget.checked })
                      }
                    />
                  </Table.Th>
                ) : null}
                {group.headers.map((header) => {
                  const sorted = header.column.getIsSorted();
                  const canSort = header.column.getCanSort();
                  const columnHeader = String(header.column.columnDef.header ?? header.column.id);
                  const isResizing = resizingColumn === header.column.id;
                  return (
                    <Table.Th
                      key={header.id}
                      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : canSort ? 'none' : undefined}
                      style={{ width: header.getSize(), position: 'relative' }}
                      data-column-id={header.column.id}
                    >
                      {canSort ? (
                        <UnstyledButton
                          onClick={header.column.getToggleSortingHandler()}
                          fw={700}
                          fz="sm"
                          style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
                        >
                          <table.FlexRender header={header} />
                          {sorted === 'asc' ? (
                            <IconSortAscending size={14} aria-hidden />
                          ) : sorted === 'desc' ? (
                            <IconSortDescending size={14} aria-hidden />
                          ) : (
                            <IconArrowsSort size={14} aria-hidden style={{ opacity: 0.6 }} />
                          )}
                          <VisuallyHidden>
                            {sorted === 'asc' ? ', sortat crescător' : sorted === 'desc' ? ', sortat descrescător' : ', nesortat'}
                          </VisuallyHidden>
                        </UnstyledButton>
                      ) : (
                        <table.FlexRender header={header} />
                      )}
                      {header.column.getCanResize() ? (
                        <div
                          role="separator"
                          aria-orientation="vertical"
                          aria-label={`Redimensionați coloana ${columnHeader}`}
                          aria-valuenow={header.getSize()}
                          aria-valuemin={minWidths[header.column.id]}
                          tabIndex={0}
                          onMouseDown={header.getResizeHandler()}
                          onTouchStart={header.getResizeHandler()}
                          onKeyDown={(event) => resizeWithKeyboard(event, header)}
                          onDoubleClick={() => header.column.resetSize()}
                          data-resizing={isResizing || undefined}
                          style={{
                            position: 'absolute',
                            top: 0,
                            right: 0,
                            height: '100%',
                            width: 6,
                            cursor: 'col-resize',
                            userSelect: 'none',
                            touchAction: 'none',
                            background: isResizing ? 'var(--mantine-color-navy-7)' : 'transparent',
                            transform: isResizing ? `translateX(${resizeDelta}px)` : undefined,
                          }}
                        />
                      ) : null}
                    </Table.Th>
                  );
                })}
                {hasActions ? (
                  <Table.Th w={CONTROL_COLUMN_WIDTH} className="data-table-actions">
                    <VisuallyHidden>Acțiuni</VisuallyHidden>
                  </Table.Th>
                ) : null}
              </Table.Tr>
            ))}
          </Table.Thead>
          <Table.Tbody>{body}</Table.Tbody>
        </Table>
      </Box>
    </Box>
  );
}

/** Default text of a cell: empty for null, 'Da'/'Nu' for booleans, joined lists. */
function formatCellValue(value: unknown): ReactNode {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'Da' : 'Nu';
  if (Array.isArray(value)) return value.join(', ');
  if (typeof value === 'object') return '';
  return String(value);
}
