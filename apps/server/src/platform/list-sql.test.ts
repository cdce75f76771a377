import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { applications, counties } from '../db/schema/index.js';
import { buildListSql, countList, EXACT_COUNT_LIMIT, type ListSpec, parseListQuery } from './list-query.js';

/** The SQL building of list queries: what reaches PostgreSQL decides whether an index can serve it. */

const SPEC: ListSpec = {
  fields: {
    id: { column: counties.id, type: 'number', sortable: true },
    name: { column: counties.name, type: 'text', sortable: true, searchable: true },
    total_tax: { column: applications.totalTax, type: 'number' },
    created_at: { column: applications.createdAt, type: 'date', sortable: true },
    quick_search: { column: applications.quickSearch, type: 'text', ops: ['contains'], searchable: true, prefolded: true },
  },
  defaultSort: { field: 'name', descending: false },
  idColumn: counties.id,
};

const dialect = new PgDialect();
const whereOf = (query: Record<string, string>) => {
  const where = buildListSql(parseListQuery(query, SPEC), SPEC).where;
  if (!where) throw new Error('no condition');
  return dialect.sqlToQuery(where);
};

describe('buildListSql', () => {
  it('casts a number filter to the column type, so that the column index applies', () => {
    expect(whereOf({ 'id[ge]': '10' }).sql).toBe('"counties"."id" >= $1::integer');
    expect(whereOf({ 'total_tax[lt]': '10' }).sql).toBe('"applications"."total_tax" < $1::numeric');
  });

  it('keeps numeric for values the column type cannot hold (no cast error, exact comparison)', () => {
    expect(whereOf({ 'id[ge]': '1.5' }).sql).toBe('"counties"."id" >= $1::numeric');
    expect(whereOf({ 'id[eq]': '2147483648' }).sql).toBe('"counties"."id" = $1::numeric');
    expect(whereOf({ 'id[eq]': '-2147483648' }).sql).toBe('"counties"."id" = $1::integer');
  });

  it('matches a Romanian day of a timestamp as a range on the column, from its Romanian midnight', () => {
    expect(whereOf({ 'created_at[eq]': '2024-03-01' }).sql).toBe(
      `("applications"."created_at" >= (($1::date)::timestamp AT TIME ZONE 'Europe/Bucharest') and "applications"."created_at" < (($2::date + 1)::timestamp AT TIME ZONE 'Europe/Bucharest'))`,
    );
    expect(whereOf({ 'created_at[ge]': '2024-03-01' }).sql).toBe(
      `"applications"."created_at" >= (($1::date)::timestamp AT TIME ZONE 'Europe/Bucharest')`,
    );
    // A moment with its offset is taken as it is.
    expect(whereOf({ 'created_at[lt]': '2024-03-01T10:00:00Z' }).sql).toBe('"applications"."created_at" < $1::timestamptz');
  });

  it('searches stored folded text as it is and folds other columns', () => {
    const { sql: text, params } = whereOf({ orLikeQuery: 'Târgu_' });
    expect(text).toBe(
      '(lower(f_unaccent("counties"."name")) LIKE lower(f_unaccent($1)) or "applications"."quick_search" LIKE lower(f_unaccent($2)))',
    );
    expect(params).toEqual(['%Târgu\\_%', '%Târgu\\_%']);
    expect(whereOf({ 'quick_search[contains]': 'x' }).sql).toBe('"applications"."quick_search" LIKE lower(f_unaccent($1))');
  });
});

describe('number and date filters against the database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const ids = async (query: string) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/counties?limit=100&sortKey=id&${query}` });
    expect(response.statusCode).toBe(200);
    return response.json().data.map((c: { id: number }) => c.id);
  };

  it('compares a fraction exactly with an integer column', async () => {
    expect(await ids('id[ge]=386.5&id[lt]=404')).toEqual(await ids('id[ge]=387&id[lt]=404'));
    expect(await ids('id[eq]=387.5')).toEqual([]);
  });

  it('answers an empty list, not an error, for an id past the integer range', async () => {
    expect(await ids('id[eq]=2147483648')).toEqual([]);
  });

  it('counts exactly up to the limit, then gives the planner estimate and says so', async () => {
    const { db } = t.ctx;
    const series = (n: number) => db.select({ one: sql`1` }).from(sql`generate_series(1, ${sql.raw(String(n))}) as g`);
    expect(await countList(db, series(500))).toEqual({ total: 500, estimated: false });
    expect(await countList(db, series(EXACT_COUNT_LIMIT))).toEqual({ total: EXACT_COUNT_LIMIT, estimated: false });
    // generate_series with constant bounds is estimated exactly by PostgreSQL (PGlite too).
    expect(await countList(db, series(25_000))).toEqual({ total: 25_000, estimated: true });
  });
});
