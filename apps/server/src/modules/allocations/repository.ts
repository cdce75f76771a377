import { and, asc, count, desc, eq, inArray, lte, max, type SQL, sql } from 'drizzle-orm';
import {
  documentSeries,
  documentSeriesTypes,
  files,
  organisations,
  seriesAllocations,
  territorialUnits,
  users,
} from '../../db/schema/index.js';
import type { Db } from '../../platform/db.js';
import { buildListSql, countList, escapeLike, folded, type ListSpec, type ParsedList } from '../../platform/list-query.js';

/** Data access of the reserved series: the list, the groups by creator, the export batches. */

export type AllocationRow = typeof seriesAllocations.$inferSelect;
export type AllocationInsert = typeof seriesAllocations.$inferInsert;

const a = seriesAllocations;

export const ALLOCATION_LIST: ListSpec = {
  fields: {
    series: { column: a.series, type: 'text', sortable: true, searchable: true },
    source: { column: a.source, type: 'text', ops: ['eq'] },
    created_by: { column: a.createdBy, type: 'number', ops: ['eq'] },
    series_type_id: { column: a.seriesTypeId, type: 'number', ops: ['eq'] },
    uat_id: { column: a.uatId, type: 'number', ops: ['eq'] },
    allocation_date: { column: a.allocationDate, type: 'date', sortable: true },
    issue_date: { column: a.issueDate, type: 'date', sortable: true },
    created_at: { column: a.createdAt, type: 'date', sortable: true },
  },
  defaultSort: { field: 'allocation_date', descending: true },
  idColumn: a.id,
  extraParams: ['group_by'],
};

/** A row with the names the presenter shows. */
export interface AllocationDetailRow {
  allocation: AllocationRow;
  creatorFirst: string | null;
  creatorLast: string | null;
  creatorEmail: string;
  typeName: string;
  uatName: string | null;
  fileName: string | null;
  fileSize: number | null;
}

const detailColumns = {
  allocation: a,
  creatorFirst: users.firstName,
  creatorLast: users.lastName,
  creatorEmail: users.email,
  typeName: documentSeriesTypes.name,
  uatName: territorialUnits.name,
  fileName: files.name,
  fileSize: files.size,
};

function detailQuery(db: Db) {
  return db
    .select(detailColumns)
    .from(a)
    .innerJoin(users, eq(users.id, a.createdBy))
    .innerJoin(documentSeriesTypes, eq(documentSeriesTypes.id, a.seriesTypeId))
    .leftJoin(territorialUnits, eq(territorialUnits.id, a.uatId))
    .leftJoin(files, eq(files.id, a.fileId));
}

export async function findAllocation(db: Db, id: number, options: { lock?: boolean } = {}): Promise<AllocationRow | undefined> {
  const query = db.select().from(a).where(eq(a.id, id));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export async function findDetail(db: Db, id: number): Promise<AllocationDetailRow | undefined> {
  const [row] = await detailQuery(db).where(eq(a.id, id));
  return row;
}

/** The list page and its total: `scope` is the organisation condition (undefined for all). */
export function listAllocations(db: Db, parsed: ParsedList, scope: SQL | undefined) {
  const built = buildListSql(parsed, ALLOCATION_LIST, [scope]);
  return {
    rows: () =>
      detailQuery(db)
        .where(built.where)
        .orderBy(...built.orderBy)
        .limit(built.limit)
        .offset(built.offset),
    total: () => countList(db, db.select({ one: sql`1` }).from(a).where(built.where)),
  };
}

/**
 * The creators of the allocations matching `where` (most recent allocation first, at most
 * `limit`) with their totals, then each one's newest `perCreator` allocations.
 */
export async function groupedByCreator(db: Db, parsed: ParsedList, scope: SQL | undefined, limit: number, perCreator: number) {
  const built = buildListSql(parsed, ALLOCATION_LIST, [scope]);
  const creators = await db
    .select({ createdBy: a.createdBy, total: count(), last: max(a.allocationDate) })
    .from(a)
    .where(built.where)
    .groupBy(a.createdBy)
    .orderBy(desc(max(a.allocationDate)), asc(a.createdBy))
    .limit(limit);
  if (creators.length === 0) return { creators, rows: [] as AllocationDetailRow[] };
  const ranked = db
    .select({
      id: a.id,
      rank: sql<number>`row_number() over (partition by ${a.createdBy} order by ${built.orderBy[0]}, ${a.id} desc)`.as('rank'),
    })
    .from(a)
    .where(
      and(
        built.where,
        inArray(
          a.createdBy,
          creators.map((c) => c.createdBy),
        ),
      ),
    )
    .as('ranked');
  const ids = db.select({ id: ranked.id }).from(ranked).where(lte(ranked.rank, perCreator));
  const rows = await detailQuery(db)
    .where(inArray(a.id, ids))
    .orderBy(...built.orderBy);
  return { creators, rows };
}

/** One batch of the export (keyset on allocation_date desc, id desc). */
export function exportBatch(
  db: Db,
  where: SQL | undefined,
  after: { date: string; id: number } | null,
  size: number,
): Promise<AllocationDetailRow[]> {
  const keyset = after ? sql`(${a.allocationDate}, ${a.id}) < (${after.date}::date, ${after.id})` : undefined;
  return detailQuery(db).where(and(where, keyset)).orderBy(desc(a.allocationDate), desc(a.id)).limit(size);
}

export async function insertAllocation(db: Db, values: AllocationInsert): Promise<number> {
  const [row] = await db.insert(a).values(values).returning({ id: a.id });
  return row.id;
}

export async function updateAllocation(db: Db, id: number, values: Partial<AllocationInsert>): Promise<void> {
  await db
    .update(a)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(a.id, id));
}

