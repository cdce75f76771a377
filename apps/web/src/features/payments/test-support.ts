/** Test set-up of the payments feature: texts and a payment as the API presents it. */
import '../../components/test-polyfills';
import type { ApplicationPayments, Payment } from '@ghiseu/domain';
import { i18n } from '../../lib/i18n';
import { loadAllTexts } from '../../lib/testing/render-app';

export async function loadPaymentTexts(): Promise<void> {
  await loadAllTexts();
  await i18n.loadNamespaces(['payments', 'applications']);
}

/** One payment attempt (ZPayment). */
export function buildPayment(overrides: Partial<Payment> = {}): Payment {
  return {
    id: 71,
    application_id: 5,
    application_number: 'TGM/5/2026',
    application_type_id: 3,
    application_type_name: 'Certificat de urbanism',
    organisation_id: 2,
    created_at: '2026-11-20T10:00:00.000Z',
    settled_at: null,
    amount: '636.00',
    currency: 'RON',
    description: 'Taxe cerere TGM/5/2026',
    type: 'CARD',
    type_label: 'Card online',
    status: 'CREATED',
    status_label: 'Inițiată',
    client_name: 'Ion Popescu',
    email: 'ion@example.ro',
    personal_code: '1********1234',
    provider_transaction_id: null,
    document_number: null,
    failure_reason: null,
    has_proof: false,
    has_receipt: false,
    ...overrides,
  };
}

/** GET /applications/{id}/payments (ZApplicationPayments). */
export function buildApplicationPayments(overrides: Partial<ApplicationPayments> = {}): ApplicationPayments {
  return {
    application_id: 5,
    currency: 'RON',
    total: '636.00',
    paid: '0.00',
    due: '636.00',
    is_paid: false,
    tax_summary: null,
    payment_type: null,
    transaction_number: null,
    abilities: { canPayCard: true, canContinueCard: false, canPayOrder: true, canRegisterPayment: false, canCreateLink: false },
    payments: [],
    ...overrides,
  };
}
