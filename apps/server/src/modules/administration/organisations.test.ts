import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, organisations, sessions, staffFunctions } from '../../db/schema/index.js';
import { multipartFile, PNG_1x1 } from '../../../test/multipart.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { SYSTEM_FUNCTIONS } from './system-functions.js';
import { call, countyCouncilId, DEMO, MURES_COUNTY, REGHIN, SIGHISOARA, TARGU_MURES } from '../../../test/administration-kit.js';
import { buildTenant } from '../../../test/factories.js';

let t: TestApp;
let county: number;
beforeAll(async () => {
  t = await createTestApp();
  county = await countyCouncilId(t);
});
afterAll(async () => {
  await t?.close();
});

async function uploadLogo(email: string): Promise<number> {
  const token = (await call(t, 'POST', '/api/files/upload-tokens', email, { purpose: 'logo' })).json().data.token;
  const body = multipartFile('sigla.png', PNG_1x1);
  const response = await call(t, 'POST', '/api/files', email, body.payload, {
    ...body.headers,
    'x-file-upload-access-token': token,
  });
  expect(response.statusCode).toBe(201);
  return response.json().data.id;
}

describe('POST /api/organisations', () => {
  it('creates an organisation with every field of spec §3, its system functions and an audit entry', async () => {
    const logo = await uploadLogo(DEMO.superadmin);
    const response = await call(t, 'POST', '/api/organisations', DEMO.superadmin, {
      name: 'Primăria Municipiului Reghin',
      description: 'Primăria municipiului',
      type: 'city_hall',
      uat_id: REGHIN,
      is_test: true,
      logo_file_id: logo,
      external_link: 'https://www.primariareghin.ro',
      citizen_dashboard_visible: false,
      payment_order_details: 'IBAN RO00TREZ0000000000000000',
    });
    expect(response.statusCode).toBe(201);
    const created = response.json().data;
    expect(created).toMatchObject({
      name: 'Primăria Municipiului Reghin',
      type: 'city_hall',
      uat_id: REGHIN,
      county_id: MURES_COUNTY,
      is_test: true,
      logo_file_id: logo,
      external_link: 'https://www.primariareghin.ro',
      citizen_dashboard_visible: false,
      payment_order_details: 'IBAN RO00TREZ0000000000000000',
      status: 'active',
      useful_links: [],
      abilities: { canEdit: true, canEditJurisdiction: true, canDelete: true, canEditUsefulLinks: true, canWorkIn: true },
    });
    const functions = await t.ctx.db.select().from(staffFunctions).where(eq(staffFunctions.organisationId, created.id));
    expect(functions.map((f) => f.systemKey).sort()).toEqual(SYSTEM_FUNCTIONS.map((f) => f.key).sort());
    expect(functions.every((f) => f.isSystem)).toBe(true);
    expect(functions.map((f) => f.name)).toEqual(expect.arrayContaining(['Președinte', 'Registratură', 'Arhitect-șef']));
    const [entry] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'organisation.create'), eq(auditLog.entityId, String(created.id))));
    expect(entry.after).toMatchObject({ name: 'Primăria Municipiului Reghin', uatId: REGHIN });
    // The public read shows it too.
    expect((await call(t, 'GET', `/api/organisations/${created.id}`)).json().data.name).toBe('Primăria Municipiului Reghin');
  });

  it('refuses a duplicate name regardless of case with ORGANISATION_ALREADY_EXISTS', async () => {
    const response = await call(t, 'POST', '/api/organisations', DEMO.superadmin, {
      name: 'consiliul județean MUREȘ',
      type: 'county_council',
      county_id: MURES_COUNTY,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'ORGANISATION_ALREADY_EXISTS' });
  });

  it('checks the territory against the type', async () => {
    const noUat = await call(t, 'POST', '/api/organisations', DEMO.superadmin, { name: 'Primăria X', type: 'city_hall' });
    expect(noUat.statusCode).toBe(400);
    expect(noUat.json().data.fields[0].path).toBe('body.uat_id');
    const noCounty = await call(t, 'POST', '/api/organisations', DEMO.superadmin, { name: 'CJ X', type: 'county_council' });
    expect(noCounty.json().data.fields[0].path).toBe('body.county_id');
    const wrongCounty = await call(t, 'POST', '/api/organisations', DEMO.superadmin, {
      name: 'Primăria Y',
      type: 'city_hall',
      uat_id: TARGU_MURES,
      county_id: 127,
    });
    expect(wrongCounty.statusCode).toBe(400);
    const badLink = await call(t, 'POST', '/api/organisations', DEMO.superadmin, {
      name: 'Servicii Z',
      type: 'services',
      external_link: 'http://nesecurizat.ro',
    });
    expect(badLink.statusCode).toBe(400);
    expect(badLink.json().message).toBe('VALIDATION_ERROR');
  });

  it('refuses a logo the actor did not upload', async () => {
    const otherLogo = await uploadLogo(DEMO.admin);
    const response = await call(t, 'POST', '/api/organisations', DEMO.superadmin, {
      name: 'Servicii cu siglă străină',
      type: 'services',
      logo_file_id: otherLogo,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('FILE_NOT_EXISTS');
  });

  it('is for the super admin only: an organisation admin may not create tenants', async () => {
    const response = await call(t, 'POST', '/api/organisations', DEMO.admin, { name: 'Primăria Z', type: 'services' });
    expect(response.statusCode).toBe(403);
    expect((await call(t, 'POST', '/api/organisations', DEMO.staff, { name: 'Primăria Z', type: 'services' })).statusCode).toBe(
      403,
    );
  });
});

