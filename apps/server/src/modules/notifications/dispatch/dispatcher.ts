import type { NotificationPreference } from '@ghiseu/domain';
import type { JobContext } from '../../../platform/context.js';
import type { Db } from '../../../platform/db.js';
import { insertUserMessages, type NewUserMessage } from '../inbox/store.js';
import { preferencesOfEvent } from '../preferences/service.js';
import { type PlaceholderValues, renderNotification } from '../templates/render.js';
import { portalUrl, queueRendered, withCommonValues } from '../templates/send.js';
import { type DispatchPlan, planEvent } from './recipients.js';
import * as repo from './repository.js';

/**
 * The notification dispatcher (issue 14): turns each committed domain event, exactly once, into
 * what its recipients get. Per event, in ONE transaction: the event row is locked (SKIP LOCKED,
 * so concurrent processes never take the same one), its recipients and their preferences are
 * read, the in-app messages, the outgoing e-mails and SMS (outbox, delivered by the messaging
 * jobs) or the digest items are written, and `processed_at` is set. A crash anywhere rolls the
 * whole event back; the next run does it again from scratch, so nothing is lost or doubled.
 *
 * Channels:
 * - in-app: always at once (the bell), one `user_messages` row per (event, recipient);
 * - e-mail: to the account's address only once it is confirmed (the owner proved they read
 *   it; an unconfirmed address may be a typo, and application details must not reach a stranger);
 * - SMS: to a confirmed phone only (users.phone_confirmed_at), for the same reason;
 * - frequency daily/weekly/monthly: e-mail and SMS go to that digest (notification_digest_items)
 *   instead of out at once.
 * A channel whose template is missing is skipped (and logged); the other channels still go.
 */

/** Events read per query; each one is still its own transaction. */
const BATCH = 50;

/**
 * Events older than this are marked processed without telling anyone: news of weeks ago is noise
 * (and the events written before notifications existed must not flood every mailbox at once
 * when this version is deployed). Far longer than any outage the cron catch-up covers.
 */
export const MAX_EVENT_AGE_MS = 7 * 24 * 3_600_000;

export interface DispatchResult {
  events: number;
  notified: number;
}

type Log = Pick<JobContext['log'], 'warn' | 'error'>;
type Services = Pick<JobContext, 'db' | 'config' | 'messaging'> & { log: Log };

/** Dispatches every pending event, oldest first, until none is left that this process may take. */
export async function dispatchPendingEvents(ctx: Services): Promise<DispatchResult> {
  const result: DispatchResult = { events: 0, notified: 0 };
  let cursor = 0;
  for (;;) {
    const ids = await repo.findPendingEventIds(ctx.db, cursor, BATCH);
    if (ids.length === 0) return result;
    for (const id of ids) {
      cursor = id;
      try {
        const done = await ctx.db.transaction((tx) => dispatchEvent(ctx, tx, id));
        if (done) {
          result.events++;
          result.notified += done.notified;
        }
      } catch (error) {
        // This event stays pending and is retried on the next run; the others go on.
        ctx.log.error({ err: error, eventId: id }, 'notification dispatch failed');
      }
    }
  }
}

/** One event in the caller's transaction; undefined when another process holds it or it is done. */
async function dispatchEvent(ctx: Services, tx: Db, id: number): Promise<{ notified: number } | undefined> {
  const event = await repo.lockPendingEvent(tx, id);
  if (!event) return undefined;
  const stale = Date.now() - event.occurredAt.getTime() > MAX_EVENT_AGE_MS;
  const plan = stale ? null : await planEvent(tx, event);
  let notified = 0;
  if (plan) notified = await deliverPlan(ctx, tx, event.id, plan);
  await repo.markEventProcessed(tx, event.id);
  return { notified };
}

async function deliverPlan(ctx: Services, tx: Db, eventId: number, plan: DispatchPlan): Promise<number> {
  const userIds = plan.recipients.map((r) => r.userId);
  const contacts = new Map((await repo.findRecipientContacts(tx, userIds)).map((c) => [c.id, c]));
  const preferences = await preferencesOfEvent(tx, userIds, plan.notificationType);
  const messages: NewUserMessage[] = [];
  const digest: repo.DigestItemInsert[] = [];
  let notified = 0;
  for (const recipient of plan.recipients) {
    const contact = contacts.get(recipient.userId);
    const preference = preferences.get(recipient.userId);
    if (!contact || !preference) continue;
    const values = valuesFor(ctx, plan, contact);
    const render = (channel: 'email' | 'sms' | 'in_app') =>
      renderNotification(tx, { eventType: plan.notificationType, channel, language: contact.language, values });
    const missing = (channel: string) =>
      ctx.log.warn({ eventType: plan.notificationType, channel }, 'notification template missing: channel skipped');
    const origin = { eventType: plan.notificationType, userId: contact.id };
    let reached = false;

    // The in-app line is also the digest's line for this event.
    const needsInApp = preference.in_app || wantsDigest(preference);
    const inApp = needsInApp ? await render('in_app') : null;
    if (preference.in_app) {
      if (inApp) {
        messages.push({
          recipientUserId: contact.id,
          eventType: plan.notificationType,
          eventId,
          title: inApp.subject ?? inApp.text.slice(0, 200),
          message: inApp.html ?? inApp.text,
          messageSource: plan.source,
          sourceNumber: plan.applicationNumber,
          sourceId: plan.applicationId,
        });
        reached = true;
      } else missing('in_app');
    }

    for (const channel of ['email', 'sms'] as const) {
      const address = repo.contactAddress(contact, channel);
      if (!preference[channel] || !address) continue;
      if (preference.frequency !== 'immediately') {
        digest.push({
          userId: contact.id,
          eventId,
          eventType: plan.notificationType,
          channel,
          frequency: preference.frequency,
          line: digestLine(inApp?.subject ?? null, plan.applicationNumber),
        });
        reached = true;
        continue;
      }
      const rendered = await render(channel);
      if (!rendered) {
        missing(channel);
        continue;
      }
      await queueRendered(ctx.messaging, tx, { channel, to: address, rendered, origin });
      reached = true;
    }
    if (reached) notified++;
  }
  await insertUserMessages(tx, messages);
  await repo.insertDigestItems(tx, digest);
  return notified;
}

const wantsDigest = (p: NotificationPreference) => p.frequency !== 'immediately' && (p.email || p.sms);

/** A digest line: the in-app title, with the application's number when the title lacks it. */
export function digestLine(subject: string | null, applicationNumber: string | null): string {
  const title = subject?.trim() || 'Notificare';
  if (!applicationNumber || title.includes(applicationNumber)) return title;
  return `${title} (${applicationNumber})`;
}

function valuesFor(ctx: Services, plan: DispatchPlan, contact: repo.RecipientContact): PlaceholderValues {
  return withCommonValues(ctx, {
    ...plan.values,
    recipient_name: repo.displayName(contact),
    // One page serves both sides: the applicant's view and, for staff, the processing view.
    ...(plan.source === 'complain'
      ? { complaint_url: `${portalUrl(ctx.config)}/complain/${plan.applicationId}` }
      : { application_url: `${portalUrl(ctx.config)}/application/${plan.applicationId}` }),
  });
}
