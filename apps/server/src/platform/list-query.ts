import {
  FILTER_OPERATORS,
  type FilterOperator,
  isIsoDateOrDateTime,
  LIMITS,
  type ListFilter,
  PG_INT_MAX,
  type Pagination,
} from '@ghiseu/domain';
import {
  type AnyColumn,
  Column,
  getTableName,
  type Query,
  SQL,
  type SQLWrapper,
  Subquery,
  and,
  asc,
  desc,
  is,
  or,
  sql,
} from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from './db.js';
import { AppError } from './errors.js';

/**
 * The list-query contract of DESIGN.md §4 in one place: every list endpoint describes its
 * fields once (what can be filtered, sorted, searched) and this module turns
 * `skip, limit, pagination, orLikeQuery, sortKey, field[op]=value` into SQL. Anything not
 * allowed is a 400 INVALID_QUERY, never silently ignored.
 */

export type FieldType = 'text' | 'number' | 'date' | 'boolean';

export interface ListField {
  /** Column or SQL expression the field stands for. */
  column: AnyColumn | SQL;
  type: FieldType;
  /** Operators allowed on this field (default: by type). */
  ops?: readonly FilterOperator[];
  sortable?: boolean;
  /** What the field is sorted by when not the column itself (e.g. {@link romanianOrder} of a name). */
  sortBy?: SQL;
  /** Included in the free-text `orLikeQuery`. */
  searchable?: boolean;
  /**
   * The column stores text already folded like {@link folded} (e.g. `applications.quick_search`):
   * it is matched as it is, so that a trigram index on the column serves `contains` and the
   * free-text search.
   */
  prefolded?: boolean;
}

export interface ListSpec {
  fields: Record<string, ListField>;
  /** Sort applied when the client sends none; the id tiebreaker is always added. */
  defaultSort: { field: string; descending: boolean };
  /** Tiebreaker that makes paging stable. */
  idColumn: AnyColumn | SQL;
  /** Query parameters the route reads itself (parent_id, county_id, echo…). */
  extraParams?: readonly string[];
}

export interface ParsedList {
  skip: number;
  limit: number;
  pagination: boolean;
  orLikeQuery?: string;
  sort: { field: string; descending: boolean };
  filters: ListFilter[];
}

const DEFAULT_OPS: Record<FieldType, readonly FilterOperator[]> = {
  text: ['eq', 'contains', 'like'],
  number: ['eq', 'ge', 'lt'],
  date: ['eq', 'ge', 'lt'],
  boolean: ['eq'],
};

const RESERVED = new Set(['skip', 'limit', 'pagination', 'orLikeQuery', 'sortKey', 'fields']);
const FILTER_KEY = /^([A-Za-z_][\w.]*)\[(\w+)\]$/;

const invalid = (reason: string, detail: Record<string, unknown> = {}) => new AppError('INVALID_QUERY', { reason, ...detail });

function parseNonNegativeInt(value: unknown, name: string): number | undefined {
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string' || !/^\d{1,9}$/.test(value)) throw invalid('not_an_integer', { param: name });
  return Number(value);
}

/**
 * A plain decimal number (no exponent, no hex): at most 15 integer and 6 fractional digits, which
 * `numeric` holds exactly. Ids, counts and amounts in bani or lei all fit; `1e309` does not.
 */
const DECIMAL = /^-?\d{1,15}(\.\d{1,6})?$/;

/**
 * A value the database accepts for the field's type, else 400 INVALID_QUERY (never a database
 * error). Numbers are plain decimals: the SQL casts them to the column's type when they fit it
 * and compares exactly as `numeric` otherwise (a fraction or an id past int4 matches nothing).
 * Dates must exist (`2023-02-29` does not; Date.parse would roll it over to March).
 */
