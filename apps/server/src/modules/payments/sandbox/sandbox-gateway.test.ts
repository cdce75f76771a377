import { SANDBOX_CARDS } from '@ghiseu/domain';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOrganisation } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/test-app.js';
import { collectorAccounts, sandboxGatewayOrders } from '../../../db/schema/index.js';
import { collectorBinding, encryptProviderPassword } from '../secrets.js';
import { sandboxGateway } from './client.js';
import { deliverCallbackJob } from './jobs.js';
import { cardFormError } from './service.js';
import { useSandboxTransport } from './transport.js';

/**
 * The built-in sandbox gateway on its own (DESIGN.md §6): merchants authenticated by a collector
 * account's provider credentials, idempotent orders, the hosted page's validation, expiry, the
 * day's report and the callback delivery's attempts.
 */

let t: TestApp;
const MERCHANT = { username: `sandbox-${Math.random().toString(36).slice(2, 8)}`, password: 'Parola-Sandbox-1' };
const OTHER = { username: `alt-${Math.random().toString(36).slice(2, 8)}`, password: 'Parola-Alta-2' };
/** What the callback URL answers (the portal is not involved in these tests). */
let callbackStatus = 200;
const callbacks: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  useSandboxTransport(async (url, init) => {
    const target = new URL(url);
    if (target.pathname === '/merchant/callback') {
      callbacks.push(target.search);
      return { status: callbackStatus, body: '' };
    }
    const response = await t.app.inject({
      method: init.method,
      url: `${target.pathname}${target.search}`,
      headers: init.headers,
      ...(init.body === undefined ? {} : { payload: init.body }),
    });
    return { status: response.statusCode, body: response.body };
  });
  for (const merchant of [MERCHANT, OTHER]) {
    const organisation = await buildOrganisation(t);
    await t.ctx.db.insert(collectorAccounts).values({
      organisationId: organisation.id,
      name: 'Cont',
      bank: 'Banca de test',
      providerUsername: merchant.username,
      providerPasswordEncrypted: encryptProviderPassword(
        t.ctx.config,
        merchant.password,
        collectorBinding(organisation.id, merchant.username),
      ),
    });
  }
}, 120_000);
afterAll(async () => {
  useSandboxTransport(null);
  await t?.close();
});

const basic = (m: { username: string; password: string }) => ({
  authorization: `Basic ${Buffer.from(`${m.username}:${m.password}`).toString('base64')}`,
});
let sequence = 0;
const orderBody = (extra: Record<string, unknown> = {}) => ({
  order_id: `order-${Date.now()}-${++sequence}`,
  amount: '42.50',
  description: 'Taxă certificat de urbanism',
  return_url: 'http://localhost:3000/application-notify/1',
  callback_url: 'http://localhost:3000/merchant/callback',
  ...extra,
});
const form = (fields: Record<string, string>) => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams(fields).toString(),
});
const goodCard = { card_number: SANDBOX_CARDS.success, expiry: '12/39', cvv: '123', cardholder: 'Ion Popescu', action: 'pay' };

