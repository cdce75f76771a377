import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { applicationTypes, auditLog, documentSeries } from '../../db/schema/index.js';
import { call, countyCouncilId, DEMO } from '../../../test/administration-kit.js';
import { buildTenant } from '../../../test/factories.js';
import { romanianYear, takeNextNumber } from './engine.js';
import { takeApplicationTypeNumber, takeIncomingNumber } from '../application-types/index.js';

let t: TestApp;
let county: number;
let other: Awaited<ReturnType<typeof buildTenant>>;
const year = romanianYear(new Date());
beforeAll(async () => {
  t = await createTestApp();
  county = await countyCouncilId(t);
  other = await buildTenant(t);
});
afterAll(async () => {
  await t?.close();
});

const unique = (base: string) => `${base} ${Math.random().toString(36).slice(2, 8)}`;

async function created(path: string, who: string | Record<string, string>, body: Record<string, unknown>) {
  const response = await call(t, 'POST', path, who, body);
  if (response.statusCode !== 201) throw new Error(`${path}: ${response.statusCode} ${response.body}`);
  return response.json().data;
}
const createType = (name = unique('Intrări')) => created('/api/document-series-types', DEMO.superadmin, { name });

describe('document series types', () => {
  it('are configured by the super administrator, read by organisation administrators', async () => {
    const type = await createType();
    expect(type).toMatchObject({ series_count: 0, abilities: { canEdit: true, canDelete: true } });
    for (const who of [DEMO.admin, DEMO.staff, DEMO.citizen]) {
      expect((await call(t, 'POST', '/api/document-series-types', who, { name: unique('X') })).statusCode, who).toBe(403);
      expect((await call(t, 'PATCH', `/api/document-series-types/${type.id}`, who, { name: 'Y' })).statusCode, who).toBe(403);
      expect((await call(t, 'DELETE', `/api/document-series-types/${type.id}`, who)).statusCode, who).toBe(403);
    }
    const read = await call(t, 'GET', `/api/document-series-types/${type.id}`, DEMO.admin);
    expect(read.json().data.abilities).toEqual({ canEdit: false, canDelete: false });
    expect((await call(t, 'GET', '/api/document-series-types', DEMO.admin)).statusCode).toBe(200);
    expect((await call(t, 'GET', '/api/document-series-types', DEMO.citizen)).statusCode).toBe(403);
    expect((await call(t, 'GET', '/api/document-series-types', DEMO.staff)).statusCode).toBe(403);
  });

  it('keep names unique (DOCUMENT_SERIES_TYPE_EXISTS) and edit by merge-patch', async () => {
    const type = await createType(unique('Ieșiri'));
    const duplicate = await call(t, 'POST', '/api/document-series-types', DEMO.superadmin, { name: type.name.toUpperCase() });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({ message: 'DOCUMENT_SERIES_TYPE_EXISTS' });
    const second = await createType();
    expect(
      (await call(t, 'PATCH', `/api/document-series-types/${second.id}`, DEMO.superadmin, { name: type.name })).json(),
    ).toEqual({
      message: 'DOCUMENT_SERIES_TYPE_EXISTS',
    });
    const patched = await call(t, 'PATCH', `/api/document-series-types/${second.id}`, DEMO.superadmin, {
      description: 'Vizele arhitectului-șef',
    });
    expect(patched.json().data).toMatchObject({ name: second.name, description: 'Vizele arhitectului-șef' });
    const list = await call(
      t,
      'GET',
      `/api/document-series-types?name[eq]=${encodeURIComponent(second.name)}&pagination=true`,
      DEMO.superadmin,
    );
    expect(list.json().pagination.total).toBe(1);
  });

  it('cannot be deleted while series or application types use them', async () => {
    const used = await createType();
    await created('/api/document-series', DEMO.admin, { type_id: used.id, name: unique('Registru') });
    const refused = await call(t, 'DELETE', `/api/document-series-types/${used.id}`, DEMO.superadmin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: 'DOCUMENT_SERIES_TYPE_CANNOT_BE_DELETED',
      data: { series: 1, application_types: 0 },
    });

    const named = await createType();
    await created('/api/application-types', DEMO.superadmin, {
      name: unique('Tip'),
      series_type_ids: { visa_rejection: named.id },
    });
    expect((await call(t, 'DELETE', `/api/document-series-types/${named.id}`, DEMO.superadmin)).json()).toEqual({
      message: 'DOCUMENT_SERIES_TYPE_CANNOT_BE_DELETED',
      data: { series: 0, application_types: 1 },
    });

    const free = await createType();
    expect((await call(t, 'DELETE', `/api/document-series-types/${free.id}`, DEMO.superadmin)).statusCode).toBe(204);
    expect((await call(t, 'GET', `/api/document-series-types/${free.id}`, DEMO.superadmin)).statusCode).toBe(404);
  });
});

