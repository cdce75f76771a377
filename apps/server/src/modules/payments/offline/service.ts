import {
  type ApplicationPayments,
  type ApplicationStatus,
  type Bani,
  formatLei,
  isStaffType,
  parseLei,
  PAYMENT_STATUS_LABELS,
  type Payment,
  type PaymentOrderDetails,
} from '@ghiseu/domain';
import type { z } from 'zod';
import type { ZPaymentLinkRequest, ZPublicPaymentLink, ZRegisterPaymentRequest } from '@ghiseu/domain';
import type { Actor } from '../../../platform/auth/actor.js';
import type { AppContext } from '../../../platform/context.js';
import type { Db } from '../../../platform/db.js';
import { AppError } from '../../../platform/errors.js';
import { audit, invalidField, notFound, type RequestMeta } from '../../../platform/request.js';
import { hashToken, newOpaqueToken } from '../../../platform/tokens.js';
import { type FileRow, findOwnFile } from '../../files/index.js';
import { findUserByEmail } from '../../auth/index.js';
import { sendTemplated } from '../../notifications/index.js';
import { beginCheckout } from '../checkout.js';
import { applicationBalanceOf, createPayment, settlePayment } from '../ledger.js';
import { toPayment } from '../presenter.js';
import { applicationPaymentsView } from '../view.js';
import * as ledgerRepo from '../repository.js';
import * as repo from './repository.js';

/**
 * Payments made outside the card page (issue 13, spec §2 /application-payment, §7
 * register-payment, registry-check-payment-status, create-payment-link):
 *
 * - a payment order (OP): the applicant asks for one (a CREATED OP for the amount due, one
 *   pending at a time), pays at the bank with the organisation's payment-order details and the
 *   application number as reference, and attaches the bank's proof; staff of the application's
 *   organisation check the statement and register it (SUCCESSFUL) or reject it (FAILED);
 * - an office payment: money taken at the counter, recorded and settled by staff at once;
 * - a payment link: staff e-mail a link anyone can pay by card; only the sha256 of its token is
 *   stored, the token itself is a secret of the outbox message (redacted after delivery or expiry).
 *
 * Payments are created and settled only through the ledger (createPayment, settlePayment).
 */

type RegisterPaymentRequest = z.infer<typeof ZRegisterPaymentRequest>;
type PaymentLinkRequest = z.infer<typeof ZPaymentLinkRequest>;
type PublicPaymentLink = z.infer<typeof ZPublicPaymentLink>;

/** How long the e-mailed link's token stays readable in the built-in mailbox (the link itself works until paid). */
const LINK_SECRET_DAYS = 30;

const PROOF_TYPES = ['application/pdf', 'image/png', 'image/jpeg'];

const present = (row: ledgerRepo.PaymentRow, a: repo.PayableApplication): Payment =>
  toPayment(row, { applicationNumber: a.identificationNumber, applicationTypeName: a.applicationTypeName });

async function loadApplication(db: Db, id: number): Promise<repo.PayableApplication> {
  const a = await repo.findPayableApplication(db, id);
  if (!a) throw notFound();
  return a;
}

/** The applicant of a submitted application (others: 404, a draft: not payable yet). */
async function applicantApplication(db: Db, actor: Actor, id: number): Promise<repo.PayableApplication> {
  const a = await loadApplication(db, id);
  if (a.applicantUserId !== actor.userId) throw notFound();
  return a;
}

/**
 * Staff rule of the payment actions: a staff member (staff, admin, delegated super admin)
 * working in the application's organisation; the route already asked for the staff-applications
 * key (`applicationsStaffOwnRead` / `applicationsStaffOwnEdit`). Registering money is the
 * organisation's cash desk work, so it is not limited to the application's assignee. Another
 * organisation's staff and drafts: 404.
 */
export function mayHandlePayments(actor: Actor, a: Pick<repo.PayableApplication, 'organisationId' | 'status'>): boolean {
  return (
    isStaffType(actor.userType) &&
    actor.organisationId !== null &&
    actor.organisationId === a.organisationId &&
    a.status !== 'DRAFT'
  );
}

async function staffApplication(db: Db, actor: Actor, id: number): Promise<repo.PayableApplication> {
  const a = await loadApplication(db, id);
  if (!mayHandlePayments(actor, a)) throw notFound();
  return a;
}

function payable(a: repo.PayableApplication): void {
  if (a.status === 'DRAFT') throw new AppError('PAYMENT_NOT_ALLOWED', { reason: 'draft' });
}