function validateValue(field: string, type: FieldType, value: string): void {
  const ok =
    type === 'text' ||
    (type === 'number' && DECIMAL.test(value)) ||
    (type === 'boolean' && (value === 'true' || value === 'false')) ||
    (type === 'date' && isIsoDateOrDateTime(value));
  if (!ok) throw invalid('bad_value', { field, value });
}

/**
 * A `like` value is a LIKE pattern whose `%` and `_` are the client's wildcards; a backslash is
 * a literal character, so it is doubled (PostgreSQL's escape character: a trailing one would
 * make the pattern invalid).
 */
const likePattern = (value: string): string => value.replace(/\\/g, '\\\\');

/** The fields of a list and their operators, named in an INVALID_QUERY answer for clients. */
const allowedFilters = (spec: ListSpec): Record<string, readonly FilterOperator[]> =>
  Object.fromEntries(Object.entries(spec.fields).map(([name, f]) => [name, f.ops ?? DEFAULT_OPS[f.type]]));

/** Parses the raw query string object (fastify's, flat keys like `name[contains]`). */
export function parseListQuery(query: Record<string, unknown>, spec: ListSpec): ParsedList {
  const filters: ListFilter[] = [];
  for (const [key, raw] of Object.entries(query)) {
    if (RESERVED.has(key) || spec.extraParams?.includes(key)) continue;
    const match = FILTER_KEY.exec(key);
    if (!match) throw invalid('unknown_param', { param: key });
    const [, field, op] = match;
    const definition = spec.fields[field];
    if (!definition) throw invalid('unknown_field', { field, allowed: allowedFilters(spec) });
    if (
      !(FILTER_OPERATORS as readonly string[]).includes(op) ||
      !(definition.ops ?? DEFAULT_OPS[definition.type]).includes(op as FilterOperator)
    ) {
      throw invalid('unknown_operator', { field, op, allowed: allowedFilters(spec) });
    }
    for (const value of Array.isArray(raw) ? raw : [raw]) {
      if (typeof value !== 'string') throw invalid('bad_value', { field });
      validateValue(field, definition.type, value);
      filters.push({ field, op: op as FilterOperator, value: op === 'like' ? likePattern(value) : value });
    }
  }

  const limit = parseNonNegativeInt(query.limit, 'limit') ?? LIMITS.defaultListLimit;
  if (limit < 1 || limit > LIMITS.maxListLimit) throw invalid('limit_out_of_range', { max: LIMITS.maxListLimit });
  const skip = parseNonNegativeInt(query.skip, 'skip') ?? 0;

  if (query.pagination !== undefined && query.pagination !== 'true' && query.pagination !== 'false')
    throw invalid('bad_value', { param: 'pagination' });

  let sort = spec.defaultSort;
  if (query.sortKey !== undefined && query.sortKey !== '') {
    if (typeof query.sortKey !== 'string') throw invalid('bad_value', { param: 'sortKey' });
    const descending = query.sortKey.startsWith('-');
    const field = descending ? query.sortKey.slice(1) : query.sortKey;
    if (!spec.fields[field]?.sortable) throw invalid('unsortable_field', { field });
    sort = { field, descending };
  }

  const orLikeQuery =
    typeof query.orLikeQuery === 'string' && query.orLikeQuery.trim() !== '' ? query.orLikeQuery.trim() : undefined;
  if (query.orLikeQuery !== undefined && typeof query.orLikeQuery !== 'string')
    throw invalid('bad_value', { param: 'orLikeQuery' });

  return { skip, limit, pagination: query.pagination === 'true', orLikeQuery, sort, filters };
}

/** Escapes LIKE wildcards so that user text matches literally. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Accent- and case-folded form of an expression, matching `foldText` of the domain package. */
export const folded = (expression: AnyColumn | SQL): SQL => sql`lower(f_unaccent(${expression}))`;

/**
 * A name in Romanian alphabetical order (a < ă < â < b, s < ș < t; case and other accents
 * ignored), the same on PostgreSQL and PGlite: `ro_sort_key` of migration 0010, compared bytewise.
 */
