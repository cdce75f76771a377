import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, documentSeries, documentSeriesTypes, seriesAllocations } from '../../db/schema/index.js';
import { call, countyCouncilId, DEMO, TARGU_MURES } from '../../../test/administration-kit.js';
import { uploadFile } from '../../../test/applications-kit.js';
import { buildOrganisation, buildStaff, type SignedIn } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

/**
 * Reserved series (spec §3, §6 staff and super_admin read, create and edit staff only, §7
 * allocations, §9 limits): manual allocation from a series and numbers allocated outside,
 * validation, permissions per role, organisation scope, grouping by creator, the CSV export and
 * the extension look-ups.
 */

let t: TestApp;
let council: number;
let seriesId: number;
let inactiveSeriesId: number;
let otherSeriesId: number;
let typeId: number;
let otherStaff: SignedIn;
let colleague: SignedIn;
const prefix = `R${Date.now().toString(36).slice(-5).toUpperCase()}`;

beforeAll(async () => {
  t = await createTestApp();
  council = await countyCouncilId(t);
  const other = await buildOrganisation(t, { uat_id: TARGU_MURES });
  [otherStaff, colleague] = await Promise.all([
    buildStaff(t, other.id),
    buildStaff(t, council, { firstName: 'Ioana', lastName: 'Șerban' }),
  ]);
  const [type] = await t.ctx.db
    .insert(documentSeriesTypes)
    .values({ name: `Certificate ${prefix}` })
    .returning({ id: documentSeriesTypes.id });
  typeId = type.id;
  const rows = await t.ctx.db
    .insert(documentSeries)
    .values([
      { typeId, organisationId: council, name: `CU ${prefix}`, prefix, separator: '/' },
      { typeId, organisationId: council, name: `CU vechi ${prefix}`, prefix: `${prefix}V`, separator: '/', active: false },
      { typeId, organisationId: other.id, name: `CU ${prefix}`, prefix: `${prefix}O`, separator: '/' },
    ])
    .returning({ id: documentSeries.id });
  [seriesId, inactiveSeriesId, otherSeriesId] = rows.map((r) => r.id);
}, 240_000);
afterAll(async () => {
  await t?.close();
});

const full = {
  issue_date: '2026-03-10',
  location: 'Str. Gheorghe Doja nr. 5; Târgu Mureș',
  uat_id: TARGU_MURES,
  tax_lei: 1234.5,
  validity_months: 24,
  execution_duration_months: 12,
  start_date: '2026-04-01',
  extension_date: '2026-05-01',
  investment_value: 250000,
  location_type: 'land_registry',
};

async function create(who: string | Record<string, string>, body: Record<string, unknown>) {
  return call(t, 'POST', '/api/allocations', who, body);
}

