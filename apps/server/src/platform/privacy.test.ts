import { cnpControlDigit } from '@ghiseu/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureLog, createTestApp, type TestApp } from '../../test/test-app.js';
import { outboxMessages } from '../db/schema/index.js';
import { accountsTestKit, STRONG_PASSWORD } from '../../test/accounts-kit.js';
import { buildCitizen, type SignedIn } from '../../test/factories.js';
import { removeExpired } from './housekeeping.js';
import type { JobQueue } from './jobs.js';
import { deliverMessageJob, Messaging, type MessageTransport, type RenderedMessage, redactMessageJob } from './messaging.js';

/**
 * Personal data and secrets stay where they belong (issue 8): the log of a real app carries
 * no password, token, link key or SMS code of the account flows, and no personal data when a
 * query fails; the outbox keeps no key or code once a message is delivered or its secret has
 * expired.
 */

const log = captureLog();
const { lines } = log;
const logText = log.text;

let t: TestApp;
/** A signed-in citizen for the flows that need one (the account flows below register their own). */
let citizen: SignedIn;
beforeAll(async () => {
  t = await createTestApp({}, { logStream: log.stream });
  citizen = await buildCitizen(t);
});
afterAll(async () => {
  await t?.close();
});

const { request, linkKey, smsCode, bearer } = accountsTestKit(() => t);
const NEW_PASSWORD = 'Alta!Parola2027';
const EMAIL = 'maria.privat@example.ro';
const PHONE = '0722000777';

/** Every secret the account flows below handed out, to look for in the log and the outbox. */
const secrets: string[] = [STRONG_PASSWORD, NEW_PASSWORD];
const keep = (value: string | null | undefined) => {
  expect(value).toBeTruthy();
  secrets.push(value as string);
  return value as string;
};

/** Registration, e-mail and phone confirmation, sign-in, a wrong password, password reset. */
async function runAccountFlows(): Promise<void> {
  const registered = await request({
    method: 'POST',
    url: '/api/auth/register',
    payload: {
      account_type: 'personal',
      user_type_name: 'citizen',
      first_name: 'Maria',
      last_name: 'Privat',
      email: EMAIL,
      phone: PHONE,
      password: STRONG_PASSWORD,
      confirmPassword: STRONG_PASSWORD,
      terms_accepted: true,
    },
  });
  expect(registered.statusCode).toBe(201);
  const confirmationKey = keep(await linkKey(EMAIL, '/auth/confirm-email'));
  const confirmed = await request({ method: 'POST', url: '/api/auth/confirm-email', payload: { confirmationKey } });
  const verificationToken = keep(confirmed.json().data.verificationToken);
  expect(
    (await request({ method: 'POST', url: '/api/auth/phone/update', payload: { phone: PHONE, token: verificationToken } }))
      .statusCode,
  ).toBe(204);
  const code = keep(await smsCode(PHONE));
  const validated = await request({
    method: 'POST',
    url: '/api/auth/phone/validate',
    payload: { phone: PHONE, smsCode: code, token: verificationToken },
  });
  keep(validated.json().data.authToken);

  const wrong = await request({ method: 'POST', url: '/api/auth/login', payload: { email: EMAIL, password: 'Gresit!Parola1' } });
  expect(wrong.json().message).toBe('AUTH_FAILED');
  expect((await request({ method: 'POST', url: '/api/recover-password', payload: { email: EMAIL } })).statusCode).toBe(204);
  const resetKey = keep(await linkKey(EMAIL, '/auth/reset-password'));
  const reset = await request({
    method: 'PATCH',
    url: '/api/auth/reset-password',
    payload: { confirmationKey: resetKey, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
  });
  expect(reset.statusCode).toBe(204);
  const signedIn = await request({ method: 'POST', url: '/api/auth/login', payload: { email: EMAIL, password: NEW_PASSWORD } });
  const session = keep(signedIn.json().data.authToken);
  expect((await request({ method: 'GET', url: '/api/users/me', headers: bearer(session) })).statusCode).toBe(200);
}

describe('the log', () => {
  it('carries no password, token, link key or SMS code of registration, sign-in, reset and SMS', async () => {
    await runAccountFlows();
    await t.ctx.jobs.drain();
    expect(lines.length).toBeGreaterThan(10); // requests were logged
    const log = logText();
    for (const secret of secrets) expect(log).not.toContain(secret);
  });

  it('logs a failed query without its parameters, values or the database detail', async () => {
    const first12 = '285031526001';
    const cnp = `${first12}${cnpControlDigit(first12)}`;
    const iban = 'RO49AAAA1B31007593840000';
    const idNumber = '918273';
    const street = 'Strada Ghiocelului Tainic';
    // Any write of a profile fails in the database, and the failure echoes the values (as
    // PostgreSQL's own messages and details do for unique keys and bad input).
    await t.ctx.db.execute(sql`
      CREATE FUNCTION refuse_profile() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'profil refuzat: %', NEW.personal_numeric_code
          USING DETAIL = 'Key (iban)=(' || coalesce(NEW.iban, '') || ') ' || coalesce(NEW.id_card_number, ''),
                HINT = coalesce(NEW.street, '');
      END $$`);
    await t.ctx.db.execute(
      sql`CREATE TRIGGER refuse_profile BEFORE INSERT OR UPDATE ON profiles FOR EACH ROW EXECUTE FUNCTION refuse_profile()`,
    );
    try {
      const response = await t.app.inject({
        method: 'PUT',
        url: '/api/profiles/me',
        headers: citizen.headers,
        payload: {
          first_name: 'Ioana',
          last_name: 'Popescu',
          personal_numeric_code: cnp,
          county_id: 261,
          locality_id: 114319,
          village_id: 114337,
          street,
          street_number: '5',
          postal_code: '540001',
          iban: 'ro49 aaaa 1b31 0075 9384 0000',
          bank: 'Banca Transilvania',
          id_card_series: 'MS',
          id_card_number: idNumber,
          id_card_issue_date: '2020-01-10',
          id_card_expiry_date: '2030-01-10',
          id_card_issuer: 'SPCLEP Târgu Mureș',
        },
      });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ message: 'INTERNAL_ERROR' });
    } finally {
      await t.ctx.db.execute(sql`DROP TRIGGER refuse_profile ON profiles`);
      await t.ctx.db.execute(sql`DROP FUNCTION refuse_profile()`);
    }

    const entries = lines.map((line) => JSON.parse(line) as { msg?: string; err?: Record<string, unknown> });
    const failure = entries.find((e) => e.msg === 'unhandled error');
    // The failure is logged, with what helps: the code, the message without values, the stack.
    expect(failure?.err).toMatchObject({ type: expect.any(String), stack: expect.stringContaining('    at ') });
    const cause = JSON.stringify(failure?.err);
    expect(cause).toContain('"code":"P0001"');
    expect(cause).toContain('profil refuzat');
    expect(cause).not.toContain('params');
    const log = logText();
    for (const value of [cnp, first12, iban, '1B31007593840000', 'ro49 aaaa', idNumber, street]) expect(log).not.toContain(value);
  });
});

