import { SANDBOX_CARDS } from '@ghiseu/domain';
import { and, eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO } from '../../../../test/administration-kit.js';
import {
  buildApplicationType,
  buildFunction,
  buildResponsibility,
  buildStaff,
  buildSubmittedApplication,
  type SignedIn,
} from '../../../../test/factories.js';
import type { FilingFixture } from '../../../../test/applications-kit.js';
import { captureLog, createTestApp, type TestApp } from '../../../../test/test-app.js';
import {
  applications,
  applicationTypes,
  auditLog,
  collectorAccounts,
  domainEvents,
  paymentEvents,
  payments,
  sandboxGatewayOrders,
} from '../../../db/schema/index.js';
import { merchantOf } from '../checkout.js';
import { paymentGateway } from '../gateway.js';
import { createPayment } from '../ledger.js';
import { callbackKey, collectorBinding, encryptProviderPassword, signCallback } from '../secrets.js';
import { callbackQuery } from '../sandbox/service.js';
import { useSandboxTransport } from '../sandbox/transport.js';
import { settlePending } from './service.js';

/**
 * Card payments end to end through the app (issue 13): the portal registers orders at the
 * built-in sandbox gateway over its HTTP API, the citizen pays on the hosted page, the gateway's
 * callback job calls the portal back. The sandbox transport injects into the same app, so the
 * suite needs no network. The reliability cases are the heart: replays, out-of-order and forged
 * callbacks, lost callbacks, a crash between creating and registering an attempt.
 */

let t: TestApp;
let fixture: FilingFixture;
let citizen: SignedIn;
const MERCHANT = { username: `primaria-${Math.random().toString(36).slice(2, 8)}`, password: 'Parola-Comerciant-1' };
/** When set, the gateway's callbacks are lost on the way (the portal never sees them). */
let dropCallbacks = false;
const log = captureLog();

beforeAll(async () => {
  t = await createTestApp({}, { logStream: log.stream });
  useSandboxTransport(async (url, init) => {
    const target = new URL(url);
    if (dropCallbacks && target.pathname === '/api/payments/callback') return { status: 503, body: '' };
    const response = await t.app.inject({
      method: init.method,
      url: `${target.pathname}${target.search}`,
      headers: init.headers,
      ...(init.body === undefined ? {} : { payload: init.body }),
    });
    return { status: response.statusCode, body: response.body };
  });
  fixture = await buildApplicationType(t);
  await t.ctx.db.insert(collectorAccounts).values({
    organisationId: fixture.organisationId,
    name: 'Cont taxe locale',
    bank: 'Banca de test',
    iban: 'RO49AAAA1B31007593840000',
    providerUsername: MERCHANT.username,
    providerPasswordEncrypted: encryptProviderPassword(
      t.ctx.config,
      MERCHANT.password,
      collectorBinding(fixture.organisationId, MERCHANT.username),
    ),
  });
  citizen = { headers: await t.authHeaders(DEMO.citizen) } as SignedIn;
}, 120_000);
afterAll(async () => {
  useSandboxTransport(null);
  await t?.close();
});

const jobContext = () => ({ ...t.ctx, log: pino({ level: 'silent' }) });

/**
 * A submitted application of the demo citizen with `total` lei to pay. The fixture's type has no
 * taxes (submitted with total 0, hence paid): the total is set directly, the taxes module has its own tests.
 */
async function applicationToPay(total = '150.00', options: { fixture?: FilingFixture } = {}): Promise<number> {
  const { id } = await buildSubmittedApplication(t, citizen, { fixture: options.fixture ?? fixture });
  await t.ctx.db.update(applications).set({ totalTax: total, isPaid: false, paymentType: null }).where(eq(applications.id, id));
  return id;
}

const paymentRow = async (id: number) => (await t.ctx.db.select().from(payments).where(eq(payments.id, id)))[0]!;
const applicationRow = async (id: number) => (await t.ctx.db.select().from(applications).where(eq(applications.id, id)))[0]!;
const eventsOf = async (paymentId: number) =>
  (await t.ctx.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, paymentId))).map((e) => e.kind);

