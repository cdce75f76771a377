import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, DEMO } from '../../../../test/administration-kit.js';
import { startSmsStandIn, type SmsStandIn } from '../../../../test/sms-stand-in.js';
import { captureLog, createTestApp, type TestApp } from '../../../../test/test-app.js';
import { outboxMessages } from '../../../db/schema/index.js';
import { executeRows } from '../../../platform/db.js';
import { removeExpired } from '../../../platform/housekeeping.js';
import { DELIVERY_RETRY_LIMIT, deliverMessageJob } from '../../../platform/messaging.js';
import { deliverUntilSettled, makeRetriesDue } from './test-kit.js';

/**
 * SMS over the provider's HTTP API against the stand-in (accepted with the provider's id,
 * delivery receipts, permanent refusals, retries, idempotency by reference, timeouts) and the
 * delivery log route.
 */

const KEY = 'cheie-sms-test-0123456789';
let t: TestApp;
let provider: SmsStandIn;
const log = captureLog<{ msg?: string }>();

beforeAll(async () => {
  provider = await startSmsStandIn({ key: KEY });
  t = await createTestApp(
    { SMS_API_URL: provider.url, SMS_API_KEY: KEY, SMS_SENDER: 'CJMures', SMS_TIMEOUT_MS: '2000' },
    { logStream: log.stream },
  );
});
afterAll(async () => {
  await t?.close();
  await provider?.close();
});
// Each test starts with nothing waiting and no fault left armed by the one before.
beforeEach(async () => {
  provider.failNext(0);
  provider.hangNext(0);
  await deliverUntilSettled(t.ctx);
});

/** The states of the delivery jobs of one message in pg-boss. */
async function jobStates(id: number) {
  const jobs = await executeRows<{ state: string }>(
    t.ctx.db,
    sql`SELECT state FROM pgboss.job WHERE name = 'messaging.deliver' AND data->>'messageId' = ${String(id)}`,
  );
  return jobs.map((j) => j.state);
}

let phoneCounter = 0;
const nextPhone = () => `+407220${String(10_000 + ++phoneCounter).padStart(5, '0')}`;

async function sendSms(text = 'Cererea dumneavoastră a fost înregistrată.', eventType?: string) {
  const to = nextPhone();
  const id = await t.ctx.messaging.sendSms(t.ctx.db, { to, text, ...(eventType ? { eventType } : {}) });
  return { id, to };
}

async function row(id: number) {
  const [found] = await t.ctx.db.select().from(outboxMessages).where(eq(outboxMessages.id, id));
  return found;
}

const receipt = (id: string, status: 'delivered' | 'failed', at = new Date()) => {
  const { payload, headers } = provider.receipt(id, status, at);
  return t.app.inject({ method: 'POST', url: '/api/notifications/sms/receipts', payload, headers });
};

