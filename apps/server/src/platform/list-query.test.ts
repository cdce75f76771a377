import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { counties } from '../db/schema/index.js';
import { sql } from 'drizzle-orm';
import { executeRows } from './db.js';
import { AppError } from './errors.js';
import { escapeLike, type ListSpec, parseListQuery } from './list-query.js';

const SPEC: ListSpec = {
  fields: {
    id: { column: counties.id, type: 'number', sortable: true },
    name: { column: counties.name, type: 'text', sortable: true, searchable: true },
    code: { column: counties.code, type: 'text', ops: ['eq'] },
    updated: { column: counties.name, type: 'date' },
  },
  defaultSort: { field: 'name', descending: false },
  idColumn: counties.id,
  extraParams: ['parent_id'],
};

const code = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return error instanceof AppError ? { code: error.code, data: error.data } : error;
  }
  return null;
};

describe('parseListQuery', () => {
  it('reads paging, sort with a leading minus, free text and filters', () => {
    const parsed = parseListQuery(
      {
        skip: '20',
        limit: '10',
        pagination: 'true',
        sortKey: '-id',
        orLikeQuery: ' mur ',
        'name[contains]': 'a',
        'id[ge]': '10',
        parent_id: '5',
      },
      SPEC,
    );
    expect(parsed).toEqual({
      skip: 20,
      limit: 10,
      pagination: true,
      orLikeQuery: 'mur',
      sort: { field: 'id', descending: true },
      filters: [
        { field: 'name', op: 'contains', value: 'a' },
        { field: 'id', op: 'ge', value: '10' },
      ],
    });
  });

  it('applies defaults', () => {
    expect(parseListQuery({}, SPEC)).toEqual({
      skip: 0,
      limit: 20,
      pagination: false,
      orLikeQuery: undefined,
      sort: { field: 'name', descending: false },
      filters: [],
    });
  });

  it.each([
    [{ 'nume[eq]': 'x' }, 'unknown_field'],
    [{ 'name[regex]': 'x' }, 'unknown_operator'],
    [{ 'code[contains]': 'x' }, 'unknown_operator'],
    [{ 'id[ge]': 'zece' }, 'bad_value'],
    [{ foo: '1' }, 'unknown_param'],
    [{ sortKey: 'code' }, 'unsortable_field'],
    [{ limit: '0' }, 'limit_out_of_range'],
    [{ limit: '501' }, 'limit_out_of_range'],
    [{ skip: '-1' }, 'not_an_integer'],
    [{ pagination: 'da' }, 'bad_value'],
    // Values the database would refuse are refused here (issue 8: never a 500).
    [{ 'updated[ge]': '2023-02-29' }, 'bad_value'],
    [{ 'updated[lt]': '2024-04-31' }, 'bad_value'],
    [{ 'updated[eq]': '2024-01-01T24:00' }, 'bad_value'],
    [{ 'updated[eq]': '2024-01-01T10:00:00+15:00' }, 'bad_value'],
    [{ 'id[eq]': '1e309' }, 'bad_value'],
    [{ 'id[ge]': '9999999999999999' }, 'bad_value'],
    [{ 'id[eq]': '1.5.2' }, 'bad_value'],
    [{ 'id[eq]': '0x10' }, 'bad_value'],
    [{ 'id[eq]': '1.1234567' }, 'bad_value'],
  ])('refuses %o with INVALID_QUERY (%s)', (query, reason) => {
    expect(code(() => parseListQuery(query as Record<string, unknown>, SPEC))).toMatchObject({
      code: 'INVALID_QUERY',
      data: { reason },
    });
  });

  it('accepts existing days and times', () => {
    const values = ['2024-02-29', '2024-02-29T23:59', '2024-02-29T10:00:00.123Z', '2024-02-29T10:00:00+02:00'];
    for (const value of values)
      expect(parseListQuery({ 'updated[ge]': value }, SPEC).filters).toEqual([{ field: 'updated', op: 'ge', value }]);
  });

  it("keeps a like filter's wildcards and makes its backslashes literal", () => {
    expect(parseListQuery({ 'name[like]': 'a%_\\' }, SPEC).filters).toEqual([{ field: 'name', op: 'like', value: 'a%_\\\\' }]);
  });

  it('names the allowed filters when refusing one', () => {
    expect(code(() => parseListQuery({ 'nume[eq]': 'x' }, SPEC))).toMatchObject({
      data: { allowed: { id: ['eq', 'ge', 'lt'], name: ['eq', 'contains', 'like'], code: ['eq'] } },
    });
  });

  it('escapes LIKE wildcards', () => {
    expect(escapeLike('50%_a\\b')).toBe('50\\%\\_a\\\\b');
  });
});

