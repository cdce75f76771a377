import { applicationBalance, type ApplicationBalance, type Bani, formatLei, parseLei, type PaymentType } from '@ghiseu/domain';
import { randomUUID } from 'node:crypto';
import { writeAudit } from '../../platform/audit.js';
import type { Db } from '../../platform/db.js';
import { emitDomainEvent } from '../../platform/events.js';
import * as repo from './repository.js';

/**
 * The payment ledger: the only code that creates payment rows and moves them to a final state.
 * Every path that learns a payment's outcome (the gateway's callback, a status query, the settle
 * job, staff registering an OP or office payment) calls `settlePayment` in its transaction. It
 * locks the application, then the payment, settles only a CREATED payment (a conditional update
 * on top of the lock), and marks the application paid when its successful money payments cover its
 * total — so a replayed, concurrent or late outcome changes nothing (`changed: false`).
 */

export interface NewPayment {
  organisationId: number;
  applicationId: number | null;
  applicationTypeId: number | null;
  type: PaymentType;
  amount: Bani;
  description: string;
  clientName?: string | null;
  email?: string | null;
  personalCode?: string | null;
  createdBy?: number | null;
  collectorAccountId?: number | null;
  linkTokenHash?: string | null;
  proofFileId?: number | null;
}

/** A new CREATED attempt with a fresh idempotency key (the merchant order id at the gateway). */
export async function createPayment(tx: Db, input: NewPayment): Promise<repo.PaymentRow> {
  const row = await repo.insertPayment(tx, {
    organisationId: input.organisationId,
    applicationId: input.applicationId,
    applicationTypeId: input.applicationTypeId,
    type: input.type,
    status: 'CREATED',
    amount: formatLei(input.amount),
    currency: 'RON',
    description: input.description,
    clientName: input.clientName ?? null,
    email: input.email ?? null,
    personalCode: input.personalCode ?? null,
    idempotencyKey: randomUUID(),
    createdBy: input.createdBy ?? null,
    collectorAccountId: input.collectorAccountId ?? null,
    linkTokenHash: input.linkTokenHash ?? null,
    proofFileId: input.proofFileId ?? null,
  });
  await repo.insertPaymentEvent(tx, {
    paymentId: row.id,
    kind: 'created',
    orderId: row.idempotencyKey,
    detail: { type: row.type, amount: row.amount },
  });
  return row;
}

export type SettlementSource = 'callback' | 'status-query' | 'settle-job' | 'staff' | 'discount';

export interface SettleOutcome {
  status: 'SUCCESSFUL' | 'FAILED';
  source: SettlementSource;
  /** The amount the outcome is for (the gateway's or the staff's), checked against the payment's. */
  amount?: Bani;
  providerTransactionId?: string | null;
  documentNumber?: string | null;
  paidOn?: string | null;
  failureReason?: string | null;
  actorUserId?: number | null;
}

export interface SettleResult {
  /** False when the payment was already final (a replay, a late or concurrent outcome) or the amount did not match. */
  changed: boolean;
  payment: repo.PaymentRow;
  /** True when this settlement made the application paid. */
  applicationPaid: boolean;
  reason?: 'already_final' | 'amount_mismatch';
}

