import type { JobContext } from '../../../platform/context.js';
import { renderNotification } from '../templates/render.js';
import { queueRendered, withCommonValues } from '../templates/send.js';
import * as repo from './repository.js';

/**
 * Digests (spec §9 frequencies; issue 14): the events a user chose to receive daily, weekly or
 * monthly wait as `notification_digest_items`; a scheduled job sends each (user, channel) one
 * message listing them. Per group, ONE transaction: the unsent items are locked (SKIP LOCKED, so
 * two runs at once never take the same item), the `digest` template is rendered in the user's
 * language, the message is queued and the items are marked sent with its id. An event is in one
 * digest only; a second run finds nothing to send.
 */

export type DigestFrequency = repo.DigestFrequency;
export const DIGEST_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const satisfies readonly DigestFrequency[];

type Services = Pick<JobContext, 'db' | 'config' | 'messaging'> & { log: Pick<JobContext['log'], 'warn'> };

const dayFormat = new Intl.DateTimeFormat('ro-RO', {
  timeZone: 'Europe/Bucharest',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

/** "17.11.2026 – 23.11.2026" (or one day): the span of the digest's events. */
export function digestPeriod(first: Date, last: Date): string {
  const from = dayFormat.format(first);
  const to = dayFormat.format(last);
  return from === to ? from : `${from} – ${to}`;
}

/** Sends the digests of one frequency now; answers how many messages it queued. */
export async function sendDigests(ctx: Services, frequency: DigestFrequency): Promise<number> {
  let sent = 0;
  for (const group of await repo.findDigestGroups(ctx.db, frequency)) {
    sent += await ctx.db.transaction(async (tx) => {
      const items = await repo.lockUnsentDigestItems(tx, { ...group, frequency });
      if (items.length === 0) return 0;
      const ids = items.map((i) => i.id);
      const [contact] = await repo.findRecipientContacts(tx, [group.userId]);
      const address = contact ? repo.contactAddress(contact, group.channel) : null;
      // No address to write to any more (closed account, address removed): the items are dropped
      // rather than piling up for ever.
      if (!contact || !address) {
        await repo.markDigestItemsSent(tx, ids, null);
        return 0;
      }
      const rendered = await renderNotification(tx, {
        eventType: 'digest',
        channel: group.channel,
        language: contact.language,
        values: withCommonValues(ctx, {
          recipient_name: repo.displayName(contact),
          period: digestPeriod(items[0].createdAt, items[items.length - 1].createdAt),
          count: String(items.length),
          items: items.map((i) => `• ${i.line}`).join('\n'),
        }),
      });
      if (!rendered) {
        // Left unsent: the digest goes out once its template exists again.
        ctx.log.warn({ channel: group.channel }, 'digest template missing: digest not sent');
        return 0;
      }
      const messageId = await queueRendered(ctx.messaging, tx, {
        channel: group.channel,
        to: address,
        rendered,
        origin: { eventType: 'digest', userId: contact.id },
      });
      await repo.markDigestItemsSent(tx, ids, messageId);
      return 1;
    });
  }
  return sent;
}
