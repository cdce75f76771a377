import { randomBytes, timingSafeEqual, createHash } from 'node:crypto';
import { formatLei, type GatewayCallbackFields, parseLei, SANDBOX_CARDS } from '@ghiseu/domain';
import type { AppContext, JobContext } from '../../../platform/context.js';
import { AppError } from '../../../platform/errors.js';
import { callbackKey, collectorBinding, decryptProviderPassword, signCallback } from '../secrets.js';
import * as repo from './repository.js';
import { sandboxHttp } from './transport.js';

/**
 * The built-in sandbox card gateway (DESIGN.md §6): a real one-machine gateway with its own
 * books (sandbox_gateway_orders), standing where the bank would.
 *
 * Merchants: the sandbox keeps no merchant table and nothing in memory. A merchant is a
 * collector account's provider username; a request's HTTP basic credentials are accepted when
 * the password equals the decrypted provider password of an active collector account with that
 * username (any of them, compared in constant time).
 */

export const ORDER_LIFETIME_MINUTES = 30;

type Ctx = Pick<AppContext, 'config' | 'db' | 'jobs'> | JobContext;

export interface MerchantCredentials {
  username: string;
  password: string;
}

/** `Authorization: Basic …` → credentials, or null. */
export function parseBasicAuth(header: string | undefined): MerchantCredentials | null {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header ?? '');
  if (!match) return null;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return null;
  return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/** The merchant's username when the credentials match; refuses with AUTH_INVALID (401) otherwise. */
export async function authenticateMerchant(ctx: Ctx, credentials: MerchantCredentials | null): Promise<string> {
  if (credentials) {
    for (const account of await repo.merchantAccounts(ctx.db, credentials.username)) {
      let stored: string;
      try {
        stored = decryptProviderPassword(
          ctx.config,
          account.providerPasswordEncrypted,
          collectorBinding(account.organisationId, account.providerUsername),
        );
      } catch {
        continue;
      }
      if (timingSafeEqual(digest(stored), digest(credentials.password))) return credentials.username;
    }
  }
  throw new AppError('AUTH_INVALID');
}

const base = (ctx: Ctx) => ctx.config.publicUrl.replace(/\/$/, '');
export const formUrlOf = (ctx: Ctx, id: string) => `${base(ctx)}/api/sandbox-gateway/pay/${id}`;

export interface OrderInput {
  order_id: string;
  amount: string;
  description: string;
  return_url: string;
  callback_url: string;
}

/** Registers an order; the same merchant and order id answer the same order (idempotent). */
export async function createOrder(ctx: Ctx, merchant: string, input: OrderInput) {
  const amount = parseLei(input.amount);
  if (amount === null || amount <= 0) throw new AppError('VALIDATION_ERROR', { field: 'amount' });
  const { order } = await repo.insertOrGetOrder(ctx.db, {
    id: `sgw_${randomBytes(12).toString('hex')}`,
    merchantUsername: merchant,
    orderId: input.order_id,
    amount: formatLei(amount),
    currency: 'RON',
    description: input.description,
    status: 'pending',
    returnUrl: input.return_url,
    callbackUrl: input.callback_url,
    expiresAt: new Date(Date.now() + ORDER_LIFETIME_MINUTES * 60_000),
  });
  return { gateway_order_id: order.id, form_url: formUrlOf(ctx, order.id) };
}

export function orderState(order: repo.SandboxOrderRow) {
  return {
    gateway_order_id: order.id,
    order_id: order.orderId,
    status: order.status,
    amount: order.amount,
    currency: 'RON' as const,
    transaction_id: order.transactionId,
    created_at: order.createdAt.toISOString(),
    completed_at: order.completedAt?.toISOString() ?? null,
  };
}

/** An order of the merchant (404 for another merchant's), expired first if its time ran out. */
export async function getOrder(ctx: Ctx, merchant: string, id: string) {
  await repo.expireIfDue(ctx.db, id);
  const order = await repo.findOrder(ctx.db, id);
  if (order?.merchantUsername !== merchant) throw new AppError('NOT_FOUND');
  return orderState(order);
}

export async function report(ctx: Ctx, merchant: string, day: string) {
  return (await repo.ordersOfDay(ctx.db, merchant, day)).map(orderState);
}

/* ───────────────────────────── The hosted page ───────────────────────────── */

