/**
 * Rules of the payment ledger (spec §4 payment flow): a payment attempt starts CREATED and ends in
 * exactly one final state, SUCCESSFUL or FAILED, which never changes again. An application is paid
 * when its successful money payments cover its total (after discount). A DISCOUNT row records a
 * discount that settles the whole amount (a zero-total application) and carries no money.
 */
import type { PAYMENT_STATUSES, PAYMENT_TYPES } from '../statuses.js';
import { type Bani, sumBani } from './money.js';

export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export type PaymentType = (typeof PAYMENT_TYPES)[number];

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  CREATED: 'Inițiată',
  SUCCESSFUL: 'Reușită',
  FAILED: 'Eșuată',
};

export const PAYMENT_TYPE_LABELS: Record<PaymentType, string> = {
  DISCOUNT: 'Scutire / reducere',
  LINK: 'Link de plată',
  CARD: 'Card online',
  OP: 'Ordin de plată',
  OFFICE: 'La ghișeu',
};

/** Payment types that move money (the reconciliation and the totals count these). */
export const MONEY_PAYMENT_TYPES: readonly PaymentType[] = ['LINK', 'CARD', 'OP', 'OFFICE'];

/** Payment types settled by the card gateway (callback, status query, settle job). */
export const GATEWAY_PAYMENT_TYPES: readonly PaymentType[] = ['LINK', 'CARD'];

export const isFinalPaymentStatus = (status: PaymentStatus): boolean => status !== 'CREATED';

/** May a payment in `from` move to `to`? Only CREATED → SUCCESSFUL | FAILED. */
export function canSettle(from: PaymentStatus, to: PaymentStatus): boolean {
  return from === 'CREATED' && (to === 'SUCCESSFUL' || to === 'FAILED');
}

/** Total, paid and due of an application, in bani. */
export interface ApplicationBalance {
  total: Bani;
  paid: Bani;
  due: Bani;
  is_paid: boolean;
}

export function applicationBalance(
  total: Bani,
  payments: readonly { type: PaymentType; status: PaymentStatus; amount: Bani }[],
): ApplicationBalance {
  const paid = sumBani(
    payments.filter((p) => p.status === 'SUCCESSFUL' && MONEY_PAYMENT_TYPES.includes(p.type)).map((p) => p.amount),
  );
  const due = Math.max(0, total - paid);
  return { total, paid, due, is_paid: due === 0 };
}

/** Gateway order states as the gateway reports them. */
export const GATEWAY_ORDER_STATUSES = ['pending', 'successful', 'declined', 'expired'] as const;
export type GatewayOrderStatus = (typeof GATEWAY_ORDER_STATUSES)[number];

export function paymentStatusOfGateway(status: GatewayOrderStatus): PaymentStatus {
  if (status === 'successful') return 'SUCCESSFUL';
  if (status === 'pending') return 'CREATED';
  return 'FAILED';
}

/**
 * The fields of the gateway's callback (GET /api/payments/callback?…) in the order they are
 * signed: HMAC-SHA256 (hex) of `canonicalCallback(fields)` under the gateway's secret.
 */
export interface GatewayCallbackFields {
  /** The portal's idempotency key of the attempt (the merchant order id). */
  order_id: string;
  /** The gateway's own order id. */
  gateway_order_id: string;
  status: GatewayOrderStatus;
  /** Amount in lei, two decimals ("123.45"). */
  amount: string;
  currency: 'RON';
  /** The gateway's transaction id (empty when declined). */
  transaction_id: string;
  /** Unix seconds when the gateway sent it. */
  timestamp: string;
}

export const CALLBACK_FIELDS = [
  'order_id',
  'gateway_order_id',
  'status',
  'amount',
  'currency',
  'transaction_id',
  'timestamp',
] as const;

export function canonicalCallback(fields: GatewayCallbackFields): string {
  return CALLBACK_FIELDS.map((key) => `${key}=${fields[key]}`).join('&');
}

/** Test cards of the sandbox gateway (its hosted page lists them). */
export const SANDBOX_CARDS = {
  success: '4111111111111111',
  declined: '4000000000000002',
} as const;

/**
 * Why a payment failed, in words, for the codes the portal records (a gateway state or a
 * start-up problem); a staff member's rejection reason is already text and is shown as written.
 */
export const PAYMENT_FAILURE_LABELS: Record<string, string> = {
  declined: 'Plata a fost refuzată de banca emitentă a cardului.',
  expired: 'Timpul pentru plată a expirat.',
  gateway_unavailable: 'Procesatorul de plăți nu a putut fi contactat.',
  no_collector_account: 'Instituția nu are configurat un cont pentru plăți cu cardul.',
  not_registered: 'Plata nu a ajuns la procesatorul de plăți.',
};

export const paymentFailureText = (reason: string | null): string | null =>
  reason === null ? null : (PAYMENT_FAILURE_LABELS[reason] ?? reason);