describe('the outbox', () => {
  /** A transport standing in for an SMTP server or an SMS provider: it keeps what it was given. */
  const delivered: RenderedMessage[] = [];
  const capturing: MessageTransport = {
    async deliver(_message, rendered) {
      delivered.push(rendered);
    },
  };
  const stubQueue = {} as JobQueue;

  it('keeps no link key or code once a real transport has taken the message', async () => {
    const provider = new Messaging(stubQueue, { email: capturing, sms: capturing });
    const before = (await t.ctx.db.select({ id: outboxMessages.id }).from(outboxMessages)).map((r) => r.id);
    const email = 'ion.livrat@example.ro';
    expect((await request({ method: 'POST', url: '/api/recover-password', payload: { email: citizen.email } })).statusCode).toBe(
      204,
    );
    const registered = await request({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        account_type: 'personal',
        user_type_name: 'citizen',
        first_name: 'Ion',
        last_name: 'Livrat',
        email,
        phone: '0722000888',
        password: STRONG_PASSWORD,
        confirmPassword: STRONG_PASSWORD,
        terms_accepted: true,
      },
    });
    expect(registered.statusCode).toBe(201);
    const fresh = (await t.ctx.db.select().from(outboxMessages)).filter((r) => !before.includes(r.id));
    expect(fresh).toHaveLength(2);
    // Before delivery the key sits apart from the body, which holds a slot.
    for (const row of fresh) {
      expect(row.secrets).toHaveLength(1);
      expect(row.text).not.toContain(row.secrets?.[0]);
      expect(row.html).not.toContain(row.secrets?.[0]);
    }
    const keys = fresh.map((r) => r.secrets?.[0] as string);

    // The delivery job as it runs in a worker, with the provider as the messaging service.
    for (const row of fresh)
      await deliverMessageJob.handler({ messageId: row.id }, { ...t.ctx, messaging: provider, log: t.app.log });
    // The recipient got the real links…
    expect(delivered).toHaveLength(2);
    for (const key of keys)
      expect(delivered.some((m) => m.text.includes(`confirmationKey=${key}`) && m.html?.includes(key))).toBe(true);
    // …and the portal's copy no longer has them.
    const after = await t.ctx.db.select().from(outboxMessages);
    const dump = JSON.stringify(after);
    for (const key of keys) expect(dump).not.toContain(key);
    const reread = after.filter((r) => fresh.some((f) => f.id === r.id));
    expect(reread.map((r) => [r.status, r.secrets])).toEqual([
      ['sent', null],
      ['sent', null],
    ]);
    const outbox = (await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${email}` })).json().data;
    expect(outbox[0].text).toContain('confirmationKey=[șters]');
  });

  it('as the built-in mailbox, shows a code only while it works, then forgets it', async () => {
    const phone = '0722000999';
    expect(
      (await request({ method: 'POST', url: '/api/auth/phone/update', headers: citizen.headers, payload: { phone } })).statusCode,
    ).toBe(204);
    await t.ctx.jobs.drain();
    // Delivered to the mailbox: still readable there, for the life of the code.
    const code = await smsCode(phone);
    const [row] = await t.ctx.db.select().from(outboxMessages).where(eq(outboxMessages.to, phone));
    expect(row.status).toBe('sent');
    expect(row.text).not.toContain(code);
    expect(row.secrets).toEqual([code]);
    expect(row.secretsExpireAt?.getTime()).toBeGreaterThan(Date.now() + 9 * 60_000);
    // The redaction job waits for the code's expiry in the queue.
    const queued = (await t.ctx.db.execute(
      sql`SELECT start_after FROM pgboss.job WHERE name = 'messaging.redact' AND data->>'messageId' = ${String(row.id)}`,
    )) as unknown as { rows: { start_after: Date }[] };
    expect(queued.rows).toHaveLength(1);
    expect(new Date(queued.rows[0].start_after).getTime()).toBe(row.secretsExpireAt?.getTime());

    await redactMessageJob.handler({ messageId: row.id }, { ...t.ctx, log: t.app.log });
    const [redacted] = await t.ctx.db.select().from(outboxMessages).where(eq(outboxMessages.id, row.id));
    expect(JSON.stringify(redacted)).not.toContain(code);
    const shown = (await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${phone}` })).json().data[0];
    expect(shown.text).toContain('este [șters].');
  });

  it('after housekeeping holds no token, code or link key at all', async () => {
    await t.ctx.db.update(outboxMessages).set({ secretsExpireAt: new Date(Date.now() - 1000) });
    await removeExpired(t.ctx.db);
    const dump = JSON.stringify(await t.ctx.db.select().from(outboxMessages));
    for (const secret of secrets) expect(dump).not.toContain(secret);
    expect(dump).not.toMatch(/confirmationKey=[\w-]{20,}/);
  });

  it('is served only to this machine', async () => {
    const local = await t.app.inject({ method: 'GET', url: '/api/dev/outbox' });
    expect(local.statusCode).toBe(200);
    for (const remoteAddress of ['10.1.2.3', '192.168.0.10', '::ffff:10.0.0.1']) {
      const remote = await t.app.inject({ method: 'GET', url: '/api/dev/outbox', remoteAddress });
      const missing = await t.app.inject({ method: 'GET', url: '/api/dev/nothing-here', remoteAddress });
      expect(remote.statusCode).toBe(404);
      expect(remote.body).toBe(missing.body);
    }
    const v6 = await t.app.inject({ method: 'GET', url: '/api/dev/outbox', remoteAddress: '::1' });
    expect(v6.statusCode).toBe(200);
  });
});

describe('HTTP answers', () => {
  it('are not cached unless the route says otherwise', async () => {
    const { headers } = citizen;
    const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers });
    expect(me.statusCode).toBe(200);
    expect(me.headers['cache-control']).toBe('no-store');
    const refused = await t.app.inject({ method: 'GET', url: '/api/users/me' });
    expect(refused.headers['cache-control']).toBe('no-store');
    // A route's own header stands (file downloads say 'private, no-store').
    const issued = await t.app.inject({
      method: 'POST',
      url: '/api/files/upload-tokens',
      headers,
      payload: { purpose: 'default' },
    });
    expect(issued.headers['cache-control']).toBe('no-store');
  });

  it('mark the public routes as needing no bearer token in the OpenAPI document', async () => {
    const paths = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json().paths;
    // Public by config.auth, without a security list of its own in the route.
    expect(paths['/api/application-types/organisation'].get.security).toEqual([]);
    expect(paths['/api/auth/phone/validate'].post.security).toEqual([]);
    // Signed-in routes keep the document's bearer requirement.
    expect(paths['/api/users/me'].get.security).toBeUndefined();
  });
});
