import net from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationBeneficiaries, auditLog } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import {
  call,
  createDraft,
  createFilingFixture,
  DEMO,
  type FilingFixture,
  individual,
  makeCnp,
  makeCui,
  startAnafStandIn,
} from '../../../test/applications-kit.js';
import { ANAF_RECHECK_JOB } from './jobs.js';
import { createAnafClient } from './anaf-client.js';

/**
 * Beneficiaries of an application (spec §3, §5): validation with the domain validators, no
 * duplicate CNP or CUI, the tax-authority check with its three outcomes and the re-check job.
 * A local HTTP server stands in for ANAF; stopping it makes the service unreachable.
 */

const KNOWN_CUI = 18547290; // the demo company's CUI (valid control digit)
const UNKNOWN_CUI = Number(makeCui(1234567));
const DOWN_CUI = Number(makeCui(7654321)); // the stand-in answers 503
const SLOW_CUI = Number(makeCui(9876543)); // the stand-in never answers

let t: TestApp;
let anaf: Awaited<ReturnType<typeof startAnafStandIn>>;
let fixture: FilingFixture;
beforeAll(async () => {
  anaf = await startAnafStandIn(
    [{ cui: KNOWN_CUI, denumire: 'CONSTRUCT MUREȘ SRL', adresa: 'MUN. TÂRGU MUREȘ, STR. GHEORGHE DOJA NR. 10' }],
    { down: [DOWN_CUI], slow: [SLOW_CUI] },
  );
  t = await createTestApp({ ANAF_API_URL: anaf.url, ANAF_TIMEOUT_MS: '2000' });
  fixture = await createFilingFixture(t);
});
afterAll(async () => {
  await t?.close();
  await anaf?.close();
});

const legal = (cui: string | number, extra: Record<string, unknown> = {}) => ({
  person_type: 'legal',
  company_name: 'Firma Test SRL',
  unique_registration_code: String(cui),
  ...extra,
});

const add = (id: number, body: Record<string, unknown>, who: string = DEMO.citizen) =>
  call(t, 'POST', `/api/applications/${id}/beneficiaries`, who, body);

const jobsOf = async (state?: string) => {
  const result = (await t.ctx.db.execute(
    sql`SELECT id, state, data FROM pgboss.job WHERE name = ${ANAF_RECHECK_JOB} ${state ? sql`AND state = ${state}` : sql``} ORDER BY created_on`,
  )) as unknown as { rows: { id: string; state: string; data: { target: string; id: number; cui: string } }[] };
  return result.rows;
};

