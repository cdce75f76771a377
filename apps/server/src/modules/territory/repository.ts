import { foldText } from '@ghiseu/domain';
import { type SQL, and, count, eq, inArray, like, sql } from 'drizzle-orm';
import { counties, countries, localities, organisations, settings, territorialUnits } from '../../db/schema/index.js';
import type { Db } from '../../platform/db.js';
import {
  buildListSql,
  escapeLike,
  isDefaultShape,
  type ListSpec,
  oncePerDatabase,
  withCompiledRowMapper,
  type ParsedList,
  romanianOrder,
  listOrderBy,
} from '../../platform/list-query.js';

export const UAT_LIST: ListSpec = {
  fields: {
    id: { column: territorialUnits.id, type: 'number', sortable: true },
    name: {
      column: territorialUnits.name,
      type: 'text',
      sortable: true,
      sortBy: romanianOrder(territorialUnits.name),
      searchable: true,
    },
    type: { column: territorialUnits.type, type: 'text', ops: ['eq'], sortable: true },
    county_id: { column: territorialUnits.countyId, type: 'number', ops: ['eq'] },
    county_code: { column: counties.code, type: 'text', ops: ['eq'] },
    environment: { column: territorialUnits.environment, type: 'text', ops: ['eq'] },
    is_county_seat: { column: territorialUnits.isCountySeat, type: 'boolean' },
  },
  defaultSort: { field: 'name', descending: false },
  idColumn: territorialUnits.id,
  extraParams: ['parent_id', 'county_id', 'search'],
};

export const COUNTY_LIST: ListSpec = {
  fields: {
    id: { column: counties.id, type: 'number', sortable: true },
    name: { column: counties.name, type: 'text', sortable: true, sortBy: romanianOrder(counties.name), searchable: true },
    code: { column: counties.code, type: 'text', ops: ['eq'], sortable: true, searchable: true },
  },
  defaultSort: { field: 'name', descending: false },
  idColumn: counties.id,
};

export const VILLAGE_LIST: ListSpec = {
  fields: {
    id: { column: localities.id, type: 'number', sortable: true },
    name: { column: localities.name, type: 'text', sortable: true, sortBy: romanianOrder(localities.name), searchable: true },
    type: { column: localities.type, type: 'text', ops: ['eq'] },
  },
  defaultSort: { field: 'name', descending: false },
  idColumn: localities.id,
  extraParams: ['parent_id', 'search'],
};

const uatColumns = {
  id: territorialUnits.id,
  name: territorialUnits.name,
  type: territorialUnits.type,
  county_id: territorialUnits.countyId,
  county_code: counties.code,
  is_county_seat: territorialUnits.isCountySeat,
  environment: territorialUnits.environment,
};

/** The search term as the LIKE prefix of `search_name`, or undefined for none. */
const prefixPattern = (term: string | undefined): string | undefined =>
  term && term.trim() !== '' ? `${escapeLike(foldText(term.trim()))}%` : undefined;

/** A name prefix search, folded like the stored `search_name` ('tirgu' does not match, 'targu' does). */
export const startsWith = (
  column: typeof territorialUnits.searchName | typeof localities.searchName,
  term: string | undefined,
): SQL | undefined => {
  const prefix = prefixPattern(term);
  return prefix === undefined ? undefined : like(column, prefix);
};

/**
 * A county's UATs in the default order, with or without a name prefix: the SQL of
 * {@link listUats} for that shape (the address forms' autocomplete, one request per keystroke),
 * built and prepared once.
 */
function countyUatsQuery(db: Db, withSearch: boolean, name: string) {
  const inCounty = eq(territorialUnits.countyId, sql.placeholder('countyId'));
  return withCompiledRowMapper(
    db
      .select(uatColumns)
      .from(territorialUnits)
      .innerJoin(counties, eq(counties.id, territorialUnits.countyId))
      .where(withSearch ? and(inCounty, like(territorialUnits.searchName, sql.placeholder('prefix'))) : inCounty)
      .orderBy(...listOrderBy(UAT_LIST))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(name),
  );
}
const countyUats = oncePerDatabase((db) => countyUatsQuery(db, false, 'territory_county_uats'));
const countyUatsByPrefix = oncePerDatabase((db) => countyUatsQuery(db, true, 'territory_county_uats_prefix'));

/** A county's UATs whose folded name starts with `search`: prepared for the default shape. */
export async function listCountyUats(db: Db, parsed: ParsedList, countyId: number, search: string | undefined) {
  if (!isDefaultShape(parsed, UAT_LIST))
    return listUats(db, parsed, [eq(territorialUnits.countyId, countyId), startsWith(territorialUnits.searchName, search)]);
  const prefix = prefixPattern(search);
  const page = { countyId, limit: parsed.limit, offset: parsed.skip };
  return {
    rows: () => (prefix === undefined ? countyUats(db).execute(page) : countyUatsByPrefix(db).execute({ ...page, prefix })),
    // The count (only with ?pagination=true) is the query built per request.
    total: async () =>
      (
        await listUats(db, parsed, [eq(territorialUnits.countyId, countyId), startsWith(territorialUnits.searchName, search)])
      ).total(),
  };
}

