import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, enrollments, profiles, users } from '../../db/schema/index.js';
import { multipartFile, PNG_1x1 } from '../../../test/multipart.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { call, countyCouncilId, DEMO, lastMail, organisationIdByName, userId } from '../../../test/administration-kit.js';
import { buildStaff, buildTenant } from '../../../test/factories.js';

let t: TestApp;
let county: number;
let sighisoara: number;
beforeAll(async () => {
  t = await createTestApp();
  county = await countyCouncilId(t);
  sighisoara = await organisationIdByName(t, 'Primăria Municipiului Sighișoara');
});
afterAll(async () => {
  await t?.close();
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('POST /api/auth/login-delegated-org', () => {
  it('gives the super admin a session inside another organisation, and back', async () => {
    const home = await t.login(DEMO.superadmin);
    const response = await call(t, 'POST', '/api/auth/login-delegated-org', bearer(home), { organisation_id: sighisoara });
    expect(response.statusCode).toBe(200);
    const delegated = response.json().data;
    expect(delegated).toMatchObject({ organisation_id: sighisoara, delegated_from_organisation_id: county });
    expect(delegated.authToken).toMatch(/^[\w-]{40,}$/);

    const me = (await call(t, 'GET', '/api/users/me', bearer(delegated.authToken))).json().data;
    expect(me).toMatchObject({ organisation_id: sighisoara, delegated_from_organisation_id: county });
    // The session it came from is closed.
    expect((await call(t, 'GET', '/api/users/me', bearer(home))).statusCode).toBe(403);

    // Work inside the delegated organisation lands there.
    const department = await call(t, 'POST', '/api/departments', bearer(delegated.authToken), { name: 'Delegat' });
    expect(department.json().data.organisation_id).toBe(sighisoara);

    const back = await call(t, 'POST', '/api/auth/login-delegated-org', bearer(delegated.authToken), { organisation_id: null });
    expect(back.json().data).toMatchObject({ organisation_id: county, delegated_from_organisation_id: null });
    const meBack = (await call(t, 'GET', '/api/users/me', bearer(back.json().data.authToken))).json().data;
    expect(meBack).toMatchObject({ organisation_id: county, delegated_from_organisation_id: null });
    expect((await call(t, 'GET', '/api/users/me', bearer(delegated.authToken))).statusCode).toBe(403);

    const superadmin = await userId(t, DEMO.superadmin);
    const actions = (await t.ctx.db.select().from(auditLog).where(eq(auditLog.actorUserId, superadmin))).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['auth.login_delegated', 'auth.login_delegated_end']));
  });

  it('treats the home organisation as a normal session', async () => {
    const token = await t.login(DEMO.superadmin);
    const response = await call(t, 'POST', '/api/auth/login-delegated-org', bearer(token), { organisation_id: county });
    expect(response.json().data).toMatchObject({ organisation_id: county, delegated_from_organisation_id: null });
  });

  it('is for the super admin only, and needs an existing organisation', async () => {
    for (const who of [DEMO.admin, DEMO.staff, DEMO.citizen, DEMO.consultant]) {
      const response = await call(t, 'POST', '/api/auth/login-delegated-org', who, { organisation_id: sighisoara });
      expect(response.statusCode).toBe(403);
    }
    expect((await call(t, 'POST', '/api/auth/login-delegated-org', undefined, { organisation_id: sighisoara })).statusCode).toBe(
      401,
    );
    const token = await t.login(DEMO.superadmin);
    expect((await call(t, 'POST', '/api/auth/login-delegated-org', bearer(token), { organisation_id: 999_999 })).statusCode).toBe(
      404,
    );
  });
});

async function uploadId(who: string | Record<string, string>): Promise<number> {
  const token = (await call(t, 'POST', '/api/files/upload-tokens', who, { purpose: 'default' })).json().data.token;
  const body = multipartFile('buletin.png', PNG_1x1);
  const response = await call(t, 'POST', '/api/files', who, body.payload, {
    ...body.headers,
    'x-file-upload-access-token': token,
  });
  return response.json().data.id;
}

const identity = (fileId: number) => ({
  personal_numeric_code: '1930909260063',
  id_card_series: 'ms',
  id_card_number: '556677',
  id_card_issue_date: '2022-03-15',
  id_card_expiry_date: '2032-03-15',
  id_card_issuer: 'SPCLEP Târgu Mureș',
  id_document_file_id: fileId,
});