describe('document series', () => {
  it('are created in the administrator organisation with this year counters', async () => {
    const type = await createType();
    const series = await created('/api/document-series', DEMO.admin, {
      type_id: type.id,
      name: unique('Registratură'),
      description: 'Registrul general',
      prefix: 'CJMS',
      rejected_prefix: 'RES',
      registers: ['Urbanism', 'Avize'],
    });
    expect(series).toMatchObject({
      organisation_id: county,
      organisation_name: 'Consiliul Județean Mureș',
      type_id: type.id,
      type_name: type.name,
      separator: '/',
      prefix: 'CJMS',
      rejected_prefix: 'RES',
      registers: ['Urbanism', 'Avize'],
      yearly_reset: true,
      active: true,
      year,
      current_index: 0,
      rejected_index: 0,
      next_number: `CJMS/1/${year}`,
      abilities: { canEdit: true, canDelete: true },
    });
    const audited = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'document_series'), eq(auditLog.entityId, String(series.id))));
    expect(audited.map((a) => [a.action, a.organisationId])).toEqual([['document_series.create', county]]);
  });

  it('continue a paper register from a given index, and never go back', async () => {
    const type = await createType();
    const series = await created('/api/document-series', DEMO.admin, {
      type_id: type.id,
      name: unique('Registru vechi'),
      prefix: 'AC',
      separator: '-',
      yearly_reset: false,
      current_index: 41,
      rejected_index: 3,
    });
    expect(series).toMatchObject({ year: 0, current_index: 41, rejected_index: 3, next_number: 'AC-42' });

    const forward = await call(t, 'PATCH', `/api/document-series/${series.id}`, DEMO.admin, {
      current_index: 100,
      rejected_index: 3,
    });
    expect(forward.json().data).toMatchObject({ current_index: 100, rejected_index: 3, next_number: 'AC-101' });
    const next = await t.ctx.db.transaction((tx) => takeNextNumber(tx, series.id));
    expect(next.code).toBe('AC-101');

    const back = await call(t, 'PATCH', `/api/document-series/${series.id}`, DEMO.admin, {
      current_index: 50,
      name: 'Nu se salvează',
    });
    expect(back.statusCode).toBe(400);
    expect(back.json()).toEqual({ message: 'INDEX_CANNOT_BE_LOWER_THAN_CURRENT_VALUE', data: { current: 101 } });
    // The whole patch rolled back with it.
    expect((await call(t, 'GET', `/api/document-series/${series.id}`, DEMO.admin)).json().data).toMatchObject({
      name: series.name,
      current_index: 101,
    });
    const rejectedBack = await call(t, 'PATCH', `/api/document-series/${series.id}`, DEMO.admin, { rejected_index: 2 });
    expect(rejectedBack.json()).toEqual({ message: 'INDEX_CANNOT_BE_LOWER_THAN_CURRENT_VALUE', data: { current: 3 } });
  });

  it('edit by merge-patch and keep names unique in an organisation (DOCUMENT_SERIES_EXISTS)', async () => {
    const type = await createType();
    const name = unique('Registru unic');
    const series = await created('/api/document-series', DEMO.admin, { type_id: type.id, name });
    const duplicate = await call(t, 'POST', '/api/document-series', DEMO.admin, { type_id: type.id, name: name.toLowerCase() });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({ message: 'DOCUMENT_SERIES_EXISTS' });
    // Another organisation may use the same name.
    expect((await call(t, 'POST', '/api/document-series', other.headers, { type_id: type.id, name })).statusCode).toBe(201);

    const second = await created('/api/document-series', DEMO.admin, { type_id: type.id, name: unique('Alt registru') });
    expect((await call(t, 'PATCH', `/api/document-series/${second.id}`, DEMO.admin, { name })).json()).toEqual({
      message: 'DOCUMENT_SERIES_EXISTS',
    });

    const patched = await call(t, 'PATCH', `/api/document-series/${series.id}`, DEMO.admin, {
      prefix: 'CU',
      separator: '.',
      active: false,
      description: 'Certificate de urbanism',
    });
    expect(patched.json().data).toMatchObject({
      prefix: 'CU',
      separator: '.',
      active: false,
      description: 'Certificate de urbanism',
      next_number: `CU.1.${year}`,
    });
    expect(
      (await call(t, 'PATCH', `/api/document-series/${series.id}`, DEMO.admin, { description: null })).json().data.description,
    ).toBeNull();

    const badType = await call(t, 'POST', '/api/document-series', DEMO.admin, { type_id: 999_999, name: unique('Fără tip') });
    expect(badType.json()).toEqual({
      message: 'VALIDATION_ERROR',
      data: { fields: [{ path: 'body.type_id', message: 'Tipul de serie nu există' }] },
    });
    const badPrefix = await call(t, 'POST', '/api/document-series', DEMO.admin, {
      type_id: type.id,
      name: unique('X'),
      prefix: 'CJ MS',
    });
    expect(badPrefix.statusCode).toBe(400);
  });

  it('keep organisations apart; the super administrator reaches all', async () => {
    const type = await createType();
    const mine = await created('/api/document-series', DEMO.admin, { type_id: type.id, name: unique('Doar al județului') });
    expect((await call(t, 'GET', `/api/document-series/${mine.id}`, other.headers)).statusCode).toBe(404);
    expect((await call(t, 'PATCH', `/api/document-series/${mine.id}`, other.headers, { active: false })).statusCode).toBe(404);
    expect((await call(t, 'DELETE', `/api/document-series/${mine.id}`, other.headers)).statusCode).toBe(404);
    const theirs = await call(t, 'GET', '/api/document-series?limit=500', other.headers);
    expect(theirs.json().data.every((s: { organisation_id: number }) => s.organisation_id === other.organisationId)).toBe(true);
    const forged = await call(t, 'POST', '/api/document-series', other.headers, {
      type_id: type.id,
      name: unique('Furat'),
      organisation_id: county,
    });
    expect(forged.statusCode).toBe(403);

    const bySuper = await created('/api/document-series', DEMO.superadmin, {
      type_id: type.id,
      name: unique('Al primăriei'),
      organisation_id: other.organisationId,
    });
    expect(bySuper.organisation_id).toBe(other.organisationId);
    const all = await call(t, 'GET', `/api/document-series?type_id[eq]=${type.id}&limit=500`, DEMO.superadmin);
    expect(
      all
        .json()
        .data.map((s: { organisation_id: number }) => s.organisation_id)
        .sort(),
    ).toEqual([county, other.organisationId].sort());
  });

  it('list active series for the allocation screen, trimmed to the asked fields', async () => {
    const type = await createType();
    const active = await created('/api/document-series', DEMO.admin, { type_id: type.id, name: unique('Activă') });
    await created('/api/document-series', DEMO.admin, { type_id: type.id, name: unique('Inactivă'), active: false });
    // Staff allocating series read the list (documentSeriesAllocationRead) but do not manage series.
    const response = await call(
      t,
      'GET',
      `/api/document-series?active[eq]=true&limit=500&fields=type_id,type_name&type_id[eq]=${type.id}`,
      DEMO.staff,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual([{ id: active.id, type_id: type.id, type_name: type.name }]);
    expect((await call(t, 'POST', '/api/document-series', DEMO.staff, { type_id: type.id, name: 'X' })).statusCode).toBe(403);
    expect((await call(t, 'GET', '/api/document-series', DEMO.citizen)).statusCode).toBe(403);

    const paged = await call(
      t,
      'GET',
      `/api/document-series?type_id[eq]=${type.id}&pagination=true&limit=1&sortKey=-name`,
      DEMO.admin,
    );
    expect(paged.json().pagination).toEqual({ total: 2, skip: 0, limit: 1 });
    expect(paged.json().data[0].name).toMatch(/^Inactivă/);
    expect((await call(t, 'GET', '/api/document-series?fields=secret', DEMO.admin)).statusCode).toBe(400);
  });

  it('cannot be deleted once they gave a number (CONFLICT referenced)', async () => {
    const type = await createType();
    const used = await created('/api/document-series', DEMO.admin, { type_id: type.id, name: unique('Folosită') });
    await t.ctx.db.transaction((tx) => takeNextNumber(tx, used.id));
    expect((await call(t, 'GET', `/api/document-series/${used.id}`, DEMO.admin)).json().data.abilities.canDelete).toBe(false);
    const refused = await call(t, 'DELETE', `/api/document-series/${used.id}`, DEMO.admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: 'CONFLICT', data: { reason: 'referenced', numbers_given: 1, applications: 0 } });

    const unused = await created('/api/document-series', DEMO.admin, { type_id: type.id, name: unique('Nefolosită') });
    expect((await call(t, 'DELETE', `/api/document-series/${unused.id}`, DEMO.admin)).statusCode).toBe(204);
    expect((await call(t, 'GET', `/api/document-series/${unused.id}`, DEMO.admin)).statusCode).toBe(404);
  });
});

