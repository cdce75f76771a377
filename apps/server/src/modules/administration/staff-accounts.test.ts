import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, profiles, uatAssignments, users, verificationCodes } from '../../db/schema/index.js';
import { hashToken } from '../../platform/tokens.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import {
  activateWithPassword,
  CLUJ_NAPOCA,
  call,
  confirmationKeyOf,
  countyCouncilId,
  DEMO,
  inviteStaff,
  lastMail,
  OTHER_PASSWORD,
  REGHIN,
  SIGHISOARA,
  TARGU_MURES,
  userId,
} from '../../../test/administration-kit.js';
import { buildTenant } from '../../../test/factories.js';

let t: TestApp;
let county: number;
let other: Awaited<ReturnType<typeof buildTenant>>;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://ghiseu.test' });
  county = await countyCouncilId(t);
  other = await buildTenant(t, { uatId: SIGHISOARA });
});
afterAll(async () => {
  await t?.close();
});

const login = (email: string, password = OTHER_PASSWORD) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

describe('POST /api/staff-accounts (invitation)', () => {
  it('creates a pending account with profile, departments and functions, and e-mails a 72-hour set-password link', async () => {
    const department = (await call(t, 'POST', '/api/departments', DEMO.admin, { name: 'Autorizări' })).json().data;
    const fn = (await call(t, 'POST', '/api/functions', DEMO.admin, { name: 'Inspector' })).json().data;
    const response = await call(t, 'POST', '/api/staff-accounts', DEMO.admin, {
      email: 'Ana.Pop@Example.RO',
      first_name: 'Ana',
      last_name: 'Pop',
      phone: '+40 722 123 456',
      user_type_name: 'staff',
      is_organisation_admin: false,
      badge_number: 'CJMS-200',
      badge_issuer: 'CJ Mureș',
      external_enrollment_id: 'EXT-77',
      department_ids: [department.id],
      function_ids: [fn.id],
    });
    expect(response.statusCode).toBe(201);
    const created = response.json().data;
    expect(created).toMatchObject({
      email: 'ana.pop@example.ro',
      phone: '0722123456',
      status: 'pending',
      user_type_name: 'staff',
      organisation_id: county,
      badge_number: 'CJMS-200',
      badge_issuer: 'CJ Mureș',
      external_enrollment_id: 'EXT-77',
      departments: [{ id: department.id, name: 'Autorizări' }],
      functions: [{ id: fn.id, name: 'Inspector', is_system: false }],
      abilities: {
        canEdit: true,
        canDelete: true,
        canActivate: true,
        canDeactivate: true,
        canResetPassword: true,
        canChangeRole: true,
        canGrantAdminRole: true,
      },
    });
    expect(created.permissions).toContain('applicationsStaffOwnRead');

    const mail = await lastMail(t, 'ana.pop@example.ro');
    expect(mail?.subject).toBe('Invitație în Ghișeul Unic – setați parola contului');
    expect(mail?.text).toContain('https://ghiseu.test/auth/set-password?confirmationKey=');
    expect(mail?.text).toContain('Consiliul Județean Mureș');
    const key = confirmationKeyOf(mail?.text ?? '');
    const [code] = await t.ctx.db.select().from(verificationCodes).where(eq(verificationCodes.userId, created.id));
    expect(code).toMatchObject({ purpose: 'set-password', codeHash: hashToken(key), usedAt: null });
    const hours = (code.expiresAt.getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(71.9);
    expect(hours).toBeLessThanOrEqual(72);
    const [entry] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'staff_account.invite'), eq(auditLog.entityId, String(created.id))));
    expect(entry.after).toMatchObject({ email: 'ana.pop@example.ro', department_ids: [department.id], function_ids: [fn.id] });
    // A pending account cannot sign in before setting its password.
    expect((await login('ana.pop@example.ro')).json().message).toBe('AUTH_DISABLED');
  });

  it('answers USER_ALREADY_EXISTS for a taken address, whatever its case', async () => {
    const response = await call(t, 'POST', '/api/staff-accounts', DEMO.admin, {
      email: 'CITIZEN@demo.ghiseu.ro',
      first_name: 'A',
      last_name: 'B',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'USER_ALREADY_EXISTS' });
  });

  it('refuses departments and functions of another organisation, and inviting into it', async () => {
    const foreign = (await call(t, 'POST', '/api/departments', other.headers, { name: 'Al lor' })).json().data;
    const response = await call(t, 'POST', '/api/staff-accounts', DEMO.admin, {
      email: 'x1@example.ro',
      first_name: 'X',
      last_name: 'Y',
      department_ids: [foreign.id],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().data.ids).toEqual([foreign.id]);
    const into = await call(t, 'POST', '/api/staff-accounts', DEMO.admin, {
      email: 'x2@example.ro',
      first_name: 'X',
      last_name: 'Y',
      organisation_id: other.organisationId,
    });
    expect(into.statusCode).toBe(403);
  });
});