/** The application still owes money (locked by the caller's transaction): the amount due in bani. */
async function dueOf(tx: Db, applicationId: number): Promise<Bani> {
  const application = await ledgerRepo.lockApplication(tx, applicationId);
  if (!application) throw notFound();
  if (application.isPaid) throw new AppError('PAYMENT_NOT_ALLOWED', { reason: 'already_paid' });
  const balance = await applicationBalanceOf(tx, applicationId);
  if (balance.due <= 0) throw new AppError('PAYMENT_NOT_ALLOWED', { reason: 'nothing_due' });
  return balance.due;
}

const applicationLabel = (a: repo.PayableApplication) => a.identificationNumber ?? `#${a.id}`;

/* ───────────────────────────── Payment orders (the applicant) ───────────────────────────── */

function orderDetails(a: repo.PayableApplication, row: ledgerRepo.PaymentRow): PaymentOrderDetails {
  return {
    payment: present(row, a),
    organisation_name: a.organisationName,
    payment_order_details: a.paymentOrderDetails,
    reference: applicationLabel(a),
    amount: row.amount,
  };
}

/**
 * POST /applications/{id}/payment-orders: a CREATED OP for the amount due, or the one already
 * pending. The applicant pays only for an active application type (PAYMENT_UNAUTHORIZED, spec §8).
 */
export async function createPaymentOrder(ctx: AppContext, actor: Actor, applicationId: number, meta: RequestMeta) {
  const a = await applicantApplication(ctx.db, actor, applicationId);
  payable(a);
  if (a.applicationTypeStatus === 'inactive') throw new AppError('PAYMENT_UNAUTHORIZED');
  const row = await ctx.db.transaction(async (tx) => {
    // The application's lock first: two simultaneous requests see one pending order, never make two.
    const locked = await ledgerRepo.lockApplication(tx, applicationId);
    if (locked?.isPaid) throw new AppError('PAYMENT_NOT_ALLOWED', { reason: 'already_paid' });
    const pending = await repo.pendingPaymentOrder(tx, applicationId);
    if (pending) return pending;
    const due = await dueOf(tx, applicationId);
    const payer = await repo.payerOf(tx, a.applicantUserId);
    const created = await createPayment(tx, {
      organisationId: a.organisationId,
      applicationId,
      applicationTypeId: a.applicationTypeId,
      type: 'OP',
      amount: due,
      description: `Plata cererii ${applicationLabel(a)} prin ordin de plată`,
      ...payer,
      createdBy: actor.userId,
    });
    await audit(tx, actor, meta, {
      organisationId: a.organisationId,
      action: 'payment.order_created',
      entityType: 'payment',
      entityId: created.id,
      after: { application_id: applicationId, type: 'OP', amount: created.amount },
    });
    return created;
  });
  return orderDetails(a, row);
}

async function paymentOf(db: Db, applicationId: number, paymentId: number): Promise<ledgerRepo.PaymentRow> {
  const row = await ledgerRepo.findPayment(db, paymentId);
  if (!row || row.applicationId !== applicationId) throw notFound();
  return row;
}

/** GET /applications/{id}/payment-orders/{paymentId}: the applicant, or staff of the organisation. */
export async function getPaymentOrder(ctx: AppContext, actor: Actor, applicationId: number, paymentId: number) {
  const a = await loadApplication(ctx.db, applicationId);
  if (a.applicantUserId !== actor.userId && !mayHandlePayments(actor, a)) throw notFound();
  const row = await paymentOf(ctx.db, applicationId, paymentId);
  if (row.type !== 'OP') throw notFound();
  return orderDetails(a, row);
}

/** PUT /applications/{id}/payments/{paymentId}/proof: the applicant's own upload (PDF, PNG, JPG by content) on a pending OP. */
export async function attachProof(
  ctx: AppContext,
  actor: Actor,
  applicationId: number,
  paymentId: number,
  fileId: number,
  meta: RequestMeta,
): Promise<Payment> {
  const a = await applicantApplication(ctx.db, actor, applicationId);
  const file = await findOwnFile(ctx.db, fileId, actor.userId);
  if (!file) throw invalidField('body.file_id', 'Fișierul nu există.');
  if (!PROOF_TYPES.includes(file.mimeType))
    throw invalidField('body.file_id', 'Dovada plății trebuie să fie un fișier PDF, PNG sau JPG.');
  const row = await ctx.db.transaction(async (tx) => {
    const current = await ledgerRepo.lockPayment(tx, paymentId);
    if (!current || current.applicationId !== applicationId) throw notFound();
    if (current.type !== 'OP' || current.status !== 'CREATED')
      throw new AppError('PAYMENT_NOT_ALLOWED', { reason: 'not_a_pending_payment_order' });
    const updated = (await ledgerRepo.updatePayment(tx, paymentId, { proofFileId: file.id }))!;
    await ledgerRepo.insertPaymentEvent(tx, {
      paymentId,
      kind: 'proof_attached',
      orderId: current.idempotencyKey,
      detail: { file_id: file.id },
    });
    await audit(tx, actor, meta, {
      organisationId: a.organisationId,
      action: 'payment.proof_attached',
      entityType: 'payment',
      entityId: paymentId,
      before: { proof_file_id: current.proofFileId },
      after: { proof_file_id: file.id },
    });
    return updated;
  });
  return present(row, a);
}

