import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  circulars,
  departments,
  domainEvents,
  outboxMessages,
  userDepartments,
  userMessages,
  users,
} from '../../../db/schema/index.js';
import { executeRows } from '../../../platform/db.js';
import { call, countyCouncilId, DEMO, TARGU_MURES, userId } from '../../../../test/administration-kit.js';
import { uploadFile } from '../../../../test/applications-kit.js';
import { buildCitizen, buildOrganisation, buildStaff, buildSubmittedApplication } from '../../../../test/factories.js';
import { multipartFile, PNG_1x1, SMALL_PDF } from '../../../../test/multipart.js';
import { createTestApp, type TestApp } from '../../../../test/test-app.js';

/**
 * Circulars (spec §3, §7 POST notifications/circular and its upload token; issue 14): departments
 * resolve to their active members, chosen users and extra e-mails join them once each, the
 * organisation's boundary, the e-mail rule, at least one recipient, the sender's own circular
 * uploads only, and one transaction writing the in-app messages, the e-mails, audit and event.
 */

let t: TestApp;
let council: number;
let staffId: number;
let departmentId: number;
let emptyDepartmentId: number;
let foreignDepartmentId: number;
let foreignUserId: number;
const members: { id: number; email: string }[] = [];
let inactiveMemberId: number;
const key = Date.now().toString(36);

async function insertUser(values: { organisationId: number; status?: 'active' | 'inactive'; language?: 'ro' | 'en' | 'hu' }) {
  const email = `circ.${key}.${Math.random().toString(36).slice(2, 8)}@example.ro`;
  const [row] = await t.ctx.db
    .insert(users)
    .values({
      email,
      firstName: 'Ana',
      lastName: 'Mureșan',
      userType: 'staff',
      organisationId: values.organisationId,
      status: values.status ?? 'active',
      notificationLanguage: values.language ?? 'ro',
    })
    .returning({ id: users.id });
  return { id: row.id, email };
}

beforeAll(async () => {
  t = await createTestApp();
  council = await countyCouncilId(t);
  staffId = await userId(t, DEMO.staff);
  const other = await buildOrganisation(t, { uat_id: TARGU_MURES });
  const rows = await t.ctx.db
    .insert(departments)
    .values([
      { organisationId: council, name: `Urbanism ${key}` },
      { organisationId: council, name: `Gol ${key}` },
      { organisationId: other.id, name: `Străin ${key}` },
    ])
    .returning({ id: departments.id });
  [departmentId, emptyDepartmentId, foreignDepartmentId] = rows.map((r) => r.id);
  members.push(await insertUser({ organisationId: council }), await insertUser({ organisationId: council, language: 'hu' }));
  inactiveMemberId = (await insertUser({ organisationId: council, status: 'inactive' })).id;
  foreignUserId = (await insertUser({ organisationId: other.id })).id;
  await t.ctx.db
    .insert(userDepartments)
    .values([
      ...members.map((m) => ({ userId: m.id, departmentId })),
      { userId: inactiveMemberId, departmentId },
      { userId: staffId, departmentId },
    ]);
}, 240_000);
afterAll(async () => {
  await t?.close();
});

async function uploadCircularFile(who: string, name = 'anunt.pdf', data: Buffer = SMALL_PDF): Promise<number> {
  const token = await call(t, 'GET', '/api/notifications/circular/token', who);
  expect(token.statusCode, token.body).toBe(200);
  const { payload, headers } = multipartFile(name, data);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/files',
    headers: { ...(await t.authHeaders(who)), ...headers, 'x-file-upload-access-token': token.json().data.token },
    payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id;
}

const send = (body: Record<string, unknown>, who: string = DEMO.staff) =>
  call(t, 'POST', '/api/notifications/circular', who, { subject: 'Ședință', message: '<p>Vă invităm.</p>', ...body });

