import type { AppContext } from '../../platform/context.js';
import { listPage, parseListQuery } from '../../platform/list-query.js';
import { presentSettingEntry } from './presenter.js';
import * as repo from './repository.js';

/** The settings registry page (public: nothing secret is stored there). */
export async function listSettingEntries(ctx: AppContext, query: Record<string, unknown>) {
  const parsed = parseListQuery(query, repo.SETTINGS_LIST);
  const list = repo.listSettings(ctx.db, parsed);
  return listPage(parsed, async () => (await list.rows()).map(presentSettingEntry), list.total);
}