export const romanianOrder = (expression: AnyColumn | SQL): SQL => sql`ro_sort_key(${expression}) COLLATE "C"`;

/** The field's text as matched by `contains`, `like` and the free-text search. */
function matchedText(definition: ListField): SQL | AnyColumn {
  if (definition.prefolded) return definition.column;
  return folded(definition.type === 'text' ? definition.column : sql`${definition.column}::text`);
}

const INT4 = { min: -PG_INT_MAX - 1, max: PG_INT_MAX };
const INT8 = { min: -(2n ** 63n), max: 2n ** 63n - 1n };

/**
 * A number filter's value cast to the column's own type, so that PostgreSQL can use the
 * column's index (`integer_col >= '5'::numeric` cannot). A value the column's type cannot hold
 * (a fraction, or past its range) stays numeric: the comparison is then exact, matches what it
 * should, and never fails with a cast error.
 */
export function numberValue(column: AnyColumn | SQL, value: string): SQL {
  if (is(column, Column) && /^-?\d+$/.test(value)) {
    const type = column.getSQLType();
    if (type === 'integer' || type === 'serial') {
      const n = Number(value);
      if (n >= INT4.min && n <= INT4.max) return sql`${value}::integer`;
    } else if (type === 'bigint' || type === 'bigserial') {
      const n = BigInt(value);
      if (n >= INT8.min && n <= INT8.max) return sql`${value}::bigint`;
    }
  }
  return sql`${value}::numeric`;
}

function filterSql(definition: ListField, filter: ListFilter): SQL {
  const column = definition.column;
  const value = filter.value;
  if (definition.type === 'text') {
    switch (filter.op) {
      case 'eq':
        return sql`${column} = ${value}`;
      case 'contains':
        // Backslash is PostgreSQL's default LIKE escape, so escaped user wildcards match literally.
        return sql`${matchedText(definition)} LIKE lower(f_unaccent(${`%${escapeLike(value)}%`}))`;
      case 'like':
        // The client's own % and _ wildcards, folded like the column.
        return sql`${matchedText(definition)} LIKE lower(f_unaccent(${value}))`;
      default:
        break;
    }
  }
  // A day (YYYY-MM-DD) is a Romanian day, whatever the session's time zone: at 00:30 in
  // Bucharest "from today" must not mean "from 02:00 today" (UTC midnight).
  const day = definition.type === 'date' && DAY_ONLY.test(value);
  const typed =
    definition.type === 'number'
      ? numberValue(column, value)
      : definition.type === 'boolean'
        ? sql`${value}::boolean`
        : day
          ? romanianMidnight(sql`${value}::date`)
          : sql`${value}::timestamptz`;
  switch (filter.op) {
    case 'eq':
      // The day of a timestamp, written as a range on the column itself (an index serves it;
      // `column::date = day` could not use one), from the day's Romanian midnight to the next.
      if (definition.type !== 'date') return sql`${column} = ${typed}`;
      return day
        ? sql`(${column} >= ${typed} and ${column} < ${romanianMidnight(sql`${value}::date + 1`)})`
        : sql`${column} = ${typed}`;
    case 'ge':
      return sql`${column} >= ${typed}`;
    case 'lt':
      return sql`${column} < ${typed}`;
    default:
      throw invalid('unknown_operator', { field: filter.field, op: filter.op });
  }
}