describe('GET /notifications/circular/token', () => {
  it('gives staff an upload token of the circular rules; citizens get 403', async () => {
    const response = await call(t, 'GET', '/api/notifications/circular/token', DEMO.staff);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      token: expect.any(String),
      max_bytes: 50 * 1024 * 1024,
      accepted_types: ['application/pdf', 'image/png', 'image/jpeg'],
    });
    expect(Date.parse(response.json().data.expires_at)).toBeGreaterThan(Date.now());
    expect((await call(t, 'GET', '/api/notifications/circular/token', DEMO.citizen)).statusCode).toBe(403);
  });
});

describe('GET /notifications/circular/recipients', () => {
  it('offers a plain clerk the organisation’s active departments and staff by name only, never another organisation’s', async () => {
    const response = await call(t, 'GET', '/api/notifications/circular/recipients', DEMO.staff);
    expect(response.statusCode, response.body).toBe(200);
    const { departments: offered, users: people } = response.json().data;
    const ids = offered.map((d: { id: number }) => d.id);
    expect(ids).toEqual(expect.arrayContaining([departmentId, emptyDepartmentId]));
    expect(ids).not.toContain(foreignDepartmentId);
    // The inactive member does not count.
    expect(offered.find((d: { id: number }) => d.id === departmentId).user_count).toBe(3);
    expect(people.map((u: { id: number }) => u.id)).toEqual(expect.arrayContaining(members.map((m) => m.id)));
    expect(people.map((u: { id: number }) => u.id)).not.toContain(foreignUserId);
    expect(people.map((u: { id: number }) => u.id)).not.toContain(inactiveMemberId);
    expect(Object.keys(people[0]).sort()).toEqual(['id', 'name']);
    expect(people.length).toBeLessThanOrEqual(30);
  });

  it('searches names folded (mures finds Mureșan) and is refused to citizens', async () => {
    const found = await call(t, 'GET', '/api/notifications/circular/recipients?search=mures', DEMO.staff);
    expect(found.json().data.users.every((u: { name: string }) => u.name.includes('Mureșan'))).toBe(true);
    expect(found.json().data.users.length).toBeGreaterThanOrEqual(2);
    expect((await call(t, 'GET', '/api/notifications/circular/recipients', DEMO.citizen)).statusCode).toBe(403);
  });
});