describe('validation', () => {
  let id: number;
  beforeAll(async () => {
    id = await createDraft(t, DEMO.citizen, fixture.typeId);
  });

  it('adds a Romanian person with a valid CNP', async () => {
    const response = await add(
      id,
      individual(1, {
        email: 'ion@example.ro',
        phone: '+40 722 123 456',
        is_contact_person: true,
        details: { street: 'Str. Lungă', street_number: '3', postal_code: '540049' },
      }),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({
      person_type: 'individual',
      citizenship: 'romanian',
      user_type_name: 'citizen',
      display_name: 'Ion Popescu1',
      personal_numeric_code: makeCnp(1),
      phone: '0722123456',
      is_contact_person: true,
      anaf_status: 'not_applicable',
      details: { street: 'Str. Lungă', street_number: '3', postal_code: '540049' },
      abilities: { canEdit: true, canDelete: true },
    });
  });

  it('refuses what the rules refuse, with Romanian messages', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [individual(2, { personal_numeric_code: '1850101260000' }), 'body.personal_numeric_code', 'CNP-ul nu este valid'],
      [individual(2, { personal_numeric_code: null }), 'body.personal_numeric_code', 'Acest câmp este obligatoriu'],
      [individual(2, { first_name: '' }), 'body.first_name', 'Acest câmp este obligatoriu'],
      [
        individual(2, { personal_numeric_code: makeCnp(2, '150101', '5') }),
        'body.personal_numeric_code',
        'Persoana trebuie să aibă cel puțin 18 ani',
      ],
      [individual(2, { email: 'nu-e-email' }), 'body.email', 'Adresa de e-mail nu este validă'],
      [individual(2, { phone: '12345' }), 'body.phone', 'Numărul de telefon nu este valid'],
      [
        { person_type: 'individual', citizenship: 'foreign', first_name: 'John', last_name: 'Smith' },
        'body.details.passport_number',
        'Numărul pașaportului este obligatoriu pentru cetățenii străini.',
      ],
      [legal('18547291'), 'body.unique_registration_code', 'CUI/CIF-ul nu este valid'],
      [legal(KNOWN_CUI, { company_name: '' }), 'body.company_name', 'Acest câmp este obligatoriu'],
      [{ first_name: 'Ion' }, 'body.person_type', 'Acest câmp este obligatoriu'],
    ];
    for (const [body, path, message] of cases) {
      const response = await add(id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toBe('VALIDATION_ERROR');
      expect(response.json().data.fields, JSON.stringify(body)).toContainEqual(expect.objectContaining({ path, message }));
    }
  });

  it('accepts a foreign person with a passport and a foreign company without a CUI', async () => {
    const person = await add(id, {
      person_type: 'individual',
      citizenship: 'foreign',
      first_name: 'John',
      last_name: 'Smith',
      phone: '+44 20 7946 0958',
      details: { passport_number: 'X1234567', country_id: 1 },
    });
    expect(person.statusCode).toBe(201);
    expect(person.json().data).toMatchObject({ user_type_name: 'foreigner', anaf_status: 'not_applicable' });
    const company = await add(id, { person_type: 'legal', citizenship: 'foreign', company_name: 'Example GmbH' });
    expect(company.statusCode).toBe(201);
    expect(company.json().data).toMatchObject({
      user_type_name: 'legal_entity',
      anaf_status: 'not_applicable',
      unique_registration_code: null,
    });
  });

  it('refuses a second beneficiary with the same CNP or CUI on one application', async () => {
    const cnp = await add(id, individual(1, { first_name: 'Altcineva' }));
    expect(cnp.statusCode).toBe(400);
    expect(cnp.json()).toEqual({
      message: 'VALIDATION_ERROR',
      data: {
        fields: [{ path: 'body.personal_numeric_code', message: 'Un beneficiar cu acest CNP a fost deja adăugat pe cerere.' }],
        reason: 'duplicate_cnp',
      },
    });
    expect((await add(id, legal(KNOWN_CUI))).statusCode).toBe(201);
    // With or without the RO prefix it is the same company.
    const cui = await add(id, legal(`RO ${KNOWN_CUI}`, { company_name: 'Alt nume' }));
    expect(cui.statusCode).toBe(400);
    expect(cui.json().data.fields[0]).toEqual({
      path: 'body.unique_registration_code',
      message: 'Un beneficiar cu acest CUI/CIF a fost deja adăugat pe cerere.',
    });
    // The same person may be on another application.
    const other = await createDraft(t, DEMO.citizen, fixture.typeId);
    expect((await add(other, individual(1))).statusCode).toBe(201);
  });

  it('edits with a merge patch and keeps the rules on the result', async () => {
    const created = (await add(id, individual(3))).json().data;
    const patched = await call(t, 'PATCH', `/api/applications/${id}/beneficiaries/${created.id}`, DEMO.citizen, {
      first_name: 'Vasile',
      details: { city: 'Reghin' },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().data).toMatchObject({ first_name: 'Vasile', last_name: 'Popescu3', details: { city: 'Reghin' } });
    const cleared = await call(t, 'PATCH', `/api/applications/${id}/beneficiaries/${created.id}`, DEMO.citizen, {
      details: { city: null },
    });
    expect(cleared.json().data.details.city).toBeUndefined();
    const duplicate = await call(t, 'PATCH', `/api/applications/${id}/beneficiaries/${created.id}`, DEMO.citizen, {
      personal_numeric_code: makeCnp(1),
    });
    expect(duplicate.json().data.reason).toBe('duplicate_cnp');
    const invalid = await call(t, 'PATCH', `/api/applications/${id}/beneficiaries/${created.id}`, DEMO.citizen, {
      last_name: null,
    });
    expect(invalid.json().data.fields).toEqual([{ path: 'body.last_name', message: 'Acest câmp este obligatoriu' }]);
    expect(
      (await call(t, 'PATCH', `/api/applications/${id}/beneficiaries/999999`, DEMO.citizen, { first_name: 'X' })).statusCode,
    ).toBe(404);
  });

  it('removes a beneficiary', async () => {
    const created = (await add(id, individual(4))).json().data;
    expect((await call(t, 'DELETE', `/api/applications/${id}/beneficiaries/${created.id}`, DEMO.citizen)).statusCode).toBe(204);
    expect((await call(t, 'DELETE', `/api/applications/${id}/beneficiaries/${created.id}`, DEMO.citizen)).statusCode).toBe(404);
    const [entry] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'application.beneficiary_remove'), eq(auditLog.entityId, String(id))));
    expect(entry).toBeDefined();
  });
});

