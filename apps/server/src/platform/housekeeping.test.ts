import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { outboxMessages, publicPhoneBlocks, sessions, users, verificationCodes } from '../db/schema/index.js';
import { createDraft, createFilingFixture, DEMO } from '../../test/applications-kit.js';
import { housekeepingJob, removeExpired } from './housekeeping.js';
import { renderMessage } from './messaging.js';

/** The nightly clean-up of expired codes, sign-in requests, phone blocks, sessions and the outbox. */

let t: TestApp;
let userId: number;
let applicationId: number;
beforeAll(async () => {
  t = await createTestApp();
  const [user] = await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, 'citizen@demo.ghiseu.ro'));
  userId = user.id;
  applicationId = await createDraft(t, DEMO.citizen, (await createFilingFixture(t)).typeId);
});
afterAll(async () => {
  await t?.close();
});

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

describe('removeExpired', () => {
  it('removes rows expired beyond the retention and keeps the rest', async () => {
    const db = t.ctx.db;
    await db.insert(verificationCodes).values([
      { userId, purpose: 'password-reset', codeHash: 'old-code', expiresAt: daysAgo(8) },
      { userId, purpose: 'password-reset', codeHash: 'recent-code', expiresAt: daysAgo(2) },
    ]);
    await db.insert(publicPhoneBlocks).values([
      { applicationId, phone: '+40700000001', wrongCodes: 5, blockedUntil: daysAgo(9) },
      { applicationId, phone: '+40700000002', wrongCodes: 5, blockedUntil: new Date(Date.now() + 300_000) },
    ]);
    await db.insert(sessions).values([
      { userId, tokenHash: 'old-session', expiresAt: daysAgo(31) },
      { userId, tokenHash: 'revoked-long-ago', expiresAt: daysAgo(-1), revokedAt: daysAgo(40) },
      { userId, tokenHash: 'live-session', expiresAt: daysAgo(-1) },
    ]);

    const removed = await removeExpired(db);
    expect(removed).toMatchObject({ verification_codes: 1, public_phone_blocks: 1, sessions: 2 });

    const codes = await db.select({ hash: verificationCodes.codeHash }).from(verificationCodes);
    expect(codes.map((c) => c.hash)).toContain('recent-code');
    expect(codes.map((c) => c.hash)).not.toContain('old-code');
    const left = await db.select({ hash: sessions.tokenHash }).from(sessions);
    expect(left.map((s) => s.hash)).toContain('live-session');
    expect(left.map((s) => s.hash)).not.toContain('old-session');
    expect(await db.select().from(publicPhoneBlocks).where(eq(publicPhoneBlocks.phone, '+40700000002'))).toHaveLength(1);

    // Nothing left to remove: a second run is a no-op.
    expect(Object.values(await removeExpired(db)).every((n) => n === 0)).toBe(true);
  });

  it('forgets expired outbox secrets and purges old messages', async () => {
    const db = t.ctx.db;
    const key = 'Kx9-expired-key-0123456789abcdefghijklmnopq';
    const live = 'Lv7-live-key-0123456789abcdefghijklmnopqrst';
    const [expired, current] = await db.transaction(async (tx) => [
      await t.ctx.messaging.sendEmail(
        tx,
        { to: 'a@example.ro', subject: 'Link', text: `https://x/auth/reset-password?confirmationKey=${key}` },
        { values: [key], expiresAt: new Date(Date.now() + 60_000) },
      ),
      await t.ctx.messaging.sendEmail(
        tx,
        { to: 'b@example.ro', subject: 'Link', text: `https://x/auth/reset-password?confirmationKey=${live}` },
        { values: [live], expiresAt: new Date(Date.now() + 3_600_000) },
      ),
    ]);
    const old = await db.transaction((tx) =>
      t.ctx.messaging.sendEmail(tx, { to: 'c@example.ro', subject: 'Vechi', text: 'Ion Popescu' }),
    );
    // As if the first key had expired a minute ago and the third message were 31 days old.
    await db
      .update(outboxMessages)
      .set({ secretsExpireAt: daysAgo(0.001) })
      .where(eq(outboxMessages.id, expired));
    await db
      .update(outboxMessages)
      .set({ createdAt: daysAgo(31) })
      .where(eq(outboxMessages.id, old));

    const removed = await removeExpired(db);
    expect(removed).toMatchObject({ outbox_secrets: 1, outbox_messages: 1 });

    const rows = await db.select().from(outboxMessages);
    expect(rows.map((r) => r.id)).not.toContain(old);
    const dump = JSON.stringify(rows);
    expect(dump).not.toContain(key);
    expect(dump).toContain(live);
    const redacted = rows.find((r) => r.id === expired)!;
    expect(renderMessage(redacted).text).toBe('https://x/auth/reset-password?confirmationKey=[șters]');
    expect(renderMessage(rows.find((r) => r.id === current)!).text).toContain(live);
  });

  it('is scheduled every night in Romanian time', async () => {
    const rows = (await t.ctx.db.execute(
      sql`SELECT cron, timezone FROM pgboss.schedule WHERE name = ${housekeepingJob.name}`,
    )) as unknown as {
      rows: { cron: string; timezone: string }[];
    };
    expect(rows.rows).toEqual([{ cron: '30 3 * * *', timezone: 'Europe/Bucharest' }]);
  });
});