describe('GET /api/staff-accounts', () => {
  it('lists the staff accounts of the organisation with filters on status, department and function', async () => {
    const department = (await call(t, 'POST', '/api/departments', DEMO.admin, { name: 'Filtrare' })).json().data;
    const fn = (await call(t, 'POST', '/api/functions', DEMO.admin, { name: 'Filtrată' })).json().data;
    const a = await inviteStaff(t, DEMO.admin, { department_ids: [department.id] });
    const b = await inviteStaff(t, DEMO.admin, { function_ids: [fn.id] });

    const all = (await call(t, 'GET', '/api/staff-accounts?limit=500&pagination=true', DEMO.admin)).json();
    expect(all.data.every((u: { organisation_id: number }) => u.organisation_id === county)).toBe(true);
    expect(all.data.map((u: { email: string }) => u.email)).toEqual(
      expect.arrayContaining([DEMO.staff, DEMO.admin, DEMO.superadmin]),
    );
    // Citizens, archivers and consultants are not staff accounts.
    expect(all.data.some((u: { email: string }) => u.email === DEMO.archiver || u.email === DEMO.citizen)).toBe(false);
    expect(all.pagination.total).toBe(all.data.length);

    const byDepartment = (await call(t, 'GET', `/api/staff-accounts?department_id[eq]=${department.id}`, DEMO.admin)).json().data;
    expect(byDepartment.map((u: { id: number }) => u.id)).toEqual([a]);
    const byFunction = (await call(t, 'GET', `/api/staff-accounts?function_id[eq]=${fn.id}`, DEMO.admin)).json().data;
    expect(byFunction.map((u: { id: number }) => u.id)).toEqual([b]);
    const pending = (await call(t, 'GET', '/api/staff-accounts?status[eq]=pending&limit=500', DEMO.admin)).json().data;
    expect(pending.every((u: { status: string }) => u.status === 'pending')).toBe(true);
    expect(pending.map((u: { id: number }) => u.id)).toEqual(expect.arrayContaining([a, b]));
    const search = (await call(t, 'GET', '/api/staff-accounts?orLikeQuery=rusu', DEMO.admin)).json().data;
    expect(search.map((u: { email: string }) => u.email)).toEqual([DEMO.admin]);
  });

  it('never shows another organisation staff, in lists or reads', async () => {
    const theirs = (await call(t, 'GET', '/api/staff-accounts?limit=500', other.headers)).json().data;
    expect(theirs.map((u: { id: number }) => u.id)).toEqual([other.adminId]);
    const admin = await userId(t, DEMO.admin);
    expect((await call(t, 'GET', `/api/staff-accounts/${admin}`, other.headers)).statusCode).toBe(404);
    // Even filtering by another organisation gives nothing.
    expect((await call(t, 'GET', `/api/staff-accounts?organisation_id[eq]=${county}`, other.headers)).json().data).toEqual([]);
    // A citizen is not a staff account, even for the super admin.
    const citizen = await userId(t, DEMO.citizen);
    expect((await call(t, 'GET', `/api/staff-accounts/${citizen}`, DEMO.superadmin)).statusCode).toBe(404);
  });

  it('shows a super admin account read-only to an organisation admin', async () => {
    const superadmin = await userId(t, DEMO.superadmin);
    const response = await call(t, 'GET', `/api/staff-accounts/${superadmin}`, DEMO.admin);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.abilities).toMatchObject({ canEdit: false, canDelete: false, canDeactivate: false });
    expect((await call(t, 'PUT', `/api/staff-accounts/${superadmin}/deactivate`, DEMO.admin)).statusCode).toBe(403);
  });
});

