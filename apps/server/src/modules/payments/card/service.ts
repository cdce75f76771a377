import {
  type ApplicationPayments,
  CALLBACK_FIELDS,
  type Checkout,
  type GatewayCallbackFields,
  GATEWAY_ORDER_STATUSES,
  type GatewayOrderStatus,
  isStaffType,
  parseLei,
  type Payment,
} from '@ghiseu/domain';
import { findReadableApplication } from '../../applications/index.js';
import type { Actor } from '../../../platform/auth/actor.js';
import type { AppContext, JobContext } from '../../../platform/context.js';
import { AppError } from '../../../platform/errors.js';
import { renderPdf } from '../../../platform/pdf.js';
import { beginCheckout, merchantOf } from '../checkout.js';
import { paymentGateway } from '../gateway.js';
import { applicationBalanceOf, createPayment, settlePayment, type SettlementSource } from '../ledger.js';
import { toPayment } from '../presenter.js';
import * as repo from '../repository.js';
import { callbackKey, verifyCallbackSignature } from '../secrets.js';
import { applicationPaymentsView } from '../view.js';
import { paymentReceiptDocument, paymentReceiptFileName } from './receipt.js';

/**
 * Card payments of an application (spec §4 payment flow): pay (or continue the attempt already
 * initiated), the gateway's signed callback, the check after the browser comes back, and the
 * settle job for callbacks that never arrived. Every outcome goes through the ledger's
 * settlePayment, so replays and late or concurrent outcomes change nothing.
 */

/** Where the gateway sends the browser back (the web app's page for it). */
export const returnPathOf = (applicationId: number) => `/application-notify/${applicationId}`;

async function presented(ctx: Pick<AppContext, 'db'>, row: repo.PaymentRow): Promise<Payment> {
  return toPayment(row, await repo.paymentContextOf(ctx.db, row.applicationId));
}

/** GET /applications/{id}/payments. */
export async function applicationPayments(ctx: AppContext, actor: Actor, applicationId: number): Promise<ApplicationPayments> {
  const application = await findReadableApplication(ctx.db, actor, applicationId);
  return applicationPaymentsView(ctx.db, actor, application);
}

/** The gateway's answer about a pending attempt, settled through the ledger when final. */
async function settleFromGateway(
  ctx: Pick<AppContext, 'config' | 'db' | 'jobs'> | JobContext,
  payment: repo.PaymentRow,
  source: SettlementSource,
): Promise<repo.PaymentRow> {
  if (!payment.gatewayOrderId) return payment;
  const merchant = await merchantOf(ctx, payment.organisationId);
  if (!merchant) return payment;
  const state = await paymentGateway(ctx).status(payment.gatewayOrderId, merchant.merchant);
  await ctx.db.transaction((tx) =>
    repo.insertPaymentEvent(tx, {
      paymentId: payment.id,
      kind: 'status_query',
      orderId: payment.idempotencyKey,
      detail: { source, gateway_status: state.status },
    }),
  );
  if (state.status === 'pending') return payment;
  const result = await ctx.db.transaction((tx) =>
    settlePayment(tx, payment.id, {
      status: state.status === 'successful' ? 'SUCCESSFUL' : 'FAILED',
      source,
      amount: state.status === 'successful' ? state.amount : undefined,
      providerTransactionId: state.transactionId,
      failureReason: state.status === 'successful' ? null : state.status,
    }),
  );
  return result.payment;
}

type ReadableApplication = Awaited<ReturnType<typeof findReadableApplication>>;

async function payableApplication(ctx: AppContext, actor: Actor, applicationId: number): Promise<ReadableApplication> {
  const application = await findReadableApplication(ctx.db, actor, applicationId);
  if (application.status === 'DRAFT') throw new AppError('PAYMENT_NOT_ALLOWED', { reason: 'draft' });
  if (application.isPaid) throw new AppError('PAYMENT_ALREADY_PROCESSED');
  const type = await repo.applicationTypeOf(ctx.db, application.applicationTypeId);
  if (type?.status === 'inactive') throw new AppError('PAYMENT_UNAUTHORIZED');
  return application;
}

