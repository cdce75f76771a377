import type { Actor } from '../../../platform/auth/actor.js';
import type { AppContext } from '../../../platform/context.js';
import { AppError } from '../../../platform/errors.js';
import { listPage, parseListQuery } from '../../../platform/list-query.js';
import { mayReadDeliveries } from './policy.js';
import { presentDelivery } from './presenter.js';
import * as repo from './repository.js';

/**
 * The delivery log (issue 14, "a delivery log per message": queued, sent, failed, attempts) and
 * the SMS provider's delivery receipts. The log is the portal's, not an organisation's: only
 * the super administrator reads it (`notificationsTemplateRead`), and it never shows a body.
 */

export async function listDeliveries(ctx: AppContext, actor: Actor, query: Record<string, unknown>) {
  if (!mayReadDeliveries(actor)) throw new AppError('FORBIDDEN');
  const parsed = parseListQuery(query, repo.DELIVERY_LIST);
  const list = repo.listDeliveries(ctx.db, parsed);
  return listPage(parsed, async () => (await list.rows()).map(presentDelivery), list.total);
}

/** A receipt whose signature has been checked (routes.ts): delivered or refused by the operator. */
export async function recordSmsReceipt(ctx: AppContext, receipt: { id: string; status: 'delivered' | 'failed'; at: string }) {
  const id = await repo.applySmsReceipt(ctx.db, {
    providerMessageId: receipt.id,
    status: receipt.status,
    at: new Date(receipt.at),
  });
  if (id === undefined) throw new AppError('NOT_FOUND', { resource: 'sms' });
}
