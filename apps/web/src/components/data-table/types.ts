import type { ReactNode } from 'react';

/**
 * Per-row flags understood by the DataTable (spec §2 "Reusable list behaviour"). They travel on
 * the row objects themselves, the way the API returns them.
 */
export interface DataTableRowFlags {
  /** Row starts selected (for example documents already chosen for bulk signing). */
  selected?: boolean;
  /** Selection of the row cannot be changed by the user, and select-all skips it. */
  locked?: boolean;
  /** No checkbox is shown; the row is not selectable at all. */
  hideSelectable?: boolean;
  /** No actions menu is shown for the row. */
  hideAction?: boolean;
  /** Names of the row actions to leave out of this row's menu. */
  hideActionNames?: readonly string[];
  /** The row is an extension of another record (series allocation extensions); drawn indented and marked. */
  is_extension?: boolean;
}

/**
 * Reads the flags of any row object. The table accepts rows of any shape (most API records do
 * not declare the flags), so the flags are read through this one typed view.
 */
export function rowFlags(row: object): DataTableRowFlags {
  return row as DataTableRowFlags;
}

/** One data column of a DataTable. */
export interface DataTableColumn<T> {
  /** Stable id; also the key under which the user's width and visibility are remembered. */
  id: string;
  /** Header text (also used by the column chooser and screen readers). */
  header: string;
  /** Value of the cell; defaults to `row[id]`. Used for client-side sorting and the default cell. */
  accessor?: (row: T) => unknown;
  /** Custom cell content; defaults to the accessor value as text. */
  cell?: (row: T) => ReactNode;
  /** The column can be sorted by clicking its header. */
  sortable?: boolean;
  /** API field sent in `sortKey` when it differs from the column id (`created_date` for a `date` column). */
  sortField?: string;
  /** Initial width in px (default 160). */
  size?: number;
  /** Minimum width in px; never below the portal-wide 80 px (spec §9). */
  minSize?: number;
  /** The user may hide the column through the column chooser (default true). */
  hideable?: boolean;
  /** Hidden until the user shows it through the column chooser. */
  defaultHidden?: boolean;
  /** Horizontal alignment of cell content. */
  align?: 'left' | 'center' | 'right';
}

/** An entry of the per-row actions menu. */
export interface DataTableRowAction<T> {
  /** Stable name, matched against the row's `hideActionNames`. */
  name: string;
  /** Romanian label shown in the menu. */
  label: string;
  /** Icon shown before the label. */
  icon?: ReactNode;
  /** Mantine colour of the entry (e.g. 'red.9' for destructive actions). */
  color?: string;
  /** Extra visibility rule for a row, on top of `hideAction` / `hideActionNames`. */
  isVisible?: (row: T) => boolean;
  /** Called when the user picks the action. */
  onClick: (row: T) => void;
}

/** What the DataTable reports when the selection changes. */
export interface DataTableSelectionChange<T> {
  /** Ids of the selected rows, in row order. */
  ids: string[];
  /** The selected row objects, in row order. */
  rows: T[];
  /** The header checkbox is checked (every selectable, non-locked row is selected). */
  selectAll: boolean;
  /** More rows are selected than `selectLimit` allows. */
  exceedsLimit: boolean;
}
