import type { NotificationLanguage } from '@ghiseu/domain';
import type { AppContext } from '../../../platform/context.js';
import type { Db } from '../../../platform/db.js';
import type { MessageOrigin, MessageSecrets, Messaging } from '../../../platform/messaging.js';
import { type PlaceholderValues, type RenderedNotification, renderNotification } from './render.js';

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
  const url = ctx.config ? portalUrl(ctx.config) : undefined;
  return { portal_name: PORTAL_NAME, ...(url ? { portal_url: url } : {}), ...values };
}

/** The portal's address without a trailing slash (placeholder `portal_url`, and the links built on it). */
export const portalUrl = (config: { publicUrl: string }): string => config.publicUrl.replace(/\/+$/, '');

/**
 * Queues a rendered notification on its channel in the caller's transaction (the outbox and its
 * delivery job); answers the outbox message id.
 */
export function queueRendered(
  messaging: Messaging,
  tx: Db,
  message: {
    channel: 'email' | 'sms';
    to: string;
    rendered: RenderedNotification;
    origin: MessageOrigin;
    secrets?: MessageSecrets;
  },
): Promise<number> {
  const { channel, to, rendered, origin, secrets } = message;
  if (channel === 'sms') return messaging.sendSms(tx, { to, text: rendered.text, ...origin }, secrets);
  return messaging.sendEmail(
    tx,
    { to, subject: rendered.subject ?? '', text: rendered.text, html: rendered.html ?? undefined, ...origin },
    secrets,
  );
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
  return queueRendered(ctx.messaging, tx, {
    channel: message.channel,
    to: message.to,
    rendered,
    origin: { eventType: message.eventType, userId: message.userId },
    secrets: message.secrets,
  });
}