describe('GET /api/staff-accounts: what the reader may do', () => {
  const abilitiesOf = (body: { data: { id: number; abilities: Record<string, boolean> }[] }, id: number) =>
    body.data.find((row) => row.id === id)?.abilities;

  it('lets an organisation admin invite and hand out the admin role, but not change their own role or a super admin', async () => {
    const [admin, staff, superadmin] = await Promise.all([DEMO.admin, DEMO.staff, DEMO.superadmin].map((e) => userId(t, e)));
    const body = (await call(t, 'GET', '/api/staff-accounts?limit=100', DEMO.admin)).json();
    expect(body.abilities).toEqual({ canInvite: true, canGrantAdminRole: true });
    expect(abilitiesOf(body, admin)).toMatchObject({ canEdit: true, canChangeRole: false, canGrantAdminRole: true });
    expect(abilitiesOf(body, staff)).toMatchObject({ canEdit: true, canChangeRole: true, canGrantAdminRole: true });
    expect(abilitiesOf(body, superadmin)).toMatchObject({ canEdit: false, canChangeRole: false, canGrantAdminRole: false });
  });

  it("lets the super administrator change an admin's role but never a super administrator's", async () => {
    const [admin, superadmin] = await Promise.all([DEMO.admin, DEMO.superadmin].map((e) => userId(t, e)));
    const body = (await call(t, 'GET', '/api/staff-accounts?limit=100', DEMO.superadmin)).json();
    expect(body.abilities).toEqual({ canInvite: true, canGrantAdminRole: true });
    expect(abilitiesOf(body, admin)).toMatchObject({ canEdit: true, canChangeRole: true, canGrantAdminRole: true });
    expect(abilitiesOf(body, superadmin)).toMatchObject({ canEdit: true, canChangeRole: false, canGrantAdminRole: true });
    const single = await call(t, 'GET', `/api/staff-accounts/${admin}`, DEMO.superadmin);
    expect(single.json().data.abilities).toMatchObject({ canChangeRole: true, canGrantAdminRole: true });
  });
});

describe('PATCH /api/staff-accounts/{id}', () => {
  it('edits fields, departments and functions with an audit entry', async () => {
    const id = await inviteStaff(t, DEMO.admin);
    const department = (await call(t, 'POST', '/api/departments', DEMO.admin, { name: 'Patch' })).json().data;
    const response = await call(t, 'PATCH', `/api/staff-accounts/${id}`, DEMO.admin, {
      first_name: 'Daniel',
      user_type_name: 'admin',
      is_organisation_admin: true,
      badge_number: 'CJMS-300',
      phone: null,
      department_ids: [department.id],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      first_name: 'Daniel',
      user_type_name: 'admin',
      is_organisation_admin: true,
      badge_number: 'CJMS-300',
      phone: null,
      departments: [{ id: department.id, name: 'Patch' }],
    });
    expect(response.json().data.permissions).toContain('accountsEdit');
    const [profile] = await t.ctx.db.select().from(profiles).where(eq(profiles.userId, id));
    expect(profile.staffBadgeNumber).toBe('CJMS-300');
    const [entry] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'staff_account.update'), eq(auditLog.entityId, String(id))));
    expect(entry.before).toMatchObject({ first_name: 'Dan', user_type_name: 'staff', department_ids: [] });
    expect(entry.after).toMatchObject({ first_name: 'Daniel', user_type_name: 'admin', department_ids: [department.id] });
  });

  it('does not let an admin change their own role', async () => {
    const admin = await userId(t, DEMO.admin);
    const response = await call(t, 'PATCH', `/api/staff-accounts/${admin}`, DEMO.admin, { user_type_name: 'staff' });
    expect(response.statusCode).toBe(403);
    expect((await call(t, 'PATCH', `/api/staff-accounts/${admin}`, DEMO.admin, { badge_number: 'CJMS-002' })).statusCode).toBe(
      200,
    );
  });
});