/**
 * Download rule of the proofs (registered with the files module by routes.ts): staff of the
 * organisation a payment order belongs to read the proof its applicant attached.
 */
export async function mayReadPaymentProof(db: Db, actor: Actor, file: FileRow): Promise<boolean> {
  if (!isStaffType(actor.userType) || actor.organisationId === null) return false;
  return (await repo.proofOrganisations(db, file.id)).includes(actor.organisationId);
}

/* ───────────────────────────── The per-application view (staff) ───────────────────────────── */

/** ZApplicationPayments as the staff member sees it (the same view as the applicant's, payments/view.ts). */
async function staffView(db: Db, actor: Actor, applicationId: number): Promise<ApplicationPayments> {
  const a = await loadApplication(db, applicationId);
  return applicationPaymentsView(db, actor, { ...a, status: a.status as ApplicationStatus });
}

/** GET /staff-applications/{id}/registry-check-payment-status. */
export async function registryCheckPaymentStatus(ctx: AppContext, actor: Actor, applicationId: number) {
  await staffApplication(ctx.db, actor, applicationId);
  return staffView(ctx.db, actor, applicationId);
}

/* ───────────────────────────── Staff: register, reject ───────────────────────────── */

/**
 * PUT /staff-applications/{id}/register-payment: settles the applicant's OP (`payment_id`) as
 * SUCCESSFUL with the bank document, or records a new OP / OFFICE payment and settles it. The
 * amount may be less than due (a partial payment), never more (PAYMENT_AMOUNT_INVALID {due}); a
 * paid application takes no more (PAYMENT_NOT_ALLOWED). When the bank statement shows another
 * amount than the OP asked for, the OP takes the amount really paid (a `amount_corrected` event).
 */
export async function registerPayment(
  ctx: AppContext,
  actor: Actor,
  applicationId: number,
  body: RegisterPaymentRequest,
  meta: RequestMeta,
): Promise<ApplicationPayments> {
  const a = await staffApplication(ctx.db, actor, applicationId);
  payable(a);
  const amount = parseLei(body.amount)!;
  await ctx.db.transaction(async (tx) => {
    const due = await dueOf(tx, applicationId);
    if (amount <= 0 || amount > due) throw new AppError('PAYMENT_AMOUNT_INVALID', { due: formatLei(due) });
    let paymentId: number;
    if (body.payment_id !== undefined) {
      const current = await ledgerRepo.lockPayment(tx, body.payment_id);
      if (!current || current.applicationId !== applicationId) throw notFound();
      if (current.type !== 'OP' || body.type !== 'OP' || current.status !== 'CREATED')
        throw new AppError('PAYMENT_NOT_ALLOWED', { reason: 'not_a_pending_payment_order' });
      if (parseLei(current.amount) !== amount) {
        await ledgerRepo.updatePayment(tx, current.id, { amount: formatLei(amount) });
        await ledgerRepo.insertPaymentEvent(tx, {
          paymentId: current.id,
          kind: 'amount_corrected',
          orderId: current.idempotencyKey,
          detail: { from: current.amount, to: formatLei(amount) },
        });
      }
      paymentId = current.id;
    } else {
      const payer = await repo.payerOf(tx, a.applicantUserId);
      const created = await createPayment(tx, {
        organisationId: a.organisationId,
        applicationId,
        applicationTypeId: a.applicationTypeId,
        type: body.type,
        amount,
        description:
          body.type === 'OP'
            ? `Plata cererii ${applicationLabel(a)} prin ordin de plată`
            : `Plata cererii ${applicationLabel(a)} la ghișeu`,
        ...payer,
        createdBy: actor.userId,
      });
      paymentId = created.id;
    }
    const result = await settlePayment(tx, paymentId, {
      status: 'SUCCESSFUL',
      source: 'staff',
      amount,
      documentNumber: body.document_number,
      paidOn: body.paid_on,
      actorUserId: actor.userId,
    });
    if (!result.changed) throw new AppError('PAYMENT_ALREADY_PROCESSED', { reason: result.reason });
    await ledgerRepo.insertPaymentEvent(tx, {
      paymentId,
      kind: 'registered',
      orderId: result.payment.idempotencyKey,
      detail: { type: result.payment.type, amount: result.payment.amount, by: actor.userId },
    });
    await audit(tx, actor, meta, {
      organisationId: a.organisationId,
      action: 'payment.registered',
      entityType: 'application',
      entityId: applicationId,
      after: {
        payment_id: paymentId,
        type: result.payment.type,
        amount: result.payment.amount,
        document_number: body.document_number,
        paid_on: body.paid_on,
        application_paid: result.applicationPaid,
      },
    });
  });
  return staffView(ctx.db, actor, applicationId);
}

