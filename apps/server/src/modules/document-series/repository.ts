import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { documentSeries, documentSeriesTypes, organisations } from '../../db/schema/index.js';
import { type Db, nameTaken } from '../../platform/db.js';
import { buildListSql, type ListSpec, type ParsedList } from '../../platform/list-query.js';

/**
 * Data access of document series types and document series. Counters are read for "this year"
 * as the engine sees it: the Romanian calendar year for a yearly series, 0 for one that never
 * resets. Every function takes the executor it runs on (pass `tx` inside a transaction).
 */

/* ───────────────────────────── Series types ───────────────────────────── */

/*
 * The subqueries below name their tables explicitly: in a single-table select drizzle writes
 * columns without their table, and `"id"` inside a subquery would then mean the inner table's.
 */

const seriesCountOfType =
  sql<number>`(SELECT count(*) FROM document_series s WHERE s.type_id = "document_series_types"."id")`.mapWith(Number);

/** Application types naming the series type in any use (incoming, outgoing, visas). */
const applicationTypesUsingType =
  sql<number>`(SELECT count(*) FROM application_types a, jsonb_each_text(a.series_type_ids) AS used(use, type_id) WHERE used.type_id = "document_series_types"."id"::text)`.mapWith(
    Number,
  );

export const SERIES_TYPE_LIST: ListSpec = {
  fields: {
    id: { column: documentSeriesTypes.id, type: 'number', sortable: true },
    name: { column: documentSeriesTypes.name, type: 'text', sortable: true, searchable: true },
    description: { column: documentSeriesTypes.description, type: 'text', searchable: true },
    series_count: { column: seriesCountOfType, type: 'number', sortable: true },
    created_at: { column: documentSeriesTypes.createdAt, type: 'date', sortable: true },
  },
  defaultSort: { field: 'name', descending: false },
  idColumn: documentSeriesTypes.id,
};

const seriesTypeColumns = {
  id: documentSeriesTypes.id,
  name: documentSeriesTypes.name,
  description: documentSeriesTypes.description,
  createdAt: documentSeriesTypes.createdAt,
  seriesCount: seriesCountOfType,
  applicationTypeCount: applicationTypesUsingType,
};

export type SeriesTypeRow = {
  id: number;
  name: string;
  description: string | null;
  createdAt: Date;
  seriesCount: number;
  applicationTypeCount: number;
};

export function listSeriesTypes(db: Db, parsed: ParsedList) {
  const list = buildListSql(parsed, SERIES_TYPE_LIST);
  return {
    rows: (): Promise<SeriesTypeRow[]> =>
      db
        .select(seriesTypeColumns)
        .from(documentSeriesTypes)
        .where(list.where)
        .orderBy(...list.orderBy)
        .limit(list.limit)
        .offset(list.offset),
    total: async () => (await db.select({ total: count() }).from(documentSeriesTypes).where(list.where))[0].total,
  };
}

export async function findSeriesType(db: Db, id: number): Promise<SeriesTypeRow | undefined> {
  const [row] = await db.select(seriesTypeColumns).from(documentSeriesTypes).where(eq(documentSeriesTypes.id, id));
  return row;
}

export async function findSeriesTypesByIds(db: Db, ids: number[]): Promise<{ id: number }[]> {
  if (ids.length === 0) return [];
  return db.select({ id: documentSeriesTypes.id }).from(documentSeriesTypes).where(inArray(documentSeriesTypes.id, ids));
}

export function seriesTypeNameTaken(db: Db, name: string, exceptId?: number): Promise<boolean> {
  return nameTaken(db, documentSeriesTypes, documentSeriesTypes, name, { exceptId });
}

export async function insertSeriesType(db: Db, values: typeof documentSeriesTypes.$inferInsert): Promise<number> {
  const [row] = await db.insert(documentSeriesTypes).values(values).returning({ id: documentSeriesTypes.id });
  return row.id;
}

export async function updateSeriesType(
  db: Db,
  id: number,
  values: Partial<typeof documentSeriesTypes.$inferInsert>,
): Promise<void> {
  await db.update(documentSeriesTypes).set(values).where(eq(documentSeriesTypes.id, id));
}

export async function deleteSeriesType(db: Db, id: number): Promise<void> {
  await db.delete(documentSeriesTypes).where(eq(documentSeriesTypes.id, id));
}

/* ───────────────────────────── Series ───────────────────────────── */

/** The counter year of a series now: `year` for a yearly series, 0 for one that never resets. */
const counterYear = (year: number) => sql`(CASE WHEN "document_series"."yearly_reset" THEN ${year}::int ELSE 0 END)`;

const counterOf = (kind: 'main' | 'rejected', year: number) =>
  sql<number>`coalesce((SELECT c.current_index FROM document_series_counters c WHERE c.series_id = "document_series"."id" AND c.kind = ${kind} AND c.year = ${counterYear(year)}), 0)`.mapWith(
    Number,
  );

/** A series that gave a number (any year, any kind) or that an application names is history: it stays. */
const numbersGiven =
  sql<number>`(SELECT coalesce(sum(c.current_index), 0) FROM document_series_counters c WHERE c.series_id = "document_series"."id")`.mapWith(
    Number,
  );
const applicationsNaming = sql<number>`(SELECT count(*) FROM applications a WHERE a.series_id = "document_series"."id")`.mapWith(
  Number,
);