describe('account management delegated to a staff member', () => {
  it('lets a staff member with accountsEdit manage staff but not create, promote or manage admins', async () => {
    const responsibility = (
      await call(t, 'POST', '/api/responsibilities', DEMO.admin, {
        name: 'Gestiune conturi',
        permissions: ['accountsRead', 'accountsEdit'],
      })
    ).json().data;
    const fn = (
      await call(t, 'POST', '/api/functions', DEMO.admin, { name: 'Resurse umane', responsibility_ids: [responsibility.id] })
    ).json().data;
    const email = 'resurse.umane@example.ro';
    const manager = await inviteStaff(t, DEMO.admin, { email, function_ids: [fn.id] });
    await activateWithPassword(t, manager);
    const headers = { authorization: `Bearer ${(await login(email)).json().data.authToken}` };

    const staffMember = await inviteStaff(t, headers);
    expect((await call(t, 'PATCH', `/api/staff-accounts/${staffMember}`, headers, { badge_number: 'HR-1' })).statusCode).toBe(
      200,
    );
    const asAdmin = await call(t, 'POST', '/api/staff-accounts', headers, {
      email: 'nou.admin@example.ro',
      first_name: 'Nou',
      last_name: 'Admin',
      user_type_name: 'admin',
    });
    expect(asAdmin.statusCode).toBe(403);
    expect((await call(t, 'PATCH', `/api/staff-accounts/${manager}`, headers, { is_organisation_admin: true })).statusCode).toBe(
      403,
    );
    const admin = await userId(t, DEMO.admin);
    expect((await call(t, 'GET', `/api/staff-accounts/${admin}`, headers)).json().data.abilities.canEdit).toBe(false);
    expect((await call(t, 'PUT', `/api/staff-accounts/${admin}/deactivate`, headers)).statusCode).toBe(403);
  });
});