describe('list queries against the database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });
  const names = async (query: string) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/counties?limit=100&${query}` });
    expect(response.statusCode).toBe(200);
    return response.json().data.map((c: { name: string }) => c.name);
  };

  it('eq matches exactly', async () => {
    expect(await names('code[eq]=MS')).toEqual(['Mureș']);
  });
  it('contains ignores case and accents', async () => {
    expect(await names('name[contains]=MURES')).toEqual(['Maramureș', 'Mureș']);
    expect(await names('name[contains]=năsăud')).toEqual(['Bistrița-Năsăud']);
  });
  it('contains treats % and _ literally', async () => {
    expect(await names('name[contains]=%25')).toEqual([]);
  });
  it('like uses the client wildcards, folded', async () => {
    expect(await names('name[like]=b%25')).toEqual([
      'Bacău',
      'Bihor',
      'Bistrița-Năsăud',
      'Botoșani',
      'Brașov',
      'Brăila',
      'București',
      'Buzău',
    ]);
    expect(await names('name[like]=brasov')).toEqual(['Brașov']);
  });
  it('like with a trailing backslash matches it literally', async () => {
    expect(await names('name[like]=mure%25%5C')).toEqual([]);
    expect(await names('name[like]=%5C')).toEqual([]);
  });
  it('ge and lt bound numbers; sortKey orders', async () => {
    expect(await names('id[ge]=387&id[lt]=520&sortKey=-id')).toEqual(['Călărași', 'București', 'Vrancea', 'Vâlcea']);
  });
  it("a day starts at Romania's midnight on either engine (the date filters' bound)", async () => {
    const rows = await executeRows<{ winter: Date; summer: Date }>(
      t.ctx.db,
      sql`SELECT ('2024-03-01'::date)::timestamp AT TIME ZONE 'Europe/Bucharest' AS winter,
                 ('2024-07-01'::date)::timestamp AT TIME ZONE 'Europe/Bucharest' AS summer`,
    );
    expect(new Date(rows[0]?.winter as Date).toISOString()).toBe('2024-02-29T22:00:00.000Z');
    expect(new Date(rows[0]?.summer as Date).toISOString()).toBe('2024-06-30T21:00:00.000Z');
  });
  it('orLikeQuery searches the searchable fields', async () => {
    expect(await names('orLikeQuery=timi')).toEqual(['Timiș']);
  });
  it('paginates with the total', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/counties?skip=40&limit=5&pagination=true' });
    expect(response.json().pagination).toEqual({ total: 42, skip: 40, limit: 5 });
    expect(response.json().data).toHaveLength(2);
  });
  it('answers 400 INVALID_QUERY on an unknown filter', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/counties?population[ge]=5' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'INVALID_QUERY', data: { reason: 'unknown_field', field: 'population' } });
    expect(response.json().data.allowed).toMatchObject({ name: ['eq', 'contains', 'like'] });
  });
  it('answers 400 INVALID_QUERY on a day that does not exist', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/applications?created_at[ge]=2023-02-29',
      headers: await t.authHeaders('citizen@demo.ghiseu.ro'),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'INVALID_QUERY',
      data: { reason: 'bad_value', field: 'created_at', value: '2023-02-29' },
    });
  });
});
