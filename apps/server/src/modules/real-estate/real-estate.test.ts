import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cadastralParcels } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { seedDemoParcels } from '../../seed/demo-parcels.js';
import { buildTenant } from '../../../test/factories.js';
import {
  call,
  CLUJ_NAPOCA,
  createDraft,
  createFilingFixture,
  DEMO,
  type FilingFixture,
  SIGHISOARA,
  startAnafStandIn,
  TARGU_MURES,
} from '../../../test/applications-kit.js';
import { importParcels } from './parcels.js';

/**
 * Real-estate targets (spec §5): duplicate cadastral number refused, requests only in the
 * organisation's county, the area compared with the cadastral table; the parcel search; the
 * import rules (area required, topo number unique); the demo parcels.
 */

let t: TestApp;
let anaf: Awaited<ReturnType<typeof startAnafStandIn>>;
let fixture: FilingFixture;
let seeded: Record<string, number>;
/** A parcel of the demo seed in Târgu Mureș. */
let parcel: { cadastralNumber: string; area: number; address: string | null; topoNumber: string };
beforeAll(async () => {
  anaf = await startAnafStandIn([]);
  t = await createTestApp({ ANAF_API_URL: anaf.url });
  fixture = await createFilingFixture(t);
  // The demo seed already ran in the test template; running it again must add nothing.
  seeded = await t.ctx.db.transaction((tx) => seedDemoParcels(tx));
  const [row] = await t.ctx.db
    .select()
    .from(cadastralParcels)
    .where(eq(cadastralParcels.uatId, TARGU_MURES))
    .orderBy(cadastralParcels.id)
    .limit(1);
  parcel = { cadastralNumber: row.cadastralNumber, area: Number(row.area), address: row.address, topoNumber: row.topoNumber };
});
afterAll(async () => {
  await t?.close();
  await anaf?.close();
});

const addTarget = (id: number, body: Record<string, unknown>) =>
  call(t, 'POST', `/api/applications/${id}/real-estates`, DEMO.citizen, body);

describe('demo parcels', () => {
  it('creates about forty parcels inside Târgu Mureș and Sighișoara, with their own areas', async () => {
    expect(seeded.parcels).toBe(0);
    const [{ total }] = await t.ctx.db.select({ total: count() }).from(cadastralParcels);
    expect(total).toBe(40);
    const result = (await t.ctx.db.execute(sql`
      SELECT p.uat_id, count(*)::int AS n,
        bool_and(ST_Within(p.geom, u.geom)) AS inside,
        bool_and(p.area = round(ST_Area(p.geom)::numeric)) AS own_area,
        min(p.area)::float AS min_area, max(p.area)::float AS max_area,
        count(DISTINCT p.topo_number)::int AS topo
      FROM cadastral_parcels p JOIN territorial_units u ON u.id = p.uat_id
      GROUP BY p.uat_id ORDER BY p.uat_id`)) as unknown as {
      rows: { uat_id: number; n: number; inside: boolean; own_area: boolean; min_area: number; max_area: number; topo: number }[];
    };
    expect(result.rows.map((r) => r.uat_id)).toEqual([TARGU_MURES, SIGHISOARA]);
    for (const row of result.rows) {
      expect(row).toMatchObject({ n: 20, inside: true, own_area: true, topo: 20 });
      expect(row.min_area).toBeGreaterThanOrEqual(300);
      expect(row.max_area).toBeLessThanOrEqual(3000);
    }
    expect(parcel.cadastralNumber).toMatch(/^\d{6}$/);
    // Running it again adds nothing: the topo numbers are taken.
    expect(await t.ctx.db.transaction((tx) => seedDemoParcels(tx))).toEqual({ parcels: 0 });
  });
});