describe('creating', () => {
  it('takes the next number of an active series of the organisation (manual allocation), with every field', async () => {
    const first = await create(DEMO.staff, { source: 'series', document_series_id: seriesId, ...full });
    expect(first.statusCode, first.body).toBe(201);
    const data = first.json().data;
    expect(data.series).toMatch(new RegExp(`^${prefix}/1/\\d{4}$`));
    expect(data).toMatchObject({
      source: 'series',
      series_type_id: typeId,
      document_series_id: seriesId,
      organisation_id: council,
      tax_lei: 1234.5,
      investment_value: 250000,
      validity_months: 24,
      location_type: 'land_registry',
      uat_name: 'Târgu Mureș',
      abilities: { can_edit: true, can_delete: true },
    });
    expect(data.allocation_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const second = await create(DEMO.staff, { source: 'series', document_series_id: seriesId });
    expect(second.json().data.series).toMatch(new RegExp(`^${prefix}/2/\\d{4}$`));
    const [entry] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'series_allocation'), eq(auditLog.entityId, String(data.id))));
    expect(entry.action).toBe('series_allocation.create');
  });

  it('records a number allocated outside the portal, once per organisation', async () => {
    const body = { source: 'external', series: `EXT-${prefix}-1`, series_type_id: typeId, allocation_date: '2026-01-15' };
    const created = await create(colleague.headers, body);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data).toMatchObject({ series: `EXT-${prefix}-1`, source: 'external', document_series_id: null });
    const again = await create(DEMO.staff, { ...body, series: `ext-${prefix}-1` });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('SERIES_ALLOCATION_EXISTS');
    // Another organisation may hold the same number.
    expect((await create(otherStaff.headers, body)).statusCode).toBe(201);
  });

  it('refuses what is not valid, with Romanian messages', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ source: 'series' }, 'Alegeți seria din care se rezervă numărul.'],
      [{ source: 'external', series_type_id: typeId }, 'Introduceți numărul alocat.'],
      [{ source: 'external', series: 'X1' }, 'Alegeți tipul de serie.'],
      [
        { source: 'series', document_series_id: inactiveSeriesId },
        'Seria nu există în instituția dumneavoastră sau este inactivă.',
      ],
      [{ source: 'series', document_series_id: otherSeriesId }, 'Seria nu există în instituția dumneavoastră sau este inactivă.'],
      [
        { source: 'external', series: 'X2', series_type_id: typeId, tax_lei: 1.234 },
        'Introduceți o sumă pozitivă, cu cel mult două zecimale.',
      ],
      [
        { source: 'external', series: 'X3', series_type_id: typeId, tax_lei: -1 },
        'Introduceți o sumă pozitivă, cu cel mult două zecimale.',
      ],
      [
        { source: 'external', series: 'X4', series_type_id: typeId, validity_months: 1.5 },
        'Introduceți un număr întreg de luni, între 0 și 1200.',
      ],
      [
        { source: 'external', series: 'X5', series_type_id: typeId, start_date: '2026-05-01', extension_date: '2026-04-01' },
        'Data prelungirii nu poate fi înaintea datei de începere.',
      ],
      [
        { source: 'external', series: 'X6', series_type_id: typeId, uat_id: 999999 },
        'Unitatea administrativ-teritorială nu există.',
      ],
      [{ source: 'external', series: 'X7', series_type_id: 999999 }, 'Tipul de serie nu există.'],
    ];
    for (const [body, message] of cases) {
      const response = await create(DEMO.staff, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(response.json()), JSON.stringify(body)).toContain(message);
    }
    expect(
      (await create(DEMO.staff, { source: 'external', series: 'X8', series_type_id: typeId, issue_date: '2026-02-30' }))
        .statusCode,
    ).toBe(400);
  });

  it('keeps the scan to the actor’s own PDF uploads', async () => {
    const own = await uploadFile(t, DEMO.staff, 'certificat.pdf');
    const created = await create(DEMO.staff, { source: 'external', series: `F-${prefix}`, series_type_id: typeId, file_id: own });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data.file).toMatchObject({ id: own, name: 'certificat.pdf' });
    const foreign = await uploadFile(t, colleague.headers, 'altul.pdf');
    const refused = await create(DEMO.staff, {
      source: 'external',
      series: `F2-${prefix}`,
      series_type_id: typeId,
      file_id: foreign,
    });
    expect(refused.statusCode).toBe(400);
  });

  it('is for staff only: super_admin, admin and applicants are refused', async () => {
    const body = { source: 'external', series: `P-${prefix}`, series_type_id: typeId };
    for (const who of [DEMO.superadmin, DEMO.admin, DEMO.citizen, DEMO.company, DEMO.archiver]) {
      const response = await create(who, body);
      expect(response.statusCode, who).toBe(403);
    }
  });
});

