import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import Fastify from 'fastify';
import helmet from 'helmet';
import { sql } from 'drizzle-orm';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { recordHeaders } from '../app.js';
import { outboxMessages } from '../db/schema/index.js';
import { writeAudit } from './audit.js';
import { registerAuthGuard, requirePermission, signedIn } from './auth/guard.js';
import { AppError, registerErrorHandler, registerNotFoundHandler } from './errors.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** A small app on the same database, to test the guard and error handler with routes of our own. */
async function probeApp() {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerAuthGuard(app, { db: t.ctx.db, policy: t.ctx.config.session });
  registerErrorHandler(app);
  registerNotFoundHandler(app);
  app.get('/api/probe/config', { config: requirePermission('systemConfig') }, async (request) => ({
    user: request.actor?.email,
  }));
  app.get('/api/probe/signed', { config: signedIn }, async () => ({ ok: true }));
  app.get('/api/probe/boom', { config: signedIn }, async () => {
    throw new Error('database password is hunter2');
  });
  app.get('/api/probe/app-error', { config: signedIn }, async () => {
    throw new AppError('CANNOT_DELETE_ORGANISATION', { users: 3 });
  });
  app.post(
    '/api/probe/body',
    { config: signedIn, schema: { body: z.object({ name: z.string().min(2), age: z.number().int() }) } },
    async () => ({ ok: true }),
  );
  await app.ready();
  return app;
}

describe('permission guard', () => {
  it('refuses a route without its permission key and allows it with one', async () => {
    const app = await probeApp();
    const staff = await app.inject({
      method: 'GET',
      url: '/api/probe/config',
      headers: await t.authHeaders('staff@demo.ghiseu.ro'),
    });
    expect(staff.statusCode).toBe(403);
    expect(staff.json()).toEqual({ message: 'FORBIDDEN' });
    const superAdmin = await app.inject({
      method: 'GET',
      url: '/api/probe/config',
      headers: await t.authHeaders('superadmin@demo.ghiseu.ro'),
    });
    expect(superAdmin.statusCode).toBe(200);
    expect(superAdmin.json()).toEqual({ user: 'superadmin@demo.ghiseu.ro' });
    await app.close();
  });

  it('refuses to register an /api route that declares no requirement', async () => {
    const app = Fastify({ logger: false });
    registerAuthGuard(app, { db: t.ctx.db, policy: t.ctx.config.session });
    expect(() => app.get('/api/forgotten', async () => ({}))).toThrow(/declares no config.auth/);
  });
});

describe('error handler', () => {
  it('answers catalogue errors with their status, code and data', async () => {
    const app = await probeApp();
    const response = await app.inject({
      method: 'GET',
      url: '/api/probe/app-error',
      headers: await t.authHeaders('admin@demo.ghiseu.ro'),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'CANNOT_DELETE_ORGANISATION', data: { users: 3 } });
    await app.close();
  });

  it('never leaks the internals of an unexpected error', async () => {
    const app = await probeApp();
    const response = await app.inject({
      method: 'GET',
      url: '/api/probe/boom',
      headers: await t.authHeaders('admin@demo.ghiseu.ro'),
    });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'INTERNAL_ERROR' });
    expect(response.body).not.toContain('hunter2');
    await app.close();
  });

  it('lists every offending field of an invalid body', async () => {
    const app = await probeApp();
    const response = await app.inject({
      method: 'POST',
      url: '/api/probe/body',
      headers: await t.authHeaders('admin@demo.ghiseu.ro'),
      payload: { name: 'x', age: 'old' },
    });
    expect(response.statusCode).toBe(400);
    const paths = response
      .json()
      .data.fields.map((f: { path: string }) => f.path)
      .sort();
    expect(paths).toEqual(['body.age', 'body.name']);
    await app.close();
  });

  it('answers 404 NOT_FOUND on an unknown API route of the real app', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'NOT_FOUND' });
  });

  it('answers 400 VALIDATION_ERROR on malformed JSON', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('VALIDATION_ERROR');
  });

  it('answers 413 PAYLOAD_TOO_LARGE past the body limit', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a'.repeat(2 * 1024 * 1024), password: 'x' }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: 'PAYLOAD_TOO_LARGE' });
  });
});