export async function listUats(db: Db, parsed: ParsedList, conditions: (SQL | undefined)[]) {
  const list = buildListSql(parsed, UAT_LIST, conditions);
  const rows = () =>
    db
      .select(uatColumns)
      .from(territorialUnits)
      .innerJoin(counties, eq(counties.id, territorialUnits.countyId))
      .where(list.where)
      .orderBy(...list.orderBy)
      .limit(list.limit)
      .offset(list.offset);
  const total = async () =>
    (
      await db
        .select({ total: count() })
        .from(territorialUnits)
        .innerJoin(counties, eq(counties.id, territorialUnits.countyId))
        .where(list.where)
    )[0].total;
  return { rows, total };
}

export async function listVillages(db: Db, parsed: ParsedList, conditions: (SQL | undefined)[]) {
  const list = buildListSql(parsed, VILLAGE_LIST, conditions);
  const columns = {
    id: localities.id,
    name: localities.name,
    type: localities.type,
    uat_id: localities.uatId,
    uat_name: territorialUnits.name,
    county_code: counties.code,
    is_uat_seat: localities.isUatSeat,
    postal_code: localities.postalCode,
  };
  const from = () =>
    db
      .select(columns)
      .from(localities)
      .innerJoin(territorialUnits, eq(territorialUnits.id, localities.uatId))
      .innerJoin(counties, eq(counties.id, localities.countyId));
  return {
    rows: () =>
      from()
        .where(list.where)
        .orderBy(...list.orderBy)
        .limit(list.limit)
        .offset(list.offset),
    total: async () => (await db.select({ total: count() }).from(localities).where(list.where))[0].total,
  };
}

export async function listCounties(db: Db, parsed: ParsedList) {
  const list = buildListSql(parsed, COUNTY_LIST);
  return {
    rows: () =>
      db
        .select({ id: counties.id, code: counties.code, name: counties.name, uat_id: counties.uatId })
        .from(counties)
        .where(list.where)
        .orderBy(...list.orderBy)
        .limit(list.limit)
        .offset(list.offset),
    total: async () => (await db.select({ total: count() }).from(counties).where(list.where))[0].total,
  };
}

/** The default county (setting DEFAULT_COUNTY, a county code such as 'MS'). */
export async function defaultCountyId(db: Db, fallbackCode: string): Promise<number | null> {
  const [setting] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, 'DEFAULT_COUNTY'));
  const code = setting?.value || fallbackCode;
  const [county] = await db.select({ id: counties.id }).from(counties).where(eq(counties.code, code));
  return county?.id ?? null;
}

/**
 * UATs an organisation answers for: a county council the whole county, a city hall its own
 * UAT. Null when the organisation does not exist.
 */
export async function jurisdictionCondition(db: Db, organisationId: number): Promise<SQL | null> {
  const [org] = await db.select().from(organisations).where(eq(organisations.id, organisationId));
  if (!org) return null;
  if (org.type === 'city_hall' && org.uatId) return eq(territorialUnits.id, org.uatId);
  if (org.countyId) return eq(territorialUnits.countyId, org.countyId);
  return sql`false`;
}

/** The UATs among `ids` that lie in the organisation's jurisdiction (a county council: its county; a city hall: its UAT). */
export async function uatsInJurisdiction(db: Db, organisationId: number, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const condition = await jurisdictionCondition(db, organisationId);
  if (!condition) return [];
  const rows = await db
    .select({ id: territorialUnits.id })
    .from(territorialUnits)
    .where(and(inArray(territorialUnits.id, ids), condition));
  return rows.map((r) => r.id);
}

export async function boundaryGeoJson(
  db: Db,
  kind: 'county' | 'uat',
  id: number,
): Promise<{ id: number; name: string; geometry: unknown } | null> {
  const table = kind === 'county' ? counties : territorialUnits;
  const [row] = await db
    .select({ id: table.id, name: table.name, geometry: sql<string | null>`ST_AsGeoJSON(ST_Transform(${table.geom}, 4326), 6)` })
    .from(table)
    .where(eq(table.id, id));
  if (!row) return null;
  return { id: row.id, name: row.name, geometry: row.geometry ? JSON.parse(row.geometry) : null };
}

export function listCountries(db: Db) {
  return db.select().from(countries).orderBy(romanianOrder(countries.name));
}