/**
 * POST /applications/{id}/pay. A card attempt already pending is continued (the same answer as
 * refresh-payment-url), so a double click never opens two orders.
 */
export async function pay(ctx: AppContext, actor: Actor, applicationId: number): Promise<Checkout> {
  const application = await payableApplication(ctx, actor, applicationId);
  const pending = await repo.pendingAttempt(ctx.db, application.id, 'CARD');
  if (pending) return refresh(ctx, actor, applicationId);
  return newAttempt(ctx, actor, application);
}

async function newAttempt(ctx: AppContext, actor: Actor, application: ReadableApplication): Promise<Checkout> {
  if (!(await merchantOf(ctx, application.organisationId)))
    throw new AppError('CANNOT_INIT_PAYMENT', { reason: 'no_collector_account' });
  const payer = await repo.userName(ctx.db, actor.userId);
  const created = await ctx.db.transaction(async (tx) => {
    const locked = await repo.lockApplication(tx, application.id);
    if (!locked || locked.isPaid) throw new AppError('PAYMENT_ALREADY_PROCESSED');
    // A concurrent pay created one meanwhile: continue that one.
    const pending = await repo.pendingAttempt(tx, application.id, 'CARD');
    if (pending) return pending;
    const balance = await applicationBalanceOf(tx, application.id);
    if (balance.due <= 0) throw new AppError('PAYMENT_NOT_ALLOWED', { reason: 'nothing_due' });
    return createPayment(tx, {
      organisationId: application.organisationId,
      applicationId: application.id,
      applicationTypeId: application.applicationTypeId,
      type: 'CARD',
      amount: balance.due,
      description: `Plata taxelor pentru cererea ${application.identificationNumber ?? `#${application.id}`}`,
      clientName: payer.name,
      email: payer.email,
      createdBy: actor.userId,
    });
  });
  const { payment, redirectUrl } = await beginCheckout(ctx, created.id, returnPathOf(application.id));
  return { payment: await presented(ctx, payment), redirect_url: redirectUrl };
}

/**
 * POST /applications/{id}/refresh-payment-url: the hosted page of the pending card attempt. An
 * attempt never registered (a crash after it was created) is registered now, under the same
 * idempotency key, so the gateway answers the same order; one the gateway finished meanwhile is
 * settled first, and an expired or declined one gives way to a new attempt.
 */
export async function refresh(ctx: AppContext, actor: Actor, applicationId: number): Promise<Checkout> {
  const application = await payableApplication(ctx, actor, applicationId);
  const pending = await repo.pendingAttempt(ctx.db, application.id, 'CARD');
  if (!pending) throw new AppError('PAYMENT_NOT_ALLOWED', { reason: 'no_pending_payment' });
  if (pending.gatewayOrderId) {
    let settled: repo.PaymentRow;
    try {
      settled = await settleFromGateway(ctx, pending, 'status-query');
    } catch {
      // The gateway did not answer the status query: its hosted page says whether it still takes the card.
      if (pending.redirectUrl) return { payment: await presented(ctx, pending), redirect_url: pending.redirectUrl };
      throw new AppError('CANNOT_INIT_PAYMENT', { reason: 'gateway_unavailable' });
    }
    if (settled.status === 'CREATED' && settled.redirectUrl)
      return { payment: await presented(ctx, settled), redirect_url: settled.redirectUrl };
    if (settled.status === 'SUCCESSFUL') throw new AppError('PAYMENT_ALREADY_PROCESSED');
    return newAttempt(ctx, actor, await payableApplication(ctx, actor, applicationId));
  }
  const { payment, redirectUrl } = await beginCheckout(ctx, pending.id, returnPathOf(application.id));
  return { payment: await presented(ctx, payment), redirect_url: redirectUrl };
}

