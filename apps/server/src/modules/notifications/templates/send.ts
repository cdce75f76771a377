import type { NotificationLanguage } from '@ghiseu/domain';
import type { AppContext } from '../../../platform/context.js';
import type { Db } from '../../../platform/db.js';
import type { MessageSecrets } from '../../../platform/messaging.js';
import { type PlaceholderValues, renderNotification } from './render.js';

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

/** The portal's name in every message (placeholder `portal_name`). */
export const PORTAL_NAME = 'Ghișeul Unic';

/**
 * The common placeholders (portal_url, portal_name) from the configuration, under the caller's
 * values (a caller may name them itself).
 */
export function withCommonValues(ctx: { config?: { publicUrl: string } }, values: PlaceholderValues): PlaceholderValues {
  const portalUrl = ctx.config?.publicUrl.replace(/\/+$/, '');
  return { portal_name: PORTAL_NAME, ...(portalUrl ? { portal_url: portalUrl } : {}), ...values };
}

/**
 * Renders the event's template for the channel (the recipient's language, else Romanian) and
 * queues it in the caller's transaction. Answers the outbox message id. Throws when the event
 * has no template at all (a seeding bug: the reference seed writes every event × channel × language).
 */
export async function sendTemplated(
  ctx: Pick<AppContext, 'messaging'> & { config?: { publicUrl: string } },
  tx: Db,
  message: TemplatedMessage,
): Promise<number> {
  const rendered = await renderNotification(tx, {
    eventType: message.eventType,
    channel: message.channel,
    language: message.language,
    values: withCommonValues(ctx, message.values),
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
