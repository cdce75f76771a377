/**
 * Row selection rules of spec §2, as a pure reducer so they can be tested without rendering:
 * - select-all marks every non-locked (selectable) row; locked rows keep whatever state they had;
 * - unchecking any row clears select-all;
 * - checking the last unchecked selectable row individually sets select-all.
 */
import { countWithNoun } from '../romanian';

/** The facts about a row that selection needs. */
export interface SelectableRow {
  id: string;
  selected?: boolean;
  locked?: boolean;
  hideSelectable?: boolean;
}

/** Selection state: the selected ids plus the header checkbox. */
export interface SelectionState {
  selectedIds: ReadonlySet<string>;
  selectAll: boolean;
}

export type SelectionAction =
  | { type: 'sync'; rows: readonly SelectableRow[] }
  | { type: 'toggleAll'; rows: readonly SelectableRow[]; checked: boolean }
  | { type: 'toggleRow'; rows: readonly SelectableRow[]; id: string; checked: boolean }
  | { type: 'clear'; rows: readonly SelectableRow[] };

/**
 * A row the user may change. Rows with `hideSelectable` have no checkbox, so select-all must
 * not pick them up behind the user's back.
 */
export function isRowChangeable(row: SelectableRow): boolean {
  return !row.locked && !row.hideSelectable;
}

/** True when every changeable row is selected (and there is at least one). */
export function allChangeableSelected(rows: readonly SelectableRow[], selected: ReadonlySet<string>): boolean {
  const changeable = rows.filter(isRowChangeable);
  return changeable.length > 0 && changeable.every((row) => selected.has(row.id));
}

function sameIds(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  if (a.size !== b.size) return false;
  for (const id of a) if (!b.has(id)) return false;
  return true;
}

/** Initial state from the rows' own `selected` flags. */
export function initialSelection(rows: readonly SelectableRow[]): SelectionState {
  const selectedIds = new Set(rows.filter((row) => row.selected && !row.hideSelectable).map((row) => row.id));
  return { selectedIds, selectAll: allChangeableSelected(rows, selectedIds) };
}

/** Applies one selection action. Returns the same state object when nothing changed. */
export function selectionReducer(state: SelectionState, action: SelectionAction): SelectionState {
  const byId = new Map(action.rows.map((row) => [row.id, row]));
  switch (action.type) {
    case 'sync': {
      // New data (next page, refetch): keep choices for rows still present, honour new `selected`
      // flags, and locked rows always reflect the server's flag because the user cannot change them.
      const selectedIds = new Set<string>();
      for (const row of action.rows) {
        if (row.hideSelectable) continue;
        if (row.locked ? row.selected : row.selected || state.selectedIds.has(row.id)) selectedIds.add(row.id);
      }
      const selectAll = allChangeableSelected(action.rows, selectedIds);
      // Same selection as before: keep the state object so React skips the re-render.
      if (selectAll === state.selectAll && sameIds(selectedIds, state.selectedIds)) return state;
      return { selectedIds, selectAll };
    }
    case 'toggleAll': {
      const selectedIds = new Set<string>();
      for (const row of action.rows) {
        if (row.hideSelectable) continue;
        if (row.locked) {
          if (state.selectedIds.has(row.id)) selectedIds.add(row.id);
        } else if (action.checked) {
          selectedIds.add(row.id);
        }
      }
      return { selectedIds, selectAll: action.checked && action.rows.some(isRowChangeable) };
    }
    case 'toggleRow': {
      const row = byId.get(action.id);
      if (!row || !isRowChangeable(row)) return state;
      const selectedIds = new Set(state.selectedIds);
      if (action.checked) selectedIds.add(row.id);
      else selectedIds.delete(row.id);
      return {
        selectedIds,
        // Unchecking always clears select-all; checking sets it once nothing changeable is left out.
        selectAll: action.checked ? allChangeableSelected(action.rows, selectedIds) : false,
      };
    }
    case 'clear': {
      const selectedIds = new Set(action.rows.filter((row) => row.locked && state.selectedIds.has(row.id)).map((row) => row.id));
      return { selectedIds, selectAll: false };
    }
  }
}

/** True when more rows are selected than the optional limit allows. */
export function exceedsSelectLimit(selectedCount: number, limit: number | undefined): boolean {
  return limit !== undefined && selectedCount > limit;
}

/** Romanian error shown when the selection is over the limit (spec §5). */
export function selectLimitMessage(limit: number): string {
  return `Puteți selecta cel mult ${countWithNoun(limit, 'înregistrare', 'înregistrări')}. Deselectați înregistrările în plus.`;
}
