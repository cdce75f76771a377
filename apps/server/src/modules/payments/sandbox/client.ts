import { formatLei, parseLei, type GatewayOrderStatus } from '@ghiseu/domain';
import type { AppContext, JobContext } from '../../../platform/context.js';
import type { GatewayMerchant, GatewayOrderState, GatewayReportLine, PaymentGateway } from '../gateway.js';
import { collectorBinding, decryptProviderPassword } from '../secrets.js';
import * as repo from './repository.js';
import { sandboxHttp } from './transport.js';

/**
 * The portal's client of the built-in sandbox gateway: it talks to the gateway's HTTP API
 * (sandbox/routes.ts) under `config.publicUrl` with the merchant's basic credentials, exactly as
 * it would to a bank's, so the order really crosses HTTP. The transport is fetch in production;
 * the API tests swap it for `app.inject` (transport.ts).
 */
export function sandboxGateway(ctx: Pick<AppContext, 'config' | 'db' | 'jobs'> | JobContext): PaymentGateway {
  const base = `${ctx.config.publicUrl.replace(/\/$/, '')}/api/sandbox-gateway`;
  const authorization = (merchant: GatewayMerchant) =>
    `Basic ${Buffer.from(`${merchant.username}:${merchant.password}`, 'utf8').toString('base64')}`;

  async function call<T>(method: 'GET' | 'POST', path: string, merchant: GatewayMerchant, body?: unknown): Promise<T> {
    const response = await sandboxHttp(`${base}${path}`, {
      method,
      headers: {
        authorization: authorization(merchant),
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (response.status !== 200) throw new Error(`sandbox gateway ${method} ${path.split('?')[0]} answered ${response.status}`);
    return JSON.parse(response.body) as T;
  }

  interface WireState {
    gateway_order_id: string;
    order_id: string;
    status: GatewayOrderStatus;
    amount: string;
    transaction_id: string | null;
    created_at: string;
    completed_at: string | null;
  }
  const toState = (line: WireState): GatewayOrderState => ({
    gatewayOrderId: line.gateway_order_id,
    orderId: line.order_id,
    status: line.status,
    amount: parseLei(line.amount) ?? 0,
    transactionId: line.transaction_id,
  });

  return {
    name: 'sandbox',
    async register(order) {
      const answer = await call<{ gateway_order_id: string; form_url: string }>('POST', '/orders', order.merchant, {
        order_id: order.orderId,
        amount: formatLei(order.amount),
        description: order.description,
        return_url: order.returnUrl,
        callback_url: order.callbackUrl,
      });
      return { gatewayOrderId: answer.gateway_order_id, formUrl: answer.form_url };
    },
    async status(gatewayOrderId, merchant) {
      return toState(await call<WireState>('GET', `/orders/${encodeURIComponent(gatewayOrderId)}`, merchant));
    },
    async report(day, merchant) {
      // No merchant: every active merchant's report (each username once).
      const merchants: GatewayMerchant[] = [];
      if (merchant) merchants.push(merchant);
      else {
        const seen = new Set<string>();
        for (const account of await repo.activeMerchants(ctx.db)) {
          if (seen.has(account.providerUsername)) continue;
          seen.add(account.providerUsername);
          merchants.push({
            username: account.providerUsername,
            password: decryptProviderPassword(
              ctx.config,
              account.providerPasswordEncrypted,
              collectorBinding(account.organisationId, account.providerUsername),
            ),
          });
        }
      }
      const lines: GatewayReportLine[] = [];
      for (const m of merchants) {
        const answer = await call<{ lines: WireState[] }>('GET', `/report?day=${encodeURIComponent(day)}`, m);
        for (const line of answer.lines)
          lines.push({ ...toState(line), createdAt: line.created_at, completedAt: line.completed_at });
      }
      return lines;
    },
  };
}