describe('activation, deactivation and password reset', () => {
  it('deactivation ends every session at once; activation lets the user back in', async () => {
    const email = 'temporar@example.ro';
    const id = await inviteStaff(t, DEMO.admin, { email });
    await activateWithPassword(t, id);
    const token = (await login(email)).json().data.authToken;
    const headers = { authorization: `Bearer ${token}` };
    expect((await call(t, 'GET', '/api/users/me', headers)).statusCode).toBe(200);

    const deactivated = await call(t, 'PUT', `/api/staff-accounts/${id}/deactivate`, DEMO.admin);
    expect(deactivated.statusCode).toBe(200);
    expect(deactivated.json().data).toMatchObject({ status: 'inactive', abilities: { canActivate: true, canDeactivate: false } });
    const after = await call(t, 'GET', '/api/users/me', headers);
    expect(after.statusCode).toBe(403);
    expect(after.json()).toEqual({ message: 'TOKEN_INVALID' });
    expect((await login(email)).json().message).toBe('AUTH_DISABLED');
    // Repeating it changes nothing.
    expect((await call(t, 'PUT', `/api/staff-accounts/${id}/deactivate`, DEMO.admin)).json().data.status).toBe('inactive');

    const reset = await call(t, 'PUT', `/api/staff-accounts/${id}/reset-password`, DEMO.admin);
    expect(reset.statusCode).toBe(401);
    expect(reset.json()).toEqual({ message: 'AUTH_DISABLED' });

    expect((await call(t, 'PUT', `/api/staff-accounts/${id}/activate`, DEMO.admin)).json().data.status).toBe('active');
    expect((await login(email)).statusCode).toBe(200);
    // The old token stays dead.
    expect((await call(t, 'GET', '/api/users/me', headers)).statusCode).toBe(403);
    const actions = (
      await t.ctx.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.entityId, String(id)))
    ).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['staff_account.deactivate', 'staff_account.activate']));
  });

  it('an admin may not deactivate themselves', async () => {
    const admin = await userId(t, DEMO.admin);
    expect((await call(t, 'PUT', `/api/staff-accounts/${admin}/deactivate`, DEMO.admin)).statusCode).toBe(403);
  });

  it('e-mails a reset link to an active account and a new invitation to a pending one', async () => {
    const activeEmail = 'resetare@example.ro';
    const active = await inviteStaff(t, DEMO.admin, { email: activeEmail });
    await activateWithPassword(t, active);
    expect((await call(t, 'PUT', `/api/staff-accounts/${active}/reset-password`, DEMO.admin)).statusCode).toBe(204);
    const mail = await lastMail(t, activeEmail);
    expect(mail?.subject).toBe('Resetarea parolei – Ghișeul Unic');
    expect(mail?.text).toContain('https://ghiseu.test/auth/reset-password?confirmationKey=');
    const key = confirmationKeyOf(mail?.text ?? '');
    const [code] = await t.ctx.db
      .select()
      .from(verificationCodes)
      .where(and(eq(verificationCodes.userId, active), eq(verificationCodes.purpose, 'password-reset')));
    expect(code.codeHash).toBe(hashToken(key));

    const pendingEmail = 'inca.in.asteptare@example.ro';
    const pending = await inviteStaff(t, DEMO.admin, { email: pendingEmail });
    expect((await call(t, 'PUT', `/api/staff-accounts/${pending}/reset-password`, DEMO.admin)).statusCode).toBe(204);
    expect((await lastMail(t, pendingEmail))?.text).toContain('/auth/set-password?confirmationKey=');
    const codes = await t.ctx.db.select().from(verificationCodes).where(eq(verificationCodes.userId, pending));
    // The first invitation link no longer works.
    expect(codes.filter((c) => c.usedAt === null)).toHaveLength(1);
  });
});

describe('DELETE /api/staff-accounts/{id}', () => {
  it('deletes an account nothing refers to; sessions do not count', async () => {
    const id = await inviteStaff(t, DEMO.admin);
    expect((await call(t, 'DELETE', `/api/staff-accounts/${id}`, DEMO.admin)).statusCode).toBe(204);
    expect(await t.ctx.db.select().from(users).where(eq(users.id, id))).toEqual([]);
    const [entry] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'staff_account.delete'), eq(auditLog.entityId, String(id))));
    expect(entry.before).toMatchObject({ first_name: 'Dan' });
  });

  it('refuses an account that acted (audit entries) or holds UATs: CONFLICT, reason referenced', async () => {
    const email = 'activ@example.ro';
    const id = await inviteStaff(t, DEMO.admin, { email });
    await activateWithPassword(t, id);
    await login(email);
    const response = await call(t, 'DELETE', `/api/staff-accounts/${id}`, DEMO.admin);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      message: 'CONFLICT',
      data: { reason: 'referenced', references: { audit_entries: 1 } },
    });

    const withUat = await inviteStaff(t, DEMO.admin);
    await call(t, 'PUT', `/api/staff-accounts/${withUat}/uats`, DEMO.admin, { uat_ids: [REGHIN] });
    const refused = await call(t, 'DELETE', `/api/staff-accounts/${withUat}`, DEMO.admin);
    expect(refused.json().data).toEqual({ reason: 'referenced', references: { uat_assignments: 1 } });
  });

  it('is refused for oneself and for another organisation', async () => {
    expect((await call(t, 'DELETE', `/api/staff-accounts/${await userId(t, DEMO.admin)}`, DEMO.admin)).statusCode).toBe(403);
    const id = await inviteStaff(t, DEMO.admin);
    expect((await call(t, 'DELETE', `/api/staff-accounts/${id}`, other.headers)).statusCode).toBe(404);
  });
});

