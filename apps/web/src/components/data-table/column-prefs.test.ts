import { describe, expect, it } from 'vitest';
import {
  clampColumnWidth,
  clampColumnWidths,
  columnPrefsKey,
  loadColumnPrefs,
  MIN_COLUMN_WIDTH,
  saveColumnPrefs,
} from './column-prefs';

function memoryStorage(initial: Record<string, string> = {}) {
  const map = new Map(Object.entries(initial));
  return {
    map,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
  };
}

describe('column preferences', () => {
  it('builds one key per table and per user', () => {
    expect(columnPrefsKey('applications', 7)).toBe('ghiseu.table.applications.7');
    expect(columnPrefsKey('applications', 8)).not.toBe(columnPrefsKey('applications', 7));
    expect(columnPrefsKey('applications', null)).toBe('ghiseu.table.applications.guest');
  });

  it('never lets a column be narrower than 80 px', () => {
    expect(MIN_COLUMN_WIDTH).toBe(80);
    expect(clampColumnWidth(20)).toBe(80);
    expect(clampColumnWidth(50, 40)).toBe(80);
    expect(clampColumnWidth(90, 120)).toBe(120);
    expect(clampColumnWidth(150.6)).toBe(151);
    expect(clampColumnWidths({ a: 10, b: 200, c: Number.NaN })).toEqual({ a: 80, b: 200 });
  });

  it('round-trips visibility and widths, separately for each user', () => {
    const storage = memoryStorage();
    saveColumnPrefs(storage, columnPrefsKey('t', 1), { visibility: { status: false }, widths: { name: 300 } });
    saveColumnPrefs(storage, columnPrefsKey('t', 2), { visibility: { name: false }, widths: {} });
    expect(loadColumnPrefs(storage, columnPrefsKey('t', 1))).toEqual({ visibility: { status: false }, widths: { name: 300 } });
    expect(loadColumnPrefs(storage, columnPrefsKey('t', 2))).toEqual({ visibility: { name: false }, widths: {} });
    expect(loadColumnPrefs(storage, columnPrefsKey('t', 3))).toEqual({ visibility: {}, widths: {} });
  });

  it('clamps stored widths that are too small and ignores wrongly typed entries', () => {
    const storage = memoryStorage({ k: JSON.stringify({ visibility: { a: 'no', b: false }, widths: { a: 12, b: '300' } }) });
    expect(loadColumnPrefs(storage, 'k')).toEqual({ visibility: { b: false }, widths: { a: 80 } });
  });

  it('clears an unreadable entry instead of failing', () => {
    const storage = memoryStorage({ k: '{not json' });
    expect(loadColumnPrefs(storage, 'k')).toEqual({ visibility: {}, widths: {} });
    expect(storage.map.has('k')).toBe(false);
  });

  it('removes the entry when nothing is left to remember', () => {
    const storage = memoryStorage({ k: JSON.stringify({ visibility: { a: false }, widths: {} }) });
    saveColumnPrefs(storage, 'k', { visibility: {}, widths: {} });
    expect(storage.map.has('k')).toBe(false);
  });
});
