import { todayInRomania } from '@ghiseu/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO } from '../../../../test/administration-kit.js';
import {
  buildApplicationType,
  buildCitizen,
  buildStaff,
  buildSubmittedApplication,
  type SignedIn,
} from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/test-app.js';
import { applications, auditLog, collectorAccounts, payments, paymentReconciliations } from '../../../db/schema/index.js';
import type { GatewayMerchant, GatewayReportLine, PaymentGateway } from '../gateway.js';
import { createPayment, settlePayment } from '../ledger.js';
import { collectorBinding, encryptProviderPassword } from '../secrets.js';
import { PAYMENT_CSV_HEADERS } from './csv.js';
import { reconcileJob } from './jobs.js';
import { compareWithReport, reconcileDay } from './service.js';

let t: TestApp;
let citizen: SignedIn;
let clerk: SignedIn;
let organisationId: number;
let paidApp: { id: number; identificationNumber: string };
let openApp: { id: number; identificationNumber: string };
const CNP = '1960101123456';

beforeAll(async () => {
  t = await createTestApp();
  const fixture = await buildApplicationType(t);
  organisationId = fixture.organisationId;
  citizen = await buildCitizen(t, { first_name: 'Vasile', last_name: 'Plătitorul' });
  clerk = await buildStaff(t, organisationId);
  paidApp = await buildSubmittedApplication(t, citizen, { fixture });
  openApp = await buildSubmittedApplication(t, citizen, { fixture });
  await t.ctx.db
    .update(applications)
    .set({ totalTax: '120.00', isPaid: false, paymentType: null })
    .where(eq(applications.id, paidApp.id));
  await t.ctx.db
    .update(applications)
    .set({ totalTax: '75.50', isPaid: false, paymentType: null })
    .where(eq(applications.id, openApp.id));
  const office = await call(t, 'PUT', `/api/staff-applications/${paidApp.id}/register-payment`, clerk.headers, {
    type: 'OFFICE',
    amount: '120.00',
    document_number: 'CH 1001',
    paid_on: '2026-11-24',
  });
  expect(office.statusCode, office.body).toBe(200);
  const order = await call(t, 'POST', `/api/applications/${openApp.id}/payment-orders`, citizen.headers);
  expect(order.statusCode, order.body).toBe(201);
  await t.ctx.db.update(payments).set({ personalCode: CNP }).where(eq(payments.applicationId, paidApp.id));
}, 240_000);
afterAll(async () => {
  await t?.close();
});