/** The list fields of the series; the counters are this year's. */
export function seriesListSpec(year: number): ListSpec {
  return {
    fields: {
      id: { column: documentSeries.id, type: 'number', sortable: true },
      name: { column: documentSeries.name, type: 'text', sortable: true, searchable: true },
      description: { column: documentSeries.description, type: 'text', searchable: true },
      prefix: { column: documentSeries.prefix, type: 'text', sortable: true, searchable: true },
      rejected_prefix: { column: documentSeries.rejectedPrefix, type: 'text' },
      type_id: { column: documentSeries.typeId, type: 'number', ops: ['eq'] },
      type_name: { column: documentSeriesTypes.name, type: 'text', sortable: true, searchable: true },
      organisation_id: { column: documentSeries.organisationId, type: 'number', ops: ['eq'] },
      organisation_name: { column: organisations.name, type: 'text', sortable: true },
      active: { column: documentSeries.active, type: 'boolean', sortable: true },
      yearly_reset: { column: documentSeries.yearlyReset, type: 'boolean' },
      current_index: { column: counterOf('main', year), type: 'number', sortable: true },
      rejected_index: { column: counterOf('rejected', year), type: 'number', sortable: true },
      created_at: { column: documentSeries.createdAt, type: 'date', sortable: true },
      updated_at: { column: documentSeries.updatedAt, type: 'date', sortable: true },
    },
    defaultSort: { field: 'name', descending: false },
    idColumn: documentSeries.id,
  };
}

const seriesColumns = (year: number) => ({
  id: documentSeries.id,
  organisationId: documentSeries.organisationId,
  organisationName: organisations.name,
  typeId: documentSeries.typeId,
  typeName: documentSeriesTypes.name,
  name: documentSeries.name,
  description: documentSeries.description,
  separator: documentSeries.separator,
  prefix: documentSeries.prefix,
  rejectedPrefix: documentSeries.rejectedPrefix,
  registers: documentSeries.registers,
  yearlyReset: documentSeries.yearlyReset,
  active: documentSeries.active,
  currentIndex: counterOf('main', year),
  rejectedIndex: counterOf('rejected', year),
  numbersGiven,
  applicationCount: applicationsNaming,
  createdAt: documentSeries.createdAt,
  updatedAt: documentSeries.updatedAt,
});

export type SeriesRow = {
  id: number;
  organisationId: number;
  organisationName: string;
  typeId: number;
  typeName: string;
  name: string;
  description: string | null;
  separator: string;
  prefix: string;
  rejectedPrefix: string;
  registers: string[];
  yearlyReset: boolean;
  active: boolean;
  currentIndex: number;
  rejectedIndex: number;
  numbersGiven: number;
  applicationCount: number;
  createdAt: Date;
  updatedAt: Date;
};

const seriesFrom = (db: Db, year: number) =>
  db
    .select(seriesColumns(year))
    .from(documentSeries)
    .innerJoin(documentSeriesTypes, eq(documentSeriesTypes.id, documentSeries.typeId))
    .innerJoin(organisations, eq(organisations.id, documentSeries.organisationId));

export function listSeries(
  db: Db,
  parsed: ParsedList,
  year: number,
  conditions: (SQL | undefined)[],
  options: { unpaged?: boolean } = {},
) {
  const spec = seriesListSpec(year);
  const list = buildListSql(parsed, spec, conditions);
  return {
    rows: (): Promise<SeriesRow[]> => {
      const query = seriesFrom(db, year)
        .where(list.where)
        .orderBy(...list.orderBy);
      return options.unpaged ? query : query.limit(list.limit).offset(list.offset);
    },
    total: async () =>
      (
        await db
          .select({ total: count() })
          .from(documentSeries)
          .innerJoin(documentSeriesTypes, eq(documentSeriesTypes.id, documentSeries.typeId))
          .innerJoin(organisations, eq(organisations.id, documentSeries.organisationId))
          .where(list.where)
      )[0].total,
  };
}

export async function findSeries(db: Db, id: number, year: number): Promise<SeriesRow | undefined> {
  const [row] = await seriesFrom(db, year).where(eq(documentSeries.id, id));
  return row;
}

/** Locks a series row for a change (its counters are locked by the engine itself). */
export async function lockSeries(db: Db, id: number): Promise<void> {
  await db.select({ id: documentSeries.id }).from(documentSeries).where(eq(documentSeries.id, id)).for('update');
}

export function seriesNameTaken(db: Db, organisationId: number, name: string, exceptId?: number): Promise<boolean> {
  return nameTaken(db, documentSeries, documentSeries, name, {
    scope: eq(documentSeries.organisationId, organisationId),
    exceptId,
  });
}

export async function insertSeries(db: Db, values: typeof documentSeries.$inferInsert): Promise<number> {
  const [row] = await db.insert(documentSeries).values(values).returning({ id: documentSeries.id });
  return row.id;
}

export async function updateSeries(db: Db, id: number, values: Partial<typeof documentSeries.$inferInsert>): Promise<void> {
  await db
    .update(documentSeries)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(documentSeries.id, id));
}

export async function deleteSeries(db: Db, id: number): Promise<void> {
  await db.delete(documentSeries).where(eq(documentSeries.id, id));
}

/**
 * The series of a type in an organisation, active ones first, then the oldest: the one that
 * numbers the type's applications.
 */
export async function findSeriesOfType(db: Db, typeId: number, organisationId: number) {
  return db
    .select({ id: documentSeries.id, active: documentSeries.active })
    .from(documentSeries)
    .where(and(eq(documentSeries.typeId, typeId), eq(documentSeries.organisationId, organisationId)))
    .orderBy(desc(documentSeries.active), asc(documentSeries.id));
}