/** A fresh staff member of the county council, signed in, not enrolled. */
const newStaff = (email: string) => buildStaff(t, county, { email });

describe('staff enrollment', () => {
  it('submits, reports status and redirect, lists for the admin, and approval enrolls the user', async () => {
    const staff = await newStaff('inrolare@example.ro');
    const fileId = await uploadId(staff.headers);
    const submitted = await call(t, 'POST', '/api/video-enrollment/', staff.headers, identity(fileId));
    expect(submitted.statusCode).toBe(201);
    const { id, redirect_url } = submitted.json().data;
    expect(redirect_url).toBe(`/staff-enrollment/redirect/${id}`);

    const status = await call(t, 'GET', `/api/video-enrollment/status/${id}`, staff.headers);
    expect(status.json().data).toMatchObject({ id, status: 'pending', enrolled: false });
    const redirect = await call(t, 'GET', `/api/video-enrollment/redirect/${id}`, staff.headers);
    expect(redirect.json().data).toMatchObject({
      status: 'pending',
      title: 'Înrolare în curs de verificare',
      action: { route: '/home' },
    });

    const pending = (await call(t, 'GET', '/api/enrollments?status=pending', DEMO.admin)).json().data;
    const mine = pending.find((e: { id: number }) => e.id === id);
    expect(mine).toMatchObject({
      user_id: staff.id,
      organisation_id: county,
      identity: { personal_numeric_code: '1930909260063', id_card_series: 'MS' },
      id_document_file_id: fileId,
      abilities: { canApprove: true, canReject: true },
    });

    const approved = await call(t, 'PUT', `/api/enrollments/${id}/approve`, DEMO.admin);
    expect(approved.statusCode).toBe(200);
    expect(approved.json().data).toMatchObject({ status: 'approved', abilities: { canApprove: false } });
    const [user] = await t.ctx.db.select().from(users).where(eq(users.id, staff.id));
    expect(user.enrolled).toBe(true);
    const [profile] = await t.ctx.db.select().from(profiles).where(eq(profiles.userId, staff.id));
    expect(profile).toMatchObject({ personalNumericCode: '1930909260063', idCardSeries: 'MS', idCardExpiryDate: '2032-03-15' });
    expect((await lastMail(t, 'inrolare@example.ro'))?.subject).toBe('Înrolarea a fost aprobată');
    expect((await call(t, 'GET', '/api/users/me', staff.headers)).json().data.enrolled).toBe(true);
    expect((await call(t, 'GET', `/api/video-enrollment/redirect/${id}`, staff.headers)).json().data.title).toBe(
      'Înrolare finalizată',
    );

    const again = await call(t, 'PUT', `/api/enrollments/${id}/approve`, DEMO.admin);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'CONFLICT', data: { reason: 'not_pending', status: 'approved' } });
    const [entry] = await t.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'enrollment.approve'));
    expect(entry).toMatchObject({
      before: { status: 'pending', enrolled: false },
      after: { status: 'approved', enrolled: true },
    });
  });

  it('rejects with a reason, mailed to the staff member; a new request supersedes a pending one', async () => {
    const staff = await newStaff('respins@example.ro');
    const fileId = await uploadId(staff.headers);
    const first = (await call(t, 'POST', '/api/video-enrollment', staff.headers, identity(fileId))).json().data.id;
    const second = (await call(t, 'POST', '/api/video-enrollment', staff.headers, identity(fileId))).json().data.id;
    const [superseded] = await t.ctx.db.select().from(enrollments).where(eq(enrollments.id, first));
    expect(superseded.status).toBe('rejected');

    const empty = await call(t, 'PUT', `/api/enrollments/${second}/reject`, DEMO.admin, { reason: '' });
    expect(empty.statusCode).toBe(400);
    const rejected = await call(t, 'PUT', `/api/enrollments/${second}/reject`, DEMO.admin, {
      reason: 'Imaginea actului nu se citește',
    });
    expect(rejected.json().data).toMatchObject({ status: 'rejected', rejection_reason: 'Imaginea actului nu se citește' });
    expect((await lastMail(t, 'respins@example.ro'))?.text).toContain('Imaginea actului nu se citește');
    const redirect = (await call(t, 'GET', `/api/video-enrollment/redirect/${second}`, staff.headers)).json().data;
    expect(redirect).toMatchObject({ status: 'rejected', title: 'Înrolare respinsă', action: { route: '/profile' } });
    const [user] = await t.ctx.db.select().from(users).where(eq(users.id, staff.id));
    expect(user.enrolled).toBe(false);
  });

  it('keeps enrollments to their owner and their organisation reviewers', async () => {
    const staff = await newStaff('privat@example.ro');
    const fileId = await uploadId(staff.headers);
    const id = (await call(t, 'POST', '/api/video-enrollment', staff.headers, identity(fileId))).json().data.id;
    const colleague = await newStaff('coleg@example.ro');
    expect((await call(t, 'GET', `/api/video-enrollment/status/${id}`, colleague.headers)).statusCode).toBe(404);
    expect((await call(t, 'GET', `/api/video-enrollment/status/${id}`, DEMO.admin)).statusCode).toBe(200);

    const other = await buildTenant(t);
    expect((await call(t, 'GET', `/api/video-enrollment/status/${id}`, other.headers)).statusCode).toBe(404);
    expect((await call(t, 'PUT', `/api/enrollments/${id}/approve`, other.headers)).statusCode).toBe(404);
    const theirs = (await call(t, 'GET', '/api/enrollments?limit=500', other.headers)).json().data;
    expect(theirs).toEqual([]);
    // The super admin reviews any organisation.
    const all = (await call(t, 'GET', '/api/enrollments?status[eq]=pending&limit=500', DEMO.superadmin)).json().data;
    expect(all.some((e: { id: number }) => e.id === id)).toBe(true);
  });

  it('does not let an admin approve their own enrollment', async () => {
    const fileId = await uploadId(DEMO.admin);
    const id = (await call(t, 'POST', '/api/video-enrollment', DEMO.admin, identity(fileId))).json().data.id;
    const own = await call(t, 'GET', `/api/enrollments?status=pending`, DEMO.admin);
    expect(own.json().data.find((e: { id: number }) => e.id === id).abilities).toEqual({ canApprove: false, canReject: false });
    expect((await call(t, 'PUT', `/api/enrollments/${id}/approve`, DEMO.admin)).statusCode).toBe(403);
    expect((await call(t, 'PUT', `/api/enrollments/${id}/approve`, DEMO.superadmin)).statusCode).toBe(200);
  });

  it('validates the identity and the document', async () => {
    const staff = await newStaff('validare@example.ro');
    const fileId = await uploadId(staff.headers);
    const badCnp = await call(t, 'POST', '/api/video-enrollment', staff.headers, {
      ...identity(fileId),
      personal_numeric_code: '1930909260064',
    });
    expect(badCnp.statusCode).toBe(400);
    expect(badCnp.json().data.fields[0].path).toBe('body.personal_numeric_code');
    const expired = await call(t, 'POST', '/api/video-enrollment', staff.headers, {
      ...identity(fileId),
      id_card_issue_date: '2012-01-01',
      id_card_expiry_date: '2022-01-01',
    });
    expect(expired.json().data.fields[0].path).toBe('body.id_card_expiry_date');
    const othersFile = await uploadId(DEMO.staff);
    const foreign = await call(t, 'POST', '/api/video-enrollment', staff.headers, identity(othersFile));
    expect(foreign.json().message).toBe('FILE_NOT_EXISTS');
    // Only staff and admins enroll.
    const citizenFile = await uploadId(DEMO.citizen);
    expect((await call(t, 'POST', '/api/video-enrollment', DEMO.citizen, identity(citizenFile))).statusCode).toBe(403);
  });
});

describe('POST /api/enrollment/person', () => {
  it('succeeds with a valid CNP and ID data, and fails with the missing fields otherwise', async () => {
    const ok = await call(t, 'POST', '/api/enrollment/person', DEMO.staff);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ success: true, data: { enrolled: true, problems: [] } });

    const staff = await newStaff('fara.profil@example.ro');
    const missing = await call(t, 'POST', '/api/enrollment/person', staff.headers);
    expect(missing.json()).toMatchObject({ success: false, data: { enrolled: false } });
    expect(missing.json().data.problems).toEqual(expect.arrayContaining(['personal_numeric_code', 'id_card_series']));

    const foreigner = await call(t, 'POST', '/api/enrollment/person', DEMO.foreigner);
    expect(foreigner.json().success).toBe(false);
    expect((await call(t, 'POST', '/api/enrollment/person')).statusCode).toBe(401);
  });
});