describe('the tax authority (ANAF)', () => {
  it('validates a CUI that ANAF knows and keeps the company data', async () => {
    const id = await createDraft(t, DEMO.citizen, fixture.typeId);
    const before = anaf.requests.length;
    const response = await add(id, legal(`RO${KNOWN_CUI}`));
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({
      unique_registration_code: String(KNOWN_CUI),
      anaf_status: 'validated',
      anaf_data: {
        cui: String(KNOWN_CUI),
        name: 'CONSTRUCT MUREȘ SRL',
        address: 'MUN. TÂRGU MUREȘ, STR. GHEORGHE DOJA NR. 10',
        vat_payer: true,
      },
    });
    expect(response.json().data.anaf_checked_at).not.toBeNull();
    // The request ANAF expects: one entry, the CUI as a number and today's date.
    expect(anaf.requests[before]).toEqual([{ cui: KNOWN_CUI, data: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) }]);
  });

  it('keeps a CUI that ANAF does not know, flagged invalid for staff to decide', async () => {
    const id = await createDraft(t, DEMO.citizen, fixture.typeId);
    const response = await add(id, legal(UNKNOWN_CUI));
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({ anaf_status: 'invalid', anaf_data: null });
    expect(await jobsOf()).toHaveLength(0);
  });

  it('keeps the beneficiary unvalidated when ANAF is unreachable and re-checks it later', async () => {
    const id = await createDraft(t, DEMO.citizen, fixture.typeId);
    await anaf.stop();
    const response = await add(id, legal(KNOWN_CUI));
    expect(response.statusCode).toBe(201);
    const beneficiary = response.json().data;
    expect(beneficiary).toMatchObject({ anaf_status: 'unvalidated', anaf_data: null, anaf_checked_at: null });
    const [job] = await jobsOf('created');
    expect(job.data).toEqual({ target: 'application', id: beneficiary.id, cui: String(KNOWN_CUI) });

    // Still unreachable: the job fails and is retried later (backoff).
    await t.ctx.jobs.drain();
    expect((await jobsOf('retry')).length).toBe(1);
    let [row] = await t.ctx.db.select().from(applicationBeneficiaries).where(eq(applicationBeneficiaries.id, beneficiary.id));
    expect(row.anafStatus).toBe('unvalidated');

    // ANAF is back; the retry comes due.
    await anaf.start();
    await t.ctx.db.execute(sql`UPDATE pgboss.job SET start_after = now() WHERE name = ${ANAF_RECHECK_JOB} AND state = 'retry'`);
    await t.ctx.jobs.drain();
    [row] = await t.ctx.db.select().from(applicationBeneficiaries).where(eq(applicationBeneficiaries.id, beneficiary.id));
    expect(row.anafStatus).toBe('validated');
    expect(row.anafData).toMatchObject({ name: 'CONSTRUCT MUREȘ SRL' });
    expect((await jobsOf('completed')).length).toBe(1);
    const [entry] = await t.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'beneficiary.anaf_recheck'));
    expect(entry.after).toMatchObject({ anaf_status: 'validated' });
  });

  it('a late answer does not overwrite a CUI changed meanwhile', async () => {
    const id = await createDraft(t, DEMO.citizen, fixture.typeId);
    await anaf.stop();
    const created = (await add(id, legal(KNOWN_CUI))).json().data;
    await anaf.start();
    // The user corrects the CUI: asked again at once (ANAF is back), not found.
    const patched = await call(t, 'PATCH', `/api/applications/${id}/beneficiaries/${created.id}`, DEMO.citizen, {
      unique_registration_code: String(UNKNOWN_CUI),
    });
    expect(patched.json().data.anaf_status).toBe('invalid');
    await t.ctx.db.execute(
      sql`UPDATE pgboss.job SET start_after = now() WHERE name = ${ANAF_RECHECK_JOB} AND state IN ('created', 'retry')`,
    );
    await t.ctx.jobs.drain();
    const [row] = await t.ctx.db.select().from(applicationBeneficiaries).where(eq(applicationBeneficiaries.id, created.id));
    expect(row).toMatchObject({ anafStatus: 'invalid', uniqueRegistrationCode: String(UNKNOWN_CUI) });
  });

  it('answers the three outcomes on interogate-anaf', async () => {
    const found = await call(t, 'POST', '/api/beneficiaries/interogate-anaf?echo=true', DEMO.citizen, { cui: `RO${KNOWN_CUI}` });
    expect(found.statusCode).toBe(200);
    expect(found.json().data).toMatchObject({
      cui: String(KNOWN_CUI),
      status: 'validated',
      company: { name: 'CONSTRUCT MUREȘ SRL' },
    });
    const missing = await call(t, 'POST', '/api/beneficiaries/interogate-anaf', DEMO.citizen, { cui: String(UNKNOWN_CUI) });
    expect(missing.json().data).toEqual({ cui: String(UNKNOWN_CUI), status: 'invalid', company: null });
    await anaf.stop();
    const down = await call(t, 'POST', '/api/beneficiaries/interogate-anaf', DEMO.citizen, { cui: String(KNOWN_CUI) });
    expect(down.json().data).toEqual({ cui: String(KNOWN_CUI), status: 'unvalidated', company: null });
    await anaf.start();
    const bad = await call(t, 'POST', '/api/beneficiaries/interogate-anaf', DEMO.citizen, { cui: '123' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.fields[0].message).toBe('CUI/CIF-ul nu este valid');
    expect(
      (await call(t, 'POST', '/api/beneficiaries/interogate-anaf', DEMO.archiver, { cui: String(KNOWN_CUI) })).statusCode,
    ).toBe(403);
  });

  it('keeps a beneficiary unvalidated when ANAF answers 503 or not in time', async () => {
    const id = await createDraft(t, DEMO.citizen, fixture.typeId);
    for (const cui of [DOWN_CUI, SLOW_CUI]) {
      const before = anaf.requests.length;
      const response = await add(id, legal(cui, { company_name: `Firma ${cui} SRL` }));
      expect(response.statusCode).toBe(201);
      expect(response.json().data).toMatchObject({ anaf_status: 'unvalidated', anaf_data: null, anaf_checked_at: null });
      expect(anaf.requests[before]).toEqual([{ cui, data: expect.any(String) }]);
    }
    expect((await jobsOf('created')).map((job) => job.data.cui)).toEqual(
      expect.arrayContaining([String(DOWN_CUI), String(SLOW_CUI)]),
    );
  });

  it('the client gives up after its timeout and on answers it cannot read', async () => {
    const silent = net.createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as net.AddressInfo).port;
    const slow = createAnafClient({ url: `http://127.0.0.1:${port}/`, timeoutMs: 200 });
    expect(await slow.check(String(KNOWN_CUI))).toEqual({ status: 'unreachable', reason: 'timeout' });
    silent.close();
    const garbage = createAnafClient(
      { url: 'http://127.0.0.1:1/', timeoutMs: 1000 },
      async () => new Response('<html>eroare</html>', { status: 200 }),
    );
    expect(await garbage.check(String(KNOWN_CUI))).toEqual({ status: 'unreachable', reason: 'unexpected_response' });
    const failing = createAnafClient(
      { url: 'http://127.0.0.1:1/', timeoutMs: 1000 },
      async () => new Response('', { status: 503 }),
    );
    expect(await failing.check(String(KNOWN_CUI))).toEqual({ status: 'unreachable', reason: 'http_503' });
  });
});