describe('POST /notifications/circular', () => {
  it('reaches the department’s active members, the chosen users and the extra addresses, once each', async () => {
    const fileId = await uploadCircularFile(DEMO.staff, 'convocator ședință.pdf');
    const pngId = await uploadCircularFile(DEMO.staff, 'harta.png', PNG_1x1);
    const response = await send({
      department_ids: [departmentId],
      user_ids: [members[0].id],
      extra_emails: ` extern.${key}@example.com, ${members[1].email.toUpperCase()} `,
      subject: 'Ședința comisiei de urbanism',
      message:
        '<p>Vă rugăm să <strong>participați</strong>.</p><script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">x</a>',
      file_ids: [fileId, pngId],
    });
    expect(response.statusCode, response.body).toBe(201);
    const result = response.json().data;
    // Two active members + the sender (also a member); the inactive one is left out. The extra
    // address that is a member's is not sent twice.
    expect(result).toMatchObject({ users: 3, emails: 4 });

    const [circular] = await t.ctx.db.select().from(circulars).where(eq(circulars.id, result.id));
    expect(circular).toMatchObject({ organisationId: council, createdBy: staffId, recipientUsers: 3, recipientEmails: 4 });
    expect(circular.extraEmails).toEqual([`extern.${key}@example.com`]);
    expect(circular.message).toBe(
      '<p>Vă rugăm să <strong>participați</strong>.</p><a target="_blank" rel="noopener noreferrer">x</a>',
    );

    const inApp = await t.ctx.db
      .select()
      .from(userMessages)
      .where(
        and(
          eq(userMessages.eventType, 'circular.sent'),
          inArray(userMessages.recipientUserId, [...members.map((m) => m.id), staffId, inactiveMemberId]),
        ),
      );
    expect(inApp.map((m) => m.recipientUserId).sort()).toEqual([...members.map((m) => m.id), staffId].sort());
    expect(inApp[0].title).toBe('Ședința comisiei de urbanism');
    expect(inApp[0].message).not.toContain('script');
    expect(inApp[0].message).toContain('convocator ședință.pdf');

    const mails = await t.ctx.db.select().from(outboxMessages).where(eq(outboxMessages.eventType, 'circular.sent'));
    expect(mails.map((m) => m.to).sort()).toEqual(
      [...members.map((m) => m.email), DEMO.staff, `extern.${key}@example.com`].map((e) => e.toLowerCase()).sort(),
    );
    expect(mails.find((m) => m.to === members[0].email)?.userId).toBe(members[0].id);
    expect(
      mails.every((m) => m.html?.includes(`${t.ctx.config.publicUrl}/api/notifications/circulars/${result.id}/files/`)),
    ).toBe(true);

    const [entry] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'circular.create'), eq(auditLog.entityId, String(result.id))));
    expect(entry).toBeDefined();
    const events = await t.ctx.db
      .select()
      .from(domainEvents)
      .where(and(eq(domainEvents.type, 'circular.sent'), eq(domainEvents.entityId, result.id)));
    expect(events).toHaveLength(1);

    // The attachment link of the message opens the file, for anyone holding it; a changed key does not.
    const href = /href="([^"]+\/files\/\d+\?key=[^"]+)"/.exec(inApp[0].message)?.[1]?.replaceAll('&amp;', '&');
    expect(href).toBeDefined();
    const file = await t.app.inject({ method: 'GET', url: href as string });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.equals(SMALL_PDF)).toBe(true);
    const forged = await t.app.inject({ method: 'GET', url: `${(href as string).slice(0, -3)}abc` });
    expect(forged.statusCode).toBe(404);
    const otherFile = await t.app.inject({ method: 'GET', url: (href as string).replace(`/files/${fileId}`, `/files/${pngId}`) });
    expect(otherFile.statusCode).toBe(404);

    const history = await call(t, 'GET', '/api/notifications/circulars?pagination=true', DEMO.staff);
    expect(history.statusCode, history.body).toBe(200);
    expect(history.json().data[0]).toMatchObject({
      id: result.id,
      recipient_users: 3,
      extra_emails_count: 1,
      file_ids: [fileId, pngId],
    });
    expect(history.json().pagination.total).toBeGreaterThanOrEqual(1);
  });

  it('refuses invalid extra addresses, naming them', async () => {
    const response = await send({ extra_emails: 'bun@example.ro, rău@, fara-arond.ro' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('VALIDATION_ERROR');
    expect(response.json().data.invalid_emails).toEqual(['rău@', 'fara-arond.ro']);
    expect(JSON.stringify(response.json().data.fields)).toContain('rău@, fara-arond.ro');
  });

  it('answers CIRCULAR_NO_RECIPIENTS without any recipient, or when the departments have nobody', async () => {
    for (const body of [{}, { extra_emails: ' , ' }, { department_ids: [emptyDepartmentId] }]) {
      const response = await send(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toBe('CIRCULAR_NO_RECIPIENTS');
    }
  });

  it('refuses another organisation’s departments and users, naming them', async () => {
    const department = await send({ department_ids: [departmentId, foreignDepartmentId] });
    expect(department.statusCode).toBe(400);
    expect(department.json().data.department_ids).toEqual([foreignDepartmentId]);
    const user = await send({ user_ids: [foreignUserId, inactiveMemberId] });
    expect(user.statusCode).toBe(400);
    expect(user.json().data.user_ids).toEqual([foreignUserId, inactiveMemberId]);
    const missing = await send({ department_ids: [99999999] });
    expect(missing.statusCode).toBe(400);
  });

  it('accepts only the sender’s own uploads made for a circular', async () => {
    const plain = await uploadFile(t, DEMO.staff, 'plan.pdf');
    const someoneElses = await uploadCircularFile(DEMO.admin);
    const response = await send({ user_ids: [members[0].id], file_ids: [plain, someoneElses] });
    expect(response.statusCode).toBe(400);
    expect(response.json().data.file_ids).toEqual([plain, someoneElses]);
  });

  it('refuses an application the organisation does not handle', async () => {
    const response = await send({ user_ids: [members[0].id], application_id: 99999999 });
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain('application_id');
  });

  it('is refused to citizens (403) and validates subject and message', async () => {
    expect((await send({ user_ids: [members[0].id] }, DEMO.citizen)).statusCode).toBe(403);
    expect((await send({ user_ids: [members[0].id], subject: ' ' })).statusCode).toBe(400);
    const onlyTags = await send({ user_ids: [members[0].id], message: '<script>x</script><p> </p>' });
    expect(onlyTags.statusCode).toBe(400);
  });
});

describe('GET /notifications/circulars', () => {
  it('is refused to citizens and read newest first from the organisation index', async () => {
    expect((await call(t, 'GET', '/api/notifications/circulars', DEMO.citizen)).statusCode).toBe(403);
    expect((await call(t, 'GET', '/api/notifications/circulars?subject[eq]=x', DEMO.staff)).statusCode).toBe(400);
    const filtered = await call(t, 'GET', '/api/notifications/circulars?application_id[eq]=99999999', DEMO.staff);
    expect(filtered.json().data).toEqual([]);
    const plan = await t.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      // An almost empty table: the planner would rather sort a bitmap scan's rows.
      await tx.execute(sql`SET LOCAL enable_bitmapscan = off`);
      const rows = await executeRows<Record<string, string>>(
        tx,
        sql`EXPLAIN SELECT * FROM circulars WHERE organisation_id = ${council} ORDER BY created_at DESC, id DESC LIMIT 10`,
      );
      return rows.map((r) => Object.values(r)[0]).join('\n');
    });
    expect(plan).toContain('circulars_organisation_created_idx');
    expect(plan).not.toMatch(/\bSort\b/);
  });
});

