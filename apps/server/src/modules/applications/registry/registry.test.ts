import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, domainEvents } from '../../../db/schema/index.js';
import { accountsTestKit } from '../../../../test/accounts-kit.js';
import {
  call,
  createFilingFixture,
  type FilingFixture,
  individual,
  makeCnp,
  SIMPLE_FORM,
  startAnafStandIn,
  TARGU_MURES,
} from '../../../../test/applications-kit.js';
import { buildCitizen, buildOrganisation, buildStaff, type SignedIn } from '../../../../test/factories.js';
import { multipartFile, PNG_1x1, SMALL_PDF } from '../../../../test/multipart.js';
import { createTestApp, type TestApp } from '../../../../test/test-app.js';

/**
 * The general registry (spec §2 /register-application, §3 Document register, §4 REGISTERED and
 * offline signing, §5 document files, §7 register*, registry-send, invite-beneficiary, §8
 * BENEFICIARY_EMAIL_ALREADY_INVITED): happy paths, validation, 403 without
 * applicationsRegister, 404 for another organisation, 409 once the record left the registry.
 */

let t: TestApp;
let anaf: Awaited<ReturnType<typeof startAnafStandIn>>;
let fixture: FilingFixture;
let simple: FilingFixture;
let otherFixture: FilingFixture;
let clerk: SignedIn;
let plainStaff: SignedIn;
let colleague: SignedIn;
let otherAdmin: SignedIn;
let serial = 500;
const kit = accountsTestKit(() => t);

beforeAll(async () => {
  anaf = await startAnafStandIn([]);
  t = await createTestApp({ ANAF_API_URL: anaf.url });
  const organisation = await buildOrganisation(t, { uat_id: TARGU_MURES });
  const other = await buildOrganisation(t, { uat_id: TARGU_MURES });
  [fixture, simple, otherFixture] = await Promise.all([
    createFilingFixture(t, { organisationId: organisation.id }),
    createFilingFixture(t, { organisationId: organisation.id, definition: SIMPLE_FORM }),
    createFilingFixture(t, { organisationId: other.id }),
  ]);
  [clerk, plainStaff, colleague, otherAdmin] = await Promise.all([
    buildStaff(t, organisation.id, { userType: 'admin' }),
    buildStaff(t, organisation.id),
    buildStaff(t, organisation.id, { firstName: 'Maria', lastName: 'Colegu' }),
    buildStaff(t, other.id, { admin: true }),
  ]);
}, 240_000);
afterAll(async () => {
  await t?.close();
  await anaf?.close();
});

type Who = Record<string, string>;

async function upload(who: Who, name: string, data: Buffer, purpose = 'register') {
  const token = (await call(t, 'POST', '/api/files/upload-tokens', who, { purpose })).json().data.token;
  const { payload, headers } = multipartFile(name, data);
  return t.app.inject({
    method: 'POST',
    url: '/api/files',
    headers: { ...who, ...headers, 'x-file-upload-access-token': token },
    payload,
  });
}
async function uploadId(who: Who, name = 'scan.pdf', data: Buffer = SMALL_PDF) {
  const response = await upload(who, name, data);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id as number;
}

/** A valid desk application of the standard form: answers, site plan, a new beneficiary, a real estate. */
async function applicationBody(overrides: Record<string, unknown> = {}) {
  const n = ++serial;
  return {
    application_type_id: fixture.typeId,
    form: { denumire_lucrare: 'Locuință P+1', tip_lucrare: 'construire' },
    beneficiary: individual(n, { email: `walkin.${n}@example.ro`, phone: '0745123456' }),
    real_estates: [{ cadastral_number: String(300000 + n), uat_id: TARGU_MURES, type: 'land', area: 420 }],
    attachments: [{ file_id: await uploadId(clerk.headers, 'plan.pdf'), category: 'plan_situatie' }],
    registry: { external_number: `EXT-${n}`, external_date: '2026-11-20' },
    ...overrides,
  };
}