describe('the register (/beneficiaries)', () => {
  it('saves, lists, reads, replaces and deletes the user’s own beneficiaries', async () => {
    const created = await call(
      t,
      'POST',
      '/api/beneficiaries?echo=true',
      DEMO.citizen,
      individual(50, { last_name: 'Moldovan' }),
    );
    expect(created.statusCode).toBe(201);
    const saved = created.json().data;
    expect(saved).toMatchObject({ display_name: 'Ion Moldovan', abilities: { canEdit: true, canDelete: true } });
    const company = await call(t, 'POST', '/api/beneficiaries', DEMO.citizen, legal(KNOWN_CUI));
    expect(Object.keys(company.json().data)).toEqual(['id']);

    const list = await call(t, 'GET', '/api/beneficiaries?pagination=true', DEMO.citizen);
    expect(list.json().pagination.total).toBe(2);
    expect(
      (await call(t, 'GET', '/api/beneficiaries?orLikeQuery=moldovan', DEMO.citizen))
        .json()
        .data.map((b: { id: number }) => b.id),
    ).toEqual([saved.id]);
    expect((await call(t, 'GET', '/api/beneficiaries?person_type[eq]=legal', DEMO.citizen)).json().data[0]).toMatchObject({
      anaf_status: 'validated',
    });
    expect((await call(t, 'GET', '/api/beneficiaries?nope[eq]=1', DEMO.citizen)).statusCode).toBe(400);

    const replaced = await call(
      t,
      'PUT',
      `/api/beneficiaries/${saved.id}`,
      DEMO.citizen,
      individual(51, { last_name: 'Moldovan', first_name: 'Maria' }),
    );
    expect(replaced.json().data).toMatchObject({ first_name: 'Maria', personal_numeric_code: makeCnp(51) });
    expect((await call(t, 'GET', `/api/beneficiaries/${saved.id}`, DEMO.citizen)).json().data.first_name).toBe('Maria');

    // Another user sees none of it.
    expect((await call(t, 'GET', `/api/beneficiaries/${saved.id}`, DEMO.company)).statusCode).toBe(404);
    expect((await call(t, 'PUT', `/api/beneficiaries/${saved.id}`, DEMO.company, individual(52))).statusCode).toBe(404);
    expect((await call(t, 'DELETE', `/api/beneficiaries/${saved.id}`, DEMO.company)).statusCode).toBe(404);
    expect((await call(t, 'GET', '/api/beneficiaries', DEMO.company)).json().data).toEqual([]);

    expect((await call(t, 'DELETE', `/api/beneficiaries/${saved.id}`, DEMO.citizen)).statusCode).toBe(204);
    expect((await call(t, 'GET', `/api/beneficiaries/${saved.id}`, DEMO.citizen)).statusCode).toBe(404);
  });

  it('copies a saved beneficiary onto an application, with its ANAF check', async () => {
    const saved = (
      await call(t, 'POST', '/api/beneficiaries?echo=true', DEMO.citizen, legal(KNOWN_CUI, { company_name: 'Construct' }))
    ).json().data;
    const id = await createDraft(t, DEMO.citizen, fixture.typeId);
    const before = anaf.requests.length;
    const copied = await add(id, { from_beneficiary_id: saved.id });
    expect(copied.statusCode).toBe(201);
    expect(copied.json().data).toMatchObject({
      company_name: 'Construct',
      unique_registration_code: String(KNOWN_CUI),
      anaf_status: 'validated',
    });
    expect(anaf.requests.length).toBe(before);
    // The copy counts for the duplicate rule.
    expect((await add(id, { from_beneficiary_id: saved.id })).json().data.reason).toBe('duplicate_cui');
    // Someone else's saved beneficiary cannot be copied.
    const others = (await call(t, 'POST', '/api/beneficiaries?echo=true', DEMO.company, individual(60))).json().data;
    const refused = await add(id, { from_beneficiary_id: others.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().data.fields[0]).toEqual({
      path: 'body.from_beneficiary_id',
      message: 'Beneficiarul nu există în registrul dumneavoastră.',
    });
  });

  it('validates the register like the applications', async () => {
    const response = await call(t, 'POST', '/api/beneficiaries', DEMO.citizen, individual(70, { personal_numeric_code: '123' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().data.fields[0].message).toBe('CNP-ul nu este valid');
  });
});
