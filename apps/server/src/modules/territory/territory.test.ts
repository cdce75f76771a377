import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { territorialUnits } from '../../db/schema/index.js';
import { parseListQuery } from '../../platform/list-query.js';
import { listCountyUats, listUats, startsWith, UAT_LIST } from './repository.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const get = async (url: string, headers: Record<string, string> = {}) => {
  const response = await t.app.inject({ method: 'GET', url, headers });
  return { status: response.statusCode, body: response.json() };
};

describe('territory reference data', () => {
  it('lists the 42 counties with their SIRUTA codes', async () => {
    const { status, body } = await get('/api/counties?limit=100&pagination=true');
    expect(status).toBe(200);
    expect(body.pagination.total).toBe(42);
    expect(body.data).toContainEqual({ id: 261, code: 'MS', name: 'Mureș', uat_id: null });
    expect(body.data).toContainEqual(expect.objectContaining({ code: 'B', uat_id: 179132 }));
  });

  it('sorts counties, UATs, localities and countries in Romanian alphabetical order', async () => {
    const names = (body: { data: { name: string }[] }) => body.data.map((row) => row.name);
    const countyNames = names((await get('/api/counties?limit=100')).body);
    // ă after a, ș after s, ț after t; the bytewise order put Călărași after Covasna.
    const c = countyNames.filter((name) => name.startsWith('C'));
    expect(c).toEqual(['Caraș-Severin', 'Călărași', 'Cluj', 'Constanța', 'Covasna']);
    const s = countyNames.filter((name) => /^[SȘT]/.test(name));
    expect(s).toEqual(['Satu Mare', 'Sălaj', 'Sibiu', 'Suceava', 'Teleorman', 'Timiș', 'Tulcea']);
    // The same order on every page, and descending reverses it.
    const paged = [
      ...names((await get('/api/counties?limit=20')).body),
      ...names((await get('/api/counties?limit=20&skip=20')).body),
      ...names((await get('/api/counties?limit=20&skip=40')).body),
    ];
    expect(paged).toEqual(countyNames);
    expect(names((await get('/api/counties?limit=100&sortKey=-name')).body)).toEqual([...countyNames].reverse());
    // Mureș's UATs (the prepared autocomplete) and a county's localities follow the same rule.
    const collator = new Intl.Collator('ro');
    const uats = names((await get('/api/localities?limit=500')).body);
    expect(uats).toEqual([...uats].sort(collator.compare));
    const villages = names((await get('/api/villages?parent_id=114514&limit=500')).body);
    expect(villages.length).toBeGreaterThan(1);
    expect(villages).toEqual([...villages].sort(collator.compare));
    const countries = names((await get('/api/countries')).body);
    expect(countries.indexOf('Țara Galilor') === -1 || countries.indexOf('Tanzania') < countries.indexOf('Țara Galilor')).toBe(
      true,
    );
    expect(countries.slice(0, 3)).toEqual([...countries.slice(0, 3)].sort(collator.compare));
  });

  it('lists the UATs of the default county when no parent_id is given', async () => {
    const { body } = await get('/api/localities?limit=500&pagination=true');
    expect(body.pagination.total).toBe(102);
    expect(body.data.every((u: { county_code: string }) => u.county_code === 'MS')).toBe(true);
  });

  it('matches names that start with the search term, ignoring case and accents', async () => {
    const { body } = await get('/api/localities?search=TARGU%20mures');
    expect(body.data.map((u: { name: string }) => u.name)).toEqual(['Târgu Mureș']);
    const sighisoara = await get('/api/localities?search=sighișoara');
    expect(sighisoara.body.data.map((u: { name: string }) => u.name)).toEqual(['Sighișoara']);
    // Only prefixes: "mures" must not find "Târgu Mureș".
    const middle = await get('/api/localities?search=mures');
    expect(middle.body.data.map((u: { name: string }) => u.name)).not.toContain('Târgu Mureș');
  });

  it('uses parent_id as the county of localities', async () => {
    const { body } = await get('/api/localities?parent_id=403&limit=10');
    expect(body.data.map((u: { name: string }) => u.name).sort()).toEqual([
      'București',
      'Sectorul 1',
      'Sectorul 2',
      'Sectorul 3',
      'Sectorul 4',
      'Sectorul 5',
      'Sectorul 6',
    ]);
  });

  it('returns villages only under a parent UAT', async () => {
    expect((await get('/api/villages')).body.data).toEqual([]);
    const { body } = await get('/api/villages?parent_id=114514&limit=100');
    expect(body.data.length).toBeGreaterThan(3);
    expect(body.data.every((v: { uat_id: number }) => v.uat_id === 114514)).toBe(true);
    expect(body.data).toContainEqual(expect.objectContaining({ name: 'Sighișoara', is_uat_seat: true }));
  });

  it('returns the jurisdiction of an organisation only with parent_id', async () => {
    expect((await get('/api/jurisdiction-territorial-administrative-units')).body.data).toEqual([]);
    const orgs = (await get('/api/organisations?limit=100')).body.data as { id: number; name: string }[];
    const cityHall = orgs.find((o) => o.name.includes('Sighișoara'))!;
    const council = orgs.find((o) => o.name.startsWith('Consiliul'))!;
    const own = await get(`/api/jurisdiction-territorial-administrative-units?parent_id=${cityHall.id}`);
    expect(own.body.data.map((u: { id: number }) => u.id)).toEqual([114514]);
    const county = await get(
      `/api/jurisdiction-territorial-administrative-units?parent_id=${council.id}&limit=1&pagination=true`,
    );
    expect(county.body.pagination.total).toBe(102);
  });

  it('requires sign-in for the staff UAT list but not for the guest variant', async () => {
    expect((await get('/api/territorial-administrative-units')).status).toBe(401);
    const guest = await get('/api/guest-territorial-administrative-units?county_code[eq]=MS&type[eq]=municipiu&sortKey=-name');
    expect(guest.body.data.map((u: { name: string }) => u.name)).toEqual(['Târnăveni', 'Târgu Mureș', 'Sighișoara', 'Reghin']);
    const signed = await get(
      '/api/territorial-administrative-units?name[contains]=reghin',
      await t.authHeaders('citizen@demo.ghiseu.ro'),
    );
    expect(signed.body.data.map((u: { name: string }) => u.name)).toEqual(['Reghin']);
  });

  it('returns UATs of a county by county_id and nothing without it', async () => {
    expect((await get('/api/territorial-units')).body.data).toEqual([]);
    const { body } = await get('/api/territorial-units?county_id=261&limit=1&pagination=true');
    expect(body.pagination.total).toBe(102);
  });

  it('serves boundaries as GeoJSON in EPSG:4326 from Stereo 70 storage', async () => {
    const { body } = await get('/api/guest-territorial-administrative-units/114319/boundary');
    expect(body.data.name).toBe('Târgu Mureș');
    expect(body.data.geometry.type).toBe('MultiPolygon');
    const [lon, lat] = body.data.geometry.coordinates[0][0][0];
    expect(lon).toBeGreaterThan(24.4);
    expect(lon).toBeLessThan(24.7);
    expect(lat).toBeGreaterThan(46.4);
    expect(lat).toBeLessThan(46.7);
    expect((await get('/api/counties/999999/boundary')).status).toBe(404);
  });

  it('lists countries in Romanian with ISO codes', async () => {
    const { body } = await get('/api/countries');
    expect(body.data.length).toBeGreaterThan(240);
    expect(body.data).toContainEqual(expect.objectContaining({ iso_code: 'RO', name: 'România' }));
    expect(body.data).toContainEqual(expect.objectContaining({ iso_code: 'MD', name: 'Republica Moldova' }));
  });

  it('lists the user types for signed-in users', async () => {
    expect((await get('/api/user-types')).status).toBe(401);
    const { body } = await get('/api/user-types', await t.authHeaders('citizen@demo.ghiseu.ro'));
    expect(body.data.map((u: { name: string }) => u.name)).toEqual([
      'citizen',
      'foreigner',
      'legal_entity',
      'staff',
      'admin',
      'super_admin',
      'archiver',
      'consultant',
    ]);
  });
});

describe('the prepared county autocomplete', () => {
  it('answers what the query built per request answers, with and without a prefix, on every page', async () => {
    for (const [search, page] of [
      [undefined, {}],
      ['', { limit: '5', skip: '3' }],
      ['târgu', {}],
      ['S', { limit: '2', skip: '1' }],
      ['nu_există%', {}],
    ] as const) {
      const parsed = parseListQuery({ pagination: 'true', ...page }, UAT_LIST);
      const prepared = await listCountyUats(t.ctx.db, parsed, 261, search);
      const built = await listUats(t.ctx.db, parsed, [
        eq(territorialUnits.countyId, 261),
        startsWith(territorialUnits.searchName, search),
      ]);
      const rows = await prepared.rows();
      if (search !== 'nu_există%') expect(rows.length).toBeGreaterThan(0);
      expect(rows).toEqual(await built.rows());
      expect(await prepared.total()).toEqual(await built.total());
    }
  });
});