describe('GET /api/organisations: what the reader may do', () => {
  const countyOf = (body: { data: { id: number; abilities: unknown }[] }) => body.data.find((o) => o.id === county);

  it('tells the super administrator they create, administer all, delete only empty ones and work in the others', async () => {
    const empty = (
      await call(t, 'POST', '/api/organisations', DEMO.superadmin, {
        name: 'Serviciul Gol',
        type: 'services',
        county_id: MURES_COUNTY,
      })
    ).json().data;
    const body = (await call(t, 'GET', '/api/organisations?limit=100', DEMO.superadmin)).json();
    expect(body.abilities).toEqual({ canCreate: true, canAdministerAll: true });
    // The county council is the super administrator's own organisation and has users.
    expect(countyOf(body)?.abilities).toEqual({
      canEdit: true,
      canEditJurisdiction: true,
      canDelete: false,
      canEditUsefulLinks: true,
      canWorkIn: false,
    });
    expect(body.data.find((o: { id: number }) => o.id === empty.id).abilities).toEqual({
      canEdit: true,
      canEditJurisdiction: true,
      canDelete: true,
      canEditUsefulLinks: true,
      canWorkIn: true,
    });
    expect((await call(t, 'GET', `/api/organisations/${empty.id}`, DEMO.superadmin)).json().data.abilities.canDelete).toBe(true);
  });

  it('tells an organisation admin they edit their own card only, not its jurisdiction, and create nothing', async () => {
    const body = (await call(t, 'GET', '/api/organisations?limit=100', DEMO.admin)).json();
    expect(body.abilities).toEqual({ canCreate: false, canAdministerAll: false });
    const own = { canEdit: true, canEditJurisdiction: false, canDelete: false, canEditUsefulLinks: true, canWorkIn: false };
    expect(countyOf(body)?.abilities).toEqual(own);
    const none = { canEdit: false, canEditJurisdiction: false, canDelete: false, canEditUsefulLinks: false, canWorkIn: false };
    for (const other of body.data.filter((o: { id: number }) => o.id !== county)) expect(other.abilities).toEqual(none);
    expect((await call(t, 'GET', `/api/organisations/${county}`, DEMO.admin)).json().data.abilities).toEqual(own);
  });

  it('answers an anonymous reader with no abilities at all', async () => {
    const body = (await call(t, 'GET', '/api/organisations')).json();
    expect(body.abilities).toEqual({ canCreate: false, canAdministerAll: false });
    expect(countyOf(body)?.abilities).toEqual({
      canEdit: false,
      canEditJurisdiction: false,
      canDelete: false,
      canEditUsefulLinks: false,
      canWorkIn: false,
    });
  });
});