export type CardSubmission = Partial<Record<'card_number' | 'expiry' | 'cvv' | 'cardholder' | 'action', string>>;

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The Romanian message for an invalid card form, or null when it is complete and well formed. */
export function cardFormError(form: CardSubmission, now = new Date()): string | null {
  const number = (form.card_number ?? '').replace(/[\s-]/g, '');
  if (!/^\d{13,19}$/.test(number) || !luhn(number)) return 'Numărul cardului nu este valid.';
  const expiry = /^(\d{2})\s*\/\s*(\d{2})$/.exec(form.expiry ?? '');
  const month = expiry ? Number(expiry[1]) : 0;
  if (!expiry || month < 1 || month > 12) return 'Data expirării trebuie scrisă ca LL/AA (de exemplu 12/30).';
  const year = 2000 + Number(expiry[2]);
  if (year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1))
    return 'Cardul este expirat.';
  if (!/^\d{3,4}$/.test(form.cvv ?? '')) return 'Codul CVV are 3 sau 4 cifre.';
  if (!(form.cardholder ?? '').trim()) return 'Completați numele de pe card.';
  return null;
}

export type PayOutcome =
  | { kind: 'not_found' }
  | { kind: 'closed'; order: repo.SandboxOrderRow }
  | { kind: 'invalid'; order: repo.SandboxOrderRow; error: string }
  | { kind: 'done'; order: repo.SandboxOrderRow };

/**
 * A card form posted: the success test card pays, the declined one (and any other valid card)
 * is refused, "Renunțați" declines. The outcome and the callback's delivery job are written in
 * one transaction; the browser then goes back to the merchant (303).
 */
export async function submitCard(
  ctx: Ctx,
  id: string,
  form: CardSubmission,
  enqueueCallback: (tx: Parameters<Parameters<Ctx['db']['transaction']>[0]>[0], gatewayOrderId: string) => Promise<void>,
): Promise<PayOutcome> {
  await repo.expireIfDue(ctx.db, id);
  const current = await repo.findOrder(ctx.db, id);
  if (!current) return { kind: 'not_found' };
  if (current.status !== 'pending') return { kind: 'closed', order: current };
  const cancelled = form.action === 'cancel';
  if (!cancelled) {
    const error = cardFormError(form);
    if (error) return { kind: 'invalid', order: current, error };
  }
  const number = (form.card_number ?? '').replace(/[\s-]/g, '');
  const successful = !cancelled && number === SANDBOX_CARDS.success;
  return ctx.db.transaction(async (tx) => {
    const order = await repo.lockOrder(tx, id);
    if (order?.status !== 'pending') return { kind: 'closed', order: order ?? current } as PayOutcome;
    const updated = await repo.updateOrder(tx, id, {
      status: successful ? 'successful' : 'declined',
      cardLast4: cancelled ? null : number.slice(-4),
      transactionId: successful
        ? `TX${Date.now().toString(36).toUpperCase()}${randomBytes(4).toString('hex').toUpperCase()}`
        : null,
      completedAt: new Date(),
    });
    await enqueueCallback(tx, id);
    return { kind: 'done', order: updated! } as PayOutcome;
  });
}

/* ───────────────────────────── The callback ───────────────────────────── */

/** The signed fields of an order's callback (the portal checks them with verifyCallbackSignature). */
export function callbackQuery(ctx: Ctx, order: repo.SandboxOrderRow, now = new Date()): URLSearchParams {
  const fields: GatewayCallbackFields = {
    order_id: order.orderId,
    gateway_order_id: order.id,
    status: order.status,
    amount: order.amount,
    currency: 'RON',
    transaction_id: order.transactionId ?? '',
    timestamp: String(Math.floor(now.getTime() / 1000)),
  };
  const query = new URLSearchParams(fields as unknown as Record<string, string>);
  query.set('checksum', signCallback(callbackKey(ctx.config), fields));
  return query;
}

/**
 * Sends an order's callback once. Delivered when the portal answers 2xx or 409 (it knew the
 * outcome already); anything else throws, and the job queue retries with backoff. Every
 * attempt is counted on the order.
 */
export async function deliverCallback(ctx: Ctx, gatewayOrderId: string): Promise<'delivered' | 'skipped'> {
  const order = await repo.findOrder(ctx.db, gatewayOrderId);
  if (!order || order.status === 'pending' || order.callbackDeliveredAt) return 'skipped';
  const url = `${order.callbackUrl}${order.callbackUrl.includes('?') ? '&' : '?'}${callbackQuery(ctx, order).toString()}`;
  let status = 0;
  try {
    status = (await sandboxHttp(url, { method: 'GET' })).status;
  } finally {
    await repo.updateOrder(ctx.db, order.id, {
      callbackAttempts: order.callbackAttempts + 1,
      ...((status >= 200 && status < 300) || status === 409 ? { callbackDeliveredAt: new Date() } : {}),
    });
  }
  if ((status >= 200 && status < 300) || status === 409) return 'delivered';
  throw new Error(`callback of ${order.id} answered ${status}`);
}

/** The order the hosted page shows (expired first if its time ran out). */
export async function getOrderForPage(ctx: Ctx, id: string): Promise<repo.SandboxOrderRow | undefined> {
  await repo.expireIfDue(ctx.db, id);
  return repo.findOrder(ctx.db, id);
}
