/**
 * Browser storage keys of spec §9. Every read and write goes through these helpers so that a
 * browser with storage disabled (private mode, embedded iframe with partitioned storage) degrades
 * to "not signed in" instead of throwing.
 */
export const STORAGE_KEYS = {
  token: 'token',
  organisationId: 'organisation_id',
  language: 'language',
  parcelSearchHistory: 'parcel_search_history',
  parcel: 'parcel',
  menuStatus: 'menu_status',
  sidebarState: 'sidebar_state',
} as const;
export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

export function readStorage(key: StorageKey): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: StorageKey, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage unavailable: the session simply does not survive a reload.
  }
}

export const getStoredToken = (): string | null => readStorage(STORAGE_KEYS.token);
export const setStoredToken = (token: string | null): void => writeStorage(STORAGE_KEYS.token, token);

export function getStoredOrganisationId(): number | null {
  const raw = readStorage(STORAGE_KEYS.organisationId);
  const id = raw === null ? Number.NaN : Number.parseInt(raw, 10);
  return Number.isInteger(id) ? id : null;
}
export const setStoredOrganisationId = (id: number | null): void =>
  writeStorage(STORAGE_KEYS.organisationId, id === null ? null : String(id));

/** The interface language; Romanian is the only one offered (spec §1). */
export const getStoredLanguage = (): string => readStorage(STORAGE_KEYS.language) ?? 'ro';

/** What logout clears (spec §4): token, organisation id, menu state and the stored parcel. */
export function clearSessionStorage(): void {
  writeStorage(STORAGE_KEYS.token, null);
  writeStorage(STORAGE_KEYS.organisationId, null);
  writeStorage(STORAGE_KEYS.menuStatus, null);
  writeStorage(STORAGE_KEYS.parcel, null);
}