describe('PATCH /api/organisations/{id}', () => {
  it('lets the organisation admin edit their card but not its jurisdiction', async () => {
    const response = await call(t, 'PATCH', `/api/organisations/${county}`, DEMO.admin, {
      description: 'Descriere nouă',
      payment_order_details: null,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      description: 'Descriere nouă',
      payment_order_details: null,
      abilities: { canEdit: true, canEditJurisdiction: false, canDelete: false },
    });
    const [entry] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'organisation.update'), eq(auditLog.entityId, String(county))));
    expect(entry.before).toMatchObject({ description: expect.stringContaining('Autoritatea') });
    expect(entry.after).toMatchObject({ description: 'Descriere nouă', paymentOrderDetails: null });

    const jurisdiction = await call(t, 'PATCH', `/api/organisations/${county}`, DEMO.admin, {
      is_test: true,
      type: 'county_council',
    });
    expect(jurisdiction.statusCode).toBe(403);
    expect(jurisdiction.json().data.fields).toEqual(['is_test']);
  });

  it('accepts application/json too and answers ORGANISATION_ALREADY_EXISTS on a taken name', async () => {
    const response = await call(
      t,
      'PATCH',
      `/api/organisations/${county}`,
      DEMO.superadmin,
      JSON.stringify({ name: 'PRIMĂRIA MUNICIPIULUI SIGHIȘOARA' }),
      {
        'content-type': 'application/json',
      },
    );
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('ORGANISATION_ALREADY_EXISTS');
  });

  it('refuses another organisation to its admin and lets the super admin change the jurisdiction', async () => {
    const other = await buildTenant(t);
    const foreign = await call(t, 'PATCH', `/api/organisations/${county}`, other.headers, { description: 'furat' });
    expect(foreign.statusCode).toBe(403);
    const moved = await call(t, 'PATCH', `/api/organisations/${other.organisationId}`, DEMO.superadmin, {
      uat_id: TARGU_MURES,
      is_test: true,
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data).toMatchObject({ uat_id: TARGU_MURES, is_test: true });
  });

  it('answers 404 for an unknown organisation', async () => {
    expect((await call(t, 'PATCH', '/api/organisations/999999', DEMO.superadmin, { description: 'x' })).statusCode).toBe(404);
  });
});

describe('PUT /api/organisations/{id}/useful-links', () => {
  const put = (who: string | Record<string, string>, id: number, csv: string, type = 'text/csv') =>
    call(t, 'PUT', `/api/organisations/${id}/useful-links`, who, csv, { 'content-type': type });

  it('replaces the links from CSV, skipping the header and empty lines, with quoted names', async () => {
    const csv =
      'name,link\n"Legea 50/1991, republicată",https://legislatie.just.ro/1527\n\nGhidul solicitantului,https://www.cjmures.ro/ghid\n';
    const response = await put(DEMO.admin, county, csv);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.useful_links).toEqual([
      { name: 'Legea 50/1991, republicată', link: 'https://legislatie.just.ro/1527' },
      { name: 'Ghidul solicitantului', link: 'https://www.cjmures.ro/ghid' },
    ]);
    const [row] = await t.ctx.db.select().from(organisations).where(eq(organisations.id, county));
    expect(row.usefulLinks).toHaveLength(2);
    const [entry] = await t.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'organisation.useful_links'));
    expect(entry.after).toEqual({ useful_links: row.usefulLinks });
  });

  it('accepts semicolon-separated text/plain', async () => {
    const response = await put(DEMO.admin, county, 'Portal;https://ghiseu.ro', 'text/plain');
    expect(response.json().data.useful_links).toEqual([{ name: 'Portal', link: 'https://ghiseu.ro' }]);
  });

  it('answers UTILS_LINKS_CSV_PARSE_ERROR with the line of a link without https://', async () => {
    const response = await put(DEMO.admin, county, 'name,link\nBun,https://a.ro\nRău,http://b.ro\n');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'UTILS_LINKS_CSV_PARSE_ERROR', data: { line: 3, reason: 'link' } });
    const columns = await put(DEMO.admin, county, 'Doar un nume\n');
    expect(columns.json()).toEqual({ message: 'UTILS_LINKS_CSV_PARSE_ERROR', data: { line: 1, reason: 'columns' } });
    const syntax = await put(DEMO.admin, county, '"neînchis,https://a.ro\n');
    expect(syntax.json().message).toBe('UTILS_LINKS_CSV_PARSE_ERROR');
  });

  it('is refused for another organisation', async () => {
    const sighisoara = (await call(t, 'GET', '/api/organisations?name[eq]=Primăria Municipiului Sighișoara')).json().data[0].id;
    expect((await put(DEMO.admin, sighisoara, 'A,https://a.ro')).statusCode).toBe(403);
  });
});