export async function settlePayment(tx: Db, paymentId: number, outcome: SettleOutcome): Promise<SettleResult> {
  const peek = await repo.findPayment(tx, paymentId);
  if (!peek) throw new Error(`payment ${paymentId} does not exist`);
  // Lock order: the application, then the payment (two payments of one application never deadlock).
  const application = peek.applicationId ? await repo.lockApplication(tx, peek.applicationId) : undefined;
  const payment = (await repo.lockPayment(tx, paymentId))!;
  if (payment.status !== 'CREATED') {
    await repo.insertPaymentEvent(tx, {
      paymentId,
      kind: 'settle_ignored',
      orderId: payment.idempotencyKey,
      detail: { source: outcome.source, wanted: outcome.status, current: payment.status },
    });
    return { changed: false, payment, applicationPaid: false, reason: 'already_final' };
  }
  if (outcome.status === 'SUCCESSFUL' && outcome.amount !== undefined && outcome.amount !== parseLei(payment.amount)) {
    await repo.insertPaymentEvent(tx, {
      paymentId,
      kind: 'amount_mismatch',
      orderId: payment.idempotencyKey,
      detail: { source: outcome.source, expected: payment.amount, received: formatLei(outcome.amount) },
    });
    return { changed: false, payment, applicationPaid: false, reason: 'amount_mismatch' };
  }
  const settled = await repo.settleRow(tx, paymentId, {
    status: outcome.status,
    settlementSource: outcome.source,
    providerTransactionId: outcome.providerTransactionId ?? payment.providerTransactionId,
    documentNumber: outcome.documentNumber ?? payment.documentNumber,
    paidOn: outcome.paidOn ?? payment.paidOn,
    failureReason: outcome.status === 'FAILED' ? (outcome.failureReason ?? null) : null,
    settledBy: outcome.actorUserId ?? null,
  });
  if (!settled) return { changed: false, payment, applicationPaid: false, reason: 'already_final' };
  await repo.insertPaymentEvent(tx, {
    paymentId,
    kind: 'settled',
    orderId: settled.idempotencyKey,
    detail: { source: outcome.source, status: settled.status },
  });
  await writeAudit(tx, {
    actorUserId: outcome.actorUserId ?? null,
    organisationId: settled.organisationId,
    action: outcome.status === 'SUCCESSFUL' ? 'payment.succeeded' : 'payment.failed',
    entityType: 'payment',
    entityId: settled.id,
    before: { status: 'CREATED' },
    after: { status: settled.status, type: settled.type, amount: settled.amount, source: outcome.source },
  });
  await emitDomainEvent(tx, {
    type: outcome.status === 'SUCCESSFUL' ? 'payment.succeeded' : 'payment.failed',
    entityType: 'payment',
    entityId: settled.id,
    actorUserId: outcome.actorUserId ?? null,
    payload: { application_id: settled.applicationId, type: settled.type, amount: settled.amount },
  });

  let applicationPaid = false;
  if (application && settled.status === 'SUCCESSFUL' && !application.isPaid) {
    const balance = await balanceOf(tx, application.id, application.totalTax);
    if (balance.is_paid) {
      await repo.markApplicationPaid(
        tx,
        application.id,
        settled.type,
        settled.providerTransactionId ?? settled.documentNumber ?? settled.idempotencyKey,
      );
      await writeAudit(tx, {
        actorUserId: outcome.actorUserId ?? null,
        organisationId: application.organisationId,
        action: 'application.paid',
        entityType: 'application',
        entityId: application.id,
        before: { is_paid: false },
        after: { is_paid: true, payment_type: settled.type },
      });
      await emitDomainEvent(tx, {
        type: 'application.paid',
        entityType: 'application',
        entityId: application.id,
        actorUserId: outcome.actorUserId ?? null,
        payload: { payment_id: settled.id, payment_type: settled.type },
      });
      applicationPaid = true;
    }
  }
  return { changed: true, payment: settled, applicationPaid };
}

async function balanceOf(db: Db, applicationId: number, totalTax: string | null): Promise<ApplicationBalance> {
  return balanceOfRows(totalTax, await repo.paymentsOfApplication(db, applicationId));
}

/** Total, paid and due (bani) of an application's total (lei text) and its payment rows, already read. */
export function balanceOfRows(totalTax: string | null, rows: readonly repo.PaymentRow[]): ApplicationBalance {
  return applicationBalance(
    parseLei(totalTax ?? '0') ?? 0,
    rows.map((row) => ({ type: row.type, status: row.status, amount: parseLei(row.amount) ?? 0 })),
  );
}

/** Total, paid and due of an application (bani). */
export async function applicationBalanceOf(db: Db, applicationId: number): Promise<ApplicationBalance> {
  return balanceOf(db, applicationId, await repo.applicationTotal(db, applicationId));
}