describe('real-estate targets', () => {
  it('finds the parcel in the cadastral table: same area, no flag', async () => {
    const id = await createDraft(t, DEMO.citizen, fixture.typeId);
    const response = await addTarget(id, {
      cadastral_number: parcel.cadastralNumber,
      uat_id: TARGU_MURES,
      type: 'land',
      area: parcel.area,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({
      cadastral_number: parcel.cadastralNumber,
      uat_id: TARGU_MURES,
      uat_name: 'Târgu Mureș',
      county_name: 'Mureș',
      type: 'land',
      type_label: 'Teren',
      area: parcel.area,
      registry_area: parcel.area,
      area_mismatch: false,
      found_in_registry: true,
      address: parcel.address,
    });
  });

  it('flags a declared area that differs from the registry, without refusing it', async () => {
    const id = await createDraft(t, DEMO.citizen, fixture.typeId);
    const response = await addTarget(id, {
      cadastral_number: parcel.cadastralNumber,
      uat_id: TARGU_MURES,
      type: 'land_constructions',
      area: parcel.area + 12.5,
      address: 'Adresa declarată',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({
      area: parcel.area + 12.5,
      registry_area: parcel.area,
      area_mismatch: true,
      address: 'Adresa declarată',
    });
    const target = response.json().data.id;
    // Correcting the area clears the flag.
    const fixed = await call(t, 'PATCH', `/api/applications/${id}/real-estates/${target}`, DEMO.citizen, { area: parcel.area });
    expect(fixed.json().data).toMatchObject({ area: parcel.area, area_mismatch: false });
  });

  it('takes the registry area when none is declared; unknown parcels are kept as declared', async () => {
    const id = await createDraft(t, DEMO.citizen, fixture.typeId);
    const filled = await addTarget(id, { cadastral_number: parcel.cadastralNumber, uat_id: TARGU_MURES, type: 'land' });
    expect(filled.json().data).toMatchObject({ area: parcel.area, area_mismatch: false });
    const unknown = await addTarget(id, { cadastral_number: '999001', uat_id: TARGU_MURES, type: 'land', area: 700 });
    expect(unknown.json().data).toMatchObject({ area: 700, registry_area: null, area_mismatch: false, found_in_registry: false });
    // The same number in another UAT is another parcel, not found in Sighișoara.
    const application = (await call(t, 'GET', `/api/applications/${id}`, DEMO.citizen)).json().data;
    expect(application).toMatchObject({
      uat_id: TARGU_MURES,
      real_estate_type: 'land',
      cadastral_numbers: [parcel.cadastralNumber, '999001'],
    });
  });

  it('refuses a cadastral number twice on one application', async () => {
    const id = await createDraft(t, DEMO.citizen, fixture.typeId);
    expect((await addTarget(id, { cadastral_number: '555001', uat_id: TARGU_MURES, type: 'land' })).statusCode).toBe(201);
    const again = await addTarget(id, { cadastral_number: '555001', uat_id: SIGHISOARA, type: 'land_constructions' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      message: 'VALIDATION_ERROR',
      data: {
        fields: [{ path: 'body.cadastral_number', message: 'Numărul cadastral a fost deja adăugat pe cerere.' }],
        reason: 'duplicate_cadastral_number',
      },
    });
    const second = (await addTarget(id, { cadastral_number: '555002', uat_id: TARGU_MURES, type: 'land' })).json().data;
    const renamed = await call(t, 'PATCH', `/api/applications/${id}/real-estates/${second.id}`, DEMO.citizen, {
      cadastral_number: '555001',
    });
    expect(renamed.json().data?.reason ?? renamed.json().message).toBe('duplicate_cadastral_number');
  });

  it('accepts only UATs of the organisation’s county', async () => {
    const id = await createDraft(t, DEMO.citizen, fixture.typeId);
    const cluj = await addTarget(id, { cadastral_number: '1', uat_id: CLUJ_NAPOCA, type: 'land' });
    expect(cluj.statusCode).toBe(400);
    expect(cluj.json()).toEqual({
      message: 'VALIDATION_ERROR',
      data: {
        fields: [{ path: 'body.uat_id', message: 'Se pot depune cereri doar pe județul Mureș' }],
        reason: 'county_not_allowed',
        county: 'Mureș',
      },
    });
    expect((await addTarget(id, { cadastral_number: '1', uat_id: SIGHISOARA, type: 'land' })).statusCode).toBe(201);
    const unknown = await addTarget(id, { cadastral_number: '2', uat_id: 999999, type: 'land' });
    expect(unknown.json().data.fields).toEqual([{ path: 'body.uat_id', message: 'UAT-ul nu există' }]);

    // A city hall's county comes from its UAT.
    const cityHall = await buildTenant(t, { uatId: SIGHISOARA });
    const local = await createFilingFixture(t, { organisationId: cityHall.organisationId });
    const draft = await createDraft(t, DEMO.citizen, local.typeId);
    expect((await addTarget(draft, { cadastral_number: '3', uat_id: CLUJ_NAPOCA, type: 'land' })).json().data.county).toBe(
      'Mureș',
    );
    expect((await addTarget(draft, { cadastral_number: '3', uat_id: TARGU_MURES, type: 'land' })).statusCode).toBe(201);
  });

  it('validates the fields', async () => {
    const id = await createDraft(t, DEMO.citizen, fixture.typeId);
    for (const body of [
      { cadastral_number: 'abc', uat_id: TARGU_MURES, type: 'land' },
      { cadastral_number: '123', uat_id: TARGU_MURES, type: 'apartament' },
      { cadastral_number: '123', uat_id: TARGU_MURES, type: 'land', area: -5 },
      { cadastral_number: '123', uat_id: TARGU_MURES, type: 'land', area: 10.123 },
      { cadastral_number: '123', type: 'land' },
    ]) {
      expect((await addTarget(id, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(
      (await addTarget(id, { cadastral_number: '123456-C1', uat_id: TARGU_MURES, type: 'land_constructions', area: 10.25 }))
        .statusCode,
    ).toBe(201);
  });

  it('removes a target and keeps the application’s UAT in step', async () => {
    const id = await createDraft(t, DEMO.citizen, fixture.typeId);
    const first = (await addTarget(id, { cadastral_number: '600001', uat_id: SIGHISOARA, type: 'land' })).json().data;
    await addTarget(id, { cadastral_number: '600002', uat_id: TARGU_MURES, type: 'land_constructions' });
    expect((await call(t, 'DELETE', `/api/applications/${id}/real-estates/${first.id}`, DEMO.citizen)).statusCode).toBe(204);
    const application = (await call(t, 'GET', `/api/applications/${id}`, DEMO.citizen)).json().data;
    expect(application).toMatchObject({
      uat_id: TARGU_MURES,
      uat_name: 'Târgu Mureș',
      real_estate_type: 'land_constructions',
      cadastral_numbers: ['600002'],
    });
    expect((await call(t, 'DELETE', `/api/applications/${id}/real-estates/${first.id}`, DEMO.citizen)).statusCode).toBe(404);
  });
});

describe('parcel search (POST /ancpi/parcels-search-requests/)', () => {
  const search = (body: unknown, who: string = DEMO.citizen) => call(t, 'POST', '/api/ancpi/parcels-search-requests/', who, body);

  it('finds a parcel by cadastral number and UAT, with its geometry in EPSG:4326', async () => {
    const response = await search({ cadastral_number: parcel.cadastralNumber, uat_id: TARGU_MURES });
    expect(response.statusCode).toBe(200);
    const [found] = response.json().data;
    expect(found).toMatchObject({
      cadastral_number: parcel.cadastralNumber,
      topo_number: parcel.topoNumber,
      uat_id: TARGU_MURES,
      uat_name: 'Târgu Mureș',
      area: parcel.area,
      land_registry_number: parcel.cadastralNumber,
    });
    expect(found.geometry.type).toBe('MultiPolygon');
    const [lon, lat] = found.geometry.coordinates[0][0][0];
    // Târgu Mureș lies around 24.5° E, 46.5° N.
    expect(lon).toBeGreaterThan(24.3);
    expect(lon).toBeLessThan(24.7);
    expect(lat).toBeGreaterThan(46.4);
    expect(lat).toBeLessThan(46.65);
    expect(String(lon).split('.')[1]?.length ?? 0).toBeLessThanOrEqual(6);
  });

  it('finds a parcel by topo number, for staff too', async () => {
    const response = await search({ topo_number: parcel.topoNumber }, DEMO.staff);
    expect(response.json().data.map((p: { cadastral_number: string }) => p.cadastral_number)).toEqual([parcel.cadastralNumber]);
  });

  it('answers ATLAS_NO_SEARCH_RESULT when nothing matches and 400 without criteria', async () => {
    const none = await search({ cadastral_number: parcel.cadastralNumber, uat_id: SIGHISOARA });
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ message: 'ATLAS_NO_SEARCH_RESULT' });
    expect((await search({ cadastral_number: '1' })).statusCode).toBe(400);
    expect((await search({})).statusCode).toBe(400);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/ancpi/parcels-search-requests', payload: { topo_number: '1' } }))
        .statusCode,
    ).toBe(401);
  });
});

describe('importParcels', () => {
  it('stores only parcels with an area and never a topo number twice', async () => {
    const square = (x: number, y: number) => ({
      type: 'Polygon',
      coordinates: [
        [
          [x, y],
          [x + 0.0005, y],
          [x + 0.0005, y + 0.0005],
          [x, y + 0.0005],
          [x, y],
        ],
      ],
    });
    const result = await t.ctx.db.transaction((tx) =>
      importParcels(tx, [
        { uatId: TARGU_MURES, cadastralNumber: '700001', topoNumber: 'IMP-1', area: 950.4, geometry: square(24.55, 46.54) },
        { uatId: TARGU_MURES, cadastralNumber: '700002', topoNumber: 'IMP-2', area: null, geometry: square(24.56, 46.54) },
        { uatId: TARGU_MURES, cadastralNumber: '700003', topoNumber: 'IMP-3', area: 0 },
        { uatId: TARGU_MURES, cadastralNumber: '700004', topoNumber: 'IMP-1', area: 120 },
        { uatId: TARGU_MURES, cadastralNumber: '700005', topoNumber: parcel.topoNumber, area: 120 },
        { uatId: SIGHISOARA, cadastralNumber: '700006', topoNumber: 'IMP-6', area: '310.456' },
      ]),
    );
    expect(result).toEqual({ inserted: 2, skippedWithoutArea: 2, skippedDuplicates: 2 });
    const rows = await t.ctx.db
      .select()
      .from(cadastralParcels)
      .where(sql`${cadastralParcels.topoNumber} LIKE 'IMP-%'`)
      .orderBy(cadastralParcels.topoNumber);
    expect(rows.map((r) => [r.topoNumber, r.cadastralNumber, r.area])).toEqual([
      ['IMP-1', '700001', '950.40'],
      ['IMP-6', '700006', '310.46'],
    ]);
    const [stored] = (await search4326('IMP-1')) as { type: string }[];
    expect(stored.type).toBe('MultiPolygon');
  });
});

async function search4326(topo: string) {
  const response = await call(t, 'POST', '/api/ancpi/parcels-search-requests', DEMO.citizen, { topo_number: topo });
  return response.json().data.map((p: { geometry: unknown }) => p.geometry);
}
