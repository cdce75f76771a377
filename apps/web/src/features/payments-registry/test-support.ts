/** Test set-up of the staff's payments: records as the API sends them. */
import type { ApplicationPayments, Payment, Reconciliation } from '@ghiseu/domain';

export function buildPayment(overrides: Partial<Payment> = {}): Payment {
  return {
    id: 41,
    application_id: 1,
    application_number: 'CJMS/1/2026',
    application_type_id: 3,
    application_type_name: 'Certificat de urbanism',
    organisation_id: 2,
    created_at: '2026-11-20T10:30:00.000Z',
    settled_at: null,
    amount: '150.00',
    currency: 'RON',
    description: 'Taxă certificat de urbanism',
    type: 'OP',
    type_label: 'Ordin de plată',
    status: 'CREATED',
    status_label: 'În așteptare',
    client_name: 'Ioana Mureșan',
    email: 'ioana@example.ro',
    personal_code: '2********1234',
    provider_transaction_id: null,
    document_number: null,
    failure_reason: null,
    has_proof: true,
    has_receipt: false,
    ...overrides,
  };
}

export function buildApplicationPayments(overrides: Partial<ApplicationPayments> = {}): ApplicationPayments {
  return {
    application_id: 1,
    currency: 'RON',
    total: '1250.50',
    paid: '0.00',
    due: '1250.50',
    is_paid: false,
    tax_summary: null,
    payment_type: null,
    transaction_number: null,
    abilities: { canPayCard: false, canContinueCard: false, canPayOrder: false, canRegisterPayment: true, canCreateLink: true },
    payments: [],
    ...overrides,
  };
}

export function buildReconciliation(overrides: Partial<Reconciliation> = {}): Reconciliation {
  return {
    id: 5,
    day: '2026-11-23',
    created_at: '2026-11-24T02:00:00.000Z',
    portal_total: '300.00',
    gateway_total: '450.00',
    portal_count: 2,
    gateway_count: 3,
    differences: [],
    ledger_balanced: true,
    ...overrides,
  };
}
