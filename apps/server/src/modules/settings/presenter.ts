import type { SettingRow } from './repository.js';

/** A settings row → an entry of the registry (spec §3). */
export const presentSettingEntry = (row: SettingRow) => ({
  key: row.key,
  default_value: row.value,
  description: row.description,
});
