import { inArray } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpStandIn, type SmtpStandIn } from '../../../../test/smtp-stand-in.js';
import { createTestApp, type TestApp } from '../../../../test/test-app.js';
import { outboxMessages } from '../../../db/schema/index.js';
import { JOBS } from '../../../jobs.js';
import { JobQueue } from '../../../platform/jobs.js';
import { DELIVERY_RETRY_LIMIT, Messaging, type MessageTransport, outboxMessageId } from '../../../platform/messaging.js';
import { deliverUntilSettled } from './test-kit.js';

/**
 * The "delivery that loses nothing", measured: e-mails go out through a mail server
 * that refuses half of them at random (451, seeded) and is completely down for a stretch, and
 * the outbox must end with every message either received exactly once (by its Message-ID) or
 * marked failed after its last attempt; nothing still waiting, nothing missing, nothing twice.
 * Retries are made due at once (test-kit.ts) instead of waiting for pg-boss's backoff.
 */

const HOST = 'ghiseu.cjmures.ro';
let t: TestApp;
let smtp: SmtpStandIn;

beforeAll(async () => {
  smtp = await startSmtpStandIn({ seed: 14 });
  t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: `https://${HOST}` });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

/** Writes `count` e-mails in transactions of `perTransaction`, as business changes do; answers their ids. */
async function sendEmails(count: number, perTransaction: number, label: string): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < count; start += perTransaction) {
    await t.ctx.db.transaction(async (tx) => {
      for (let n = start; n < Math.min(count, start + perTransaction); n++)
        ids.push(
          await t.ctx.messaging.sendEmail(tx, {
            to: `destinatar.${label}.${n}@example.ro`,
            subject: `Cererea ${label}-${n} a fost înregistrată`,
            text: `Cererea dumneavoastră ${label}-${n} a fost înregistrată.`,
            eventType: 'application.registered',
          }),
        );
    });
  }
  return ids;
}

/**
 * The outcome of the given messages checked against what the mail server received: every one
 * sent and received once, or failed after exactly DELIVERY_RETRY_LIMIT + 1 attempts (never
 * received); none queued; nothing received that was not sent.
 */
async function expectNothingLostNorDoubled(ids: number[]) {
  const rows = await t.ctx.db.select().from(outboxMessages).where(inArray(outboxMessages.id, ids));
  expect(rows).toHaveLength(ids.length);
  const sent = rows.filter((r) => r.status === 'sent');
  const failed = rows.filter((r) => r.status === 'failed');
  expect(rows.filter((r) => r.status === 'queued')).toEqual([]);
  expect(sent.length + failed.length).toBe(ids.length);
  for (const row of sent) {
    const received = smtp.received.get(outboxMessageId(row.id, HOST));
    expect(received, `message ${row.id} was marked sent but never received`).toBeDefined();
    expect(received?.to).toEqual([row.to]);
    expect(row.attempts).toBeGreaterThanOrEqual(1);
    expect(row.attempts).toBeLessThanOrEqual(DELIVERY_RETRY_LIMIT + 1);
  }
  for (const row of failed) {
    expect(smtp.received.has(outboxMessageId(row.id, HOST)), `message ${row.id} failed but was received`).toBe(false);
    expect(row.attempts).toBe(DELIVERY_RETRY_LIMIT + 1);
    expect(row.failedAt).toBeInstanceOf(Date);
    expect(row.lastError).toMatch(/451|ECONNREFUSED/);
  }
  // Received exactly what was sent: same count, and every received Message-ID is one of them.
  const ours = new Set(ids.map((id) => outboxMessageId(id, HOST)));
  const received = [...smtp.received.keys()].filter((messageId) => ours.has(messageId));
  expect(received).toHaveLength(sent.length);
  return { sent: sent.length, failed: failed.length };
}