describe('a circular about an application', () => {
  it('is sent by the organisation handling it, and reads in the recipients’ messages of that application', async () => {
    const citizen = await buildCitizen(t);
    const application = await buildSubmittedApplication(t, citizen);
    // The county council's staff does not handle this city hall's application.
    const foreign = await send({ user_ids: [members[0].id], application_id: application.id });
    expect(foreign.statusCode).toBe(400);

    const clerk = await buildStaff(t, application.fixture.organisationId);
    const response = await call(t, 'POST', '/api/notifications/circular', clerk.headers, {
      application_id: application.id,
      user_ids: [clerk.id],
      subject: 'Despre cerere',
      message: 'Text simplu',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data).toMatchObject({ users: 1, emails: 1 });
    const mine = await call(t, 'GET', `/api/user-messages/identification/${application.id}`, clerk.headers);
    expect(mine.json().data).toEqual([
      expect.objectContaining({
        event_type: 'circular.sent',
        title: 'Despre cerere',
        message: 'Text simplu',
        message_source: 'application',
        recipient_identification_id: application.id,
        recipient_identification_number: application.identificationNumber,
      }),
    ]);
    const history = await call(t, 'GET', `/api/notifications/circulars?application_id[eq]=${application.id}`, clerk.headers);
    expect(history.json().data).toHaveLength(1);
    // Another organisation's staff never sees it in their history.
    expect(
      (await call(t, 'GET', `/api/notifications/circulars?application_id[eq]=${application.id}`, DEMO.staff)).json().data,
    ).toEqual([]);
  }, 120_000);
});

describe('OpenAPI', () => {
  it('documents the inbox and circular routes', async () => {
    const paths = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json().paths;
    for (const path of [
      '/api/user-messages',
      '/api/user-messages/{id}',
      '/api/user-messages/identification/{id}',
      '/api/user-messages/stream',
      '/api/notifications/circular/token',
      '/api/notifications/circular',
      '/api/notifications/circulars',
      '/api/notifications/circulars/{id}/files/{fileId}',
    ])
      expect(paths, path).toHaveProperty([path]);
    expect(paths['/api/notifications/circulars/{id}/files/{fileId}'].get.security).toEqual([]);
  });
});