async function startPayment(applicationId: number) {
  const response = await call(t, 'POST', `/api/applications/${applicationId}/pay`, citizen.headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { payment: { id: number; status: string; amount: string }; redirect_url: string };
}

/** The citizen fills in the hosted page; answers the gateway's response. */
async function payOnPage(redirectUrl: string, card: string, extra: Record<string, string> = {}) {
  const path = new URL(redirectUrl).pathname;
  const page = await t.app.inject({ method: 'GET', url: path });
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain('<html lang="ro">');
  return t.app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      card_number: card,
      expiry: '12/39',
      cvv: '123',
      cardholder: 'Ion Popescu',
      action: 'pay',
      ...extra,
    }).toString(),
  });
}

const orderOf = async (gatewayOrderId: string) =>
  (await t.ctx.db.select().from(sandboxGatewayOrders).where(eq(sandboxGatewayOrders.id, gatewayOrderId)))[0]!;

describe('card payments through the sandbox gateway', () => {
  it('happy path: pay, the hosted page, the callback job, the application paid, a receipt', async () => {
    const id = await applicationToPay('150.00');
    const before = await call(t, 'GET', `/api/applications/${id}/payments`, citizen.headers);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json().data).toMatchObject({ total: '150.00', due: '150.00', is_paid: false, abilities: { canPayCard: true } });

    const checkout = await startPayment(id);
    expect(checkout.payment).toMatchObject({ status: 'CREATED', amount: '150.00', type: 'CARD' });
    expect(checkout.redirect_url).toMatch(/\/api\/sandbox-gateway\/pay\/sgw_/);
    const page = await t.app.inject({ method: 'GET', url: new URL(checkout.redirect_url).pathname });
    for (const text of ['Plătiți', 'Renunțați', '150,00 lei', MERCHANT.username, 'for="card_number"', 'for="cvv"'])
      expect(page.body).toContain(text);

    const paid = await payOnPage(checkout.redirect_url, SANDBOX_CARDS.success);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`${t.ctx.config.publicUrl.replace(/\/$/, '')}/application-notify/${id}`);
    // Nothing settled before the gateway calls back.
    expect((await paymentRow(checkout.payment.id)).status).toBe('CREATED');
    await t.ctx.jobs.drain();

    const payment = await paymentRow(checkout.payment.id);
    expect(payment).toMatchObject({ status: 'SUCCESSFUL', settlementSource: 'callback' });
    expect(payment.providerTransactionId).toMatch(/^TX/);
    expect(await applicationRow(id)).toMatchObject({ isPaid: true, paymentType: 'CARD' });
    const order = await orderOf(payment.gatewayOrderId!);
    expect(order).toMatchObject({ status: 'successful', cardLast4: '1111', callbackAttempts: 1 });
    expect(order.callbackDeliveredAt).not.toBeNull();
    const audits = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'payment'), eq(auditLog.entityId, String(payment.id))));
    expect(audits.map((a) => a.action)).toEqual(['payment.succeeded']);
    const events = await t.ctx.db
      .select()
      .from(domainEvents)
      .where(
        and(eq(domainEvents.entityType, 'application'), eq(domainEvents.entityId, id), eq(domainEvents.type, 'application.paid')),
      );
    expect(events).toHaveLength(1);
    expect(await eventsOf(payment.id)).toEqual(
      expect.arrayContaining(['created', 'registered_at_gateway', 'callback', 'settled']),
    );

    const view = (await call(t, 'GET', `/api/applications/${id}/payments`, citizen.headers)).json().data;
    expect(view).toMatchObject({ is_paid: true, paid: '150.00', due: '0.00', payment_type: 'CARD' });
    expect(view.abilities.canPayCard).toBe(false);
    const check = await call(t, 'GET', `/api/payments/application/${id}/bt-url-check`, citizen.headers);
    expect(check.json().data).toMatchObject({ application_id: id, is_paid: true, payment: { status: 'SUCCESSFUL' } });

    const receipt = await call(t, 'GET', `/api/payments/${payment.id}/receipt`, citizen.headers);
    expect(receipt.statusCode).toBe(200);
    expect(receipt.headers['content-type']).toBe('application/pdf');
    expect(receipt.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
    expect((await call(t, 'GET', `/api/payments/${payment.id}/receipt`, DEMO.superadmin)).statusCode).toBe(200);
    for (const who of [DEMO.company, DEMO.staff])
      expect((await call(t, 'GET', `/api/payments/${payment.id}/receipt`, who)).statusCode, who).toBe(404);
    // Staff of the organisation who see its applications read the payments and the receipt.
    const responsibility = await buildResponsibility(t, fixture.organisationId, [
      'applicationsStaffOwnRead',
      'CAN_VIEW_ORGANISATIONS_APPLICATIONS',
    ]);
    const orgStaff = await buildStaff(t, fixture.organisationId, {
      functions: [await buildFunction(t, fixture.organisationId, [responsibility])],
    });
    expect((await call(t, 'GET', `/api/payments/${payment.id}/receipt`, orgStaff.headers)).statusCode).toBe(200);
    const staffView = await call(t, 'GET', `/api/applications/${id}/payments`, orgStaff.headers);
    expect(staffView.statusCode, staffView.body).toBe(200);
    expect(staffView.json().data.payments).toHaveLength(1);
    expect((await call(t, 'GET', '/api/payments/99999999/receipt', citizen.headers)).statusCode).toBe(404);

    // Nothing personal or secret in the logs: no card, CVV, e-mail, merchant password, callback key.
    const logged = log.text();
    expect(logged).toContain('/api/payments/callback');
    for (const secret of [SANDBOX_CARDS.success, 'cvv=123', DEMO.citizen, MERCHANT.password, 'Ion Popescu'])
      expect(logged, secret).not.toContain(secret);

    // Paying again: already processed.
    expect((await call(t, 'POST', `/api/applications/${id}/pay`, citizen.headers)).json().message).toBe(
      'PAYMENT_ALREADY_PROCESSED',
    );
  });

  it('a declined card fails the attempt; a new attempt succeeds', async () => {
    const id = await applicationToPay('80.50');
    const first = await startPayment(id);
    expect((await payOnPage(first.redirect_url, SANDBOX_CARDS.declined)).statusCode).toBe(303);
    await t.ctx.jobs.drain();
    expect(await paymentRow(first.payment.id)).toMatchObject({ status: 'FAILED', failureReason: 'declined' });
    expect((await applicationRow(id)).isPaid).toBe(false);
    const view = (await call(t, 'GET', `/api/applications/${id}/payments`, citizen.headers)).json().data;
    expect(view.abilities).toMatchObject({ canPayCard: true, canContinueCard: false });
    // The declined order's page refuses another try.
    const again = await payOnPage(first.redirect_url, SANDBOX_CARDS.success);
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain('refuzată');

    const second = await startPayment(id);
    expect(second.payment.id).not.toBe(first.payment.id);
    expect(second.redirect_url).not.toBe(first.redirect_url);
    await payOnPage(second.redirect_url, SANDBOX_CARDS.success);
    await t.ctx.jobs.drain();
    expect((await paymentRow(second.payment.id)).status).toBe('SUCCESSFUL');
    expect((await applicationRow(id)).isPaid).toBe(true);
  });

  it('pay twice continues the pending attempt; refresh-payment-url answers the same page', async () => {
    const id = await applicationToPay('10.00');
    const first = await startPayment(id);
    const second = await startPayment(id);
    expect(second.payment.id).toBe(first.payment.id);
    expect(second.redirect_url).toBe(first.redirect_url);
    const refreshed = await call(t, 'POST', `/api/applications/${id}/refresh-payment-url`, citizen.headers);
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect(refreshed.json().data.redirect_url).toBe(first.redirect_url);
    const view = (await call(t, 'GET', `/api/applications/${id}/payments`, citizen.headers)).json().data;
    expect(view.abilities).toMatchObject({ canPayCard: false, canContinueCard: true });
  });

  it('50 parallel replays of one valid callback settle once: one 200, the rest 409, one audit row', async () => {
    const id = await applicationToPay('99.99');
    const checkout = await startPayment(id);
    dropCallbacks = true;
    await payOnPage(checkout.redirect_url, SANDBOX_CARDS.success);
    await t.ctx.jobs.drain();
    dropCallbacks = false;
    const payment = await paymentRow(checkout.payment.id);
    expect(payment.status).toBe('CREATED');
    const query = callbackQuery(t.ctx, await orderOf(payment.gatewayOrderId!)).toString();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => t.app.inject({ method: 'GET', url: `/api/payments/callback?${query}` })),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(49);
    expect(answers.find((a) => a.statusCode === 409)!.json().message).toBe('PAYMENT_ALREADY_PROCESSED');
    const audits = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'payment'), eq(auditLog.entityId, String(payment.id))));
    expect(audits).toHaveLength(1);
    const paidAudits = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'application.paid'), eq(auditLog.entityId, String(id))));
    expect(paidAudits).toHaveLength(1);
    const kinds = await eventsOf(payment.id);
    expect(kinds.filter((k) => k === 'settled')).toHaveLength(1);
    expect(kinds.filter((k) => k === 'callback_replayed')).toHaveLength(49);
  }, 90_000);

  it('out of order, forged and unknown callbacks change nothing', async () => {
    const id = await applicationToPay('20.00');
    const checkout = await startPayment(id);
    const pending = await paymentRow(checkout.payment.id);
    const key = callbackKey(t.ctx.config);
    const fields = {
      order_id: pending.idempotencyKey,
      gateway_order_id: pending.gatewayOrderId!,
      status: 'successful' as const,
      amount: '20.00',
      currency: 'RON' as const,
      transaction_id: 'TXFORGED',
      timestamp: String(Math.floor(Date.now() / 1000)),
    };
    const url = (f: typeof fields | (Omit<typeof fields, 'status'> & { status: string }), checksum: string) =>
      `/api/payments/callback?${new URLSearchParams({ ...f, checksum }).toString()}`;

    // Forged: a wrong checksum.
    const forged = await t.app.inject({ method: 'GET', url: url(fields, 'ab'.repeat(32)) });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toBe('PAYMENT_CALLBACK_INVALID');
    expect((await paymentRow(pending.id)).status).toBe('CREATED');
    expect(await eventsOf(pending.id)).toContain('callback_forged');
    // Signed with another key.
    const otherKey = Buffer.from('another-gateway-secret-0123456789');
    expect((await t.app.inject({ method: 'GET', url: url(fields, signCallback(otherKey, fields)) })).statusCode).toBe(400);
    // Unknown order, correctly signed.
    const unknown = { ...fields, order_id: 'no-such-order', gateway_order_id: 'sgw_nothing' };
    expect((await t.app.inject({ method: 'GET', url: url(unknown, signCallback(key, unknown)) })).statusCode).toBe(400);
    // A wrong amount, correctly signed: no change.
    const cheap = { ...fields, amount: '0.01' };
    expect((await t.app.inject({ method: 'GET', url: url(cheap, signCallback(key, cheap)) })).statusCode).toBe(400);
    expect((await paymentRow(pending.id)).status).toBe('CREATED');
    expect(await eventsOf(pending.id)).toContain('amount_mismatch');

    // The real success, then a late decline: the decline changes nothing.
    const ok = await t.app.inject({ method: 'GET', url: url(fields, signCallback(key, fields)) });
    expect(ok.statusCode, ok.body).toBe(200);
    const declined = { ...fields, status: 'declined' as const, transaction_id: '' };
    const late = await t.app.inject({ method: 'GET', url: url(declined, signCallback(key, declined as never)) });
    expect(late.statusCode).toBe(409);
    expect(await paymentRow(pending.id)).toMatchObject({ status: 'SUCCESSFUL', providerTransactionId: 'TXFORGED' });
    expect((await applicationRow(id)).isPaid).toBe(true);
    // Nothing personal in the payments' log.
    const details = await t.ctx.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, pending.id));
    expect(JSON.stringify(details)).not.toMatch(/citizen@|Popescu|RO49/);
  });

  it('a lost callback is settled by the settle job through a status query', async () => {
    const id = await applicationToPay('45.00');
    const checkout = await startPayment(id);
    dropCallbacks = true;
    await payOnPage(checkout.redirect_url, SANDBOX_CARDS.success);
    await t.ctx.jobs.drain();
    dropCallbacks = false;
    const payment = await paymentRow(checkout.payment.id);
    expect(payment.status).toBe('CREATED');
    expect((await orderOf(payment.gatewayOrderId!)).callbackDeliveredAt).toBeNull();
    // Too recent: the job leaves it to the callback.
    expect((await settlePending(jobContext())).settled).toBe(0);
    await t.ctx.db.update(payments).set({ createdAt: sql`now() - interval '10 minutes'` }).where(eq(payments.id, payment.id));
    const outcome = await settlePending(jobContext());
    expect(outcome.settled).toBeGreaterThanOrEqual(1);
    expect(await paymentRow(payment.id)).toMatchObject({ status: 'SUCCESSFUL', settlementSource: 'settle-job' });
    expect((await applicationRow(id)).isPaid).toBe(true);
  });

  it('the return check settles the attempt from the gateway when the callback is late', async () => {
    const id = await applicationToPay('12.00');
    const checkout = await startPayment(id);
    dropCallbacks = true;
    await payOnPage(checkout.redirect_url, SANDBOX_CARDS.success);
    const check = await call(t, 'GET', `/api/payments/application/${id}/bt-url-check`, citizen.headers);
    dropCallbacks = false;
    expect(check.statusCode, check.body).toBe(200);
    expect(check.json().data).toMatchObject({ is_paid: true, payment: { status: 'SUCCESSFUL' } });
    expect((await paymentRow(checkout.payment.id)).settlementSource).toBe('status-query');
    // The callback arriving afterwards is a replay, and the delivery job stops there.
    await t.ctx.jobs.drain();
    expect((await orderOf((await paymentRow(checkout.payment.id)).gatewayOrderId!)).callbackDeliveredAt).not.toBeNull();
  });

  it('a crash between creating and registering: the retry gets the same gateway order', async () => {
    const id = await applicationToPay('30.00');
    const app = await applicationRow(id);
    const created = await t.ctx.db.transaction((tx) =>
      createPayment(tx, {
        organisationId: app.organisationId,
        applicationId: id,
        applicationTypeId: app.applicationTypeId,
        type: 'CARD',
        amount: 3000,
        description: 'Plata taxelor',
      }),
    );
    // Registered at the gateway, then the process died before storing the answer.
    const merchant = (await merchantOf(t.ctx, app.organisationId))!;
    const lost = await paymentGateway(t.ctx).register({
      orderId: created.idempotencyKey,
      amount: 3000,
      description: 'Plata taxelor',
      returnUrl: 'http://localhost/x',
      callbackUrl: 'http://localhost/api/payments/callback',
      merchant: merchant.merchant,
    });
    expect((await paymentRow(created.id)).gatewayOrderId).toBeNull();
    const retried = await call(t, 'POST', `/api/applications/${id}/refresh-payment-url`, citizen.headers);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json().data.payment.id).toBe(created.id);
    expect((await paymentRow(created.id)).gatewayOrderId).toBe(lost.gatewayOrderId);
    const orders = await t.ctx.db
      .select()
      .from(sandboxGatewayOrders)
      .where(eq(sandboxGatewayOrders.orderId, created.idempotencyKey));
    expect(orders).toHaveLength(1);
  });

  it('an attempt that never reached the gateway fails after the order lifetime', async () => {
    const id = await applicationToPay('5.00');
    const app = await applicationRow(id);
    const created = await t.ctx.db.transaction((tx) =>
      createPayment(tx, {
        organisationId: app.organisationId,
        applicationId: id,
        applicationTypeId: app.applicationTypeId,
        type: 'CARD',
        amount: 500,
        description: 'Plata taxelor',
      }),
    );
    await t.ctx.db.update(payments).set({ createdAt: sql`now() - interval '40 minutes'` }).where(eq(payments.id, created.id));
    await settlePending(jobContext());
    expect(await paymentRow(created.id)).toMatchObject({ status: 'FAILED', failureReason: 'not_registered' });
  });

  it('nobody else pays or reads the payments of an application (404); no collector account: CANNOT_INIT_PAYMENT', async () => {
    const id = await applicationToPay('7.00');
    for (const who of [DEMO.company, DEMO.staff, DEMO.admin]) {
      expect((await call(t, 'POST', `/api/applications/${id}/pay`, who)).statusCode, who).toBe(404);
      expect((await call(t, 'POST', `/api/applications/${id}/refresh-payment-url`, who)).statusCode, who).toBe(404);
      expect((await call(t, 'GET', `/api/applications/${id}/payments`, who)).statusCode, who).toBe(404);
      expect((await call(t, 'GET', `/api/payments/application/${id}/bt-url-check`, who)).statusCode, who).toBe(404);
    }
    expect((await call(t, 'POST', `/api/applications/${id}/pay`)).statusCode).toBe(401);
    expect(await paymentRowCount(id)).toBe(0);

    const noAccount = await buildApplicationType(t);
    const other = await applicationToPay('7.00', { fixture: noAccount });
    const refused = await call(t, 'POST', `/api/applications/${other}/pay`, citizen.headers);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('CANNOT_INIT_PAYMENT');
    expect(await paymentRowCount(other)).toBe(0);
    const view = (await call(t, 'GET', `/api/applications/${other}/payments`, citizen.headers)).json().data;
    expect(view.abilities.canPayCard).toBe(false);
    // An inactive application type takes no payments.
    await t.ctx.db.update(applicationTypes).set({ status: 'inactive' }).where(eq(applicationTypes.id, noAccount.typeId));
    const inactive = await call(t, 'POST', `/api/applications/${other}/pay`, citizen.headers);
    expect(inactive.statusCode).toBe(403);
    expect(inactive.json().message).toBe('PAYMENT_UNAUTHORIZED');
  });

  // Runs last: after every scenario above (replays, out-of-order and forged callbacks, lost
  // callbacks, crashes), the day's reconciliation with the gateway's own books finds exactly one
  // difference: the out-of-order test settled its payment with a callback signed by the test
  // (never paid on the hosted page, so the gateway still has it pending). Every other RON matches.
  it('every RON is accounted for: the gateway report matches the portal and the ledger balances', async () => {
    const day = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Bucharest' }).format(new Date());
    const answer = await call(t, 'POST', '/api/payments/reconciliations', DEMO.superadmin, { day });
    expect(answer.statusCode, answer.body).toBeLessThan(300);
    const reconciliation = answer.json().data;
    expect(reconciliation.gateway_count).toBeGreaterThan(5);
    expect(reconciliation.differences).toEqual([
      expect.objectContaining({
        kind: 'status_mismatch',
        portal_status: 'SUCCESSFUL',
        gateway_status: 'pending',
        portal_amount: '20.00',
      }),
    ]);
    expect(Number(reconciliation.portal_total) - Number(reconciliation.gateway_total)).toBeCloseTo(20, 2);
    expect(reconciliation.ledger_balanced).toBe(true);
  });
});

async function paymentRowCount(applicationId: number): Promise<number> {
  return (await t.ctx.db.select().from(payments).where(eq(payments.applicationId, applicationId))).length;
}
