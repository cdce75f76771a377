/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Base address of the portal API; `/api` when unset. */
  readonly VITE_API_URL?: string;
  /** Base address of the archive API; `/api/archive` when unset. */
  readonly VITE_ARCHIVE_API_URL?: string;
}
