import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsTestKit } from '../../../../test/accounts-kit.js';
import { call, DEMO } from '../../../../test/administration-kit.js';
import { uploadFile } from '../../../../test/applications-kit.js';
import {
  buildApplicationType,
  buildCitizen,
  buildCollectorAccount,
  buildStaff,
  buildSubmittedApplication,
  buildTenant,
  type SignedIn,
} from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/test-app.js';
import {
  applications,
  applicationTypes,
  auditLog,
  organisations,
  outboxMessages,
  paymentEvents,
  payments,
} from '../../../db/schema/index.js';
import type { FilingFixture } from '../../../../test/applications-kit.js';
import { maskUrl } from '../../../platform/logger.js';
import { settlePayment } from '../ledger.js';

let t: TestApp;
let fixture: FilingFixture;
let citizen: SignedIn;
let clerk: SignedIn;
let strangerClerk: SignedIn;
const kit = accountsTestKit(() => t);

beforeAll(async () => {
  t = await createTestApp();
  fixture = await buildApplicationType(t);
  await t.ctx.db
    .update(organisations)
    .set({ paymentOrderDetails: 'Beneficiar: Primăria de test, IBAN RO12TREZ4765006XXX000123, CIF 1234567' })
    .where(eq(organisations.id, fixture.organisationId));
  // Payment links are paid by card: the organisation has a merchant at the gateway.
  await buildCollectorAccount(t, fixture.organisationId);
  citizen = await buildCitizen(t);
  clerk = await buildStaff(t, fixture.organisationId);
  const other = await buildTenant(t);
  strangerClerk = await buildStaff(t, other.organisationId);
}, 240_000);
afterAll(async () => {
  await t?.close();
});

/** A submitted application of the citizen with `total` lei to pay. */
async function applicationToPay(total = '150.00') {
  const filed = await buildSubmittedApplication(t, citizen, { fixture });
  await t.ctx.db
    .update(applications)
    .set({ totalTax: total, isPaid: false, paymentType: null })
    .where(eq(applications.id, filed.id));
  return filed;
}

const auditOf = (action: string, entityId: number) =>
  t.ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, String(entityId))));

