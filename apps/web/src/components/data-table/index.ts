export { type ChooserColumn, ColumnChooser, type ColumnChooserProps } from './column-chooser';
export {
  browserStorage,
  type ColumnPrefs,
  clampColumnWidth,
  clampColumnWidths,
  columnPrefsKey,
  loadColumnPrefs,
  MIN_COLUMN_WIDTH,
  type PrefsStorage,
  saveColumnPrefs,
} from './column-prefs';
export { DataTable, type DataTableProps } from './data-table';
export { type RecordAbilities, type RecordActionsOptions, recordActions } from './record-actions';
export { RowActionsMenu, type RowActionsMenuProps, visibleRowActions } from './row-actions-menu';
export {
  allChangeableSelected,
  exceedsSelectLimit,
  initialSelection,
  isRowChangeable,
  type SelectableRow,
  type SelectionAction,
  type SelectionState,
  selectionReducer,
  selectLimitMessage,
} from './selection';
export { type ColumnSortState, fromSortKey, toSortKey } from './sort-key';
export {
  type DataTableColumn,
  type DataTableRowAction,
  type DataTableRowFlags,
  type DataTableSelectionChange,
  rowFlags,
} from './types';
