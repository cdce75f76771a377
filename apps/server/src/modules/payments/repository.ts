import { and, asc, eq, sql } from 'drizzle-orm';
import { applications, paymentEvents, payments } from '../../db/schema/index.js';
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