describe('numbering an application type', () => {
  async function typeWithSeries(options: { active?: boolean; withSeries?: boolean; organisationId?: number } = {}) {
    const seriesType = await createType();
    const organisationId = options.organisationId ?? county;
    const series =
      options.withSeries === false
        ? null
        : await created('/api/document-series', DEMO.superadmin, {
            type_id: seriesType.id,
            organisation_id: organisationId,
            name: unique('Intrări cereri'),
            prefix: 'CJMS',
            active: options.active ?? true,
          });
    const type = await created('/api/application-types', DEMO.superadmin, {
      name: unique('Certificat'),
      organisation_id: organisationId,
      series_type_ids: { incoming: seriesType.id },
    });
    return { seriesType, series, type };
  }

  it('takes the entry number from the type incoming series, one after the other', async () => {
    const { series, type } = await typeWithSeries();
    const first = await t.ctx.db.transaction((tx) => takeIncomingNumber(tx, type.id));
    const second = await t.ctx.db.transaction((tx) => takeIncomingNumber(tx, type.id));
    expect([first.code, second.code]).toEqual([`CJMS/1/${year}`, `CJMS/2/${year}`]);
    expect(first).toMatchObject({ seriesId: series?.id, index: 1, kind: 'main', year });
    expect((await call(t, 'GET', `/api/document-series/${series?.id}`, DEMO.admin)).json().data).toMatchObject({
      current_index: 2,
    });
  });

  it('hands distinct, contiguous numbers to concurrent submissions and gives back a rolled-back one', async () => {
    const { type } = await typeWithSeries();
    await expect(
      t.ctx.db.transaction(async (tx) => {
        await takeIncomingNumber(tx, type.id);
        throw new Error('submission failed');
      }),
    ).rejects.toThrow('submission failed');
    const taken = await Promise.all(
      Array.from({ length: 10 }, () => t.ctx.db.transaction((tx) => takeIncomingNumber(tx, type.id))),
    );
    expect(taken.map((n) => n.index).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('answers DOCUMENT_SERIES_NOT_DEFINED or DOCUMENT_SERIES_INACTIVE when it cannot number', async () => {
    const bare = await created('/api/application-types', DEMO.superadmin, { name: unique('Fără serii') });
    await expect(t.ctx.db.transaction((tx) => takeIncomingNumber(tx, bare.id))).rejects.toMatchObject({
      code: 'DOCUMENT_SERIES_NOT_DEFINED',
    });
    await expect(t.ctx.db.transaction((tx) => takeIncomingNumber(tx, 999_999))).rejects.toMatchObject({
      code: 'DOCUMENT_SERIES_NOT_DEFINED',
    });

    // The series type is named, but the type's organisation has no series of it.
    const elsewhere = await typeWithSeries({ withSeries: false });
    await expect(t.ctx.db.transaction((tx) => takeIncomingNumber(tx, elsewhere.type.id))).rejects.toMatchObject({
      code: 'DOCUMENT_SERIES_NOT_DEFINED',
      data: { use: 'incoming', series_type_id: elsewhere.seriesType.id },
    });

    const inactive = await typeWithSeries({ active: false });
    await expect(t.ctx.db.transaction((tx) => takeIncomingNumber(tx, inactive.type.id))).rejects.toMatchObject({
      code: 'DOCUMENT_SERIES_INACTIVE',
      data: { series_id: inactive.series?.id },
    });

    // Another organisation's series of the same type does not number this organisation's types.
    await created('/api/document-series', DEMO.superadmin, {
      type_id: elsewhere.seriesType.id,
      organisation_id: other.organisationId,
      name: unique('Alta'),
    });
    await expect(t.ctx.db.transaction((tx) => takeIncomingNumber(tx, elsewhere.type.id))).rejects.toMatchObject({
      code: 'DOCUMENT_SERIES_NOT_DEFINED',
    });
  });

  it('numbers the other uses too (outgoing, visas), from the stored keys', async () => {
    const seriesType = await createType();
    await created('/api/document-series', DEMO.admin, {
      type_id: seriesType.id,
      name: unique('Vize'),
      prefix: 'VZ',
      rejected_prefix: 'VZR',
    });
    const type = await created('/api/application-types', DEMO.superadmin, {
      name: unique('Aviz'),
      series_type_ids: { visa_rejection: seriesType.id },
    });
    const [stored] = await t.ctx.db.select().from(applicationTypes).where(eq(applicationTypes.id, type.id));
    expect(stored.seriesTypeIds).toEqual({ visaRejection: seriesType.id });
    const rejected = await t.ctx.db.transaction((tx) => takeApplicationTypeNumber(tx, type.id, 'visa_rejection', 'rejected'));
    expect(rejected.code).toBe(`VZR/1/${year}`);
    const [series] = await t.ctx.db.select().from(documentSeries).where(eq(documentSeries.typeId, seriesType.id));
    expect(series.id).toBe(rejected.seriesId);
  });
});