describe('outbox and jobs', () => {
  it('stores a message and its delivery job in the business transaction, newest first in /api/dev/outbox', async () => {
    await t.ctx.db.transaction(async (tx) => {
      await t.ctx.messaging.sendEmail(tx, { to: 'Ana@Example.ro', subject: 'Primul', text: 'unu' });
      await t.ctx.messaging.sendSms(tx, { to: '0740000001', text: 'Codul tău este 123456' });
      await t.ctx.messaging.sendEmail(tx, { to: 'ana@example.ro', subject: 'Al doilea', text: 'doi', html: '<p>doi</p>' });
    });
    const response = await t.app.inject({ method: 'GET', url: '/api/dev/outbox?to=ana@example.ro' });
    const messages = response.json().data;
    expect(messages.map((m: { subject: string }) => m.subject)).toEqual(['Al doilea', 'Primul']);
    expect(messages[0]).toMatchObject({ channel: 'email', to: 'ana@example.ro', text: 'doi', html: '<p>doi</p>' });
    const sms = (await t.app.inject({ method: 'GET', url: '/api/dev/outbox?to=0740000001' })).json().data;
    expect(sms).toEqual([expect.objectContaining({ channel: 'sms', subject: null, text: 'Codul tău este 123456' })]);

    // The queued delivery jobs run and mark the messages sent exactly once.
    expect(await t.ctx.jobs.drain()).toBeGreaterThanOrEqual(3);
    const rows = await t.ctx.db.select().from(outboxMessages);
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });

  it('leaves neither message nor job behind when the transaction rolls back', async () => {
    const before = (await t.ctx.db.select().from(outboxMessages)).length;
    await expect(
      t.ctx.db.transaction(async (tx) => {
        await t.ctx.messaging.sendEmail(tx, { to: 'rollback@example.ro', subject: 'Nu', text: 'nu' });
        throw new Error('business rule failed');
      }),
    ).rejects.toThrow('business rule failed');
    expect((await t.ctx.db.select().from(outboxMessages)).length).toBe(before);
    expect(await t.ctx.jobs.drain()).toBe(0);
  });
});

describe('audit log', () => {
  it('is append-only and never stores secrets', async () => {
    await writeAudit(t.ctx.db, {
      action: 'test.event',
      entityType: 'test',
      entityId: 1,
      after: { password: 'secret', nested: { token: 'abc' }, name: 'ok' },
    });
    const rows = await t.ctx.db.execute(sql`SELECT after FROM audit_log WHERE action = 'test.event'`);
    expect((rows as unknown as { rows: { after: unknown }[] }).rows[0].after).toEqual({
      password: '[redacted]',
      nested: { token: '[redacted]' },
      name: 'ok',
    });
    await expect(t.ctx.db.execute(sql`UPDATE audit_log SET action = 'x'`)).rejects.toThrow();
    await expect(t.ctx.db.execute(sql`DELETE FROM audit_log`)).rejects.toThrow();
  });
});

describe('platform endpoints', () => {
  it('answers health and readiness', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).json()).toMatchObject({ status: 'ready' });
  });

  it('publishes an OpenAPI 3.1 document of the routes', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/auth/login', '/api/users/me', '/api/files', '/api/localities', '/api/settings-registry']),
    );
    expect(doc.paths['/api/auth/login'].post.requestBody.content['application/json'].schema.properties).toHaveProperty('email');
  });

  it('sends security headers with a content security policy', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('records helmet once: the headers it would set on a real response, replayed on every answer', async () => {
    const middleware = helmet({ contentSecurityPolicy: { directives: { defaultSrc: ["'self'"] } } });
    const recorded = recordHeaders(middleware);
    const real = new ServerResponse(new IncomingMessage(new Socket()));
    await new Promise<void>((resolve) => middleware(real.req, real, () => resolve()));
    const lower = (entries: [string, unknown][]) => Object.fromEntries(entries.map(([k, v]) => [k.toLowerCase(), v]));
    expect(lower(recorded.set)).toEqual(real.getHeaders());
    expect(recorded.set.length).toBeGreaterThan(10);
    // A middleware whose headers depend on the request is refused at start-up.
    expect(() => recordHeaders((req, res, next) => res.setHeader('x-url', String(req.url)) && next())).toThrow(/request\.url/);

    const answer = await t.app.inject({ method: 'GET', url: '/api/localities?search=x' });
    for (const name of [
      'strict-transport-security',
      'x-frame-options',
      'referrer-policy',
      'cross-origin-opener-policy',
      'origin-agent-cluster',
    ])
      expect(answer.headers[name], name).toBeDefined();
  });

  it('returns the settings registry, and the organisations with their details', async () => {
    const settings = (await t.app.inject({ method: 'GET', url: '/api/settings-registry?limit=100' })).json().data;
    expect(settings).toContainEqual(expect.objectContaining({ key: 'DEFAULT_COUNTY', default_value: 'MS' }));
    expect(settings).toContainEqual(expect.objectContaining({ key: 'MAINTENANCE_BANNER_ENABLED', default_value: 'false' }));
    const orgs = (await t.app.inject({ method: 'GET', url: '/api/organisations?limit=100&sortKey=name' })).json().data;
    expect(orgs.map((o: { name: string }) => o.name)).toEqual([
      'Consiliul Județean Mureș',
      'Primăria Municipiului Sighișoara',
      'Primăria Municipiului Târgu Mureș',
    ]);
    const one = (await t.app.inject({ method: 'GET', url: `/api/organisations/${orgs[0].id}` })).json().data;
    expect(one).toMatchObject({ type: 'county_council', county_id: 261 });
    expect(one.useful_links.length).toBeGreaterThan(0);
    expect((await t.app.inject({ method: 'GET', url: '/api/organisations/99999' })).statusCode).toBe(404);
  });
});