describe('payment orders (OP)', () => {
  it('order → proof → staff registers → the application is paid, audited', async () => {
    const { id, identificationNumber } = await applicationToPay('150.00');
    const ordered = await call(t, 'POST', `/api/applications/${id}/payment-orders`, citizen.headers);
    expect(ordered.statusCode, ordered.body).toBe(201);
    const order = ordered.json().data;
    expect(order).toMatchObject({
      amount: '150.00',
      reference: identificationNumber,
      payment_order_details: expect.stringContaining('RO12TREZ'),
      payment: { type: 'OP', status: 'CREATED', amount: '150.00', application_number: identificationNumber },
    });
    // One pending order at a time: asking again answers the same.
    const again = await call(t, 'POST', `/api/applications/${id}/payment-orders`, citizen.headers);
    expect(again.json().data.payment.id).toBe(order.payment.id);
    const read = await call(t, 'GET', `/api/applications/${id}/payment-orders/${order.payment.id}`, citizen.headers);
    expect(read.statusCode).toBe(200);
    // Nobody else's application.
    const stranger = await buildCitizen(t);
    expect((await call(t, 'POST', `/api/applications/${id}/payment-orders`, stranger.headers)).statusCode).toBe(404);
    expect(
      (await call(t, 'GET', `/api/applications/${id}/payment-orders/${order.payment.id}`, stranger.headers)).statusCode,
    ).toBe(404);

    // The proof: the citizen's own upload only.
    const strangersFile = await uploadFile(t, stranger.headers, 'dovada.pdf');
    const refused = await call(t, 'PUT', `/api/applications/${id}/payments/${order.payment.id}/proof`, citizen.headers, {
      file_id: strangersFile,
    });
    expect(refused.statusCode).toBe(400);
    const fileId = await uploadFile(t, citizen.headers, 'dovada.pdf');
    const proof = await call(t, 'PUT', `/api/applications/${id}/payments/${order.payment.id}/proof`, citizen.headers, {
      file_id: fileId,
    });
    expect(proof.statusCode, proof.body).toBe(200);
    expect(proof.json().data.has_proof).toBe(true);
    // Staff of the organisation may download the proof; other organisations' staff may not.
    expect((await call(t, 'POST', `/api/files/${fileId}/download-tokens`, clerk.headers)).statusCode).toBe(200);
    expect((await call(t, 'POST', `/api/files/${fileId}/download-tokens`, strangerClerk.headers)).statusCode).not.toBe(200);

    // Staff of the organisation see it and register it.
    const status = await call(t, 'GET', `/api/staff-applications/${id}/registry-check-payment-status`, clerk.headers);
    expect(status.statusCode, status.body).toBe(200);
    expect(status.json().data).toMatchObject({
      total: '150.00',
      paid: '0.00',
      due: '150.00',
      is_paid: false,
      abilities: { canRegisterPayment: true, canCreateLink: true },
    });
    const registered = await call(t, 'PUT', `/api/staff-applications/${id}/register-payment`, clerk.headers, {
      payment_id: order.payment.id,
      type: 'OP',
      amount: '150.00',
      document_number: 'OP 4521',
      paid_on: '2026-11-20',
    });
    expect(registered.statusCode, registered.body).toBe(200);
    expect(registered.json().data).toMatchObject({ is_paid: true, paid: '150.00', due: '0.00', payment_type: 'OP' });
    const paid = registered.json().data.payments.find((p: { id: number }) => p.id === order.payment.id);
    expect(paid).toMatchObject({ status: 'SUCCESSFUL', document_number: 'OP 4521', has_receipt: true });

    const [row] = await t.ctx.db.select().from(applications).where(eq(applications.id, id));
    expect(row).toMatchObject({ isPaid: true, paymentType: 'OP', transactionNumber: 'OP 4521' });
    expect(await auditOf('payment.registered', id)).toHaveLength(1);
    expect(await auditOf('application.paid', id)).toHaveLength(1);
    expect((await auditOf('payment.succeeded', order.payment.id))[0]).toMatchObject({ actorUserId: clerk.id });

    // Paid: nothing more to register, no new order, no proof on a settled order.
    const twice = await call(t, 'PUT', `/api/staff-applications/${id}/register-payment`, clerk.headers, {
      type: 'OFFICE',
      amount: '1.00',
      document_number: 'CH 1',
      paid_on: '2026-11-20',
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('PAYMENT_NOT_ALLOWED');
    expect((await call(t, 'POST', `/api/applications/${id}/payment-orders`, citizen.headers)).json().message).toBe(
      'PAYMENT_NOT_ALLOWED',
    );
    const late = await call(t, 'PUT', `/api/applications/${id}/payments/${order.payment.id}/proof`, citizen.headers, {
      file_id: fileId,
    });
    expect(late.json().message).toBe('PAYMENT_NOT_ALLOWED');
  });

  it('refuses an order for an inactive application type (PAYMENT_UNAUTHORIZED)', async () => {
    const { id } = await applicationToPay('20.00');
    await t.ctx.db.update(applicationTypes).set({ status: 'inactive' }).where(eq(applicationTypes.id, fixture.typeId));
    try {
      const refused = await call(t, 'POST', `/api/applications/${id}/payment-orders`, citizen.headers);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe('PAYMENT_UNAUTHORIZED');
    } finally {
      await t.ctx.db.update(applicationTypes).set({ status: 'active' }).where(eq(applicationTypes.id, fixture.typeId));
    }
  });

  it('staff reject an order whose money never arrived', async () => {
    const { id } = await applicationToPay('80.00');
    const order = (await call(t, 'POST', `/api/applications/${id}/payment-orders`, citizen.headers)).json().data;
    const rejected = await call(t, 'PUT', `/api/staff-applications/${id}/reject-payment`, clerk.headers, {
      payment_id: order.payment.id,
      reason: 'Suma nu apare în extrasul de cont.',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().data.is_paid).toBe(false);
    expect(rejected.json().data.payments[0]).toMatchObject({
      status: 'FAILED',
      failure_reason: 'Suma nu apare în extrasul de cont.',
    });
    const again = await call(t, 'PUT', `/api/staff-applications/${id}/reject-payment`, clerk.headers, {
      payment_id: order.payment.id,
      reason: 'Din nou',
    });
    expect(again.json().message).toBe('PAYMENT_NOT_ALLOWED');
    // A new order can be asked for.
    const next = (await call(t, 'POST', `/api/applications/${id}/payment-orders`, citizen.headers)).json().data;
    expect(next.payment.id).not.toBe(order.payment.id);
  });

  it('refuses an amount above the amount due, records an office payment, partial payments add up', async () => {
    const { id } = await applicationToPay('100.00');
    const tooMuch = await call(t, 'PUT', `/api/staff-applications/${id}/register-payment`, clerk.headers, {
      type: 'OFFICE',
      amount: '100.01',
      document_number: 'CH 77',
      paid_on: '2026-11-21',
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json()).toEqual({ message: 'PAYMENT_AMOUNT_INVALID', data: { due: '100.00' } });

    const part = await call(t, 'PUT', `/api/staff-applications/${id}/register-payment`, clerk.headers, {
      type: 'OFFICE',
      amount: '40,50',
      document_number: 'CH 78',
      paid_on: '2026-11-21',
    });
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json().data).toMatchObject({ is_paid: false, paid: '40.50', due: '59.50' });
    const rest = await call(t, 'PUT', `/api/staff-applications/${id}/register-payment`, clerk.headers, {
      type: 'OFFICE',
      amount: '59.50',
      document_number: 'CH 79',
      paid_on: '2026-11-21',
    });
    expect(rest.json().data).toMatchObject({ is_paid: true, paid: '100.00', due: '0.00', payment_type: 'OFFICE' });
    expect(rest.json().data.payments.every((p: { type: string; status: string }) => p.type === 'OFFICE')).toBe(true);
  });

  it('answers 404 to another organisation’s staff and 403 to a citizen on staff routes', async () => {
    const { id } = await applicationToPay('10.00');
    for (const [method, suffix, body] of [
      ['GET', 'registry-check-payment-status', undefined],
      ['PUT', 'register-payment', { type: 'OFFICE', amount: '1.00', document_number: 'X', paid_on: '2026-11-21' }],
      ['PUT', 'create-payment-link', { amount: '1.00', email: 'plata@example.ro' }],
      ['PUT', 'reject-payment', { payment_id: 1, reason: 'x' }],
    ] as const) {
      const url = `/api/staff-applications/${id}/${suffix}`;
      expect((await call(t, method, url, strangerClerk.headers, body)).statusCode, `${suffix} other staff`).toBe(404);
      expect((await call(t, method, url, citizen.headers, body)).statusCode, `${suffix} citizen`).toBe(403);
    }
    // The demo staff work in another organisation too.
    expect((await call(t, 'GET', `/api/staff-applications/${id}/registry-check-payment-status`, DEMO.staff)).statusCode).toBe(
      404,
    );
  });
});

describe('concurrent requests', () => {
  it('make one pending order, and register an order once', async () => {
    const { id } = await applicationToPay('60.00');
    const orders = await Promise.all(
      [1, 2, 3].map(() => call(t, 'POST', `/api/applications/${id}/payment-orders`, citizen.headers)),
    );
    expect(new Set(orders.map((o) => o.json().data.payment.id)).size).toBe(1);
    const paymentId = orders[0].json().data.payment.id;
    const body = { payment_id: paymentId, type: 'OP', amount: '60.00', document_number: 'OP 9', paid_on: '2026-11-22' };
    const answers = await Promise.all(
      [1, 2, 3].map(() => call(t, 'PUT', `/api/staff-applications/${id}/register-payment`, clerk.headers, body)),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    const rows = await t.ctx.db.select().from(payments).where(eq(payments.applicationId, id));
    expect(rows.map((r) => [r.type, r.status])).toEqual([['OP', 'SUCCESSFUL']]);
    expect(await auditOf('application.paid', id)).toHaveLength(1);
  });
});

describe('payment links', () => {
  it('e-mails the link (the outbox holds it, the payments table only its hash); the public page shows it', async () => {
    const { id, identificationNumber } = await applicationToPay('250.00');
    const email = `plata.${Date.now()}@example.ro`;
    const tooMuch = await call(t, 'PUT', `/api/staff-applications/${id}/create-payment-link`, clerk.headers, {
      amount: '250.01',
      email,
    });
    expect(tooMuch.json()).toEqual({ message: 'PAYMENT_AMOUNT_INVALID', data: { due: '250.00' } });
    const created = await call(t, 'PUT', `/api/staff-applications/${id}/create-payment-link`, clerk.headers, {
      amount: '250.00',
      email,
    });
    expect(created.statusCode, created.body).toBe(200);
    const link = created.json().data.payments.find((p: { type: string }) => p.type === 'LINK');
    expect(link).toMatchObject({ status: 'CREATED', amount: '250.00', email });

    const [message] = await kit.outbox(email);
    expect(message.subject).toContain(identificationNumber);
    const match = /\/plata\/([\w-]+)/.exec(message.text);
    expect(match).not.toBeNull();
    const token = match![1];

    const [row] = await t.ctx.db.select().from(payments).where(eq(payments.id, link.id));
    expect(row.linkTokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.linkTokenHash).not.toBe(token);
    // The token is nowhere in the database in clear but in the outbox's secrets (redacted after delivery/expiry).
    const [stored] = await t.ctx.db.select().from(outboxMessages).where(eq(outboxMessages.to, email));
    expect(stored.text).not.toContain(token);
    expect(stored.secrets).toEqual([token]);
    const events = await t.ctx.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, link.id));
    expect(JSON.stringify(events)).not.toContain(token);
    const audits = await t.ctx.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.action} = 'payment.link_created' AND ${auditLog.entityId} = ${String(id)}`);
    expect(audits).toHaveLength(1);
    expect(JSON.stringify(audits)).not.toContain(token);

    const page = await call(t, 'GET', `/api/public/payment-links/${token}`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().data).toMatchObject({
      application_number: identificationNumber,
      amount: '250.00',
      currency: 'RON',
      status: 'CREATED',
      status_label: 'Inițiată',
    });
    expect((await call(t, 'GET', `/api/public/payment-links/${token.slice(0, -2)}xy`)).statusCode).toBe(404);
    expect((await call(t, 'GET', '/api/public/payment-links/nu-exista')).statusCode).toBe(404);
    expect((await call(t, 'POST', `/api/public/payment-links/${'a'.repeat(43)}/pay`)).statusCode).toBe(404);
    // The token never reaches the request log.
    expect(maskUrl(`/api/public/payment-links/${token}/pay`)).toBe('/api/public/payment-links/[redacted]/pay');
    expect(maskUrl(`/plata/${token}?x=1`)).toBe('/plata/[redacted]?x=[redacted]');

    // The organisation takes no card payments yet (no collector account): the attempt fails, the
    // link stays usable and a second try is a fresh attempt under the same link.
    const first = await call(t, 'POST', `/api/public/payment-links/${token}/pay`);
    expect(first.json().message).toBe('CANNOT_INIT_PAYMENT');
    const second = await call(t, 'POST', `/api/public/payment-links/${token}/pay`);
    expect(second.json().message).toBe('CANNOT_INIT_PAYMENT');
    const attempts = await t.ctx.db
      .select()
      .from(payments)
      .where(and(eq(payments.applicationId, id), eq(payments.type, 'LINK')));
    expect(attempts).toHaveLength(2);
    expect(attempts.filter((p) => p.linkTokenHash !== null)).toHaveLength(1);
    expect(attempts.every((p) => p.status === 'FAILED')).toBe(true);

    // Paid through the link: the link is used up (404 to pay, the page shows it paid).
    const live = attempts.find((p) => p.linkTokenHash !== null)!;
    await t.ctx.db.update(payments).set({ status: 'CREATED' }).where(eq(payments.id, live.id));
    await t.ctx.db.transaction((tx) => settlePayment(tx, live.id, { status: 'SUCCESSFUL', source: 'callback' }));
    expect((await call(t, 'POST', `/api/public/payment-links/${token}/pay`)).statusCode).toBe(404);
    expect((await call(t, 'GET', `/api/public/payment-links/${token}`)).json().data.status).toBe('SUCCESSFUL');
  });

  it('is refused once the amount due fell below the link’s amount (paid meanwhile at the office)', async () => {
    const { id } = await applicationToPay('90.00');
    const email = `plata2.${Date.now()}@example.ro`;
    await call(t, 'PUT', `/api/staff-applications/${id}/create-payment-link`, clerk.headers, { amount: '90.00', email });
    const token = /\/plata\/([\w-]+)/.exec((await kit.outbox(email))[0].text)![1];
    const office = await call(t, 'PUT', `/api/staff-applications/${id}/register-payment`, clerk.headers, {
      type: 'OFFICE',
      amount: '10.00',
      document_number: 'CH 5',
      paid_on: '2026-11-23',
    });
    expect(office.statusCode, office.body).toBe(200);
    const pay = await call(t, 'POST', `/api/public/payment-links/${token}/pay`);
    expect(pay.statusCode).toBe(409);
    expect(pay.json()).toEqual({ message: 'PAYMENT_NOT_ALLOWED', data: { reason: 'amount_exceeds_due' } });
  });
});