describe('reading', () => {
  it('lists the organisation’s allocations, filtered and paged; other organisations never show', async () => {
    const page = await call(t, 'GET', `/api/allocations?series[contains]=${prefix}&pagination=true&limit=2`, DEMO.staff);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().data).toHaveLength(2);
    expect(page.json().pagination.total).toBeGreaterThanOrEqual(4);
    const all = (await call(t, 'GET', `/api/allocations?series[contains]=${prefix}&limit=100`, DEMO.staff)).json().data;
    expect(all.every((a: { organisation_id: number }) => a.organisation_id === council)).toBe(true);
    const mine = (await call(t, 'GET', `/api/allocations?created_by[eq]=${colleague.id}`, DEMO.staff)).json().data;
    expect(mine.map((a: { series: string }) => a.series)).toContain(`EXT-${prefix}-1`);
    const other = (await call(t, 'GET', `/api/allocations?series[contains]=${prefix}`, otherStaff.headers)).json().data;
    expect(other.map((a: { organisation_id: number }) => a.organisation_id)).not.toContain(council);
    expect((await call(t, 'GET', '/api/allocations?unknown[eq]=1', DEMO.staff)).statusCode).toBe(400);
  });

  it('groups by creator (at most 100 each), newest first', async () => {
    const response = await call(t, 'GET', `/api/allocations?group_by=created_by&series[contains]=${prefix}`, DEMO.staff);
    expect(response.statusCode, response.body).toBe(200);
    const groups = response.json().data as { created_by: { id: number; name: string }; total: number; allocations: unknown[] }[];
    const ioana = groups.find((g) => g.created_by.id === colleague.id);
    expect(ioana).toMatchObject({ created_by: { name: 'Ioana Șerban' }, total: 1 });
    for (const g of groups) expect(g.allocations.length).toBe(Math.min(g.total, 100));
  });

  it('caps each creator at 100 allocations and still counts them all', async () => {
    await t.ctx.db.insert(seriesAllocations).values(
      Array.from({ length: 105 }, (_, i) => ({
        organisationId: council,
        createdBy: colleague.id,
        allocationDate: '2025-12-01',
        series: `BULK-${prefix}-${i}`,
        source: 'external' as const,
        seriesTypeId: typeId,
      })),
    );
    const groups = (
      await call(t, 'GET', `/api/allocations?group_by=created_by&series[contains]=BULK-${prefix}`, DEMO.staff)
    ).json().data;
    expect(groups).toHaveLength(1);
    expect(groups[0].total).toBe(105);
    expect(groups[0].allocations).toHaveLength(100);
  });

  it('lets the super administrator read every organisation, but not write', async () => {
    const all = (await call(t, 'GET', `/api/allocations?series[contains]=${prefix}&limit=100`, DEMO.superadmin)).json().data;
    const organisations = new Set(all.map((a: { organisation_id: number }) => a.organisation_id));
    expect(organisations.size).toBeGreaterThanOrEqual(2);
    expect(all.every((a: { abilities: { can_edit: boolean } }) => !a.abilities.can_edit)).toBe(true);
  });

  it('refuses roles without the read permission', async () => {
    for (const who of [DEMO.citizen, DEMO.admin, DEMO.archiver])
      expect((await call(t, 'GET', '/api/allocations', who)).statusCode).toBe(403);
  });
});

describe('editing and deleting', () => {
  it('edits the fields, keeps a series number, answers 404 to another organisation, audits', async () => {
    const created = (await create(DEMO.staff, { source: 'series', document_series_id: seriesId })).json().data;
    const patched = await call(t, 'PATCH', `/api/allocations/${created.id}`, colleague.headers, {
      tax_lei: 99.9,
      location_type: 'pin',
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().data).toMatchObject({ tax_lei: 99.9, location_type: 'pin', series: created.series });
    const renamed = await call(t, 'PATCH', `/api/allocations/${created.id}`, DEMO.staff, { series: 'ALT/1' });
    expect(renamed.statusCode).toBe(400);
    expect(JSON.stringify(renamed.json())).toContain('Numărul luat dintr-o serie nu poate fi modificat.');
    expect((await call(t, 'PATCH', `/api/allocations/${created.id}`, otherStaff.headers, { tax_lei: 1 })).statusCode).toBe(404);
    expect((await call(t, 'GET', `/api/allocations/${created.id}`, otherStaff.headers)).statusCode).toBe(404);
    expect((await call(t, 'DELETE', `/api/allocations/${created.id}`, otherStaff.headers)).statusCode).toBe(404);
    expect((await call(t, 'GET', `/api/allocations/${created.id}`, DEMO.superadmin)).statusCode).toBe(200);
    expect((await call(t, 'PATCH', `/api/allocations/${created.id}`, DEMO.superadmin, { tax_lei: 1 })).statusCode).toBe(403);
    const deleted = await call(t, 'DELETE', `/api/allocations/${created.id}`, DEMO.staff);
    expect(deleted.statusCode).toBe(204);
    expect((await call(t, 'GET', `/api/allocations/${created.id}`, DEMO.staff)).statusCode).toBe(404);
    const actions = await t.ctx.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'series_allocation'), eq(auditLog.entityId, String(created.id))));
    expect(actions.map((a) => a.action).sort()).toEqual([
      'series_allocation.create',
      'series_allocation.delete',
      'series_allocation.update',
    ]);
  });

  it('renames a number allocated outside, refusing a duplicate', async () => {
    const a = (await create(DEMO.staff, { source: 'external', series: `RN-${prefix}-1`, series_type_id: typeId })).json().data;
    await create(DEMO.staff, { source: 'external', series: `RN-${prefix}-2`, series_type_id: typeId });
    const ok = await call(t, 'PATCH', `/api/allocations/${a.id}`, DEMO.staff, { series: `RN-${prefix}-3` });
    expect(ok.json().data.series).toBe(`RN-${prefix}-3`);
    const dup = await call(t, 'PATCH', `/api/allocations/${a.id}`, DEMO.staff, { series: `RN-${prefix}-2` });
    expect(dup.statusCode).toBe(409);
  });
});

