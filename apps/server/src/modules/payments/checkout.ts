import { parseLei } from '@ghiseu/domain';
import { and, eq } from 'drizzle-orm';
import { collectorAccounts } from '../../db/schema/index.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { type GatewayMerchant, type GatewayOrder, paymentGateway } from './gateway.js';
import { settlePayment } from './ledger.js';
import * as repo from './repository.js';
import { collectorBinding, decryptProviderPassword } from './secrets.js';

/**
 * The organisation's merchant credentials at the gateway: its first active collector account
 * (bank account). None: the organisation cannot take card payments (CANNOT_INIT_PAYMENT).
 */
export async function merchantOf(
  ctx: Pick<AppContext, 'config' | 'db'>,
  organisationId: number,
): Promise<{ accountId: number; merchant: GatewayMerchant } | null> {
  const [account] = await ctx.db
    .select()
    .from(collectorAccounts)
    .where(and(eq(collectorAccounts.organisationId, organisationId), eq(collectorAccounts.status, 'active')))
    .orderBy(collectorAccounts.id)
    .limit(1);
  if (!account) return null;
  return {
    accountId: account.id,
    merchant: {
      username: account.providerUsername,
      password: decryptProviderPassword(
        ctx.config,
        account.providerPasswordEncrypted,
        collectorBinding(organisationId, account.providerUsername),
      ),
    },
  };
}

/**
 * Registers a CREATED gateway payment (CARD or LINK) at the gateway and stores the gateway's order
 * id and hosted page. Called after the transaction that created the payment committed (the
 * gateway is an outside call; never inside a transaction). Registering is idempotent at the gateway
 * (the payment's idempotency key), so a retry after a crash returns the same order. A refused or
 * unreachable gateway fails the attempt and answers CANNOT_INIT_PAYMENT.
 *
 * `returnPath` is the portal page the gateway sends the browser back to (e.g. `/application-notify/12`).
 */
export async function beginCheckout(
  ctx: AppContext,
  paymentId: number,
  returnPath: string,
): Promise<{ payment: repo.PaymentRow; redirectUrl: string }> {
  const payment = await repo.findPayment(ctx.db, paymentId);
  if (payment?.status !== 'CREATED' || (payment.type !== 'CARD' && payment.type !== 'LINK')) {
    throw new AppError('CANNOT_INIT_PAYMENT', undefined, `payment ${paymentId} is not a pending gateway payment`);
  }
  if (payment.gatewayOrderId && payment.redirectUrl) return { payment, redirectUrl: payment.redirectUrl };
  const merchant = await merchantOf(ctx, payment.organisationId);
  if (!merchant) {
    await ctx.db.transaction((tx) =>
      settlePayment(tx, payment.id, { status: 'FAILED', source: 'status-query', failureReason: 'no_collector_account' }),
    );
    throw new AppError('CANNOT_INIT_PAYMENT', { reason: 'no_collector_account' });
  }
  const base = ctx.config.publicUrl.replace(/\/$/, '');
  let order: GatewayOrder;
  try {
    order = await paymentGateway(ctx).register({
      orderId: payment.idempotencyKey,
      amount: parseLei(payment.amount) ?? 0,
      description: payment.description,
      returnUrl: `${base}${returnPath}`,
      callbackUrl: `${base}/api/payments/callback`,
      merchant: merchant.merchant,
    });
  } catch (error) {
    await ctx.db.transaction((tx) =>
      settlePayment(tx, payment.id, { status: 'FAILED', source: 'status-query', failureReason: 'gateway_unavailable' }),
    );
    throw new AppError(
      'CANNOT_INIT_PAYMENT',
      { reason: 'gateway_unavailable' },
      `gateway register failed: ${(error as Error).message}`,
    );
  }
  const updated = await ctx.db.transaction(async (tx) => {
    const row = await repo.updatePayment(tx, payment.id, {
      gatewayOrderId: order.gatewayOrderId,
      redirectUrl: order.formUrl,
      collectorAccountId: merchant.accountId,
    });
    await repo.insertPaymentEvent(tx, {
      paymentId: payment.id,
      kind: 'registered_at_gateway',
      orderId: payment.idempotencyKey,
      detail: { gateway_order_id: order.gatewayOrderId },
    });
    return row!;
  });
  return { payment: updated, redirectUrl: order.formUrl };
}
