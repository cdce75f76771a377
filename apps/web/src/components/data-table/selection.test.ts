import { describe, expect, it } from 'vitest';
import {
  exceedsSelectLimit,
  initialSelection,
  type SelectableRow,
  type SelectionState,
  selectionReducer,
  selectLimitMessage,
} from './selection';

const rows: SelectableRow[] = [{ id: 'a' }, { id: 'b' }, { id: 'c', locked: true }, { id: 'd', hideSelectable: true }];
const ids = (state: SelectionState) => [...state.selectedIds].sort();

describe('selectionReducer', () => {
  it('starts from the rows’ selected flags, never selecting rows without a checkbox', () => {
    const state = initialSelection([{ id: 'a', selected: true }, { id: 'b' }, { id: 'd', selected: true, hideSelectable: true }]);
    expect(ids(state)).toEqual(['a']);
    expect(state.selectAll).toBe(false);
  });

  it('select-all marks every non-locked row and leaves locked rows as they were', () => {
    const state = selectionReducer(initialSelection(rows), { type: 'toggleAll', rows, checked: true });
    expect(ids(state)).toEqual(['a', 'b']);
    expect(state.selectAll).toBe(true);
  });

  it('select-all keeps a locked row that was selected, and un-select-all keeps it too', () => {
    const withLocked: SelectableRow[] = [{ id: 'a' }, { id: 'c', locked: true, selected: true }];
    const all = selectionReducer(initialSelection(withLocked), { type: 'toggleAll', rows: withLocked, checked: true });
    expect(ids(all)).toEqual(['a', 'c']);
    const none = selectionReducer(all, { type: 'toggleAll', rows: withLocked, checked: false });
    expect(ids(none)).toEqual(['c']);
    expect(none.selectAll).toBe(false);
  });

  it('unchecking one row clears select-all', () => {
    const all = selectionReducer(initialSelection(rows), { type: 'toggleAll', rows, checked: true });
    const state = selectionReducer(all, { type: 'toggleRow', rows, id: 'a', checked: false });
    expect(ids(state)).toEqual(['b']);
    expect(state.selectAll).toBe(false);
  });

  it('checking every non-locked row one by one sets select-all', () => {
    let state = initialSelection(rows);
    state = selectionReducer(state, { type: 'toggleRow', rows, id: 'a', checked: true });
    expect(state.selectAll).toBe(false);
    state = selectionReducer(state, { type: 'toggleRow', rows, id: 'b', checked: true });
    expect(state.selectAll).toBe(true);
  });

  it('ignores toggles of locked rows and rows without a checkbox', () => {
    const start = initialSelection(rows);
    expect(selectionReducer(start, { type: 'toggleRow', rows, id: 'c', checked: true })).toBe(start);
    expect(selectionReducer(start, { type: 'toggleRow', rows, id: 'd', checked: true })).toBe(start);
  });

  it('sync keeps choices for rows still present and drops rows that left', () => {
    let state = selectionReducer(initialSelection(rows), { type: 'toggleRow', rows, id: 'a', checked: true });
    const next: SelectableRow[] = [{ id: 'a' }, { id: 'x' }];
    state = selectionReducer(state, { type: 'sync', rows: next });
    expect(ids(state)).toEqual(['a']);
    expect(state.selectAll).toBe(false);
  });

  it('sync with unchanged rows keeps the same state object', () => {
    const state = selectionReducer(initialSelection(rows), { type: 'toggleRow', rows, id: 'a', checked: true });
    expect(selectionReducer(state, { type: 'sync', rows: [...rows] })).toBe(state);
  });

  it('select-all is never set when no row can be changed', () => {
    const lockedOnly: SelectableRow[] = [{ id: 'c', locked: true }];
    expect(selectionReducer(initialSelection(lockedOnly), { type: 'toggleAll', rows: lockedOnly, checked: true }).selectAll).toBe(
      false,
    );
  });
});

describe('select limit', () => {
  it('is exceeded only above the limit', () => {
    expect(exceedsSelectLimit(3, 3)).toBe(false);
    expect(exceedsSelectLimit(4, 3)).toBe(true);
    expect(exceedsSelectLimit(400, undefined)).toBe(false);
  });

  it('explains the limit in Romanian, with "de" from 20 upwards', () => {
    expect(selectLimitMessage(5)).toBe('Puteți selecta cel mult 5 înregistrări. Deselectați înregistrările în plus.');
    expect(selectLimitMessage(20)).toContain('cel mult 20 de înregistrări');
    expect(selectLimitMessage(1)).toContain('cel mult 1 înregistrare');
  });
});