describe('SMS over HTTP', () => {
  it('hands the message to the provider with its key, sender and reference, and keeps the provider id', async () => {
    const { id, to } = await sendSms('Codul dumneavoastră: 482913');
    await t.ctx.jobs.drain();
    const sent = await row(id);
    expect(sent).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    const accepted = provider.byReference.get(`outbox-${id}`);
    expect(accepted).toMatchObject({ to, from: 'CJMures', text: 'Codul dumneavoastră: 482913' });
    expect(sent.providerMessageId).toBe(accepted?.id);
    expect(sent.sentAt).toBeInstanceOf(Date);
  });

  it('sends a Romanian number in national form as the provider takes it, +40…', async () => {
    const id = await t.ctx.messaging.sendSms(t.ctx.db, { to: '0722123456', text: 'Număr național' });
    await t.ctx.jobs.drain();
    expect(provider.byReference.get(`outbox-${id}`)?.to).toBe('+40722123456');
    expect((await row(id)).to).toBe('0722123456');
  });

  it('records the delivery receipt, once, and a refusal by the operator as a failure', async () => {
    const { id } = await sendSms();
    await t.ctx.jobs.drain();
    const providerId = (await row(id)).providerMessageId as string;
    const at = new Date('2026-11-24T10:00:00Z');
    expect((await receipt(providerId, 'delivered', at)).statusCode).toBe(204);
    expect((await row(id)).deliveredAt?.toISOString()).toBe(at.toISOString());
    // A repeated receipt changes nothing (providers resend until they get a 2xx).
    expect((await receipt(providerId, 'delivered', new Date('2026-11-24T11:00:00Z'))).statusCode).toBe(204);
    expect((await row(id)).deliveredAt?.toISOString()).toBe(at.toISOString());

    const refused = await sendSms();
    await t.ctx.jobs.drain();
    const refusedId = (await row(refused.id)).providerMessageId as string;
    expect((await receipt(refusedId, 'failed', at)).statusCode).toBe(204);
    expect(await row(refused.id)).toMatchObject({ status: 'failed', lastError: 'respins de operator', failedAt: at });
  });

  it('takes the receipt the provider posts over HTTP to the listening portal', async () => {
    const { id } = await sendSms();
    await t.ctx.jobs.drain();
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    provider.setReceiptUrl(`${address}/api/notifications/sms/receipts`);
    expect(await provider.sendReceipt((await row(id)).providerMessageId as string, 'delivered')).toBe(204);
    expect((await row(id)).deliveredAt).toBeInstanceOf(Date);
    expect(await provider.sendReceipt('sms-necunoscut', 'delivered')).toBe(404);
    expect(await provider.sendReceipt((await row(id)).providerMessageId as string, 'failed', new Date(), 'sha256=fals')).toBe(
      401,
    );
  });

  it('answers 404 to a receipt of an unknown message and 401 to a forged one, logging no body', async () => {
    expect((await receipt('sms-necunoscut-999', 'delivered')).statusCode).toBe(404);

    const { id } = await sendSms();
    await t.ctx.jobs.drain();
    const providerId = (await row(id)).providerMessageId as string;
    const { payload } = provider.receipt(providerId, 'failed');
    const forged = [
      { 'content-type': 'application/json' },
      { 'content-type': 'application/json', 'x-signature': 'sha256=00' },
      // Signed with another key.
      {
        'content-type': 'application/json',
        'x-signature': (await startSmsStandIn({ key: 'alta-cheie-0123' }).then(async (other) => {
          await other.close();
          return other.receipt(providerId, 'failed').headers['x-signature'];
        })) as string,
      },
    ];
    for (const headers of forged) {
      const response = await t.app.inject({ method: 'POST', url: '/api/notifications/sms/receipts', payload, headers });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'AUTH_REQUIRED' });
    }
    // Not even the schema is checked before the signature.
    const garbage = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/sms/receipts',
      payload: '{"nimic":true}',
      headers: { 'content-type': 'application/json' },
    });
    expect(garbage.statusCode).toBe(401);
    expect((await row(id)).status).toBe('sent');
    expect(log.text()).toContain('SMS receipt refused: bad signature');
    expect(log.text()).not.toContain(providerId);
    expect(log.text()).not.toContain(KEY);
  });

  it('fails a message the provider refuses (4xx) at once, without retrying it', async () => {
    provider.failNext(1, 400);
    const { id } = await sendSms();
    await t.ctx.jobs.drain();
    const failed = await row(id);
    expect(failed).toMatchObject({ status: 'failed', attempts: 1, lastError: 'SMS provider: HTTP 400 REFUSED' });
    expect(failed.failedAt).toBeInstanceOf(Date);
    // Done for pg-boss too: nothing left to retry.
    expect(await jobStates(id)).toEqual(['completed']);
    await makeRetriesDue(t.ctx);
    await t.ctx.jobs.drain();
    expect((await row(id)).attempts).toBe(1);
    expect(provider.byReference.has(`outbox-${id}`)).toBe(false);
  });

  it('retries while the provider is down (5xx, timeout, refused connection) and then sends it once', async () => {
    provider.failNext(2, 503);
    const down = await sendSms();
    await deliverUntilSettled(t.ctx);
    expect(await row(down.id)).toMatchObject({ status: 'sent', attempts: 3, lastError: null });

    provider.hangNext(1);
    const slow = await sendSms();
    await t.ctx.jobs.drain();
    expect(await row(slow.id)).toMatchObject({
      status: 'queued',
      attempts: 1,
      lastError: 'SMS provider: no answer within 2000 ms',
    });
    await deliverUntilSettled(t.ctx);
    expect(await row(slow.id)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(provider.messages.filter((m) => m.reference === `outbox-${slow.id}`)).toHaveLength(1);

    await provider.stop();
    const away = await sendSms();
    await t.ctx.jobs.drain();
    const waiting = await row(away.id);
    expect(waiting).toMatchObject({ status: 'queued', attempts: 1 });
    expect(waiting.lastError).toMatch(/^SMS provider unreachable: .*ECONNREFUSED/);
    await provider.start();
    await deliverUntilSettled(t.ctx);
    expect(await row(away.id)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('never has the provider send one reference twice, even when the portal lost its answer', async () => {
    const { id } = await sendSms();
    await t.ctx.jobs.drain();
    const first = await row(id);
    const duplicatesBefore = provider.stats.duplicates;
    // The process died after the provider accepted, before the row said 'sent': the job runs again.
    await t.ctx.db.update(outboxMessages).set({ status: 'queued', sentAt: null }).where(eq(outboxMessages.id, id));
    await t.ctx.jobs.enqueue(t.ctx.db, deliverMessageJob, { messageId: id });
    await t.ctx.jobs.drain();
    expect(provider.stats.duplicates).toBe(duplicatesBefore + 1);
    expect(provider.messages.filter((m) => m.reference === `outbox-${id}`)).toHaveLength(1);
    expect(await row(id)).toMatchObject({ status: 'sent', providerMessageId: first.providerMessageId });
  });

  it(`gives up after ${DELIVERY_RETRY_LIMIT + 1} attempts and records the failure`, async () => {
    provider.failNext(1000, 503);
    const { id } = await sendSms();
    await deliverUntilSettled(t.ctx);
    provider.failNext(0);
    const failed = await row(id);
    expect(failed).toMatchObject({
      status: 'failed',
      attempts: DELIVERY_RETRY_LIMIT + 1,
      lastError: 'SMS provider: HTTP 503 UNAVAILABLE',
    });
    expect(failed.failedAt).toBeInstanceOf(Date);
    // pg-boss agrees: the job failed for good, nothing retries it.
    expect(await jobStates(id)).toEqual(['failed']);
  });
});

describe('abandoned messages', () => {
  it('marks failed, in the nightly housekeeping, a day-old message that no job will deliver any more', async () => {
    const dayAgo = new Date(Date.now() - 25 * 3_600_000);
    // Its last attempt was cut short: the job is gone, the row still says queued.
    const [lost] = await t.ctx.db
      .insert(outboxMessages)
      .values({ channel: 'sms', to: nextPhone(), text: 'Pierdut', attempts: 9, createdAt: dayAgo })
      .returning({ id: outboxMessages.id });
    // Still has a retry waiting: left alone.
    provider.failNext(1, 503);
    const waiting = await sendSms();
    await t.ctx.jobs.drain();
    await t.ctx.db.update(outboxMessages).set({ createdAt: dayAgo }).where(eq(outboxMessages.id, waiting.id));
    // Fresh: left alone however it looks.
    const [fresh] = await t.ctx.db
      .insert(outboxMessages)
      .values({ channel: 'sms', to: nextPhone(), text: 'Nou' })
      .returning({ id: outboxMessages.id });

    const removed = await removeExpired(t.ctx.db);
    expect(removed.outbox_abandoned).toBe(1);
    const abandoned = await row(lost.id);
    expect(abandoned).toMatchObject({ status: 'failed', lastError: 'abandonat: nicio încercare de livrare nu mai urmează' });
    expect(abandoned.failedAt).toBeInstanceOf(Date);
    expect((await row(waiting.id)).status).toBe('queued');
    expect((await row(fresh.id)).status).toBe('queued');
    await t.ctx.db.delete(outboxMessages).where(eq(outboxMessages.id, fresh.id));
  });
});

describe('the delivery log', () => {
  it('lists outgoing messages newest first, without bodies, to the super administrator only', async () => {
    const approved = await sendSms('Cererea a fost aprobată.', 'application.approved');
    // A number the provider refuses (400 INVALID_NUMBER): failed at once.
    const refused = { to: '0722-nu-e-numar', id: 0 };
    refused.id = await t.ctx.messaging.sendSms(t.ctx.db, {
      to: refused.to,
      text: 'Nu pleacă.',
      eventType: 'application.rejected',
    });
    await t.ctx.jobs.drain();

    const all = await call(t, 'GET', '/api/notifications/deliveries?pagination=true&limit=5', DEMO.superadmin);
    expect(all.statusCode).toBe(200);
    const body = all.json();
    expect(body.pagination).toMatchObject({ skip: 0, limit: 5 });
    expect(body.data[0]).toMatchObject({
      id: refused.id,
      channel: 'sms',
      status: 'failed',
      event_type: 'application.rejected',
      last_error: 'SMS provider: HTTP 400 INVALID_NUMBER',
    });
    expect(body.data[1]).toMatchObject({ id: approved.id, status: 'sent', attempts: 1, event_type: 'application.approved' });
    expect(Object.keys(body.data[0]).sort()).toEqual(
      [
        'attempts',
        'channel',
        'created_at',
        'delivered_at',
        'event_type',
        'failed_at',
        'id',
        'last_error',
        'sent_at',
        'status',
        'subject',
        'to',
      ].sort(),
    );
    expect(all.body).not.toContain('Nu pleacă.');

    const filtered = async (query: string) =>
      (await call(t, 'GET', `/api/notifications/deliveries?${query}`, DEMO.superadmin))
        .json()
        .data.map((d: { id: number }) => d.id);
    expect(await filtered('event_type[eq]=application.approved')).toEqual([approved.id]);
    expect(await filtered(`status[eq]=failed&channel[eq]=sms&to[like]=${encodeURIComponent(refused.to)}`)).toEqual([refused.id]);
    expect(await filtered('channel[eq]=email&to[like]=%2B4072%25')).toEqual([]);
    expect(await filtered('to[contains]=nu-e-numar')).toEqual([refused.id]);
    expect((await call(t, 'GET', '/api/notifications/deliveries?text[like]=x', DEMO.superadmin)).statusCode).toBe(400);

    for (const who of [DEMO.admin, DEMO.staff, DEMO.citizen])
      expect((await call(t, 'GET', '/api/notifications/deliveries', who)).statusCode).toBe(403);
    expect((await call(t, 'GET', '/api/notifications/deliveries')).statusCode).toBe(401);
  });
});
