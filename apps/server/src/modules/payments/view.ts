import { type ApplicationPayments, type ApplicationStatus, formatLei, isStaffType } from '@ghiseu/domain';
import type { Actor } from '../../platform/auth/actor.js';
import type { Db } from '../../platform/db.js';
import { balanceOfRows } from './ledger.js';
import { toPayment } from './presenter.js';
import * as repo from './repository.js';

/** What the payments view needs of an application (the applications face's row has it). */
export interface PaymentsViewApplication {
  id: number;
  organisationId: number;
  applicantUserId: number;
  applicationTypeId: number;
  status: ApplicationStatus;
  isPaid: boolean;
  totalTax: string | null;
  identificationNumber: string | null;
  taxSummary: Record<string, unknown> | null;
  paymentType: repo.PaymentRow['type'] | null;
  transactionNumber: string | null;
}

/**
 * GET /applications/{id}/payments (ZApplicationPayments): the balance, the tax summary, every
 * attempt and what the reader may do now. The caller checked that the actor may read the
 * application (mayReadApplication); the abilities say which payment doors would open:
 *
 * - card: the application is submitted, not paid, something is due, the organisation has an
 *   active collector account and no card attempt is pending (then: continue it instead);
 * - payment order: the applicant, on the same conditions, without the account;
 * - register a payment or send a payment link: staff of the application's organisation
 *   (the link also needs the collector account).
 */
export async function applicationPaymentsView(
  db: Db,
  actor: Actor,
  application: PaymentsViewApplication,
): Promise<ApplicationPayments> {
  const rows = await repo.paymentsOfApplication(db, application.id);
  const balance = balanceOfRows(application.totalTax, rows);
  const type = await repo.applicationTypeOf(db, application.applicationTypeId);
  const context = { applicationNumber: application.identificationNumber, applicationTypeName: type?.name ?? null };
  const cardAccount = await repo.hasActiveCollectorAccount(db, application.organisationId);
  const pendingCard = rows.some((row) => row.type === 'CARD' && row.status === 'CREATED');
  const open = application.status !== 'DRAFT' && !application.isPaid && balance.due > 0 && type?.status !== 'inactive';
  const applicant = application.applicantUserId === actor.userId;
  const staffOfOrganisation = isStaffType(actor.userType) && actor.organisationId === application.organisationId;
  return {
    application_id: application.id,
    currency: 'RON',
    total: formatLei(balance.total),
    paid: formatLei(balance.paid),
    due: formatLei(balance.due),
    is_paid: application.isPaid,
    tax_summary: application.taxSummary ?? null,
    payment_type: application.paymentType,
    transaction_number: application.transactionNumber,
    abilities: {
      canPayCard: open && cardAccount && !pendingCard,
      canContinueCard: open && pendingCard,
      canPayOrder: open && applicant,
      canRegisterPayment: open && staffOfOrganisation,
      canCreateLink: open && staffOfOrganisation && cardAccount,
    },
    payments: rows.map((row) => toPayment(row, context)),
  };
}