/** PUT /staff-applications/{id}/reject-payment: a pending OP whose money never arrived → FAILED with the reason. */
export async function rejectPayment(
  ctx: AppContext,
  actor: Actor,
  applicationId: number,
  body: { payment_id: number; reason: string },
  meta: RequestMeta,
): Promise<ApplicationPayments> {
  const a = await staffApplication(ctx.db, actor, applicationId);
  await ctx.db.transaction(async (tx) => {
    const current = await paymentOf(tx, applicationId, body.payment_id);
    if (current.type !== 'OP' || current.status !== 'CREATED')
      throw new AppError('PAYMENT_NOT_ALLOWED', { reason: 'not_a_pending_payment_order' });
    const result = await settlePayment(tx, current.id, {
      status: 'FAILED',
      source: 'staff',
      failureReason: body.reason,
      actorUserId: actor.userId,
    });
    if (!result.changed) throw new AppError('PAYMENT_ALREADY_PROCESSED', { reason: result.reason });
    await ledgerRepo.insertPaymentEvent(tx, { paymentId: current.id, kind: 'rejected', orderId: current.idempotencyKey });
    await audit(tx, actor, meta, {
      organisationId: a.organisationId,
      action: 'payment.rejected',
      entityType: 'application',
      entityId: applicationId,
      before: { payment_id: current.id, status: 'CREATED' },
      after: { payment_id: current.id, status: 'FAILED', reason: body.reason },
    });
  });
  return staffView(ctx.db, actor, applicationId);
}

/* ───────────────────────────── Payment links ───────────────────────────── */

const formatRon = (lei: string) => `${lei.replace('.', ',')} lei`;

/**
 * PUT /staff-applications/{id}/create-payment-link {amount, email}: a CREATED LINK payment whose
 * random token (256 bits) is stored only as its sha256; the e-mail with `${publicUrl}/plata/<token>`
 * goes through the outbox in the same transaction, the token named as the message's secret so the
 * stored copy is redacted after delivery (or expiry with the built-in mailbox), as reset links are.
 */
export async function createPaymentLink(
  ctx: AppContext,
  actor: Actor,
  applicationId: number,
  body: PaymentLinkRequest,
  meta: RequestMeta,
): Promise<ApplicationPayments> {
  const a = await staffApplication(ctx.db, actor, applicationId);
  payable(a);
  // A link is paid by card: without a merchant at the gateway nobody could pay it.
  if (!(await ledgerRepo.hasActiveCollectorAccount(ctx.db, a.organisationId)))
    throw new AppError('CANNOT_INIT_PAYMENT', { reason: 'no_collector_account' });
  const amount = parseLei(body.amount)!;
  const token = newOpaqueToken();
  const url = `${ctx.config.publicUrl.replace(/\/+$/, '')}/plata/${token}`;
  // The address may be a portal user's: then the message is in their language.
  const recipient = await findUserByEmail(ctx.db, body.email);
  await ctx.db.transaction(async (tx) => {
    const due = await dueOf(tx, applicationId);
    if (amount <= 0 || amount > due) throw new AppError('PAYMENT_AMOUNT_INVALID', { due: formatLei(due) });
    const payer = await repo.payerOf(tx, a.applicantUserId);
    const created = await createPayment(tx, {
      organisationId: a.organisationId,
      applicationId,
      applicationTypeId: a.applicationTypeId,
      type: 'LINK',
      amount,
      description: `Plata cererii ${applicationLabel(a)} prin link de plată`,
      clientName: payer.clientName,
      personalCode: payer.personalCode,
      email: body.email,
      createdBy: actor.userId,
      linkTokenHash: hashToken(token),
    });
    await sendTemplated(ctx, tx, {
      eventType: 'payment.link',
      channel: 'email',
      to: body.email,
      language: recipient?.notificationLanguage ?? 'ro',
      userId: recipient?.id,
      values: {
        recipient_name: recipient ? [recipient.firstName, recipient.lastName].filter(Boolean).join(' ') : null,
        application_number: applicationLabel(a),
        application_type: a.applicationTypeName,
        organisation_name: a.organisationName,
        amount: formatRon(created.amount),
        link: url,
      },
      secrets: { values: [token], expiresAt: new Date(Date.now() + LINK_SECRET_DAYS * 86_400_000) },
    });
    await ledgerRepo.insertPaymentEvent(tx, {
      paymentId: created.id,
      kind: 'link_created',
      orderId: created.idempotencyKey,
      detail: { amount: created.amount, by: actor.userId },
    });
    await audit(tx, actor, meta, {
      organisationId: a.organisationId,
      action: 'payment.link_created',
      entityType: 'application',
      entityId: applicationId,
      after: { payment_id: created.id, type: 'LINK', amount: created.amount },
    });
  });
  return staffView(ctx.db, actor, applicationId);
}

