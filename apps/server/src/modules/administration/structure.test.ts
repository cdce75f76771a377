import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { call, countyCouncilId, DEMO, inviteStaff, userId } from '../../../test/administration-kit.js';
import { buildTenant } from '../../../test/factories.js';

let t: TestApp;
let county: number;
let other: Awaited<ReturnType<typeof buildTenant>>;
beforeAll(async () => {
  t = await createTestApp();
  county = await countyCouncilId(t);
  other = await buildTenant(t);
});
afterAll(async () => {
  await t?.close();
});

const create = async (path: string, who: string | Record<string, string>, body: Record<string, unknown>) => {
  const response = await call(t, 'POST', path, who, body);
  if (response.statusCode !== 201) throw new Error(`${path}: ${response.statusCode} ${response.body}`);
  return response.json().data;
};

describe('departments', () => {
  it('creates, lists, edits and deletes a department of the actor organisation, each audited', async () => {
    const created = await create('/api/departments', DEMO.admin, { name: 'Urbanism', description: 'Direcția de urbanism' });
    expect(created).toMatchObject({
      name: 'Urbanism',
      organisation_id: county,
      status: 'active',
      user_count: 0,
      abilities: { canEdit: true, canDelete: true },
    });

    const list = await call(t, 'GET', '/api/departments?pagination=true&orLikeQuery=urbanism', DEMO.admin);
    expect(list.statusCode).toBe(200);
    expect(list.json().pagination.total).toBe(1);
    expect(list.json().data[0].id).toBe(created.id);

    const patched = await call(t, 'PATCH', `/api/departments/${created.id}`, DEMO.admin, {
      status: 'inactive',
      description: null,
    });
    expect(patched.json().data).toMatchObject({ status: 'inactive', description: null });
    expect((await call(t, 'GET', `/api/departments?status[eq]=inactive`, DEMO.admin)).json().data).toHaveLength(1);

    expect((await call(t, 'DELETE', `/api/departments/${created.id}`, DEMO.admin)).statusCode).toBe(204);
    const actions = (
      await t.ctx.db.select().from(auditLog).where(eq(auditLog.entityType, 'department')).orderBy(auditLog.id)
    ).map((a) => a.action);
    expect(actions).toEqual(['department.create', 'department.update', 'department.delete']);
  });

  it('refuses a duplicate name in the same organisation regardless of case, allows it in another', async () => {
    await create('/api/departments', DEMO.admin, { name: 'Registratură generală' });
    const duplicate = await call(t, 'POST', '/api/departments', DEMO.admin, { name: 'REGISTRATURĂ GENERALĂ' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({ message: 'DUPLICATE_DEPARTMENT_NAME' });
    expect((await call(t, 'POST', '/api/departments', other.headers, { name: 'Registratură generală' })).statusCode).toBe(201);
    const renamed = await create('/api/departments', DEMO.admin, { name: 'Arhivă' });
    const clash = await call(t, 'PATCH', `/api/departments/${renamed.id}`, DEMO.admin, { name: 'registratură generală' });
    expect(clash.json().message).toBe('DUPLICATE_DEPARTMENT_NAME');
  });

  it('keeps a department with members (CONFLICT, reason referenced)', async () => {
    const department = await create('/api/departments', DEMO.admin, { name: 'Juridic' });
    await inviteStaff(t, DEMO.admin, { department_ids: [department.id] });
    const response = await call(t, 'DELETE', `/api/departments/${department.id}`, DEMO.admin);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'CONFLICT', data: { reason: 'referenced', users: 1 } });
    expect((await call(t, 'GET', `/api/departments/${department.id}`, DEMO.admin)).json().data.abilities.canDelete).toBe(false);
  });

  it('keeps organisations apart: lists, reads and writes', async () => {
    const mine = await create('/api/departments', DEMO.admin, { name: 'Doar al județului' });
    const theirs = await call(t, 'GET', '/api/departments?limit=500', other.headers);
    expect(theirs.json().data.every((d: { organisation_id: number }) => d.organisation_id === other.organisationId)).toBe(true);
    expect((await call(t, 'GET', `/api/departments/${mine.id}`, other.headers)).statusCode).toBe(404);
    expect((await call(t, 'PATCH', `/api/departments/${mine.id}`, other.headers, { name: 'x' })).statusCode).toBe(404);
    expect((await call(t, 'DELETE', `/api/departments/${mine.id}`, other.headers)).statusCode).toBe(404);
    // An admin cannot write into another organisation by naming it.
    const named = await call(t, 'POST', '/api/departments', other.headers, { name: 'Infiltrat', organisation_id: county });
    expect(named.statusCode).toBe(403);
    // The super admin sees every organisation and may write into any.
    const all = await call(t, 'GET', '/api/departments?limit=500', DEMO.superadmin);
    const organisationsSeen = new Set(all.json().data.map((d: { organisation_id: number }) => d.organisation_id));
    expect(organisationsSeen.has(county) && organisationsSeen.has(other.organisationId)).toBe(true);
    expect(
      (await call(t, 'POST', '/api/departments', DEMO.superadmin, { name: 'Din afară', organisation_id: other.organisationId }))
        .statusCode,
    ).toBe(201);
  });

  it('rejects unknown list fields with INVALID_QUERY', async () => {
    const response = await call(t, 'GET', '/api/departments?secret[eq]=1', DEMO.admin);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'INVALID_QUERY', data: { reason: 'unknown_field' } });
  });
});

