import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userMessages } from '../../../db/schema/index.js';
import { executeRows } from '../../../platform/db.js';
import { call, DEMO, userId } from '../../../../test/administration-kit.js';
import { createTestApp, type TestApp } from '../../../../test/test-app.js';
import { insertUserMessages, type NewUserMessage } from './store.js';

/**
 * In-app messages (spec §7 "Notifications", §9 window and limit 100): the created_date window,
 * newest first, the limit, only one's own messages, the read flag (someone else's answers 404),
 * the messages of one application, and the index that serves the bell's query.
 */

let t: TestApp;
let citizenId: number;
let staffId: number;
const DAY = 86_400_000;
const base = Date.parse('2026-03-15T12:00:00.000Z');

const message = (recipientUserId: number, at: number, extra: Partial<NewUserMessage> = {}): NewUserMessage => ({
  recipientUserId,
  eventType: 'application.registered',
  title: `Mesaj ${new Date(at).toISOString()}`,
  message: '<p>Cererea a fost înregistrată.</p>',
  createdDate: new Date(at),
  ...extra,
});

beforeAll(async () => {
  t = await createTestApp();
  [citizenId, staffId] = await Promise.all([userId(t, DEMO.citizen), userId(t, DEMO.staff)]);
  const rows: NewUserMessage[] = [];
  // 105 messages of the citizen in March, one per 10 minutes; two outside the window; the
  // staff member's own messages in the same window.
  for (let i = 0; i < 105; i++) rows.push(message(citizenId, base + i * 600_000));
  rows.push(message(citizenId, base - 40 * DAY), message(citizenId, base + 40 * DAY));
  rows.push(message(staffId, base + 1000), message(staffId, base + 2000));
  rows.push(
    message(citizenId, base - 2 * DAY, { messageSource: 'application', sourceId: 4242, sourceNumber: 'CU/1/2026' }),
    message(citizenId, base - 3 * DAY, { messageSource: 'application', sourceId: 4242, sourceNumber: 'CU/1/2026' }),
    message(citizenId, base - 4 * DAY, { messageSource: 'application', sourceId: 4243, sourceNumber: 'CU/2/2026' }),
    message(staffId, base - 2 * DAY, { messageSource: 'application', sourceId: 4242, sourceNumber: 'CU/1/2026' }),
  );
  await t.ctx.db.transaction((tx) => insertUserMessages(tx, rows));
}, 240_000);
afterAll(async () => {
  await t?.close();
});

const windowUrl = (from: number, to: number, extra = '') =>
  `/api/user-messages?created_date[ge]=${new Date(from).toISOString()}&created_date[le]=${new Date(to).toISOString()}&sortKey=-created_date${extra}`;

describe('GET /user-messages', () => {
  it('answers the window newest first, at most 100, only the caller’s own', async () => {
    const response = await call(t, 'GET', windowUrl(base - DAY, base + 2 * DAY), DEMO.citizen);
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data as { id: number; created_date: string; has_been_read: boolean; title: string }[];
    expect(data).toHaveLength(100);
    const times = data.map((m) => Date.parse(m.created_date));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // The newest 100 of the 105: the five oldest are cut.
    expect(times[0]).toBe(base + 104 * 600_000);
    expect(times[99]).toBe(base + 5 * 600_000);
    expect(data.every((m) => m.title.startsWith('Mesaj') && m.has_been_read === false)).toBe(true);
    expect(response.json()).not.toHaveProperty('pagination');
  });

  it('honours a smaller limit and the window bounds (inclusive)', async () => {
    const small = await call(t, 'GET', windowUrl(base, base + 600_000, '&limit=5'), DEMO.citizen);
    expect(small.json().data.map((m: { created_date: string }) => Date.parse(m.created_date))).toEqual([base + 600_000, base]);
    const staff = await call(t, 'GET', windowUrl(base - DAY, base + 2 * DAY), DEMO.staff);
    expect(staff.json().data).toHaveLength(2);
  });

  it('refuses a limit above 100, another sort or an unknown parameter', async () => {
    for (const extra of ['&limit=101', '&limit=0']) {
      const response = await call(t, 'GET', windowUrl(base, base + DAY, extra), DEMO.citizen);
      expect(response.statusCode, extra).toBe(400);
    }
    expect((await call(t, 'GET', '/api/user-messages?sortKey=created_date', DEMO.citizen)).statusCode).toBe(400);
    expect((await call(t, 'GET', '/api/user-messages?recipient_user_id[eq]=1', DEMO.citizen)).statusCode).toBe(400);
    expect((await call(t, 'GET', '/api/user-messages?created_date[ge]=ieri', DEMO.citizen)).statusCode).toBe(400);
  });

  it('needs a signed-in user', async () => {
    expect((await call(t, 'GET', '/api/user-messages')).statusCode).toBe(401);
  });

  it('is served by the recipient/created index, without a sort', async () => {
    const plan = await t.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      const rows = await executeRows<Record<string, string>>(
        tx,
        sql`EXPLAIN SELECT * FROM user_messages WHERE recipient_user_id = ${citizenId}
              AND created_date >= ${new Date(base).toISOString()}::timestamptz
              AND created_date <= ${new Date(base + DAY).toISOString()}::timestamptz
            ORDER BY created_date DESC, id DESC LIMIT 100`,
      );
      return rows.map((r) => Object.values(r)[0]).join('\n');
    });
    expect(plan).toContain('user_messages_recipient_created_idx');
    expect(plan).not.toMatch(/\bSort\b/);
  });

  it('serves the live stream’s catch-up read from the same index', async () => {
    const plan = await t.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      const rows = await executeRows<Record<string, string>>(
        tx,
        sql`EXPLAIN SELECT * FROM user_messages WHERE recipient_user_id = ${citizenId}
              AND created_date >= ${new Date(base).toISOString()}::timestamptz AND id > 5
            ORDER BY created_date DESC, id DESC LIMIT 100`,
      );
      return rows.map((r) => Object.values(r)[0]).join('\n');
    });
    expect(plan).toContain('user_messages_recipient_created_idx');
    expect(plan).not.toMatch(/\bSort\b/);
  });
});