const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** The instant a day starts in Romania (the portal's days), as a timestamptz. */
const romanianMidnight = (day: SQL): SQL => sql`((${day})::timestamp AT TIME ZONE 'Europe/Bucharest')`;

export interface ListSql {
  where: SQL | undefined;
  orderBy: SQL[];
  limit: number;
  offset: number;
}

/**
 * The ORDER BY of a list sorted by `sort` (the list's default when omitted): the field's sort
 * expression, then the id as tiebreaker so that paging is stable. The prepared default-shape
 * queries use it too, so they order exactly as the query built per request.
 */
export function listOrderBy(spec: ListSpec, sort: { field: string; descending: boolean } = spec.defaultSort): SQL[] {
  const field = spec.fields[sort.field];
  const expression = field.sortBy ?? field.column;
  return [sort.descending ? desc(expression) : asc(expression), asc(spec.idColumn)];
}

/** Builds the WHERE (AND of filters, AND the OR of searchable fields) and ORDER BY. */
export function buildListSql(parsed: ParsedList, spec: ListSpec, extraConditions: (SQL | undefined)[] = []): ListSql {
  const conditions: SQL[] = extraConditions.filter((c): c is SQL => c !== undefined);
  for (const filter of parsed.filters) conditions.push(filterSql(spec.fields[filter.field], filter));
  if (parsed.orLikeQuery) {
    const pattern = `%${escapeLike(parsed.orLikeQuery)}%`;
    const searchable = Object.values(spec.fields).filter((f) => f.searchable);
    if (searchable.length > 0) {
      const anyMatch = or(...searchable.map((f) => sql`${matchedText(f)} LIKE lower(f_unaccent(${pattern}))`));
      if (anyMatch) conditions.push(anyMatch);
    }
  }
  return {
    where: conditions.length > 0 ? and(...conditions) : undefined,
    orderBy: listOrderBy(spec, parsed.sort),
    limit: parsed.limit,
    offset: parsed.skip,
  };
}

/** A list's total: exact, or the planner's estimate past {@link EXACT_COUNT_LIMIT}. */
export interface ListTotal {
  total: number;
  estimated: boolean;
}

/**
 * Rows counted exactly up to this many. Past it the count would cost more than the page (a
 * million-row count reads the whole index), so the total becomes PostgreSQL's own estimate and
 * the answer says so (`pagination.total_estimated`).
 */
export const EXACT_COUNT_LIMIT = 10_000;

/** The capped count's answer, then the planner's estimate when the cap was reached. */
async function totalOf(
  capped: { rows: { n: number }[] },
  plan: () => Promise<{ rows: Record<string, unknown>[] }>,
): Promise<ListTotal> {
  const counted = Number(capped.rows[0].n);
  if (counted <= EXACT_COUNT_LIMIT) return { total: counted, estimated: false };
  const raw = Object.values((await plan()).rows[0])[0];
  const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: { 'Plan Rows': number } }[];
  return { total: Math.max(counted, Math.round(parsed[0].Plan['Plan Rows'])), estimated: true };
}

const cappedCountSql = (rows: SQLWrapper, cap: SQLWrapper | number): SQL =>
  sql`select count(*)::int as n from (${rows} limit ${cap}) as capped`;
const planSql = (rows: SQLWrapper): SQL => sql`explain (format json) ${rows}`;

/**
 * The total of a list: `rows` is the list's FROM and WHERE (select `1`, only the joins that the
 * conditions need, no ORDER BY). It counts at most {@link EXACT_COUNT_LIMIT} + 1 rows; beyond
 * that it asks the planner (EXPLAIN) how many rows the query would return, and never answers
 * fewer than it has already counted.
 */
export async function countList(db: Db, rows: SQLWrapper): Promise<ListTotal> {
  const capped = (await db.execute(cappedCountSql(rows, EXACT_COUNT_LIMIT + 1))) as unknown as { rows: { n: number }[] };
  return totalOf(capped, async () => (await db.execute(planSql(rows))) as unknown as { rows: Record<string, unknown>[] });
}

/**
 * `build` run once per database, its result kept while the database lives: for queries built
 * with sql.placeholder and `.prepare(name)` on hot paths, so that drizzle does not rebuild their
 * SQL on every request (on PostgreSQL each pool connection also parses and plans them once).
 */
export function oncePerDatabase<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let found = built.get(db);
    if (found === undefined) {
      found = build(db);
      built.set(db, found);
    }
    return found;
  };
}

