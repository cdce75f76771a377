import { count } from 'drizzle-orm';
import { settings } from '../../db/schema/index.js';
import type { Db } from '../../platform/db.js';
import { buildListSql, type ListSpec, type ParsedList } from '../../platform/list-query.js';

/** Data access of the settings registry. */

export type SettingRow = typeof settings.$inferSelect;

export const SETTINGS_LIST: ListSpec = {
  fields: {
    key: { column: settings.key, type: 'text', sortable: true, searchable: true },
    description: { column: settings.description, type: 'text', searchable: true },
  },
  defaultSort: { field: 'key', descending: false },
  idColumn: settings.key,
};

export function listSettings(db: Db, parsed: ParsedList) {
  const list = buildListSql(parsed, SETTINGS_LIST);
  return {
    rows: (): Promise<SettingRow[]> =>
      db
        .select()
        .from(settings)
        .where(list.where)
        .orderBy(...list.orderBy)
        .limit(list.limit)
        .offset(list.offset),
    total: async () => (await db.select({ total: count() }).from(settings).where(list.where))[0].total,
  };
}
