import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { outboxMessages } from '../db/schema/index.js';
import { defineJob, JobPayloadError } from './jobs.js';
import { deliverMessageJob } from './messaging.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { workJobs: true });
});
afterAll(async () => {
  await t?.close();
});

const waitFor = async <T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> => {
  let value = await read();
  for (let i = 0; i < 60 && !done(value); i++) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    value = await read();
  }
  return value;
};

describe('enqueueing', () => {
  it('refuses a job the registry does not list, or another definition under a listed name', async () => {
    const stray = defineJob({ name: 'nowhere.stray', version: 1, payload: z.object({}), handler: async () => {} });
    await expect(t.ctx.jobs.enqueue(t.ctx.db, stray, {})).rejects.toThrow(/nowhere\.stray is not registered/);
    const lookalike = defineJob({ ...deliverMessageJob, handler: async () => {} });
    await expect(t.ctx.jobs.enqueue(t.ctx.db, lookalike, { messageId: 1 })).rejects.toThrow(/not the registered definition/);
  });

  it('refuses a payload that does not match the schema, naming the job and the field', async () => {
    const enqueued = t.ctx.jobs.enqueue(t.ctx.db, deliverMessageJob, { messageId: 'unu' } as unknown as { messageId: number });
    await expect(enqueued).rejects.toThrow(JobPayloadError);
    await expect(enqueued).rejects.toThrow(/job messaging\.deliver v1: invalid payload refused \(messageId: /);
  });
});

describe('background workers', () => {
  it('fail a queued job whose payload does not match, with a clear error, and go on', async () => {
    // Written past the queue's own check, as an older version of the code could have left it.
    await t.ctx.db.execute(
      sql`INSERT INTO pgboss.job (name, data, retry_limit) VALUES ('messaging.deliver', ${JSON.stringify({ messageId: 'unu' })}::jsonb, 0)`,
    );
    const rows = await waitFor(
      async () =>
        (
          (await t.ctx.db.execute(
            sql`SELECT state, output->>'message' AS message FROM pgboss.job WHERE name = 'messaging.deliver' AND data->>'messageId' = 'unu'`,
          )) as unknown as { rows: { state: string; message: string | null }[] }
        ).rows,
      (found) => found[0]?.state === 'failed',
    );
    expect(rows).toEqual([
      { state: 'failed', message: expect.stringMatching(/^job messaging\.deliver v1: invalid payload not run \(messageId: /) },
    ]);
  });

  it('deliver a message enqueued in a transaction without anyone draining the queue', async () => {
    const id = await t.ctx.db.transaction((tx) =>
      t.ctx.messaging.sendEmail(tx, { to: 'worker@example.ro', subject: 'Test', text: 'livrat de worker' }),
    );
    const status = await waitFor(
      async () =>
        (await t.ctx.db.select({ status: outboxMessages.status }).from(outboxMessages).where(eq(outboxMessages.id, id)))[0]
          .status,
      (value) => value === 'sent',
    );
    expect(status).toBe('sent');
  });
});
