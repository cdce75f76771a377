import type { Bani, GatewayOrderStatus } from '@ghiseu/domain';
import type { AppContext, JobContext } from '../../platform/context.js';
import { sandboxGateway } from './sandbox/client.js';

/**
 * The card gateway as the portal sees it (DESIGN.md §6): register an order and get the hosted
 * page's address, ask an order's state, fetch a day's report. The built-in implementation is the
 * sandbox gateway (sandbox/); a bank adapter implements the same interface.
 */
export interface GatewayMerchant {
  username: string;
  password: string;
}

export interface GatewayOrderRequest {
  /** The portal's idempotency key: registering it twice returns the same order. */
  orderId: string;
  amount: Bani;
  description: string;
  /** Where the hosted page sends the browser back. */
  returnUrl: string;
  /** Where the gateway sends the signed callback (GET /api/payments/callback). */
  callbackUrl: string;
  merchant: GatewayMerchant;
}

export interface GatewayOrder {
  gatewayOrderId: string;
  /** The hosted card page. */
  formUrl: string;
}

export interface GatewayOrderState {
  gatewayOrderId: string;
  orderId: string;
  status: GatewayOrderStatus;
  amount: Bani;
  transactionId: string | null;
}

export interface GatewayReportLine extends GatewayOrderState {
  /** When the order reached its final state (ISO), null while pending. */
  completedAt: string | null;
  createdAt: string;
}

export interface PaymentGateway {
  readonly name: string;
  register(order: GatewayOrderRequest): Promise<GatewayOrder>;
  status(gatewayOrderId: string, merchant: GatewayMerchant): Promise<GatewayOrderState>;
  /** Orders created on `day` (YYYY-MM-DD, Europe/Bucharest) with their state. */
  report(day: string, merchant: GatewayMerchant | null): Promise<GatewayReportLine[]>;
}

/** The configured gateway: today the built-in sandbox. */
export function paymentGateway(ctx: Pick<AppContext, 'config' | 'db' | 'jobs'> | JobContext): PaymentGateway {
  return sandboxGateway(ctx);
}