/** GET /payments/application/{id}/bt-url-check: after the browser came back from the gateway. */
export async function returnCheck(
  ctx: AppContext,
  actor: Actor,
  applicationId: number,
): Promise<{ application_id: number; is_paid: boolean; payment: Payment | null }> {
  const application = await findReadableApplication(ctx.db, actor, applicationId);
  let latest = await repo.latestAttempt(ctx.db, application.id, 'CARD');
  if (latest?.status === 'CREATED') {
    try {
      latest = await settleFromGateway(ctx, latest, 'status-query');
    } catch {
      // The gateway did not answer: the callback or the settle job will settle it.
    }
  }
  const fresh = await findReadableApplication(ctx.db, actor, applicationId);
  return {
    application_id: application.id,
    is_paid: fresh.isPaid,
    payment: latest ? await presented(ctx, (await repo.findPayment(ctx.db, latest.id))!) : null,
  };
}

/* ───────────────────────────── The callback ───────────────────────────── */

export type CallbackAnswer = { payment_id: number; status: Payment['status'] };

/**
 * GET /payments/callback?order_id=…&checksum=…: the gateway's signed outcome. A forged or
 * unknown callback is logged in payment_events and refused (400 PAYMENT_CALLBACK_INVALID); an
 * outcome for an attempt already final is refused with 409 PAYMENT_ALREADY_PROCESSED; an amount
 * that differs changes nothing. Only identifiers and states are logged, never personal data.
 */
export async function handleCallback(ctx: AppContext, query: Record<string, string | undefined>): Promise<CallbackAnswer> {
  const orderId = typeof query.order_id === 'string' ? query.order_id.slice(0, 100) : null;
  const record = (paymentId: number | null, kind: string, detail: Record<string, unknown> = {}) =>
    ctx.db.transaction((tx) => repo.insertPaymentEvent(tx, { paymentId, kind, orderId, detail }));

  const missing = [...CALLBACK_FIELDS, 'checksum'].filter((key) => typeof query[key] !== 'string');
  const status = query.status as GatewayOrderStatus;
  if (missing.length > 0 || !GATEWAY_ORDER_STATUSES.includes(status) || query.currency !== 'RON') {
    await record(null, 'callback_forged', { reason: 'malformed', missing });
    throw new AppError('PAYMENT_CALLBACK_INVALID');
  }
  const fields = Object.fromEntries(CALLBACK_FIELDS.map((key) => [key, query[key]!])) as unknown as GatewayCallbackFields;
  const payment = orderId ? await repo.findPaymentByOrderId(ctx.db, orderId) : undefined;
  if (!verifyCallbackSignature(callbackKey(ctx.config), fields, query.checksum!)) {
    await record(payment?.id ?? null, 'callback_forged', { reason: 'checksum', status });
    throw new AppError('PAYMENT_CALLBACK_INVALID');
  }
  if (!payment || payment.gatewayOrderId !== fields.gateway_order_id) {
    await record(payment?.id ?? null, 'callback_unknown', { gateway_order_id: fields.gateway_order_id.slice(0, 100) });
    throw new AppError('PAYMENT_CALLBACK_INVALID', { reason: 'unknown_order' });
  }
  if (status === 'pending') {
    await record(payment.id, 'callback', { status });
    return { payment_id: payment.id, status: payment.status };
  }
  const amount = parseLei(fields.amount);
  const result = await ctx.db.transaction(async (tx) => {
    // The ledger takes its locks first (application, then payment); the event row, whose foreign
    // key share-locks the payment, comes after, so concurrent callbacks never deadlock.
    const settled = await settlePayment(tx, payment.id, {
      status: status === 'successful' ? 'SUCCESSFUL' : 'FAILED',
      source: 'callback',
      amount: status === 'successful' ? (amount ?? -1) : undefined,
      providerTransactionId: fields.transaction_id || null,
      failureReason: status === 'successful' ? null : status,
    });
    await repo.insertPaymentEvent(tx, { paymentId: payment.id, kind: 'callback', orderId, detail: { status } });
    return settled;
  });
  if (!result.changed && result.reason === 'already_final') {
    await record(payment.id, 'callback_replayed', { status, current: result.payment.status });
    throw new AppError('PAYMENT_ALREADY_PROCESSED');
  }
  if (!result.changed) throw new AppError('PAYMENT_CALLBACK_INVALID', { reason: result.reason ?? 'unchanged' });
  return { payment_id: result.payment.id, status: result.payment.status };
}