describe('PATCH /user-messages/{id}', () => {
  it('marks one’s own message read (read_at kept) and unread again', async () => {
    const [first] = (await call(t, 'GET', windowUrl(base, base + DAY, '&limit=1'), DEMO.citizen)).json().data;
    const read = await call(t, 'PATCH', `/api/user-messages/${first.id}`, DEMO.citizen, { has_been_read: true });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().data).toMatchObject({ id: first.id, has_been_read: true });
    const [row] = await t.ctx.db.select().from(userMessages).where(eq(userMessages.id, first.id));
    expect(row.readAt).toBeInstanceOf(Date);
    const again = await call(t, 'GET', windowUrl(base, base + DAY, '&limit=1'), DEMO.citizen);
    expect(again.json().data[0].has_been_read).toBe(true);
    const unread = await call(t, 'PATCH', `/api/user-messages/${first.id}`, DEMO.citizen, { has_been_read: false });
    expect(unread.json().data.has_been_read).toBe(false);
  });

  it('answers 404 for someone else’s message exactly as for a missing one', async () => {
    const [theirs] = (await call(t, 'GET', windowUrl(base - DAY, base + DAY, '&limit=1'), DEMO.staff)).json().data;
    const foreign = await call(t, 'PATCH', `/api/user-messages/${theirs.id}`, DEMO.citizen, { has_been_read: true });
    const missing = await call(t, 'PATCH', '/api/user-messages/999999999', DEMO.citizen, { has_been_read: true });
    expect(foreign.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect(foreign.json()).toEqual(missing.json());
    const [row] = await t.ctx.db.select().from(userMessages).where(eq(userMessages.id, theirs.id));
    expect(row.hasBeenRead).toBe(false);
  });

  it('validates the body', async () => {
    const response = await call(t, 'PATCH', '/api/user-messages/1', DEMO.citizen, { has_been_read: 'da' });
    expect(response.statusCode).toBe(400);
  });
});

describe('GET /user-messages/identification/{id}', () => {
  it('answers the caller’s messages about that application, newest first', async () => {
    const response = await call(t, 'GET', '/api/user-messages/identification/4242', DEMO.citizen);
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data;
    expect(data).toHaveLength(2);
    expect(data.map((m: { created_date: string }) => Date.parse(m.created_date))).toEqual([base - 2 * DAY, base - 3 * DAY]);
    expect(data[0]).toMatchObject({
      message_source: 'application',
      recipient_identification_id: 4242,
      recipient_identification_number: 'CU/1/2026',
    });
    const staff = await call(t, 'GET', '/api/user-messages/identification/4242', DEMO.staff);
    expect(staff.json().data).toHaveLength(1);
    expect((await call(t, 'GET', '/api/user-messages/identification/1', DEMO.citizen)).json().data).toEqual([]);
  });
});
