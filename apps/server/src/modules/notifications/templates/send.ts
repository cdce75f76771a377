import type { NotificationLanguage } from '@ghiseu/domain';
import type { AppContext } from '../../../platform/context.js';
import type { Db } from '../../../platform/db.js';
import type { MessageSecrets } from '../../../platform/messaging.js';
import { type PlaceholderValues, renderNotification } from './render.js';

/*
 * STUB written by the lead (see render.ts): the templates part of issue 14 owns this file. Keep
 * the exported signature.
 */

export interface TemplatedMessage {
  eventType: string;
  channel: 'email' | 'sms';
  /** E-mail address or phone number. */
  to: string;
  language: NotificationLanguage;
  values: PlaceholderValues;
  /** The portal user it goes to, when it is one (the delivery log). */
  userId?: number;
  /** Secret values in `values` (link keys, codes): kept out of the stored body (platform/messaging.ts). */
  secrets?: MessageSecrets;
}

/**
 * Renders the event's template for the channel and queues it in the caller's transaction.
 * Answers the outbox message id. Throws when the event has no template at all (a seeding bug).
 */
export async function sendTemplated(ctx: Pick<AppContext, 'messaging'>, tx: Db, message: TemplatedMessage): Promise<number> {
  const rendered = await renderNotification(tx, {
    eventType: message.eventType,
    channel: message.channel,
    language: message.language,
    values: message.values,
  });
  if (!rendered) throw new Error(`no ${message.channel} template for ${message.eventType}`);
  const origin = { eventType: message.eventType, userId: message.userId };
  if (message.channel === 'sms')
    return ctx.messaging.sendSms(tx, { to: message.to, text: rendered.text, ...origin }, message.secrets);
  return ctx.messaging.sendEmail(
    tx,
    { to: message.to, subject: rendered.subject ?? '', text: rendered.text, html: rendered.html ?? undefined, ...origin },
    message.secrets,
  );
}
