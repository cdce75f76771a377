import {
  FILTER_OPERATORS,
  type FilterOperator,
  isIsoDateOrDateTime,
  LIMITS,
  type ListFilter,
  PG_INT_MAX,
  type Pagination,
} from '@ghiseu/domain';
import { type AnyColumn, type SQL, and, asc, desc, or, sql } from 'drizzle-orm';
import { z } from 'zod';
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
  /** Included in the free-text `orLikeQuery`. */
  searchable?: boolean;
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
 * A value the database accepts for the field's type, else 400 INVALID_QUERY (never a database
 * error). Number fields are ids, counts and indexes: integers within PostgreSQL's int4. Dates
 * must exist (`2023-02-29` does not; Date.parse would roll it over to March).
 */
function validateValue(field: string, type: FieldType, value: string): void {
  const ok =
    type === 'text' ||
    (type === 'number' && /^-?\d{1,10}$/.test(value) && Math.abs(Number(value)) <= PG_INT_MAX) ||
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

function filterSql(definition: ListField, filter: ListFilter): SQL {
  const column = definition.column;
  const value = filter.value;
  if (definition.type === 'text') {
    switch (filter.op) {
      case 'eq':
        return sql`${column} = ${value}`;
      case 'contains':
        // Backslash is PostgreSQL's default LIKE escape, so escaped user wildcards match literally.
        return sql`${folded(column)} LIKE lower(f_unaccent(${`%${escapeLike(value)}%`}))`;
      case 'like':
        // The client's own % and _ wildcards, folded like the column.
        return sql`${folded(column)} LIKE lower(f_unaccent(${value}))`;
      default:
        break;
    }
  }
  const typed =
    definition.type === 'number'
      ? sql`${value}::numeric`
      : definition.type === 'boolean'
        ? sql`${value}::boolean`
        : sql`${value}::timestamptz`;
  switch (filter.op) {
    case 'eq':
      return definition.type === 'date' ? sql`${column}::date = ${value}::date` : sql`${column} = ${typed}`;
    case 'ge':
      return sql`${column} >= ${typed}`;
    case 'lt':
      return sql`${column} < ${typed}`;
    default:
      throw invalid('unknown_operator', { field: filter.field, op: filter.op });
  }
}

export interface ListSql {
  where: SQL | undefined;
  orderBy: SQL[];
  limit: number;
  offset: number;
}

/** Builds the WHERE (AND of filters, AND the OR of searchable fields) and ORDER BY. */
export function buildListSql(parsed: ParsedList, spec: ListSpec, extraConditions: (SQL | undefined)[] = []): ListSql {
  const conditions: SQL[] = extraConditions.filter((c): c is SQL => c !== undefined);
  for (const filter of parsed.filters) conditions.push(filterSql(spec.fields[filter.field], filter));
  if (parsed.orLikeQuery) {
    const pattern = `%${escapeLike(parsed.orLikeQuery)}%`;
    const searchable = Object.values(spec.fields).filter((f) => f.searchable);
    if (searchable.length > 0) {
      const anyMatch = or(
        ...searchable.map(
          (f) => sql`${folded(f.type === 'text' ? f.column : sql`${f.column}::text`)} LIKE lower(f_unaccent(${pattern}))`,
        ),
      );
      if (anyMatch) conditions.push(anyMatch);
    }
  }
  const sortColumn = spec.fields[parsed.sort.field].column;
  return {
    where: conditions.length > 0 ? and(...conditions) : undefined,
    orderBy: [parsed.sort.descending ? desc(sortColumn) : asc(sortColumn), asc(spec.idColumn)],
    limit: parsed.limit,
    offset: parsed.skip,
  };
}

/**
 * The list envelope: `{ data }`, plus `pagination` when the client asked for it. The count
 * query runs only then, side by side with the page's (two pool connections on PostgreSQL).
 */
export async function listPage<T>(
  parsed: ParsedList,
  rows: () => Promise<T[]>,
  total: () => Promise<number>,
): Promise<{ data: T[]; pagination?: Pagination }> {
  if (!parsed.pagination) return { data: await rows() };
  const [data, count] = await Promise.all([rows(), total()]);
  return { data, pagination: { total: count, skip: parsed.skip, limit: parsed.limit } };
}

export const ZPagination = z.object({ total: z.number().int(), skip: z.number().int(), limit: z.number().int() });

/** Response schema of one record: `{ data: item }` (DESIGN.md §4). */
export const dataResponse = <T extends z.ZodType>(item: T) => z.object({ data: item });

/** Response schema of a 204 answer. */
export const noContent = { 204: z.null().describe('Fără conținut') };

/** Response schema of a list of `item`. */
export const listResponse = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), pagination: ZPagination.optional() });
