import { and, asc, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import {
  applications,
  applicationTypes,
  collectorAccounts,
  organisations,
  paymentEvents,
  payments,
  users,
} from '../../db/schema/index.js';
import type { Db } from '../../platform/db.js';

/** Rows of the payments tables. Only this module's files import it (docs/adr/0021-module-boundaries.md). */
export type PaymentRow = typeof payments.$inferSelect;
export type NewPaymentRow = typeof payments.$inferInsert;

export async function insertPayment(tx: Db, row: NewPaymentRow): Promise<PaymentRow> {
  const [created] = await tx.insert(payments).values(row).returning();
  return created!;
}

export async function findPayment(db: Db, id: number): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id));
  return row;
}

export async function findPaymentByOrderId(db: Db, idempotencyKey: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.idempotencyKey, idempotencyKey));
  return row;
}

/** The row, locked until the transaction ends (settlements of one payment run one after the other). */
export async function lockPayment(tx: Db, id: number): Promise<PaymentRow | undefined> {
  const [row] = await tx.select().from(payments).where(eq(payments.id, id)).for('update');
  return row;
}

/** Locks the application row: settlements of its payments and its paid flag change one at a time. */
export async function lockApplication(
  tx: Db,
  id: number,
): Promise<
  { id: number; organisationId: number; totalTax: string | null; isPaid: boolean; applicantUserId: number } | undefined
> {
  const [row] = await tx
    .select({
      id: applications.id,
      organisationId: applications.organisationId,
      totalTax: applications.totalTax,
      isPaid: applications.isPaid,
      applicantUserId: applications.applicantUserId,
    })
    .from(applications)
    .where(eq(applications.id, id))
    .for('update');
  return row;
}

/** CREATED → final, only if still CREATED: the conditional update is the last guard against a double settlement. */
export async function settleRow(
  tx: Db,
  id: number,
  change: Partial<NewPaymentRow> & { status: 'SUCCESSFUL' | 'FAILED' },
): Promise<PaymentRow | undefined> {
  const [row] = await tx
    .update(payments)
    .set({ ...change, settledAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(payments.id, id), eq(payments.status, 'CREATED')))
    .returning();
  return row;
}

export async function updatePayment(tx: Db, id: number, change: Partial<NewPaymentRow>): Promise<PaymentRow | undefined> {
  const [row] = await tx
    .update(payments)
    .set({ ...change, updatedAt: sql`now()` })
    .where(eq(payments.id, id))
    .returning();
  return row;
}

export async function paymentsOfApplication(db: Db, applicationId: number): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(eq(payments.applicationId, applicationId))
    .orderBy(asc(payments.createdAt), asc(payments.id));
}

export async function markApplicationPaid(
  tx: Db,
  applicationId: number,
  paymentType: PaymentRow['type'],
  transactionNumber: string | null,
): Promise<void> {
  await tx
    .update(applications)
    .set({ isPaid: true, paymentType, transactionNumber, updatedAt: sql`now()` })
    .where(eq(applications.id, applicationId));
}

/** One line of the payments' own log: what arrived and what it did. `detail` never holds personal data. */
export async function insertPaymentEvent(
  tx: Db,
  event: { paymentId: number | null; kind: string; orderId?: string | null; detail?: Record<string, unknown> },
): Promise<void> {
  await tx.insert(paymentEvents).values({
    paymentId: event.paymentId,
    kind: event.kind,
    orderId: event.orderId ?? null,
    detail: event.detail ?? {},
  });
}

/** The application's total to pay (lei text, null when no taxes were computed). */
export async function applicationTotal(db: Db, applicationId: number): Promise<string | null> {
  const [row] = await db.select({ totalTax: applications.totalTax }).from(applications).where(eq(applications.id, applicationId));
  return row?.totalTax ?? null;
}

/** Whether the organisation has an active collector account (card payments possible). */
export async function hasActiveCollectorAccount(db: Db, organisationId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: collectorAccounts.id })
    .from(collectorAccounts)
    .where(and(eq(collectorAccounts.organisationId, organisationId), eq(collectorAccounts.status, 'active')))
    .limit(1);
  return row !== undefined;
}

/** The application type's name and status (an inactive type takes no payments). */
export async function applicationTypeOf(
  db: Db,
  id: number | null,
): Promise<{ name: string; status: 'active' | 'inactive' } | undefined> {
  if (id === null) return undefined;
  const [row] = await db
    .select({ name: applicationTypes.name, status: applicationTypes.status })
    .from(applicationTypes)
    .where(eq(applicationTypes.id, id));
  return row;
}

/** The application's number and type name, for payment answers. */
export async function paymentContextOf(
  db: Db,
  applicationId: number | null,
): Promise<{ applicationNumber: string | null; applicationTypeName: string | null }> {
  if (applicationId === null) return { applicationNumber: null, applicationTypeName: null };
  const [row] = await db
    .select({ applicationNumber: applications.identificationNumber, applicationTypeName: applicationTypes.name })
    .from(applications)
    .innerJoin(applicationTypes, eq(applicationTypes.id, applications.applicationTypeId))
    .where(eq(applications.id, applicationId));
  return row ?? { applicationNumber: null, applicationTypeName: null };
}

/** The latest pending (CREATED) attempt of `type` of an application. */
export async function pendingAttempt(db: Db, applicationId: number, type: PaymentRow['type']): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.applicationId, applicationId), eq(payments.type, type), eq(payments.status, 'CREATED')))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(1);
  return row;
}

/** The latest attempt of `type` of an application, whatever its state. */
export async function latestAttempt(db: Db, applicationId: number, type: PaymentRow['type']): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.applicationId, applicationId), eq(payments.type, type)))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(1);
  return row;
}

/** Gateway attempts (CARD, LINK) still CREATED and older than `olderThan`: the settle job's work. */
export async function stalePendingGatewayPayments(db: Db, olderThan: Date, limit = 200): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.status, 'CREATED'), inArray(payments.type, ['CARD', 'LINK']), lt(payments.createdAt, olderThan)))
    .orderBy(asc(payments.createdAt))
    .limit(limit);
}

/** Who a receipt names: the organisation and the applicant. */
export async function receiptFacts(
  db: Db,
  payment: PaymentRow,
): Promise<{ organisationName: string; applicantUserId: number | null; applicantName: string | null }> {
  const [organisation] = await db
    .select({ name: organisations.name })
    .from(organisations)
    .where(eq(organisations.id, payment.organisationId));
  let applicantUserId: number | null = null;
  let applicantName: string | null = null;
  if (payment.applicationId !== null) {
    const [row] = await db
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
      .from(applications)
      .innerJoin(users, eq(users.id, applications.applicantUserId))
      .where(eq(applications.id, payment.applicationId));
    applicantUserId = row?.id ?? null;
    applicantName = row ? [row.firstName, row.lastName].filter(Boolean).join(' ') || null : null;
  }
  return { organisationName: organisation?.name ?? '', applicantUserId, applicantName };
}

/** A person's display name (the payer of a card payment). */
export async function userName(db: Db, userId: number): Promise<{ name: string | null; email: string | null }> {
  const [row] = await db
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) return { name: null, email: null };
  return { name: [row.firstName, row.lastName].filter(Boolean).join(' ') || null, email: row.email };
}
