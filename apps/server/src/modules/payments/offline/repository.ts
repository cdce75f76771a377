import { and, desc, eq } from 'drizzle-orm';
import { applications, applicationTypes, organisations, payments, profiles, users } from '../../../db/schema/index.js';
import type { Db } from '../../../platform/db.js';
import type { PaymentRow } from '../repository.js';

/**
 * Queries of the offline payments (payment orders, office payments, payment links). The ledger's
 * own queries (find, lock, settle, events) stay in ../repository.ts and are used from there.
 */

/** What the offline payment routes need of an application: its facts, its organisation and type names. */
export interface PayableApplication {
  id: number;
  organisationId: number;
  applicantUserId: number;
  applicationTypeId: number;
  identificationNumber: string | null;
  status: string;
  totalTax: string | null;
  isPaid: boolean;
  organisationName: string;
  paymentOrderDetails: string | null;
  applicationTypeName: string | null;
  applicationTypeStatus: 'active' | 'inactive' | null;
  taxSummary: Record<string, unknown> | null;
  paymentType: PaymentRow['type'] | null;
  transactionNumber: string | null;
}

export async function findPayableApplication(db: Db, id: number): Promise<PayableApplication | undefined> {
  const [row] = await db
    .select({
      id: applications.id,
      organisationId: applications.organisationId,
      applicantUserId: applications.applicantUserId,
      applicationTypeId: applications.applicationTypeId,
      identificationNumber: applications.identificationNumber,
      status: applications.status,
      totalTax: applications.totalTax,
      isPaid: applications.isPaid,
      organisationName: organisations.name,
      paymentOrderDetails: organisations.paymentOrderDetails,
      applicationTypeName: applicationTypes.name,
      applicationTypeStatus: applicationTypes.status,
      taxSummary: applications.taxSummary,
      paymentType: applications.paymentType,
      transactionNumber: applications.transactionNumber,
    })
    .from(applications)
    .innerJoin(organisations, eq(organisations.id, applications.organisationId))
    .leftJoin(applicationTypes, eq(applicationTypes.id, applications.applicationTypeId))
    .where(eq(applications.id, id));
  return row;
}

/** The application's payment order still waiting for the money (one at a time). */
export async function pendingPaymentOrder(db: Db, applicationId: number): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.applicationId, applicationId), eq(payments.type, 'OP'), eq(payments.status, 'CREATED')))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(1);
  return row;
}

/** The payer as the payment records them: the applicant's name (or company) and personal code (CNP or CUI). */
export async function payerOf(
  db: Db,
  userId: number,
): Promise<{ clientName: string | null; email: string | null; personalCode: string | null }> {
  const [row] = await db
    .select({
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      companyName: profiles.companyName,
      personalNumericCode: profiles.personalNumericCode,
      companyRegistrationCode: profiles.companyRegistrationCode,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId));
  if (!row) return { clientName: null, email: null, personalCode: null };
  const person = [row.firstName, row.lastName].filter(Boolean).join(' ');
  return {
    clientName: row.companyName || person || null,
    email: row.email,
    personalCode: row.companyName ? (row.companyRegistrationCode ?? row.personalNumericCode) : row.personalNumericCode,
  };
}

/** A LINK payment by the sha256 of its token. */
export async function findPaymentByLinkHash(db: Db, hash: string): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.linkTokenHash, hash), eq(payments.type, 'LINK')));
  return row;
}

/** The organisations whose payments use `fileId` as the payment-order proof. */
export async function proofOrganisations(db: Db, fileId: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ organisationId: payments.organisationId })
    .from(payments)
    .where(eq(payments.proofFileId, fileId));
  return rows.map((row) => row.organisationId);
}
