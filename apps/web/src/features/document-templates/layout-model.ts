import {
  SIGNING_LAYOUT_MAX_CELLS_PER_ROW,
  SIGNING_LAYOUT_MAX_ROWS,
  type SignerKind,
  type SigningCell,
  type SigningLayout,
  type SigningLayoutInput,
} from '@ghiseu/domain';

/**
 * The signing-layout editor's model: the template's rows of signature cells (spec §3 Signing
 * layout, §5), each cell with a local `uid` so that React keeps its inputs while cells move.
 * Pure functions: every edit returns a new layout; `layoutOf` strips the uids for the server.
 * The rules themselves are the domain's `signingLayoutProblems`, shown live by the editor.
 */

export interface EditorCell extends SigningCell {
  uid: string;
}
export type EditorRow = { uid: string; cells: EditorCell[] };
export type EditorLayout = EditorRow[];

let counter = 0;
const nextUid = (prefix: string) => {
  counter += 1;
  return `${prefix}-${counter}`;
};

/** The highest index used (0 when empty): a new cell takes the next one. */
const maxIndex = (layout: EditorLayout) => layout.reduce((max, row) => Math.max(max, ...row.cells.map((c) => c.index)), 0);

/** A new cell: signed after every existing one. */
export function newCell(layout: EditorLayout, signer: SignerKind = 'assignee', label = ''): EditorCell {
  return { uid: nextUid('cell'), index: maxIndex(layout) + 1, label, signer, functionId: null, functionKey: null, visa: null };
}

/** The editor's copy of a stored layout (a missing layout starts with one empty row). */
export function editorLayoutOf(layout: SigningLayout | null | undefined): EditorLayout {
  const rows = layout?.rows ?? [];
  return rows.map((cells) => ({
    uid: nextUid('row'),
    cells: cells.map((cell) => ({
      uid: nextUid('cell'),
      index: cell.index,
      label: cell.label,
      signer: cell.signer,
      functionId: cell.functionId ?? null,
      functionKey: cell.functionKey ?? null,
      visa: cell.visa ?? null,
    })),
  }));
}

/** The layout to store: no uids, no boxes (the generation writes those), function only for 'function' cells. */
export function layoutOf(layout: EditorLayout): SigningLayout {
  return {
    rows: layout.map((row) =>
      row.cells.map((cell) => {
        const isFunction = cell.signer === 'function';
        return {
          index: cell.index,
          label: cell.label.trim(),
          signer: cell.signer,
          functionId: isFunction ? (cell.functionId ?? null) : null,
          functionKey: isFunction ? (cell.functionKey ?? null) : null,
          visa: cell.visa ?? null,
        };
      }),
    ),
  };
}

/** The layout as the API takes it (snake_case). */
export function layoutInputOf(layout: EditorLayout): SigningLayoutInput {
  return {
    rows: layoutOf(layout).rows.map((row) =>
      row.map((cell) => ({
        index: cell.index,
        label: cell.label,
        signer: cell.signer,
        function_id: cell.functionId ?? null,
        function_key: cell.functionKey ?? null,
        visa: cell.visa ?? null,
      })),
    ),
  };
}

/** The editor's copy of a layout the API answered (snake_case). */
export function editorLayoutOfOutput(layout: { rows: SigningLayoutInput['rows'] } | null | undefined): EditorLayout {
  return editorLayoutOf({
    rows: (layout?.rows ?? []).map((row) =>
      row.map((cell) => ({
        index: cell.index,
        label: cell.label,
        signer: cell.signer,
        functionId: cell.function_id ?? null,
        functionKey: cell.function_key ?? null,
        visa: cell.visa ?? null,
      })),
    ),
  });
}

/**
 * What the editor checks on top of the domain's rules: every cell needs a caption (the server
 * refuses an empty one). `where` names a cell for the message.
 */
export function captionProblems(layout: EditorLayout, message: (where: { row: number; cell: number }) => string): string[] {
  const problems: string[] = [];
  layout.forEach((row, r) => {
    row.cells.forEach((cell, c) => {
      if (cell.label.trim() === '') problems.push(message({ row: r + 1, cell: c + 1 }));
    });
  });
  return problems;
}

/** Same stored layout (for the unsaved-changes state). */
export const sameLayout = (a: EditorLayout, b: EditorLayout) => JSON.stringify(layoutOf(a)) === JSON.stringify(layoutOf(b));

export const canAddRow = (layout: EditorLayout) => layout.length < SIGNING_LAYOUT_MAX_ROWS;

/** A new row at the end with one cell (no more than the domain's maximum of rows). */
export function addRow(layout: EditorLayout): EditorLayout {
  if (!canAddRow(layout)) return layout;
  return [...layout, { uid: nextUid('row'), cells: [newCell(layout)] }];
}

export function removeRow(layout: EditorLayout, rowIndex: number): EditorLayout {
  return layout.filter((_, i) => i !== rowIndex);
}

function move<T>(items: readonly T[], from: number, delta: number): T[] {
  const to = from + delta;
  if (from < 0 || from >= items.length || to < 0 || to >= items.length) return [...items];
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
}

/** Moves a row up (-1) or down (+1). */
export const moveRow = (layout: EditorLayout, rowIndex: number, delta: -1 | 1): EditorLayout => move(layout, rowIndex, delta);

const withRow = (layout: EditorLayout, rowIndex: number, cells: (cells: EditorCell[]) => EditorCell[]): EditorLayout =>
  layout.map((row, i) => (i === rowIndex ? { ...row, cells: cells(row.cells) } : row));

export const canAddCell = (row: EditorRow) => row.cells.length < SIGNING_LAYOUT_MAX_CELLS_PER_ROW;

/** A new cell at the end of a row (no more than the domain's maximum a row). */
export const addCell = (layout: EditorLayout, rowIndex: number): EditorLayout =>
  withRow(layout, rowIndex, (cells) => (cells.length < SIGNING_LAYOUT_MAX_CELLS_PER_ROW ? [...cells, newCell(layout)] : cells));

export const removeCell = (layout: EditorLayout, rowIndex: number, cellIndex: number): EditorLayout =>
  withRow(layout, rowIndex, (cells) => cells.filter((_, i) => i !== cellIndex));

/** Moves a cell left (-1) or right (+1) within its row. */
export const moveCell = (layout: EditorLayout, rowIndex: number, cellIndex: number, delta: -1 | 1): EditorLayout =>
  withRow(layout, rowIndex, (cells) => move(cells, cellIndex, delta));

/** Changes some fields of a cell; a cell that stops being a 'function' cell forgets its function. */
export function updateCell(layout: EditorLayout, rowIndex: number, cellIndex: number, patch: Partial<SigningCell>): EditorLayout {
  return withRow(layout, rowIndex, (cells) =>
    cells.map((cell, i) => {
      if (i !== cellIndex) return cell;
      const next = { ...cell, ...patch };
      return next.signer === 'function' ? next : { ...next, functionId: null, functionKey: null };
    }),
  );
}

/** A starting layout for a new template: the president on the first row, the responsible clerk below. */
export function defaultLayout(presidentLabel: string, assigneeLabel: string): EditorLayout {
  return [
    { uid: nextUid('row'), cells: [{ ...newCell([], 'president', presidentLabel), index: 2 }] },
    { uid: nextUid('row'), cells: [{ ...newCell([], 'assignee', assigneeLabel), index: 1 }] },
  ];
}
