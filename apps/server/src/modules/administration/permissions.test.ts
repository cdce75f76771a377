import { PERMISSION_KEYS } from '@ghiseu/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, permissionDefinitions } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { call, countyCouncilId, DEMO } from '../../../test/administration-kit.js';

let t: TestApp;
let county: number;
beforeAll(async () => {
  t = await createTestApp();
  county = await countyCouncilId(t);
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/permissions', () => {
  it('lists the whole catalogue for the super admin, with list-query paging', async () => {
    const response = await call(t, 'GET', '/api/permissions?limit=500&pagination=true', DEMO.superadmin);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.pagination.total).toBe(PERMISSION_KEYS.length);
    expect(body.data.map((p: { key: string }) => p.key).sort()).toEqual([...PERMISSION_KEYS].sort());
    const accounts = body.data.find((p: { key: string }) => p.key === 'accountsRead');
    expect(accounts).toMatchObject({
      name: 'Vizualizare conturi funcționari',
      category: 'organisation',
      category_label: 'Instituție',
      scope: 'user',
      organisation_ids: [],
      default_assignment: null,
      customised: false,
      abilities: { canEdit: true },
    });
  });

  it('filters, searches and sorts', async () => {
    const payments = (await call(t, 'GET', '/api/permissions?category[eq]=payments&sortKey=-key', DEMO.superadmin)).json().data;
    expect(payments.map((p: { key: string }) => p.key)).toEqual([
      'taxCalculatorView',
      'paymentRegistryRead',
      'paymentOrderCreate',
    ]);
    const search = (await call(t, 'GET', '/api/permissions?orLikeQuery=sesizari', DEMO.superadmin)).json().data;
    expect(search.length).toBeGreaterThan(0);
    expect((await call(t, 'GET', '/api/permissions?nope[eq]=1', DEMO.superadmin)).json().message).toBe('INVALID_QUERY');
  });

  it('is for the super admin only', async () => {
    for (const who of [DEMO.admin, DEMO.staff, DEMO.citizen]) {
      expect((await call(t, 'GET', '/api/permissions', who)).statusCode).toBe(403);
    }
  });
});

describe('PATCH /api/permissions/{key}', () => {
  it('edits name, description, category, scope, organisations and default assignment, audited as a permission change', async () => {
    const response = await call(t, 'PATCH', '/api/permissions/controlRead', DEMO.superadmin, {
      name: 'Consultare controale',
      description: 'Lista și fișa controalelor',
      category: 'controls',
      scope: 'organisation',
      organisation_ids: [county],
      default_assignment: 'organisation',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      key: 'controlRead',
      name: 'Consultare controale',
      description: 'Lista și fișa controalelor',
      scope: 'organisation',
      organisation_ids: [county],
      default_assignment: 'organisation',
      customised: true,
    });
    const [row] = await t.ctx.db.select().from(permissionDefinitions).where(eq(permissionDefinitions.key, 'controlRead'));
    expect(row.organisationIds).toEqual([county]);
    const [entry] = await t.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'permission.update'));
    expect(entry).toMatchObject({ entityType: 'permission', entityId: 'controlRead' });
    expect(entry.before).toMatchObject({ name: 'Vizualizare controale', scope: 'user' });
    expect(entry.after).toMatchObject({ name: 'Consultare controale', scope: 'organisation', organisation_ids: [county] });

    const merged = await call(t, 'PATCH', '/api/permissions/controlRead', DEMO.superadmin, { description: null });
    expect(merged.json().data).toMatchObject({ name: 'Consultare controale', description: null });
  });

  it('limits where the permission may be granted to the organisations listed', async () => {
    await call(t, 'PATCH', '/api/permissions/controlEdit', DEMO.superadmin, { organisation_ids: [999_999] }).then((r) =>
      expect(r.statusCode).toBe(400),
    );
    const sighisoara = (await call(t, 'GET', '/api/organisations?name[eq]=Primăria Municipiului Sighișoara')).json().data[0].id;
    await call(t, 'PATCH', '/api/permissions/controlEdit', DEMO.superadmin, { organisation_ids: [sighisoara] });
    const refused = await call(t, 'POST', '/api/responsibilities', DEMO.admin, {
      name: 'Editare controale',
      permissions: ['controlEdit'],
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().data.permissions).toEqual(['controlEdit']);
  });

  it('answers 404 for a key outside the catalogue and 403 to others', async () => {
    expect((await call(t, 'PATCH', '/api/permissions/makeCoffee', DEMO.superadmin, { name: 'Cafea' })).statusCode).toBe(404);
    expect((await call(t, 'PATCH', '/api/permissions/controlRead', DEMO.admin, { name: 'x' })).statusCode).toBe(403);
    const badCategory = await call(t, 'PATCH', '/api/permissions/controlRead', DEMO.superadmin, { category: 'nope' });
    expect(badCategory.json().message).toBe('VALIDATION_ERROR');
  });
});
