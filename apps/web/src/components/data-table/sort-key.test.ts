import { describe, expect, it } from 'vitest';
import { fromSortKey, toSortKey } from './sort-key';

describe('sort key', () => {
  it('writes ascending as the field and descending with a leading minus', () => {
    expect(toSortKey([{ id: 'created_date', desc: false }])).toBe('created_date');
    expect(toSortKey([{ id: 'created_date', desc: true }])).toBe('-created_date');
    expect(toSortKey([])).toBeUndefined();
  });

  it('maps column ids to API fields and back', () => {
    const fields: Record<string, string> = { date: 'created_date' };
    expect(toSortKey([{ id: 'date', desc: true }], (id) => fields[id] ?? id)).toBe('-created_date');
    expect(fromSortKey('-created_date', (field) => (field === 'created_date' ? 'date' : undefined))).toEqual([
      { id: 'date', desc: true },
    ]);
  });

  it('reads keys back, ignoring empty and unknown ones', () => {
    expect(fromSortKey('name')).toEqual([{ id: 'name', desc: false }]);
    expect(fromSortKey('-name')).toEqual([{ id: 'name', desc: true }]);
    expect(fromSortKey(undefined)).toEqual([]);
    expect(fromSortKey('-')).toEqual([]);
    expect(fromSortKey('ghost', () => undefined)).toEqual([]);
  });
});
