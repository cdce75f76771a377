import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, userId } from '../../../../test/administration-kit.js';
import { createTestApp, type TestApp } from '../../../../test/test-app.js';
import { sessions } from '../../../db/schema/index.js';
import { hashToken } from '../../../platform/tokens.js';
import type { Db } from '../../../platform/db.js';
import { liveSessionIds } from './repository.js';
import { insertUserMessages, type NewUserMessage } from './store.js';
import { UserMessageHub } from './stream-hub.js';

/**
 * The live bell (GET /user-messages/stream) for real: the app listens on a port, the stream is
 * read with fetch as the web app does, messages are written through `insertUserMessages` in a
 * transaction (the NOTIFY on commit), and only the recipient's own arrive.
 */

let t: TestApp;
let base: string;
let citizenId: number;
let staffId: number;
const open: AbortController[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  base = `http://127.0.0.1:${address.port}`;
  [citizenId, staffId] = await Promise.all([userId(t, DEMO.citizen), userId(t, DEMO.staff)]);
}, 240_000);
afterAll(async () => {
  for (const controller of open) controller.abort();
  // fetch (undici) may hold a spare connection that never carries a request; the server would
  // wait for its header timeout before closing.
  t?.app.server.closeAllConnections();
  await t?.close();
});

const message = (recipientUserId: number, title: string): NewUserMessage => ({
  recipientUserId,
  eventType: 'application.registered',
  title,
  message: `<p>${title}</p>`,
});

const insert = (...rows: NewUserMessage[]) => t.ctx.db.transaction((tx) => insertUserMessages(tx, rows));

interface SseEvent {
  id?: string;
  event?: string;
  data?: string;
  comment?: string;
}

/** Opens the stream and answers a reader of its events (split on blank lines, as the spec says). */
async function openStream(headers: Record<string, string>) {
  const controller = new AbortController();
  open.push(controller);
  const response = await fetch(`${base}/api/user-messages/stream`, { headers, signal: controller.signal });
  const reader = response.body?.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const pending: SseEvent[] = [];
  const next = async (timeoutMs = 10_000): Promise<SseEvent> => {
    const deadline = Date.now() + timeoutMs;
    while (pending.length === 0) {
      if (!reader) throw new Error('no body');
      const chunk = await Promise.race([
        reader.read(),
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no event in time')), deadline - Date.now())),
      ]);
      if (chunk.done) throw new Error('stream ended');
      buffer += decoder.decode(chunk.value, { stream: true });
      let end = buffer.indexOf('\n\n');
      while (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event: SseEvent = {};
        for (const line of block.split('\n')) {
          if (line.startsWith(':')) event.comment = line.slice(1).trim();
          else {
            const colon = line.indexOf(':');
            const key = line.slice(0, colon) as keyof SseEvent;
            if (key === 'id' || key === 'event' || key === 'data') event[key] = line.slice(colon + 1).trimStart();
          }
        }
        pending.push(event);
        end = buffer.indexOf('\n\n');
      }
    }
    return pending.shift() as SseEvent;
  };
  /** The next `event: message`, skipping comments and the retry line. */
  const nextMessage = async (timeoutMs?: number) => {
    for (;;) {
      const event = await next(timeoutMs);
      if (event.event === 'message') return { id: Number(event.id), data: JSON.parse(event.data ?? 'null') };
    }
  };
  return { response, next, nextMessage, close: () => controller.abort() };
}