describe('UAT allocations', () => {
  it('assigns UATs of the county to a county-council staff member and lists the organisation allocations', async () => {
    const id = await inviteStaff(t, DEMO.admin);
    const response = await call(t, 'PUT', `/api/staff-accounts/${id}/uats`, DEMO.admin, { uat_ids: [TARGU_MURES, TARGU_MURES] });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.uats).toEqual([{ id: TARGU_MURES, name: 'Târgu Mureș' }]);
    const list = (await call(t, 'GET', '/api/territorial-unit-allocations/uats?pagination=true', DEMO.admin)).json();
    expect(list.data).toContainEqual(
      expect.objectContaining({ uat_id: TARGU_MURES, user_id: id, organisation_id: county, uat_name: 'Târgu Mureș' }),
    );
    const [entry] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'staff_account.uats'), eq(auditLog.entityId, String(id))));
    expect(entry).toMatchObject({ before: { uat_ids: [] }, after: { uat_ids: [TARGU_MURES] } });
    // The other organisation sees none of it.
    expect((await call(t, 'GET', '/api/territorial-unit-allocations/uats', other.headers)).json().data).toEqual([]);
  });

  it('refuses a UAT assigned to another staff member: UAT_ALREADY_ASSIGNED with the UAT', async () => {
    const first = await inviteStaff(t, DEMO.admin);
    const second = await inviteStaff(t, DEMO.admin);
    await call(t, 'PUT', `/api/staff-accounts/${first}/uats`, DEMO.admin, { uat_ids: [117_827] });
    const response = await call(t, 'PUT', `/api/staff-accounts/${second}/uats`, DEMO.admin, { uat_ids: [117_827] });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'UAT_ALREADY_ASSIGNED', data: { uat_id: 117_827 } });
    // Releasing it frees it.
    await call(t, 'PUT', `/api/staff-accounts/${first}/uats`, DEMO.admin, { uat_ids: [] });
    expect((await call(t, 'PUT', `/api/staff-accounts/${second}/uats`, DEMO.admin, { uat_ids: [117_827] })).statusCode).toBe(200);
    expect(await t.ctx.db.select().from(uatAssignments).where(eq(uatAssignments.userId, first))).toEqual([]);
  });

  it('keeps to the jurisdiction: a county council its county, a city hall its UAT', async () => {
    const id = await inviteStaff(t, DEMO.admin);
    const outside = await call(t, 'PUT', `/api/staff-accounts/${id}/uats`, DEMO.admin, { uat_ids: [CLUJ_NAPOCA] });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().data.uat_id).toBe(CLUJ_NAPOCA);
    const unknown = await call(t, 'PUT', `/api/staff-accounts/${id}/uats`, DEMO.admin, { uat_ids: [1] });
    expect(unknown.json().data.uat_id).toBe(1);

    const theirs = await inviteStaff(t, other.headers);
    expect(
      (await call(t, 'PUT', `/api/staff-accounts/${theirs}/uats`, other.headers, { uat_ids: [TARGU_MURES] })).statusCode,
    ).toBe(400);
    expect(
      (await call(t, 'PUT', `/api/staff-accounts/${theirs}/uats`, other.headers, { uat_ids: [SIGHISOARA] })).statusCode,
    ).toBe(200);
    expect((await call(t, 'PUT', `/api/staff-accounts/${theirs}/uats`, DEMO.admin, { uat_ids: [] })).statusCode).toBe(404);
  });
});