describe('functions', () => {
  it('creates a function with responsibilities, lists and edits it', async () => {
    const responsibility = await create('/api/responsibilities', DEMO.admin, {
      name: 'Alocare cereri',
      permissions: ['CAN_ASSIGN_APPLICATION'],
    });
    const created = await create('/api/functions', DEMO.admin, {
      name: 'Inspector urbanism',
      description: 'Verifică documentațiile',
      responsibility_ids: [responsibility.id],
    });
    expect(created).toMatchObject({
      organisation_id: county,
      is_system: false,
      responsibility_ids: [responsibility.id],
      responsibilities: [{ id: responsibility.id, name: 'Alocare cereri' }],
      abilities: { canEdit: true, canDelete: true },
    });
    const list = await call(t, 'GET', '/api/functions?name[contains]=inspector', DEMO.admin);
    expect(list.json().data.map((f: { id: number }) => f.id)).toEqual([created.id]);
    const patched = await call(t, 'PATCH', `/api/functions/${created.id}`, DEMO.admin, { responsibility_ids: [] });
    expect(patched.json().data.responsibility_ids).toEqual([]);
    const [entry] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'function.update'), eq(auditLog.entityId, String(created.id))));
    expect(entry.before).toMatchObject({ responsibility_ids: [responsibility.id] });
    expect(entry.after).toMatchObject({ responsibility_ids: [] });
  });

  it('answers DUPLICATE_FUNCTION_NAME on a taken name', async () => {
    await create('/api/functions', DEMO.admin, { name: 'Consilier' });
    const response = await call(t, 'POST', '/api/functions', DEMO.admin, { name: 'consilier' });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('DUPLICATE_FUNCTION_NAME');
  });

  it('refuses responsibilities of another organisation', async () => {
    const foreign = await create('/api/responsibilities', other.headers, { name: 'Străină', permissions: ['controlRead'] });
    const response = await call(t, 'POST', '/api/functions', DEMO.admin, {
      name: 'Cu străină',
      responsibility_ids: [foreign.id],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().data).toMatchObject({ ids: [foreign.id] });
  });

  it('keeps a function held by staff: CANNOT_DELETE_FUNCTION', async () => {
    const fn = await create('/api/functions', DEMO.admin, { name: 'Referent' });
    const staffId = await inviteStaff(t, DEMO.admin, { function_ids: [fn.id] });
    const response = await call(t, 'DELETE', `/api/functions/${fn.id}`, DEMO.admin);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'CANNOT_DELETE_FUNCTION', data: { users: 1 } });
    await call(t, 'PATCH', `/api/staff-accounts/${staffId}`, DEMO.admin, { function_ids: [] });
    expect((await call(t, 'DELETE', `/api/functions/${fn.id}`, DEMO.admin)).statusCode).toBe(204);
  });

  it('is invisible to another organisation', async () => {
    const fn = await create('/api/functions', DEMO.admin, { name: 'Ascunsă' });
    expect((await call(t, 'GET', `/api/functions/${fn.id}`, other.headers)).statusCode).toBe(404);
    const theirs = (await call(t, 'GET', '/api/functions?limit=500', other.headers)).json().data;
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.every((f: { organisation_id: number }) => f.organisation_id === other.organisationId)).toBe(true);
  });
});

