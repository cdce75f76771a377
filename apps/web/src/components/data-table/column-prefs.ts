/**
 * Column choices and widths remembered per user (spec §2, §9). Kept as plain functions over a
 * `Storage`-like object so the rules are testable without a browser and so a broken entry
 * (edited by hand, older format) can never break a list page.
 */
import { LIMITS } from '@ghiseu/domain';

/** What is remembered for one table and one user. */
export interface ColumnPrefs {
  /** Column id → visible. Only explicit entries are stored; missing ids use the column default. */
  visibility: Record<string, boolean>;
  /** Column id → width in px (never below the minimum width). */
  widths: Record<string, number>;
}

/** The subset of `Storage` the preferences need (localStorage in the browser). */
export type PrefsStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Minimum column width of spec §9. */
export const MIN_COLUMN_WIDTH = LIMITS.columnMinWidthPx;

const EMPTY: ColumnPrefs = { visibility: {}, widths: {} };

/**
 * Storage key for a table and a user. Guests share one key; the user id is part of the key so
 * two people using the same browser do not see each other's layout.
 */
export function columnPrefsKey(storageKey: string, userId: string | number | null | undefined): string {
  const who = userId === null || userId === undefined || userId === '' ? 'guest' : String(userId);
  return `ghiseu.table.${storageKey}.${who}`;
}

/** Clamps a width to the minimum and rounds it to whole pixels. */
export function clampColumnWidth(width: number, minWidth: number = MIN_COLUMN_WIDTH): number {
  return Math.round(Math.max(width, Math.max(minWidth, MIN_COLUMN_WIDTH)));
}

/** Clamps every width of a sizing map; `minWidths` gives column-specific minimums. */
export function clampColumnWidths(
  widths: Record<string, number>,
  minWidths: Record<string, number> = {},
): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [id, width] of Object.entries(widths)) {
    if (Number.isFinite(width)) out[id] = clampColumnWidth(width, minWidths[id]);
  }
  return out;
}

/** Reads the preferences; anything unreadable is removed and treated as "no preferences". */
export function loadColumnPrefs(storage: PrefsStorage | undefined, key: string): ColumnPrefs {
  if (!storage) return EMPTY;
  let raw: string | null;
  try {
    raw = storage.getItem(key);
  } catch {
    return EMPTY;
  }
  if (!raw) return EMPTY;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== 'object') throw new Error('not an object');
    const { visibility, widths } = parsed as Partial<Record<keyof ColumnPrefs, unknown>>;
    const prefs: ColumnPrefs = { visibility: {}, widths: {} };
    if (visibility && typeof visibility === 'object') {
      for (const [id, value] of Object.entries(visibility)) if (typeof value === 'boolean') prefs.visibility[id] = value;
    }
    if (widths && typeof widths === 'object') {
      for (const [id, value] of Object.entries(widths)) if (typeof value === 'number') prefs.widths[id] = value;
    }
    prefs.widths = clampColumnWidths(prefs.widths);
    return prefs;
  } catch {
    // A failed read clears the stored entry (spec §8), so the next visit starts clean.
    try {
      storage.removeItem(key);
    } catch {
      /* storage unavailable: nothing to clean */
    }
    return EMPTY;
  }
}

/** Writes the preferences; empty preferences remove the entry. Storage errors (quota, private mode) are ignored. */
export function saveColumnPrefs(storage: PrefsStorage | undefined, key: string, prefs: ColumnPrefs): void {
  if (!storage) return;
  try {
    if (Object.keys(prefs.visibility).length === 0 && Object.keys(prefs.widths).length === 0) storage.removeItem(key);
    else storage.setItem(key, JSON.stringify({ visibility: prefs.visibility, widths: clampColumnWidths(prefs.widths) }));
  } catch {
    /* the layout simply is not remembered */
  }
}

/** The browser's localStorage, or undefined where it is not reachable (SSR, blocked cookies). */
export function browserStorage(): PrefsStorage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}