describe('export', () => {
  it('streams a CSV for Excel: BOM, Romanian headers, ; separator, dd.mm.yyyy, decimal comma, the organisation only', async () => {
    const response = await call(t, 'POST', '/api/allocations/export', DEMO.staff, { series: prefix });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toContain('attachment');
    const body = response.rawPayload.toString('utf8');
    expect(body.startsWith('\uFEFF')).toBe(true);
    const lines = body.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Creat de;Data;Serie;Tip;Fișier;Data emiterii;Amplasament;UAT;Taxă (lei);Valabilitate (luni);Durata de execuție (luni);Data începerii;Data prelungirii;Valoarea investiției (lei);Tip amplasament',
    );
    const first = lines.find((l) => l.includes(`${prefix}/1/`));
    expect(first).toContain(
      ';10.03.2026;"Str. Gheorghe Doja nr. 5; Târgu Mureș";Târgu Mureș;1234,50;24;12;01.04.2026;01.05.2026;250000,00;Carte funciară',
    );
    expect(lines.some((l) => l.includes(`${prefix}O/`))).toBe(false);
    const other = (await call(t, 'POST', '/api/allocations/export', otherStaff.headers, { series: prefix })).rawPayload.toString(
      'utf8',
    );
    expect(other).not.toContain(`${prefix}/1/`);
    expect((await call(t, 'POST', '/api/allocations/export', DEMO.citizen, {})).statusCode).toBe(403);
  });

  it('defuses formulas in text cells', async () => {
    await create(DEMO.staff, { source: 'external', series: `=HYPERLINK(${prefix})`, series_type_id: typeId });
    const body = (
      await call(t, 'POST', '/api/allocations/export', DEMO.staff, { series: `=HYPERLINK(${prefix}` })
    ).rawPayload.toString('utf8');
    expect(body).toContain(`'=HYPERLINK(${prefix})`);
  });
});

describe('extension look-ups', () => {
  it('lists and finds what can still be extended, without personal data, for anyone signed in', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const valid = (
      await create(DEMO.staff, {
        source: 'external',
        series: `PX-${prefix}`,
        series_type_id: typeId,
        issue_date: today,
        validity_months: 12,
      })
    ).json().data;
    await create(DEMO.staff, {
      source: 'external',
      series: `PY-${prefix}`,
      series_type_id: typeId,
      issue_date: '2000-01-01',
      validity_months: 12,
    });
    const list = await call(
      t,
      'GET',
      `/api/allocations-public/list-allocations-for-extension?organisation_id=${council}&series=${prefix}`,
      DEMO.citizen,
    );
    expect(list.statusCode, list.body).toBe(200);
    const series = list.json().data.map((a: { series: string }) => a.series);
    expect(series).toContain(`PX-${prefix}`);
    expect(series).not.toContain(`PY-${prefix}`);
    expect(list.json().data.length).toBeLessThanOrEqual(50);
    const found = await call(
      t,
      'GET',
      `/api/allocations-public/search-allocation-for-extension?series=px-${prefix}`,
      DEMO.company,
    );
    expect(found.statusCode, found.body).toBe(200);
    expect(Object.keys(found.json().data[0]).sort()).toEqual(
      [
        'id',
        'issue_date',
        'organisation_id',
        'organisation_name',
        'series',
        'series_type_name',
        'uat_name',
        'valid_until',
        'validity_months',
      ].sort(),
    );
    expect(found.json().data[0].id).toBe(valid.id);
    expect(
      (await call(t, 'GET', `/api/allocations-public/search-allocation-for-extension?series=PY-${prefix}`, DEMO.company))
        .statusCode,
    ).toBe(404);
    expect((await call(t, 'GET', '/api/allocations-public/list-allocations-for-extension')).statusCode).toBe(401);
  });
});

describe('active series for a manual allocation', () => {
  it('answers the organisation’s active series with type_id and type_name (limit 500)', async () => {
    const response = await call(t, 'GET', '/api/document-series?active[eq]=true&limit=500&fields=type_id,type_name', DEMO.staff);
    expect(response.statusCode, response.body).toBe(200);
    const ids = response.json().data.map((s: { id: number }) => s.id);
    expect(ids).toContain(seriesId);
    expect(ids).not.toContain(inactiveSeriesId);
    expect(ids).not.toContain(otherSeriesId);
    expect(response.json().data.find((s: { id: number }) => s.id === seriesId)).toMatchObject({ type_id: typeId });
  });
});