describe('GET /user-messages/stream', () => {
  it('refuses an anonymous caller', async () => {
    const response = await fetch(`${base}/api/user-messages/stream`);
    expect(response.status).toBe(401);
    await response.text();
  });

  it('pushes the recipient’s new messages, and nothing of anyone else’s', async () => {
    const old = await insert(message(citizenId, 'Mesaj vechi'));
    expect(old).toBe(1);
    const stream = await openStream(await t.authHeaders(DEMO.citizen));
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(stream.response.headers.get('cache-control')).toBe('no-store');
    expect(stream.response.headers.get('x-accel-buffering')).toBe('no');
    // The platform's security headers go along with the hijacked answer.
    expect(stream.response.headers.get('x-content-type-options')).toBe('nosniff');

    await insert(message(staffId, 'Pentru funcționar'));
    await insert(message(citizenId, 'Cererea a fost înregistrată'));
    const first = await stream.nextMessage();
    // Nothing old on connect: the first event is the new message, not 'Mesaj vechi'; the staff
    // member's message, written before it, never came.
    expect(first.data).toMatchObject({
      title: 'Cererea a fost înregistrată',
      message: '<p>Cererea a fost înregistrată</p>',
      event_type: 'application.registered',
      has_been_read: false,
    });
    expect(first.id).toBe(first.data.id);

    await insert(message(citizenId, 'A doua'), message(staffId, 'Tot pentru funcționar'));
    await insert(message(citizenId, 'A treia'));
    expect((await stream.nextMessage()).data.title).toBe('A doua');
    expect((await stream.nextMessage()).data.title).toBe('A treia');
    stream.close();
  });

  it('resumes after Last-Event-ID, and two streams of one user both get each message', async () => {
    const headers = await t.authHeaders(DEMO.staff);
    const first = await openStream(headers);
    await first.next(); // retry line: the stream is open
    await insert(message(staffId, 'Unu'));
    const one = await first.nextMessage();
    first.close();
    await insert(message(staffId, 'Doi'), message(staffId, 'Trei'));

    const resumed = await openStream({ ...headers, 'last-event-id': String(one.id) });
    expect((await resumed.nextMessage()).data.title).toBe('Doi');
    expect((await resumed.nextMessage()).data.title).toBe('Trei');

    const second = await openStream(headers);
    await second.next();
    await insert(message(staffId, 'Patru'));
    expect((await resumed.nextMessage()).data.title).toBe('Patru');
    expect((await second.nextMessage()).data.title).toBe('Patru');
    resumed.close();
    second.close();
  });
  it.skipIf(!process.env.TEST_DATABASE_URL)('delivers a message written by another process, on its own connection', async () => {
    const stream = await openStream(await t.authHeaders(DEMO.citizen));
    await stream.next();
    // A worker elsewhere: its own client, its own drizzle, the same function.
    const client = new pg.Client({ connectionString: t.ctx.config.databaseUrl });
    await client.connect();
    try {
      const worker = drizzle(client) as unknown as Db;
      await worker.transaction((tx) => insertUserMessages(tx, [message(citizenId, 'Din alt proces')]));
    } finally {
      await client.end();
    }
    expect((await stream.nextMessage()).data.title).toBe('Din alt proces');
    stream.close();
  });
});

describe('UserMessageHub', () => {
  const silent = pino({ level: 'silent' });

  it('pings every open stream and ends them all on close', async () => {
    const hub = new UserMessageHub(t.ctx.db, t.ctx.database, silent, { pingMs: 30 });
    const written: string[] = [];
    let ended = false;
    const who = { userId: citizenId, sessionId: 1 };
    const close = await hub.open(who, undefined, { write: (chunk) => written.push(chunk), end: () => (ended = true) });
    expect(hub.size).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(written.filter((chunk) => chunk === ': ping\n\n').length).toBeGreaterThanOrEqual(2);
    close();
    expect(hub.size).toBe(0);
    await hub.open(who, undefined, { write: () => {}, end: () => (ended = true) });
    await hub.close();
    expect(ended).toBe(true);
    expect(hub.size).toBe(0);
  });

  it('ends the streams of a session that was revoked (logout), and only those', async () => {
    const [tokenA, tokenB] = [await t.login(DEMO.archiver), await t.login(DEMO.archiver)];
    const sessionOf = async (token: string) => {
      const [row] = await t.ctx.db
        .select({ id: sessions.id })
        .from(sessions)
        .where(eq(sessions.tokenHash, hashToken(token)));
      return row.id;
    };
    const [a, b] = [await sessionOf(tokenA), await sessionOf(tokenB)];
    const archiverId = await userId(t, DEMO.archiver);
    const liveSessions = (ids: number[]) => liveSessionIds(t.ctx.db, ids, t.ctx.config.session.idleMinutes);
    expect([...(await liveSessions([a, b]))].sort()).toEqual([a, b].sort());

    const hub = new UserMessageHub(t.ctx.db, t.ctx.database, silent, { pingMs: 30, liveSessions });
    const ended = { a: false, b: false };
    await hub.open({ userId: archiverId, sessionId: a }, undefined, { write: () => {}, end: () => (ended.a = true) });
    await hub.open({ userId: archiverId, sessionId: b }, undefined, { write: () => {}, end: () => (ended.b = true) });
    const logout = await t.app.inject({ method: 'POST', url: '/api/token-invalidate-requests', payload: { token: tokenA } });
    expect(logout.statusCode).toBeLessThan(300);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(ended).toEqual({ a: true, b: false });
    expect(hub.size).toBe(1);
    await hub.close();
  });
});
