import { signingLayoutProblems } from '@ghiseu/domain';
import { describe, expect, it } from 'vitest';
import {
  addCell,
  addRow,
  captionProblems,
  defaultLayout,
  editorLayoutOfOutput,
  layoutInputOf,
  layoutOf,
  moveCell,
  moveRow,
  removeCell,
  sameLayout,
  updateCell,
} from './layout-model';

const caption = ({ row, cell }: { row: number; cell: number }) => `${row}.${cell} fără legendă`;

describe('signing layout model', () => {
  it('starts with a valid layout: the president on the first row, signing last', () => {
    const layout = defaultLayout('Președinte', 'Întocmit');
    expect(signingLayoutProblems(layoutOf(layout))).toEqual([]);
    expect(layoutInputOf(layout)).toEqual({
      rows: [
        [{ index: 2, label: 'Președinte', signer: 'president', function_id: null, function_key: null, visa: null }],
        [{ index: 1, label: 'Întocmit', signer: 'assignee', function_id: null, function_key: null, visa: null }],
      ],
    });
  });

  it('gives a new cell the next order and stops at 7 rows and 4 cells a row', () => {
    let layout = defaultLayout('P', 'A');
    layout = addCell(layout, 1);
    expect(layout[1].cells.map((c) => c.index)).toEqual([1, 3]);
    for (let i = 0; i < 10; i++) layout = addRow(layout);
    expect(layout).toHaveLength(7);
    for (let i = 0; i < 10; i++) layout = addCell(layout, 0);
    expect(layout[0].cells).toHaveLength(4);
  });

  it('moves rows and cells and keeps the cells’ identity', () => {
    let layout = addCell(defaultLayout('P', 'A'), 1);
    const [first, second] = layout[1].cells.map((c) => c.uid);
    layout = moveCell(layout, 1, 0, 1);
    expect(layout[1].cells.map((c) => c.uid)).toEqual([second, first]);
    layout = moveRow(layout, 1, -1);
    expect(layout[0].cells.map((c) => c.uid)).toEqual([second, first]);
    expect(moveRow(layout, 0, -1)).toEqual(layout);
    expect(removeCell(layout, 0, 0)[0].cells.map((c) => c.uid)).toEqual([first]);
  });

  it('forgets the function of a cell that stops being a function cell and asks for captions', () => {
    let layout = updateCell(defaultLayout('P', 'A'), 1, 0, { signer: 'function', functionId: 41 });
    expect(layoutOf(layout).rows[1][0]).toMatchObject({ signer: 'function', functionId: 41 });
    layout = updateCell(layout, 1, 0, { signer: 'reviewer', label: ' ' });
    expect(layoutOf(layout).rows[1][0]).toMatchObject({ signer: 'reviewer', functionId: null, functionKey: null, label: '' });
    expect(captionProblems(layout, caption)).toEqual(['2.1 fără legendă']);
  });

  it('reads the API’s layout back and compares layouts by what is stored', () => {
    const stored = layoutInputOf(defaultLayout('P', 'A'));
    const read = editorLayoutOfOutput(stored);
    expect(sameLayout(read, defaultLayout('P', 'A'))).toBe(true);
    expect(sameLayout(read, updateCell(read, 0, 0, { visa: 'visa1' }))).toBe(false);
  });
});