/** A column of a prepared select as drizzle lists it (`orderSelectedFields`). */
interface SelectedField {
  path: string[];
  field: unknown;
}
interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}
/** The fields of drizzle's prepared query that its own row mapping reads. */
type PreparedSelectInternals = {
  fields?: SelectedField[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: (rows: unknown[][]) => unknown;
};
interface CompiledColumn {
  /** Keys of the nested objects above the value (`['application']`), then the value's key. */
  parents: string[];
  key: string;
  decoder: Decoder;
  /** Table of a joined column at depth 2 (drizzle nulls a left-joined object without a row). */
  table: string | undefined;
}

/** What drizzle decodes a field's value with (`mapResultRow`'s choice; `decoder` is internal). */
function decoderOf(field: unknown): Decoder {
  type WithDecoder = { decoder: Decoder };
  if (is(field, Column)) return field;
  if (is(field, SQL)) return (field as unknown as WithDecoder).decoder;
  if (is(field, Subquery)) return (field as unknown as { _: { sql: WithDecoder } })._.sql.decoder;
  return (field as unknown as { sql: WithDecoder }).sql.decoder;
}

/** drizzle's `mapResultRow` with the per-column decisions taken once (see {@link withCompiledRowMapper}). */
function mapRow(columns: CompiledColumn[], row: unknown[], joinsNotNullableMap: Record<string, boolean> | undefined) {
  const result: Record<string, unknown> = {};
  let nullify: Record<string, string | false> | undefined;
  for (let index = 0; index < columns.length; index++) {
    const { parents, key, decoder, table } = columns[index];
    let node = result;
    for (const parent of parents) {
      if (!(parent in node)) node[parent] = {};
      node = node[parent] as Record<string, unknown>;
    }
    const raw = row[index];
    const value = raw === null ? null : decoder.mapFromDriverValue(raw);
    node[key] = value;
    if (table !== undefined) {
      nullify ??= {};
      const objectName = parents[0];
      const seen = nullify[objectName];
      if (seen === undefined) nullify[objectName] = value === null ? table : false;
      else if (typeof seen === 'string' && seen !== table) nullify[objectName] = false;
    }
  }
  if (nullify && joinsNotNullableMap) {
    for (const [objectName, tableName] of Object.entries(nullify)) {
      if (typeof tableName === 'string' && !joinsNotNullableMap[tableName]) result[objectName] = null;
    }
  }
  return result;
}

/**
 * Gives a prepared drizzle select (`.prepare(name)`) a row mapper compiled once from its
 * columns, for hot list paths. drizzle's own `mapResultRow` decides again for every value of
 * every row what kind of field it reads (`is()` three times), walks the path with an iterator
 * and reduces: the largest share of drizzle's cost per request once the SQL is prepared. The
 * answer is the same object, built the same way (decoders, nested objects, a left-joined
 * object without a row becomes null); it goes through drizzle's `customResultMapper` hook, which
 * both engines' sessions call with the raw rows (arrays).
 */
export function withCompiledRowMapper<T extends object>(prepared: T): T {
  const internals = prepared as PreparedSelectInternals;
  const { fields, joinsNotNullableMap } = internals;
  if (!fields || internals.customResultMapper) return prepared;
  const columns: CompiledColumn[] = fields.map(({ path, field }) => ({
    parents: path.slice(0, -1),
    key: path[path.length - 1],
    decoder: decoderOf(field),
    table: joinsNotNullableMap && is(field, Column) && path.length === 2 ? getTableName((field as AnyColumn).table) : undefined,
  }));
  internals.customResultMapper = (rows) => rows.map((row) => mapRow(columns, row, joinsNotNullableMap));
  return prepared;
}

/** A statement built and prepared once: {@link preparedStatement}. */
export interface PreparedStatement {
  execute(values?: Record<string, unknown>): Promise<unknown>;
}

/** What `db.execute` uses of drizzle's database (its dialect and session fields). */
type DrizzleInternals = {
  dialect: { sqlToQuery(query: SQL): Query };
  session: { prepareQuery(query: Query, fields: undefined, name: string, arrayMode: boolean): PreparedStatement };
};
const preparedByDb = new WeakMap<Db, Map<string, PreparedStatement>>();

/**
 * A raw statement (`sql.placeholder` for its values) built once per database under `name`, as
 * drizzle's `.prepare(name)` does for the query builder: the SQL text is not rebuilt on every
 * request, and on PostgreSQL each pool connection parses and plans it once (a named statement).
 * Hot list paths only; `build` must give the same text every time for a given name.
 */
export function preparedStatement(db: Db, name: string, build: () => SQL): PreparedStatement {
  let byName = preparedByDb.get(db);
  if (!byName) {
    byName = new Map();
    preparedByDb.set(db, byName);
  }
  let found = byName.get(name);
  if (!found) {
    const { dialect, session } = db as unknown as DrizzleInternals;
    found = session.prepareQuery(dialect.sqlToQuery(build()), undefined, name, false);
    byName.set(name, found);
  }
  return found;
}

/**
 * {@link countList} as two prepared statements (`<name>_count`, `<name>_plan`), for a list
 * whose FROM and WHERE have a fixed shape: `rows` takes its values as `sql.placeholder`s, given
 * in `values`.
 */
export async function countListPrepared(
  db: Db,
  name: string,
  rows: () => SQLWrapper,
  values: Record<string, unknown>,
): Promise<ListTotal> {
  const count = preparedStatement(db, `${name}_count`, () => cappedCountSql(rows(), sql.placeholder('countCap')));
  const capped = (await count.execute({ ...values, countCap: EXACT_COUNT_LIMIT + 1 })) as { rows: { n: number }[] };
  return totalOf(capped, async () => {
    const plan = preparedStatement(db, `${name}_plan`, () => planSql(rows()));
    return (await plan.execute(values)) as { rows: Record<string, unknown>[] };
  });
}

/** True when the client asked for no filter, no free text and no sort of its own. */
export function isDefaultShape(parsed: ParsedList, spec: ListSpec): boolean {
  return (
    parsed.filters.length === 0 &&
    parsed.orLikeQuery === undefined &&
    parsed.sort.field === spec.defaultSort.field &&
    parsed.sort.descending === spec.defaultSort.descending
  );
}

/**
 * The list envelope: `{ data }`, plus `pagination` when the client asked for it. The count
 * query runs only then, side by side with the page's (two pool connections on PostgreSQL).
 */
export async function listPage<T>(
  parsed: ParsedList,
  rows: () => Promise<T[]>,
  total: () => Promise<number | ListTotal>,
): Promise<{ data: T[]; pagination?: Pagination }> {
  if (!parsed.pagination) return { data: await rows() };
  const [data, count] = await Promise.all([rows(), total()]);
  const { total: value, estimated } = typeof count === 'number' ? { total: count, estimated: false } : count;
  return {
    data,
    pagination: {
      total: value,
      skip: parsed.skip,
      limit: parsed.limit,
      ...(estimated ? { total_estimated: true as const } : {}),
    },
  };
}

export const ZPagination = z.object({
  total: z.number().int(),
  skip: z.number().int(),
  limit: z.number().int(),
  total_estimated: z.literal(true).optional().describe('Prezent când totalul este o estimare (liste foarte mari)'),
});

/** Response schema of one record: `{ data: item }` (DESIGN.md §4). */
export const dataResponse = <T extends z.ZodType>(item: T) => z.object({ data: item });

/** Response schema of a 204 answer. */
export const noContent = { 204: z.null().describe('Fără conținut') };

/** Response schema of a list of `item`. */
export const listResponse = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), pagination: ZPagination.optional() });