describe('delivery through a failing mail provider', () => {
  it('delivers 500 e-mails exactly once or marks them failed after their last attempt, losing none', async () => {
    const ids = await sendEmails(500, 100, 'r');
    smtp.rejectFraction(0.5);
    const rounds = await deliverUntilSettled(t.ctx, {
      // The provider is completely down for rounds 2 to 4 (connections refused), then back.
      between: async (round) => {
        if (round === 1) await smtp.stop();
        if (round === 4) await smtp.start();
      },
    });
    smtp.rejectFraction(0);
    const outcome = await expectNothingLostNorDoubled(ids);
    // The schedule really hurt: most got through, some used up all their attempts.
    expect(outcome.sent).toBeGreaterThan(400);
    expect(outcome.failed).toBeGreaterThan(0);
    expect(rounds).toBeLessThanOrEqual(DELIVERY_RETRY_LIMIT + 1);
    expect(smtp.stats.rejected).toBeGreaterThan(250);
    // Nothing was resent after it had been accepted.
    expect(smtp.stats.duplicates).toBe(0);
    expect(smtp.stats.accepted).toBe(outcome.sent);
  }, 120_000);

  it('survives a restart mid-way and an answer lost after the provider accepted, still exactly once', async () => {
    const ids = await sendEmails(40, 20, 's');
    smtp.rejectFraction(0.3);
    const acceptedBefore = smtp.stats.accepted;

    // A worker process, as `npm run worker` runs: its queue polls and delivers. The first two
    // messages it hands over "lose their answer": the server has them, the process dies before
    // the row says 'sent' (here: the attempt fails after the transport returned).
    const real = t.ctx.messaging.transports.email;
    let answersToLose = 2;
    const losingAnswers: MessageTransport = {
      async deliver(message, rendered) {
        const receipt = await real.deliver(message, rendered);
        if (answersToLose > 0) {
          answersToLose--;
          throw new Error('connection reset after DATA');
        }
        return receipt;
      },
    };
    const silent = pino({ level: 'silent' });
    const worker = new JobQueue(t.ctx.database, silent, JOBS, { pollingIntervalSeconds: 0.5 });
    worker.provide({ ...t.ctx, jobs: worker, messaging: new Messaging(worker, { email: losingAnswers, sms: real }) });
    await worker.start({ work: true });
    const deadline = Date.now() + 20_000;
    while (smtp.stats.accepted - acceptedBefore < 4 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    // Stopped mid-way (a deploy): the job at hand finishes, the others wait in the queue.
    await worker.stop();
    const afterFirst = await t.ctx.db.select().from(outboxMessages).where(inArray(outboxMessages.id, ids));
    expect(afterFirst.filter((r) => r.status === 'sent').length).toBeGreaterThan(0);
    expect(afterFirst.filter((r) => r.status === 'queued').length).toBeGreaterThan(0);

    // A new process: a new queue on the same database finishes the work.
    const restarted = new JobQueue(t.ctx.database, silent, JOBS);
    restarted.provide({ ...t.ctx, jobs: restarted });
    await restarted.start({ work: false });
    try {
      await deliverUntilSettled(t.ctx, { queue: restarted });
    } finally {
      await restarted.stop();
    }
    smtp.rejectFraction(0);
    const outcome = await expectNothingLostNorDoubled(ids);
    expect(outcome.sent).toBeGreaterThan(30);
    // The two lost answers were resent with the same Message-ID, and dropped as duplicates.
    expect(answersToLose).toBe(0);
    expect(smtp.stats.duplicates).toBe(2);
  }, 60_000);

  it('fails a message to a mailbox the server refuses (550) at once, keeping the address out of the error', async () => {
    const to = 'nimeni.aici@example.ro';
    smtp.rejectRecipient(to);
    const id = await t.ctx.messaging.sendEmail(t.ctx.db, { to, subject: 'Refuzat', text: 'Nu ajunge.' });
    await t.ctx.jobs.drain();
    const [row] = await t.ctx.db
      .select()
      .from(outboxMessages)
      .where(inArray(outboxMessages.id, [id]));
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row.lastError).toMatch(/550/);
    expect(row.lastError).not.toContain(to);
    expect(smtp.received.has(outboxMessageId(id, HOST))).toBe(false);
  });
});