/* ───────────────────────────── The settle job ───────────────────────────── */

/** Card and link attempts older than this are asked about (the callback should have come). */
export const SETTLE_AFTER_MINUTES = 5;
/** Attempts never registered at the gateway fail after the gateway's order lifetime. */
export const NEVER_REGISTERED_AFTER_MINUTES = 30;

/**
 * Settles what the callbacks did not: pending gateway attempts older than a few minutes are
 * asked about at the gateway (source settle-job); card attempts that never reached the gateway
 * fail once an order would have expired (a payment link not yet opened is left alone). One
 * attempt's failure does not stop the others.
 */
export async function settlePending(
  ctx: JobContext,
  now = new Date(),
): Promise<{ checked: number; settled: number; failedUnregistered: number; errors: number }> {
  const stale = await repo.stalePendingGatewayPayments(ctx.db, new Date(now.getTime() - SETTLE_AFTER_MINUTES * 60_000));
  let settled = 0;
  let failedUnregistered = 0;
  let errors = 0;
  for (const payment of stale) {
    try {
      if (!payment.gatewayOrderId) {
        // A payment link waits for its payer to open it (the order is registered then).
        if (payment.type !== 'CARD') continue;
        if (payment.createdAt.getTime() > now.getTime() - NEVER_REGISTERED_AFTER_MINUTES * 60_000) continue;
        const result = await ctx.db.transaction((tx) =>
          settlePayment(tx, payment.id, { status: 'FAILED', source: 'settle-job', failureReason: 'not_registered' }),
        );
        if (result.changed) failedUnregistered++;
        continue;
      }
      const after = await settleFromGateway(ctx, payment, 'settle-job');
      if (after.status !== 'CREATED') settled++;
    } catch (error) {
      errors++;
      ctx.log.warn({ paymentId: payment.id, err: (error as Error).message }, 'settle job: status query failed');
    }
  }
  return { checked: stale.length, settled, failedUnregistered, errors };
}

/* ───────────────────────────── The receipt ───────────────────────────── */

/**
 * GET /payments/{id}/receipt: the PDF of a successful money payment, for its payer, the
 * application's applicant, staff of the organisation and the super admin. Anyone else, a
 * missing payment or one not successful: 404, the same answer.
 */
export async function renderPaymentReceipt(ctx: AppContext, actor: Actor, paymentId: number) {
  const payment = await repo.findPayment(ctx.db, paymentId);
  if (payment?.status !== 'SUCCESSFUL' || payment.type === 'DISCOUNT') throw new AppError('NOT_FOUND');
  const facts = await repo.receiptFacts(ctx.db, payment);
  const allowed =
    actor.userType === 'super_admin' ||
    payment.createdBy === actor.userId ||
    facts.applicantUserId === actor.userId ||
    (isStaffType(actor.userType) && actor.organisationId === payment.organisationId);
  if (!allowed) throw new AppError('NOT_FOUND');
  const context = await repo.paymentContextOf(ctx.db, payment.applicationId);
  const pdf = await renderPdf(
    paymentReceiptDocument({
      paymentId: payment.id,
      organisationName: facts.organisationName,
      payerName: payment.clientName ?? facts.applicantName,
      applicationNumber: context.applicationNumber,
      applicationTypeName: context.applicationTypeName,
      amount: payment.amount,
      type: payment.type,
      transactionId: payment.providerTransactionId ?? payment.documentNumber ?? null,
      description: payment.description,
      paidAt: payment.settledAt ?? payment.updatedAt,
      generatedAt: new Date(),
    }),
  );
  return { fileName: paymentReceiptFileName(payment.id), pdf };
}