describe('the sandbox gateway', () => {
  it('takes orders only from merchants whose credentials match a collector account', async () => {
    const body = orderBody();
    for (const headers of [{}, basic({ ...MERCHANT, password: 'greșită' }), basic({ username: 'nimeni', password: 'x' })]) {
      const refused = await t.app.inject({ method: 'POST', url: '/api/sandbox-gateway/orders', headers, payload: body });
      expect(refused.statusCode).toBe(401);
    }
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/sandbox-gateway/orders',
      headers: basic(MERCHANT),
      payload: body,
    });
    expect(first.statusCode, first.body).toBe(200);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/sandbox-gateway/orders',
      headers: basic(MERCHANT),
      payload: body,
    });
    expect(again.json()).toEqual(first.json());
    // Another merchant with the same order id has its own order; neither sees the other's.
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/sandbox-gateway/orders',
      headers: basic(OTHER),
      payload: body,
    });
    expect(other.json().gateway_order_id).not.toBe(first.json().gateway_order_id);
    const id = first.json().gateway_order_id;
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/sandbox-gateway/orders/${id}`, headers: basic(OTHER) })).statusCode,
    ).toBe(404);
    const state = await t.app.inject({ method: 'GET', url: `/api/sandbox-gateway/orders/${id}`, headers: basic(MERCHANT) });
    expect(state.json()).toMatchObject({ gateway_order_id: id, order_id: body.order_id, status: 'pending', amount: '42.50' });
  });

  it('the client registers, queries and reports over the HTTP API', async () => {
    const gateway = sandboxGateway(t.ctx);
    const request = {
      orderId: `client-${Date.now()}`,
      amount: 1234,
      description: 'Taxă',
      returnUrl: 'http://localhost:3000/back',
      callbackUrl: 'http://localhost:3000/merchant/callback',
      merchant: MERCHANT,
    };
    const order = await gateway.register(request);
    expect(await gateway.register(request)).toEqual(order);
    expect(await gateway.status(order.gatewayOrderId, MERCHANT)).toMatchObject({ status: 'pending', amount: 1234 });
    await expect(gateway.register({ ...request, merchant: { ...MERCHANT, password: 'x' } })).rejects.toThrow(/401/);
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Bucharest' }).format(new Date());
    const lines = await gateway.report(day, MERCHANT);
    expect(lines.map((l) => l.gatewayOrderId)).toContain(order.gatewayOrderId);
    const everyone = await gateway.report(day, null);
    expect(everyone.length).toBeGreaterThanOrEqual(lines.length);
  });

  it('the hosted page: accessible Romanian form, errors in Romanian, decline on cancel, expired orders refused', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/sandbox-gateway/orders',
      headers: basic(MERCHANT),
      payload: orderBody(),
    });
    const url = new URL(created.json().form_url).pathname;
    const page = await t.app.inject({ method: 'GET', url });
    expect(page.headers['content-type']).toContain('text/html');
    for (const text of [
      'lang="ro"',
      '<label for="card_number">',
      '<label for="expiry">',
      '<label for="cvv">',
      'Plătiți',
      'Renunțați',
      '42,50 lei',
    ])
      expect(page.body).toContain(text);

    const invalid = await t.app.inject({ method: 'POST', url, ...form({ ...goodCard, card_number: '4111111111111112' }) });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.body).toContain('role="alert"');
    expect(invalid.body).toContain('Numărul cardului nu este valid.');
    const noCvv = await t.app.inject({ method: 'POST', url, ...form({ ...goodCard, cvv: '' }) });
    expect(noCvv.body).toContain('Codul CVV are 3 sau 4 cifre.');
    // The card number is never echoed back.
    expect(noCvv.body).not.toContain(SANDBOX_CARDS.success + '"');

    const cancelled = await t.app.inject({ method: 'POST', url, ...form({ action: 'cancel' }) });
    expect(cancelled.statusCode).toBe(303);
    expect(cancelled.headers.location).toBe('http://localhost:3000/application-notify/1');
    const id = url.split('/').pop()!;
    expect((await t.ctx.db.select().from(sandboxGatewayOrders).where(eq(sandboxGatewayOrders.id, id)))[0]!.status).toBe(
      'declined',
    );

    const late = await t.app.inject({
      method: 'POST',
      url: '/api/sandbox-gateway/orders',
      headers: basic(MERCHANT),
      payload: orderBody(),
    });
    const lateId = late.json().gateway_order_id as string;
    await t.ctx.db
      .update(sandboxGatewayOrders)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(sandboxGatewayOrders.id, lateId));
    const refused = await t.app.inject({ method: 'POST', url: `/api/sandbox-gateway/pay/${lateId}`, ...form(goodCard) });
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toContain('expirat');
    expect((await t.app.inject({ method: 'GET', url: '/api/sandbox-gateway/pay/sgw_nothing' })).statusCode).toBe(404);
  });

  it('delivers the signed callback, retrying until the merchant answers, counting attempts', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/sandbox-gateway/orders',
      headers: basic(MERCHANT),
      payload: orderBody(),
    });
    const id = created.json().gateway_order_id as string;
    callbackStatus = 503;
    const paid = await t.app.inject({ method: 'POST', url: `/api/sandbox-gateway/pay/${id}`, ...form(goodCard) });
    expect(paid.statusCode).toBe(303);
    await t.ctx.jobs.drain();
    let order = (await t.ctx.db.select().from(sandboxGatewayOrders).where(eq(sandboxGatewayOrders.id, id)))[0]!;
    expect(order).toMatchObject({ status: 'successful', callbackAttempts: 1, callbackDeliveredAt: null });
    const last = callbacks.map((q) => new URLSearchParams(q)).find((q) => q.get('gateway_order_id') === id)!;
    expect(last).toBeDefined();
    expect(last.get('status')).toBe('successful');
    expect(last.get('checksum')).toMatch(/^[0-9a-f]{64}$/);
    // The queue's retry runs the same handler again.
    callbackStatus = 200;
    await deliverCallbackJob.handler({ gatewayOrderId: id }, { ...t.ctx, log: pino({ level: 'silent' }) });
    order = (await t.ctx.db.select().from(sandboxGatewayOrders).where(eq(sandboxGatewayOrders.id, id)))[0]!;
    expect(order.callbackAttempts).toBe(2);
    expect(order.callbackDeliveredAt).not.toBeNull();
    // Delivered: a further run does nothing.
    await deliverCallbackJob.handler({ gatewayOrderId: id }, { ...t.ctx, log: pino({ level: 'silent' }) });
    order = (await t.ctx.db.select().from(sandboxGatewayOrders).where(eq(sandboxGatewayOrders.id, id)))[0]!;
    expect(order.callbackAttempts).toBe(2);
  });
});

describe('card form validation', () => {
  const now = new Date('2026-11-24T12:00:00Z');
  it('checks number (Luhn), expiry, CVV and name', () => {
    expect(cardFormError(goodCard, now)).toBeNull();
    expect(cardFormError({ ...goodCard, card_number: '4111 1111 1111 1111' }, now)).toBeNull();
    expect(cardFormError({ ...goodCard, card_number: '1234' }, now)).toBe('Numărul cardului nu este valid.');
    expect(cardFormError({ ...goodCard, expiry: '13/30' }, now)).toMatch(/LL\/AA/);
    expect(cardFormError({ ...goodCard, expiry: '10/26' }, now)).toBe('Cardul este expirat.');
    expect(cardFormError({ ...goodCard, expiry: '11/26' }, now)).toBeNull();
    expect(cardFormError({ ...goodCard, cvv: '12' }, now)).toBe('Codul CVV are 3 sau 4 cifre.');
    expect(cardFormError({ ...goodCard, cardholder: '  ' }, now)).toBe('Completați numele de pe card.');
  });
});