export async function deleteAllocation(db: Db, id: number): Promise<void> {
  await db.delete(a).where(eq(a.id, id));
}

export async function findSeries(db: Db, id: number) {
  const [row] = await db
    .select({
      id: documentSeries.id,
      organisationId: documentSeries.organisationId,
      typeId: documentSeries.typeId,
      active: documentSeries.active,
    })
    .from(documentSeries)
    .where(eq(documentSeries.id, id));
  return row;
}

export async function seriesTypeExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: documentSeriesTypes.id }).from(documentSeriesTypes).where(eq(documentSeriesTypes.id, id));
  return row !== undefined;
}

export async function uatExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: territorialUnits.id }).from(territorialUnits).where(eq(territorialUnits.id, id));
  return row !== undefined;
}

/** Allocations someone may ask to extend: issued, with a validity, not yet extended, still valid on `today`. */
export function forExtension(
  db: Db,
  options: { organisationId?: number; series?: string; exact: boolean; today: string; limit: number },
) {
  const validUntil = sql<string>`(${a.issueDate} + make_interval(months => ${a.validityMonths}))::date`;
  const conditions: (SQL | undefined)[] = [
    sql`${a.issueDate} IS NOT NULL`,
    sql`${a.validityMonths} IS NOT NULL`,
    sql`${a.extensionDate} IS NULL`,
    sql`${validUntil} >= ${options.today}::date`,
    options.organisationId === undefined ? undefined : eq(a.organisationId, options.organisationId),
  ];
  if (options.series !== undefined) {
    const value = options.series.trim();
    conditions.push(
      options.exact
        ? sql`${folded(a.series)} = lower(f_unaccent(${value}))`
        : sql`${folded(a.series)} LIKE lower(f_unaccent(${`%${escapeLike(value)}%`}))`,
    );
  }
  return db
    .select({
      id: a.id,
      organisationId: a.organisationId,
      organisationName: organisations.name,
      series: a.series,
      typeName: documentSeriesTypes.name,
      issueDate: a.issueDate,
      validityMonths: a.validityMonths,
      validUntil: sql<string>`to_char(${validUntil}, 'YYYY-MM-DD')`,
      uatName: territorialUnits.name,
    })
    .from(a)
    .innerJoin(organisations, eq(organisations.id, a.organisationId))
    .innerJoin(documentSeriesTypes, eq(documentSeriesTypes.id, a.seriesTypeId))
    .leftJoin(territorialUnits, eq(territorialUnits.id, a.uatId))
    .where(and(...conditions))
    .orderBy(desc(a.issueDate), desc(a.id))
    .limit(options.limit);
}