describe('responsibilities', () => {
  it('needs a name and at least one permission', async () => {
    const empty = await call(t, 'POST', '/api/responsibilities', DEMO.admin, { name: 'Goală', permissions: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ message: 'EMPTY_RESPONSIBILITIES' });
    const noName = await call(t, 'POST', '/api/responsibilities', DEMO.admin, { name: ' ', permissions: ['controlRead'] });
    expect(noName.json().message).toBe('VALIDATION_ERROR');
  });

  it('rejects unknown permission keys with 400 VALIDATION_ERROR', async () => {
    const response = await call(t, 'POST', '/api/responsibilities', DEMO.admin, {
      name: 'Inventată',
      permissions: ['makeCoffee'],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('VALIDATION_ERROR');
    expect(response.json().data.fields[0].path).toMatch(/^body\.permissions/);
  });

  it('answers RESPONSIBILITY_ALREADY_EXISTS on a taken name', async () => {
    await create('/api/responsibilities', DEMO.admin, { name: 'Control', permissions: ['controlRead'] });
    const response = await call(t, 'POST', '/api/responsibilities', DEMO.admin, {
      name: 'CONTROL',
      permissions: ['controlEdit'],
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('RESPONSIBILITY_ALREADY_EXISTS');
  });

  it('refuses a save that leaves the permissions as they are (CONFLICT, reason unchanged)', async () => {
    const created = await create('/api/responsibilities', DEMO.admin, {
      name: 'Neschimbată',
      permissions: ['controlRead', 'controlEdit'],
    });
    const same = await call(t, 'PATCH', `/api/responsibilities/${created.id}`, DEMO.admin, {
      permissions: ['controlEdit', 'controlRead'],
    });
    expect(same.statusCode).toBe(409);
    expect(same.json()).toEqual({ message: 'CONFLICT', data: { reason: 'unchanged' } });
    const empty = await call(t, 'PATCH', `/api/responsibilities/${created.id}`, DEMO.admin, { permissions: [] });
    expect(empty.json().message).toBe('EMPTY_RESPONSIBILITIES');
    // Renaming with the same permissions is a change.
    const renamed = await call(t, 'PATCH', `/api/responsibilities/${created.id}`, DEMO.admin, {
      name: 'Redenumită',
      permissions: ['controlRead', 'controlEdit'],
    });
    expect(renamed.statusCode).toBe(200);
    const changed = await call(t, 'PATCH', `/api/responsibilities/${created.id}`, DEMO.admin, { permissions: ['controlRead'] });
    expect(changed.json().data.permissions).toEqual(['controlRead']);
    const entries = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'responsibility'), eq(auditLog.entityId, String(created.id))));
    expect(entries.at(-1)?.before).toMatchObject({ permissions: ['controlEdit', 'controlRead'] });
    expect(entries.at(-1)?.after).toMatchObject({ permissions: ['controlRead'] });
  });

  it('does not let an organisation admin grant super-admin-only keys', async () => {
    const response = await call(t, 'POST', '/api/responsibilities', DEMO.admin, {
      name: 'Escaladare',
      permissions: ['permissionsRead'],
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'FORBIDDEN', data: { permissions: ['permissionsRead'] } });
    const assignable = (await call(t, 'GET', '/api/responsibilities/assignable-permissions', DEMO.admin)).json().data;
    const keys = assignable.map((p: { key: string }) => p.key);
    expect(keys).toContain('CAN_ASSIGN_APPLICATION');
    expect(keys).not.toContain('permissionsRead');
    expect(
      (await call(t, 'GET', '/api/responsibilities/assignable-permissions', DEMO.superadmin)).json().data.length,
    ).toBeGreaterThan(keys.length);
  });

  it('changes the permissions of every staff member holding it at once', async () => {
    const responsibility = await create('/api/responsibilities', DEMO.admin, {
      name: 'Asignare',
      permissions: ['CAN_ASSIGN_APPLICATION'],
    });
    const fn = await create('/api/functions', DEMO.admin, { name: 'Șef serviciu', responsibility_ids: [responsibility.id] });
    const staff = await userId(t, DEMO.staff);
    expect((await call(t, 'PATCH', `/api/staff-accounts/${staff}`, DEMO.admin, { function_ids: [fn.id] })).statusCode).toBe(200);

    const me = async () => (await call(t, 'GET', '/api/users/me', DEMO.staff)).json().data;
    expect((await me()).permissions.CAN_ASSIGN_APPLICATION).toBe(true);
    expect((await me()).functions).toEqual([{ id: fn.id, name: 'Șef serviciu' }]);
    expect((await call(t, 'GET', '/api/staff-accounts', DEMO.staff)).statusCode).toBe(403);

    const patched = await call(t, 'PATCH', `/api/responsibilities/${responsibility.id}`, DEMO.admin, {
      permissions: ['accountsRead'],
    });
    expect(patched.statusCode).toBe(200);
    // Same session, no new sign-in: users/me and the guard read the new set.
    expect((await me()).permissions.CAN_ASSIGN_APPLICATION).toBeUndefined();
    expect((await me()).permissions.accountsRead).toBe(true);
    const list = await call(t, 'GET', '/api/staff-accounts', DEMO.staff);
    expect(list.statusCode).toBe(200);
    const detail = await call(t, 'GET', `/api/staff-accounts/${staff}`, DEMO.admin);
    expect(detail.json().data.permissions).toContain('accountsRead');
    expect(detail.json().data.responsibilities).toEqual([{ id: responsibility.id, name: 'Asignare' }]);

    // Still held by a function: it cannot be deleted.
    const del = await call(t, 'DELETE', `/api/responsibilities/${responsibility.id}`, DEMO.admin);
    expect(del.json()).toEqual({ message: 'CONFLICT', data: { reason: 'referenced', functions: 1 } });
    await call(t, 'PATCH', `/api/staff-accounts/${staff}`, DEMO.admin, { function_ids: [] });
    expect((await me()).permissions.accountsRead).toBeUndefined();
  });

  it('shares super-admin responsibilities with every organisation, read-only for admins', async () => {
    const shared = await create('/api/responsibilities', DEMO.superadmin, {
      name: 'Comună',
      permissions: ['controlRead'],
      organisation_id: null,
    });
    expect(shared.organisation_id).toBeNull();
    const seen = await call(t, 'GET', `/api/responsibilities/${shared.id}`, other.headers);
    expect(seen.json().data.abilities).toEqual({ canEdit: false, canDelete: false });
    expect((await call(t, 'PATCH', `/api/responsibilities/${shared.id}`, other.headers, { name: 'Furată' })).statusCode).toBe(
      403,
    );
    expect(
      (
        await call(t, 'POST', '/api/responsibilities', other.headers, {
          name: 'C',
          permissions: ['controlRead'],
          organisation_id: null,
        })
      ).statusCode,
    ).toBe(403);
    // Usable by a function of any organisation.
    expect(
      (await call(t, 'POST', '/api/functions', other.headers, { name: 'Cu comună', responsibility_ids: [shared.id] })).statusCode,
    ).toBe(201);
  });

  it('lists the organisation own and shared ones only, with the permission filter', async () => {
    const mine = await create('/api/responsibilities', DEMO.admin, { name: 'Numai județ', permissions: ['reportsView'] });
    const theirs = (await call(t, 'GET', '/api/responsibilities?limit=500', other.headers)).json().data;
    expect(theirs.some((r: { id: number }) => r.id === mine.id)).toBe(false);
    expect(
      theirs.every(
        (r: { organisation_id: number | null }) => r.organisation_id === null || r.organisation_id === other.organisationId,
      ),
    ).toBe(true);
    expect((await call(t, 'GET', `/api/responsibilities/${mine.id}`, other.headers)).statusCode).toBe(404);
    const filtered = (await call(t, 'GET', '/api/responsibilities?permission[contains]=reportsView', DEMO.admin)).json().data;
    expect(filtered.map((r: { id: number }) => r.id)).toEqual([mine.id]);
  });
});