/** The LINK payment of a token: unknown (or malformed) → 404. */
async function linkPayment(db: Db, token: string): Promise<ledgerRepo.PaymentRow> {
  if (!/^[\w-]{20,100}$/.test(token)) throw notFound();
  const row = await repo.findPaymentByLinkHash(db, hashToken(token));
  if (!row) throw notFound();
  return row;
}

/**
 * GET /public/payment-links/{token}: what the payer sees. The link's state is shown whatever it
 * is (the gateway sends the payer back to this page after paying, to read „Reușită”).
 */
export async function getPublicLink(ctx: AppContext, token: string): Promise<PublicPaymentLink> {
  const row = await linkPayment(ctx.db, token);
  const a = row.applicationId ? await repo.findPayableApplication(ctx.db, row.applicationId) : undefined;
  return {
    organisation_name: a?.organisationName ?? '',
    application_number: a?.identificationNumber ?? null,
    description: row.description,
    amount: row.amount,
    currency: 'RON',
    status: row.status,
    status_label: PAYMENT_STATUS_LABELS[row.status],
  };
}

/**
 * POST /public/payment-links/{token}/pay: the card checkout of the link (beginCheckout, back to
 * `/plata/<token>`). A used link (paid) answers 404; after a declined card the link gets a fresh
 * attempt (the token's hash moves to a new CREATED LINK payment, the failed one keeps its history).
 */
export async function payPublicLink(ctx: AppContext, token: string) {
  const row = await linkPayment(ctx.db, token);
  if (row.status === 'SUCCESSFUL') throw notFound();
  let paymentId = row.id;
  if (row.status === 'FAILED') {
    paymentId = await ctx.db.transaction(async (tx) => {
      const current = (await ledgerRepo.lockPayment(tx, row.id))!;
      if (current.status !== 'FAILED' || current.linkTokenHash === null) throw notFound();
      if (current.applicationId && (parseLei(current.amount) ?? 0) > (await dueOf(tx, current.applicationId)))
        throw new AppError('PAYMENT_NOT_ALLOWED', { reason: 'amount_exceeds_due' });
      await ledgerRepo.updatePayment(tx, current.id, { linkTokenHash: null });
      const retry = await createPayment(tx, {
        organisationId: current.organisationId,
        applicationId: current.applicationId,
        applicationTypeId: current.applicationTypeId,
        type: 'LINK',
        amount: parseLei(current.amount)!,
        description: current.description,
        clientName: current.clientName,
        email: current.email,
        personalCode: current.personalCode,
        createdBy: current.createdBy,
        linkTokenHash: current.linkTokenHash,
      });
      await ledgerRepo.insertPaymentEvent(tx, {
        paymentId: retry.id,
        kind: 'link_retry',
        orderId: retry.idempotencyKey,
        detail: { previous_payment_id: current.id },
      });
      return retry.id;
    });
  } else if (row.applicationId && !row.gatewayOrderId) {
    // Paid meanwhile another way (at the office, by OP): the link no longer fits what is due.
    const balance = await applicationBalanceOf(ctx.db, row.applicationId);
    if ((parseLei(row.amount) ?? 0) > balance.due)
      throw new AppError('PAYMENT_NOT_ALLOWED', { reason: balance.is_paid ? 'already_paid' : 'amount_exceeds_due' });
  }
  const { payment, redirectUrl } = await beginCheckout(ctx, paymentId, `/plata/${token}`);
  const a = payment.applicationId ? await repo.findPayableApplication(ctx.db, payment.applicationId) : undefined;
  return {
    payment: toPayment(payment, {
      applicationNumber: a?.identificationNumber ?? null,
      applicationTypeName: a?.applicationTypeName ?? null,
    }),
    redirect_url: redirectUrl,
  };
}
