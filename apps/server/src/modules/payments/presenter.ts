import { PAYMENT_STATUS_LABELS, PAYMENT_TYPE_LABELS, type Payment, paymentFailureText } from '@ghiseu/domain';
import type { PaymentRow } from './repository.js';

/** What a payment's answer needs beside its row (the registry joins them; per-application views pass them). */
export interface PaymentContext {
  applicationNumber: string | null;
  applicationTypeName: string | null;
}

/** A CNP or CUI as lists show it: first digit and last four (1********1234); short codes keep only the last two. */
export function maskPersonalCode(code: string | null): string | null {
  if (!code) return null;
  if (code.length <= 6) return `${'*'.repeat(Math.max(0, code.length - 2))}${code.slice(-2)}`;
  return `${code[0]}${'*'.repeat(code.length - 5)}${code.slice(-4)}`;
}

/** ZPayment: the one shape every payments route answers with (the personal code masked). */
export function toPayment(row: PaymentRow, context: PaymentContext): Payment {
  return {
    id: row.id,
    application_id: row.applicationId,
    application_number: context.applicationNumber,
    application_type_id: row.applicationTypeId,
    application_type_name: context.applicationTypeName,
    organisation_id: row.organisationId,
    created_at: row.createdAt.toISOString(),
    settled_at: row.settledAt?.toISOString() ?? null,
    amount: row.amount,
    currency: 'RON',
    description: row.description,
    type: row.type,
    type_label: PAYMENT_TYPE_LABELS[row.type],
    status: row.status,
    status_label: PAYMENT_STATUS_LABELS[row.status],
    client_name: row.clientName,
    email: row.email,
    personal_code: maskPersonalCode(row.personalCode),
    provider_transaction_id: row.providerTransactionId,
    document_number: row.documentNumber,
    failure_reason: paymentFailureText(row.failureReason),
    has_proof: row.proofFileId !== null,
    has_receipt: row.status === 'SUCCESSFUL' && row.type !== 'DISCOUNT',
  };
}