describe('DELETE /api/organisations/{id}', () => {
  it('refuses an organisation with users: CANNOT_DELETE_ORGANISATION', async () => {
    const response = await call(t, 'DELETE', `/api/organisations/${county}`, DEMO.superadmin);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ message: 'CANNOT_DELETE_ORGANISATION', data: { users: expect.any(Number) } });
  });

  it('deletes an empty organisation with its system functions and departments, and ends sessions delegated into it', async () => {
    const created = (
      await call(t, 'POST', '/api/organisations', DEMO.superadmin, { name: 'Servicii de șters', type: 'services' })
    ).json().data;
    const department = await call(t, 'POST', '/api/departments', DEMO.superadmin, {
      name: 'Temporar',
      organisation_id: created.id,
    });
    expect(department.statusCode).toBe(201);
    const token = await t.login(DEMO.superadmin);
    const delegated = await call(
      t,
      'POST',
      '/api/auth/login-delegated-org',
      { authorization: `Bearer ${token}` },
      {
        organisation_id: created.id,
      },
    );
    const delegatedToken = delegated.json().data.authToken;

    expect((await call(t, 'DELETE', `/api/organisations/${created.id}`, DEMO.admin)).statusCode).toBe(403);
    const response = await call(t, 'DELETE', `/api/organisations/${created.id}`, DEMO.superadmin);
    expect(response.statusCode).toBe(204);
    expect(await t.ctx.db.select().from(staffFunctions).where(eq(staffFunctions.organisationId, created.id))).toEqual([]);
    expect((await call(t, 'GET', `/api/organisations/${created.id}`)).statusCode).toBe(404);
    const after = await call(t, 'GET', '/api/users/me', { authorization: `Bearer ${delegatedToken}` });
    expect(after.statusCode).toBe(403);
    expect(await t.ctx.db.select().from(sessions).where(eq(sessions.delegatedOrganisationId, created.id))).toEqual([]);
    const [entry] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'organisation.delete'), eq(auditLog.entityId, String(created.id))));
    expect(entry.before).toMatchObject({ name: 'Servicii de șters' });
  });

  it('answers 404 for an unknown organisation', async () => {
    expect((await call(t, 'DELETE', '/api/organisations/999999', DEMO.superadmin)).statusCode).toBe(404);
  });
});

describe('system functions', () => {
  it('are protected: CAN_NOT_USE_SYSTEM_FUNCTIONS on edit and delete', async () => {
    const created = (
      await call(t, 'POST', '/api/organisations', DEMO.superadmin, {
        name: 'Primăria Sighișoara 2',
        type: 'city_hall',
        uat_id: SIGHISOARA,
      })
    ).json().data;
    const list = await call(t, 'GET', `/api/functions?organisation_id[eq]=${created.id}&is_system[eq]=true`, DEMO.superadmin);
    expect(list.json().data).toHaveLength(SYSTEM_FUNCTIONS.length);
    const president = list.json().data.find((f: { system_key: string }) => f.system_key === 'president');
    expect(president.abilities).toEqual({ canEdit: false, canDelete: false });
    const patch = await call(t, 'PATCH', `/api/functions/${president.id}`, DEMO.superadmin, { name: 'Primar' });
    expect(patch.statusCode).toBe(400);
    expect(patch.json().message).toBe('CAN_NOT_USE_SYSTEM_FUNCTIONS');
    const del = await call(t, 'DELETE', `/api/functions/${president.id}`, DEMO.superadmin);
    expect(del.json().message).toBe('CAN_NOT_USE_SYSTEM_FUNCTIONS');
  });
});