describe('the payments registry', () => {
  it('is the super administrator’s (paymentRegistryRead)', async () => {
    for (const who of [citizen.headers, clerk.headers, DEMO.admin, DEMO.staff]) {
      expect((await call(t, 'GET', '/api/payments/all', who)).statusCode).toBe(403);
      expect((await call(t, 'GET', '/api/payments/all/totals', who)).statusCode).toBe(403);
      expect((await call(t, 'GET', '/api/payments/all/export.csv', who)).statusCode).toBe(403);
      expect((await call(t, 'GET', '/api/payments/reconciliations', who)).statusCode).toBe(403);
      expect((await call(t, 'POST', '/api/payments/reconciliations', who, { day: '2026-11-23' })).statusCode).toBe(403);
    }
  });

  it('lists every attempt newest first, with filters, the personal code masked', async () => {
    const all = await call(t, 'GET', '/api/payments/all?pagination=true', DEMO.superadmin);
    expect(all.statusCode, all.body).toBe(200);
    const body = all.json();
    expect(body.pagination.total).toBeGreaterThanOrEqual(2);
    const ids = body.data.map((p: { id: number }) => p.id);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a));
    const office = body.data.find((p: { application_id: number }) => p.application_id === paidApp.id);
    expect(office).toMatchObject({
      type: 'OFFICE',
      status: 'SUCCESSFUL',
      amount: '120.00',
      client_name: 'Vasile Plătitorul',
      personal_code: '1********3456',
      application_number: paidApp.identificationNumber,
    });
    expect(all.body).not.toContain(CNP);

    const q = async (query: string) => {
      const response = await call(t, 'GET', `/api/payments/all?${query}`, DEMO.superadmin);
      expect(response.statusCode, `${query}: ${response.body}`).toBe(200);
      return response.json().data as { id: number; type: string; status: string; application_id: number }[];
    };
    expect((await q('type[eq]=OP')).every((p) => p.type === 'OP')).toBe(true);
    expect((await q('type[eq]=OP')).map((p) => p.application_id)).toContain(openApp.id);
    expect((await q('status[eq]=CREATED')).every((p) => p.status === 'CREATED')).toBe(true);
    expect((await q(`organisation_id[eq]=${organisationId}`)).length).toBe(2);
    expect((await q('organisation_id[eq]=999999')).length).toBe(0);
    expect((await q(`application_number[like]=${encodeURIComponent(paidApp.identificationNumber)}`)).map((p) => p.id)).toEqual([
      office.id,
    ]);
    expect((await q('client_name[contains]=platitorul')).length).toBe(2);
    const today = todayInRomania();
    expect((await q(`created_at[ge]=${today}`)).length).toBeGreaterThanOrEqual(2);
    expect((await q('created_at[lt]=2000-01-01')).length).toBe(0);
    expect((await call(t, 'GET', '/api/payments/all?secret[eq]=1', DEMO.superadmin)).json().message).toBe('INVALID_QUERY');
  });

  it('totals successful money payments per type and period', async () => {
    const response = await call(
      t,
      'GET',
      `/api/payments/all/totals?period=day&organisation_id[eq]=${organisationId}`,
      DEMO.superadmin,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({
      currency: 'RON',
      total: '120.00',
      count: 1,
      by_type: [{ type: 'OFFICE', type_label: 'La ghișeu', amount: '120.00', count: 1 }],
      by_period: [{ period: todayInRomania(), amount: '120.00', count: 1 }],
    });
    const monthly = await call(
      t,
      'GET',
      `/api/payments/all/totals?period=month&organisation_id[eq]=${organisationId}`,
      DEMO.superadmin,
    );
    expect(monthly.json().data.by_period).toEqual([{ period: todayInRomania().slice(0, 7), amount: '120.00', count: 1 }]);
    expect((await call(t, 'GET', '/api/payments/all/totals?period=year', DEMO.superadmin)).statusCode).toBe(400);
  });

  it('exports the filtered registry as CSV (BOM, `;`, Romanian headers), audited', async () => {
    const response = await call(t, 'GET', `/api/payments/all/export.csv?organisation_id[eq]=${organisationId}`, DEMO.superadmin);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toContain('registru-plati.csv');
    const text = response.body;
    expect(text.startsWith('\uFEFF')).toBe(true);
    const lines = text.slice(1).split('\r\n').filter(Boolean);
    expect(lines[0]).toBe(PAYMENT_CSV_HEADERS.join(';'));
    expect(lines).toHaveLength(3);
    const office = lines.find((line) => line.includes('CH 1001'))!;
    expect(office).toContain(';La ghișeu;Reușită;120,00;RON;Vasile Plătitorul;');
    // The export is where the full personal code is given (ZPayment masks it everywhere else).
    expect(office).toContain(`;${CNP};`);
    const audits = await t.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'payments.export'));
    expect(audits.length).toBeGreaterThanOrEqual(1);
    expect(JSON.stringify(audits)).not.toContain(CNP);
  });
});

describe('the reconciliation job', () => {
  it('runs from the queue for a given day (no collector account yet: nothing to ask the gateway)', async () => {
    await t.ctx.jobs.enqueue(t.ctx.db, reconcileJob, { day: '2001-01-01' });
    await t.ctx.jobs.drain();
    const [row] = await t.ctx.db.select().from(paymentReconciliations).where(eq(paymentReconciliations.day, '2001-01-01'));
    expect(row).toMatchObject({ portalCount: 0, gatewayCount: 0, differences: [], ledgerBalanced: true });
    await t.ctx.db.delete(paymentReconciliations).where(eq(paymentReconciliations.day, '2001-01-01'));
    expect(reconcileJob.cron).toBe('30 0 * * *');
  });
});

describe('the OpenAPI document', () => {
  it('lists the offline and registry routes; the payment-link routes need no authentication', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/payments/all',
        '/api/payments/all/totals',
        '/api/payments/all/export.csv',
        '/api/payments/reconciliations',
        '/api/applications/{id}/payment-orders',
        '/api/applications/{id}/payment-orders/{paymentId}',
        '/api/applications/{id}/payments/{paymentId}/proof',
        '/api/staff-applications/{id}/register-payment',
        '/api/staff-applications/{id}/reject-payment',
        '/api/staff-applications/{id}/registry-check-payment-status',
        '/api/staff-applications/{id}/create-payment-link',
        '/api/public/payment-links/{token}',
        '/api/public/payment-links/{token}/pay',
      ]),
    );
    expect(doc.paths['/api/public/payment-links/{token}'].get.security).toEqual([]);
    expect(doc.paths['/api/public/payment-links/{token}/pay'].post.security).toEqual([]);
  });
});

