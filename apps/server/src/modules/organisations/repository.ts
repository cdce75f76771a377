import { count, eq, isNotNull } from 'drizzle-orm';
import { organisations } from '../../db/schema/index.js';
import type { Db } from '../../platform/db.js';
import { buildListSql, type ListSpec, type ParsedList } from '../../platform/list-query.js';

/** Data access of the public organisation reads (the administration module writes them). */

export type OrganisationRow = typeof organisations.$inferSelect;

export const ORGANISATIONS_LIST: ListSpec = {
  fields: {
    id: { column: organisations.id, type: 'number', sortable: true },
    name: { column: organisations.name, type: 'text', sortable: true, searchable: true },
    status: { column: organisations.status, type: 'text', ops: ['eq'] },
    type: { column: organisations.type, type: 'text', ops: ['eq'] },
    county_id: { column: organisations.countyId, type: 'number', ops: ['eq'] },
    is_test: { column: organisations.isTest, type: 'boolean' },
  },
  defaultSort: { field: 'name', descending: false },
  idColumn: organisations.id,
};

export function listOrganisations(db: Db, parsed: ParsedList) {
  const list = buildListSql(parsed, ORGANISATIONS_LIST);
  return {
    rows: (): Promise<OrganisationRow[]> =>
      db
        .select()
        .from(organisations)
        .where(list.where)
        .orderBy(...list.orderBy)
        .limit(list.limit)
        .offset(list.offset),
    total: async () => (await db.select({ total: count() }).from(organisations).where(list.where))[0].total,
  };
}

export async function findOrganisation(db: Db, id: number): Promise<OrganisationRow | undefined> {
  const [row] = await db.select().from(organisations).where(eq(organisations.id, id));
  return row;
}

/** Organisations that have a logo, with its file id. */
export function organisationLogos(db: Db): Promise<{ id: number; logoFileId: number | null }[]> {
  return db
    .select({ id: organisations.id, logoFileId: organisations.logoFileId })
    .from(organisations)
    .where(isNotNull(organisations.logoFileId));
}
