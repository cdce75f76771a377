import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { outboxMessages } from '../db/schema/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { workJobs: true });
});
afterAll(async () => {
  await t?.close();
});

describe('background workers', () => {
  it('deliver a message enqueued in a transaction without anyone draining the queue', async () => {
    const id = await t.ctx.db.transaction((tx) =>
      t.ctx.messaging.sendEmail(tx, { to: 'worker@example.ro', subject: 'Test', text: 'livrat de worker' }),
    );
    let status = 'queued';
    for (let i = 0; i < 60 && status !== 'sent'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      [{ status }] = await t.ctx.db
        .select({ status: outboxMessages.status })
        .from(outboxMessages)
        .where(eq(outboxMessages.id, id));
    }
    expect(status).toBe('sent');
  });
});