describe('reconciliation', () => {
  const merchant = { username: 'comerciant-test', password: 'Parola-procesator-1' };

  /** A fake gateway at the interface boundary: the day's report of the test merchant. */
  function fakeGateway(lines: GatewayReportLine[], seen: GatewayMerchant[] = []): PaymentGateway {
    const never = async (): Promise<never> => {
      throw new Error('not used');
    };
    return {
      name: 'fake',
      register: never,
      status: never,
      async report(_day, m) {
        if (m) seen.push(m);
        return m?.username === merchant.username ? lines : [];
      },
    };
  }

  const line = (orderId: string, status: GatewayReportLine['status'], amount: number): GatewayReportLine => ({
    gatewayOrderId: `gw-${orderId}`,
    orderId,
    status,
    amount,
    transactionId: status === 'successful' ? `tx-${orderId}` : null,
    createdAt: new Date().toISOString(),
    completedAt: status === 'pending' ? null : new Date().toISOString(),
  });

  it('finds each kind of difference, checks the ledger, upserts by day', async () => {
    const [account] = await t.ctx.db
      .insert(collectorAccounts)
      .values({
        organisationId,
        name: 'Cont test',
        bank: 'Trezoreria',
        providerUsername: merchant.username,
        providerPasswordEncrypted: encryptProviderPassword(
          t.ctx.config,
          merchant.password,
          collectorBinding(organisationId, merchant.username),
        ),
      })
      .returning();
    /** A CARD attempt registered at the gateway, settled as `status`. */
    const card = async (bani: number, status: 'CREATED' | 'SUCCESSFUL' | 'FAILED') =>
      t.ctx.db.transaction(async (tx) => {
        const p = await createPayment(tx, {
          organisationId,
          applicationId: null,
          applicationTypeId: null,
          type: 'CARD',
          amount: bani,
          description: 'Test',
        });
        await tx
          .update(payments)
          .set({ gatewayOrderId: `gw-${p.idempotencyKey}`, collectorAccountId: account.id })
          .where(eq(payments.id, p.id));
        if (status !== 'CREATED') await settlePayment(tx, p.id, { status, source: 'callback' });
        return p;
      });
    const matching = await card(5000, 'SUCCESSFUL');
    const lateCallback = await card(2000, 'CREATED');
    const wrongAmount = await card(3000, 'SUCCESSFUL');
    const unknownToGateway = await card(1000, 'FAILED');
    const pending = await card(700, 'CREATED');
    const report = [
      line(matching.idempotencyKey, 'successful', 5000),
      line(lateCallback.idempotencyKey, 'successful', 2000),
      line(wrongAmount.idempotencyKey, 'successful', 3100),
      line(pending.idempotencyKey, 'pending', 700),
      line('comanda-straina', 'successful', 990),
    ];
    const seen: GatewayMerchant[] = [];
    const day = todayInRomania();
    const result = await reconcileDay(t.ctx, day, fakeGateway(report, seen));
    expect(seen).toContainEqual(merchant);
    const kinds = result.differences.map((d) => [d.kind, d.payment_id]);
    expect(kinds).toEqual(
      expect.arrayContaining([
        ['status_mismatch', lateCallback.id],
        ['amount_mismatch', wrongAmount.id],
        ['missing_in_gateway', unknownToGateway.id],
        ['missing_in_portal', null],
      ]),
    );
    expect(result.differences).toHaveLength(4);
    expect(result.differences.find((d) => d.kind === 'amount_mismatch')).toMatchObject({
      portal_amount: '30.00',
      gateway_amount: '31.00',
      portal_status: 'SUCCESSFUL',
      gateway_status: 'successful',
    });
    expect(result.differences.find((d) => d.kind === 'missing_in_portal')).toMatchObject({
      order_id: 'comanda-straina',
      gateway_amount: '9.90',
    });
    expect(result).toMatchObject({
      day,
      portal_total: '80.00',
      gateway_total: '110.90',
      portal_count: 5,
      gateway_count: 5,
      ledger_balanced: true,
    });

    // An application marked paid with no money behind it unbalances the ledger; the day is replaced, not duplicated.
    await t.ctx.db.update(applications).set({ isPaid: true }).where(eq(applications.id, openApp.id));
    const again = await reconcileDay(t.ctx, day, fakeGateway(report));
    expect(again.ledger_balanced).toBe(false);
    expect(again.id).toBe(result.id);
    expect(await t.ctx.db.select().from(paymentReconciliations)).toHaveLength(1);
    await t.ctx.db.update(applications).set({ isPaid: false }).where(eq(applications.id, openApp.id));

    const listed = await call(t, 'GET', '/api/payments/reconciliations', DEMO.superadmin);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().data[0]).toMatchObject({ day, ledger_balanced: false, differences: expect.any(Array) });
    expect(listed.json().pagination.total).toBe(1);
  });

  it('compares by order id: duplicates in the report count once, a clean day has no difference', () => {
    expect(compareWithReport([], [])).toEqual([]);
    const one = line('a', 'declined', 100);
    expect(compareWithReport([], [one, one])).toHaveLength(1);
  });
});