async function registerApplication(overrides: Record<string, unknown> = {}) {
  const response = await call(
    t,
    'POST',
    '/api/staff-applications/register?echo=true',
    clerk.headers,
    await applicationBody(overrides),
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

async function documentBody(overrides: Record<string, unknown> = {}) {
  return {
    application_type_id: simple.typeId,
    beneficiary: { person_type: 'legal', company_name: 'Construct SRL', unique_registration_code: '18547290' },
    document_file_id: await uploadId(clerk.headers),
    registry: { subject: 'Adresă privind avizul de mediu', external_number: '1234', external_date: '2026-11-18' },
    ...overrides,
  };
}

async function registerDocument(overrides: Record<string, unknown> = {}) {
  const response = await call(
    t,
    'POST',
    '/api/staff-applications/generate-registry-doc?echo=true',
    clerk.headers,
    await documentBody(overrides),
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

describe('POST /staff-applications/register', () => {
  it('registers a walk-in application: REGISTERED, entry number, offline signing, the clerk as placeholder applicant', async () => {
    const record = await registerApplication();
    expect(record).toMatchObject({
      kind: 'application',
      status: 'REGISTERED',
      sign_details: { isOnline: false, package: null },
      applicant: { id: clerk.id, is_placeholder: true },
      beneficiary: { name: expect.stringContaining('Ion Popescu') },
      registered_by: { id: clerk.id },
      abilities: { canEditRegistry: true, canEditForm: true, canSend: true, canInvite: true },
    });
    expect(record.identification_number).toMatch(/^T\d+\/\d+\/\d{4}$/);
    expect(record.external_number).toMatch(/^EXT-/);

    // The application itself: staff of the organisation read it with its parts.
    const full = await call(t, 'GET', `/api/applications/${record.id}`, clerk.headers);
    expect(full.statusCode, full.body).toBe(200);
    expect(full.json().data).toMatchObject({ status: 'REGISTERED', identification_number: record.identification_number });
    expect(full.json().data.form.real_estate_target).toHaveLength(1);

    const [event] = await t.ctx.db
      .select()
      .from(domainEvents)
      .where(and(eq(domainEvents.entityId, record.id), eq(domainEvents.type, 'application.registered')));
    expect(event.payload).toMatchObject({ via: 'registry', kind: 'application' });
    const [entry] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, record.id), eq(auditLog.action, 'application.registry_register')));
    expect(entry.after).toMatchObject({ status: 'REGISTERED', identification_number: record.identification_number });
  });

  it('makes the beneficiary with a portal account the applicant, who then sees the file', async () => {
    const citizen = await buildCitizen(t);
    const n = ++serial;
    const record = await registerApplication({ beneficiary: individual(n, { email: citizen.email.toUpperCase() }) });
    expect(record.applicant).toMatchObject({ id: citizen.id, is_placeholder: false });
    const own = await call(t, 'GET', '/api/applications', citizen.headers);
    expect(own.json().data.map((a: { id: number }) => a.id)).toContain(record.id);
  });

  it('numbers consecutive registrations without gaps', async () => {
    const first = await registerApplication();
    const second = await registerApplication();
    const index = (code: string) => Number(code.split('/')[1]);
    expect(index(second.identification_number)).toBe(index(first.identification_number) + 1);
  });

  it('checks the form in full, the beneficiary, the type and the real estates', async () => {
    const missing = await call(
      t,
      'POST',
      '/api/staff-applications/register',
      clerk.headers,
      await applicationBody({ form: { tip_lucrare: 'construire' }, attachments: [] }),
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('INVALID_FORM_VALUE');
    const paths = missing.json().data.fields.map((f: { path: string }) => f.path);
    expect(paths).toEqual(expect.arrayContaining(['form.denumire_lucrare', 'form.plan_situatie']));

    const badCnp = await call(
      t,
      'POST',
      '/api/staff-applications/register',
      clerk.headers,
      await applicationBody({
        beneficiary: { person_type: 'individual', first_name: 'A', last_name: 'B', personal_numeric_code: '123' },
      }),
    );
    expect(badCnp.statusCode).toBe(400);
    expect(badCnp.json().data.fields[0].path).toBe('body.beneficiary.personal_numeric_code');

    const foreignType = await call(
      t,
      'POST',
      '/api/staff-applications/register',
      clerk.headers,
      await applicationBody({ application_type_id: otherFixture.typeId }),
    );
    expect(foreignType.statusCode).toBe(400);
    expect(foreignType.json().data.fields[0].path).toBe('body.application_type_id');

    const farAway = await call(
      t,
      'POST',
      '/api/staff-applications/register',
      clerk.headers,
      await applicationBody({ real_estates: [{ cadastral_number: '1', uat_id: 54975, type: 'land', area: 10 }] }),
    );
    expect(farAway.statusCode).toBe(400);
    expect(farAway.json().data.fields[0].path).toBe('body.real_estates.0.uat_id');
  });

  it('refuses a clerk without applicationsRegister (403) on every registry call', async () => {
    const calls: [string, string, unknown][] = [
      ['POST', '/api/staff-applications/register', await applicationBody()],
      ['POST', '/api/staff-applications/generate-registry-doc', {}],
      ['GET', '/api/staff-applications/registry/connections?value=T', undefined],
      ['GET', '/api/staff-applications/registry/assignees', undefined],
      ['GET', '/api/staff-applications/1/registry', undefined],
      ['GET', '/api/staff-applications/1/registry-slip', undefined],
      ['PATCH', '/api/staff-applications/1/registry-application', {}],
      ['PATCH', '/api/staff-applications/1/registry-application-form', { form: {} }],
      ['PATCH', '/api/staff-applications/1/generate-registry-doc', undefined],
      ['PUT', '/api/staff-applications/1/registry-send', { assignee_user_id: 1 }],
      ['POST', '/api/notifications/invite-beneficiary', { email: 'a@example.ro', application_id: 1 }],
    ];
    for (const [method, url, body] of calls) {
      const response = await call(t, method as 'GET', url, plainStaff.headers, body as Record<string, unknown>);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
  });
});

describe('POST /staff-applications/generate-registry-doc', () => {
  it('registers an incoming document with its scan and serves the slip PDF', async () => {
    const record = await registerDocument();
    expect(record).toMatchObject({
      kind: 'document',
      status: 'REGISTERED',
      subject: 'Adresă privind avizul de mediu',
      external_number: '1234',
      external_date: '2026-11-18',
      document_file: { mime_type: 'application/pdf' },
      beneficiary: { name: 'Construct SRL' },
      slip: { version: 1, url: `/api/staff-applications/${record.id}/registry-slip` },
      abilities: { canEditForm: false },
    });
    const slip = await call(t, 'GET', record.slip.url, clerk.headers);
    expect(slip.statusCode).toBe(200);
    expect(slip.headers['content-type']).toBe('application/pdf');
    expect(slip.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // The scan is one of the application's files.
    const full = await call(t, 'GET', `/api/applications/${record.id}`, clerk.headers);
    expect(full.json().data.files.map((f: { file_id: number }) => f.file_id)).toContain(record.document_file.id);
  });

  it('requires the scan, of an allowed type and size', async () => {
    const { document_file_id: _omitted, ...withoutFile } = await documentBody();
    const missing = await call(t, 'POST', '/api/staff-applications/generate-registry-doc', clerk.headers, withoutFile);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().data.fields[0].path).toBe('body.document_file_id');

    const text = await upload(clerk.headers, 'scan.pdf', Buffer.from('nu sunt un pdf, doar text'));
    expect(text.statusCode).toBe(415);
    expect(text.json().message).toBe('VALIDATION.UPLOADED_FILE_TYPE');

    const zip = await uploadId(clerk.headers, 'arhiva.zip', tinyZip());
    const zipped = await call(
      t,
      'POST',
      '/api/staff-applications/generate-registry-doc',
      clerk.headers,
      await documentBody({ document_file_id: zip }),
    );
    expect(zipped.statusCode).toBe(415);
    expect(zipped.json()).toMatchObject({ message: 'VALIDATION.UPLOADED_FILE_TYPE', data: { detected: 'application/zip' } });

    const big = await upload(clerk.headers, 'mare.pdf', Buffer.concat([SMALL_PDF, Buffer.alloc(50 * 1024 * 1024)]));
    expect(big.statusCode).toBe(413);

    const someoneElses = await uploadId(colleague.headers, 'poza.png', PNG_1x1);
    const foreign = await call(
      t,
      'POST',
      '/api/staff-applications/generate-registry-doc',
      clerk.headers,
      await documentBody({ document_file_id: someoneElses }),
    );
    expect(foreign.statusCode).toBe(400);
  });
});

describe('changes while REGISTERED, and registry-send', () => {
  it('edits the registry data and the form, regenerates the slip, sends it on, then refuses changes (409)', async () => {
    const earlier = await registerApplication();
    const record = await registerApplication();
    const url = `/api/staff-applications/${record.id}`;

    const patched = await call(t, 'PATCH', `${url}/registry-application`, clerk.headers, {
      external_number: 'EXT-NOU',
      subject: 'Certificat pentru vânzare',
      connected_application_ids: [earlier.id],
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().data).toMatchObject({
      external_number: 'EXT-NOU',
      subject: 'Certificat pentru vânzare',
      connected: [{ id: earlier.id, identification_number: earlier.identification_number }],
    });

    const strangerConnection = await call(t, 'PATCH', `${url}/registry-application`, clerk.headers, {
      connected_application_ids: [999999],
    });
    expect(strangerConnection.statusCode).toBe(400);

    const form = await call(t, 'PATCH', `${url}/registry-application-form`, clerk.headers, {
      form: { denumire_lucrare: 'Anexă gospodărească' },
    });
    expect(form.statusCode, form.body).toBe(200);
    expect(form.json().data.form).toMatchObject({ denumire_lucrare: 'Anexă gospodărească', tip_lucrare: 'construire' });
    const badForm = await call(t, 'PATCH', `${url}/registry-application-form`, clerk.headers, {
      form: { denumire_lucrare: null },
    });
    expect(badForm.json().message).toBe('INVALID_FORM_VALUE');

    const slip = await call(t, 'PATCH', `${url}/generate-registry-doc`, clerk.headers);
    expect(slip.json().data.slip.version).toBe(2);

    const assignees = await call(t, 'GET', '/api/staff-applications/registry/assignees', clerk.headers);
    const ids = assignees.json().data.map((a: { id: number }) => a.id);
    expect(ids).toContain(colleague.id);
    expect(ids).not.toContain(otherAdmin.id);

    const wrong = await call(t, 'PUT', `${url}/registry-send`, clerk.headers, { assignee_user_id: otherAdmin.id });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('INVALID_ASSIGNEE');

    const sent = await call(t, 'PUT', `${url}/registry-send`, clerk.headers, {
      assignee_user_id: colleague.id,
      comment: 'Vă rog să verificați.',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data).toMatchObject({
      status: 'PENDING',
      sent_to: { id: colleague.id, name: 'Maria Colegu' },
      abilities: { canEditRegistry: false, canSend: false },
    });
    const [event] = await t.ctx.db
      .select()
      .from(domainEvents)
      .where(and(eq(domainEvents.entityId, record.id), eq(domainEvents.type, 'application.registry_sent')));
    expect(event.payload).toMatchObject({ assignee_user_id: colleague.id });

    for (const [method, suffix, body] of [
      ['PATCH', 'registry-application', { subject: 'x' }],
      ['PATCH', 'registry-application-form', { form: {} }],
      ['PATCH', 'generate-registry-doc', undefined],
      ['PUT', 'registry-send', { assignee_user_id: colleague.id }],
    ] as const) {
      const refused = await call(t, method, `${url}/${suffix}`, clerk.headers, body);
      expect(refused.statusCode, suffix).toBe(409);
      expect(refused.json().message).toBe('APPLICATION_ACTION_NOT_ALLOWED');
    }
  });

  it('hides records from another organisation (404) and searches only its own connections', async () => {
    const record = await registerApplication();
    const url = `/api/staff-applications/${record.id}`;
    for (const [method, suffix, body] of [
      ['GET', 'registry', undefined],
      ['GET', 'registry-slip', undefined],
      ['PATCH', 'registry-application', { subject: 'x' }],
      ['PATCH', 'registry-application-form', { form: {} }],
      ['PATCH', 'generate-registry-doc', undefined],
      ['PUT', 'registry-send', { assignee_user_id: otherAdmin.id }],
    ] as const) {
      const response = await call(t, method, `${url}/${suffix}`, otherAdmin.headers, body);
      expect(response.statusCode, suffix).toBe(404);
    }
    const invite = await call(t, 'POST', '/api/notifications/invite-beneficiary', otherAdmin.headers, {
      email: 'strain@example.ro',
      application_id: record.id,
    });
    expect(invite.statusCode).toBe(404);

    const number = record.identification_number.split('/')[1];
    const mine = await call(
      t,
      'GET',
      `/api/staff-applications/registry/connections?value=${record.identification_number}`,
      clerk.headers,
    );
    expect(mine.json().data.map((c: { id: number }) => c.id)).toEqual([record.id]);
    const theirs = await call(t, 'GET', `/api/staff-applications/registry/connections?value=${number}`, otherAdmin.headers);
    expect(theirs.json().data.map((c: { id: number }) => c.id)).not.toContain(record.id);
  });
});

describe('POST /notifications/invite-beneficiary', () => {
  it('e-mails a Romanian invitation once per application and e-mail', async () => {
    const record = await registerApplication();
    const email = `invitat.${++serial}@example.ro`;
    const invited = await call(t, 'POST', '/api/notifications/invite-beneficiary', clerk.headers, {
      email,
      application_id: record.id,
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const [message] = await kit.outbox(email);
    expect(message.subject).toContain(record.identification_number);
    expect(message.text).toContain('/auth/signup');
    expect(message.text).toContain(`/qr/${record.id}`);
    expect(message.text).toContain('vă invităm să vă creați un cont');

    const again = await call(t, 'POST', '/api/notifications/invite-beneficiary', clerk.headers, {
      email: email.toUpperCase(),
      application_id: record.id,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('BENEFICIARY_EMAIL_ALREADY_INVITED');

    const withAccount = await call(t, 'POST', '/api/notifications/invite-beneficiary', clerk.headers, {
      email: colleague.email,
      application_id: record.id,
    });
    expect(withAccount.json().message).toBe('BENEFICIARY_EMAIL_ALREADY_INVITED');

    const invalid = await call(t, 'POST', '/api/notifications/invite-beneficiary', clerk.headers, {
      email: 'nu-este-adresa',
      application_id: record.id,
    });
    expect(invalid.statusCode).toBe(400);

    const registry = await call(t, 'GET', `/api/staff-applications/${record.id}/registry`, clerk.headers);
    expect(registry.json().data.invited_emails).toEqual([email]);
  });

  it('keeps the walk-in person reachable as the beneficiary with CNP only in the application', async () => {
    const n = ++serial;
    const record = await registerApplication({ beneficiary: individual(n, { personal_numeric_code: makeCnp(n) }) });
    const [entry] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, record.id), eq(auditLog.action, 'application.registry_register')));
    expect(JSON.stringify(entry.after)).not.toContain(makeCnp(n));
  });
});

/** A one-entry ZIP archive (stored), written by hand: 'a.txt' holding 'x'. */
function tinyZip(): Buffer {
  const name = Buffer.from('a.txt');
  const data = Buffer.from('x');
  const crc = 0x8cdc1683;
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(1, 18);
  local.writeUInt32LE(1, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(1, 20);
  central.writeUInt32LE(1, 24);
  central.writeUInt16LE(name.length, 28);
  const localPart = Buffer.concat([local, name, data]);
  const centralPart = Buffer.concat([central, name]);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(centralPart.length, 12);
  end.writeUInt32LE(localPart.length, 16);
  return Buffer.concat([localPart, centralPart, end]);
}
