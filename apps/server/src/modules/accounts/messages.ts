import type { NotificationLanguage } from '@ghiseu/domain';
import type { AppContext } from '../../platform/context.js';
import type { Db } from '../../platform/db.js';
import type { MessageSecrets } from '../../platform/messaging.js';
import { sendTemplated } from '../notifications/index.js';
import type { UserRow } from './repository.js';

/**
 * The e-mails and SMS the accounts module sends, through the notification templates (issue 14;
 * events account.*), in the recipient's notification language. No message ever carries a
 * password: links carry single-use keys, the SMS a short-lived code, both named as the message's
 * secrets so the outbox keeps them out of the stored body.
 */

/** The account a message goes to; an account just created has the default language. */
export type AccountRecipient = Pick<UserRow, 'id' | 'email' | 'firstName' | 'lastName'> & {
  notificationLanguage?: NotificationLanguage;
};

/** A link of an e-mail: its address and the single-use key inside it. */
export interface SecretLink {
  url: string;
  secrets: MessageSecrets;
}

type Ctx = Pick<AppContext, 'messaging' | 'config'>;

const nameOf = (user: AccountRecipient): string | null => [user.firstName, user.lastName].filter(Boolean).join(' ') || null;

function sendAccountEmail(
  ctx: Ctx,
  tx: Db,
  eventType: string,
  user: AccountRecipient,
  values: Record<string, string>,
  secrets?: MessageSecrets,
): Promise<number> {
  return sendTemplated(ctx, tx, {
    eventType,
    channel: 'email',
    to: user.email,
    language: user.notificationLanguage ?? 'ro',
    userId: user.id,
    values: { recipient_name: nameOf(user), ...values },
    secrets,
  });
}

export const sendEmailConfirmation = (ctx: Ctx, tx: Db, user: AccountRecipient, link: SecretLink) =>
  sendAccountEmail(ctx, tx, 'account.email_confirmation', user, { link: link.url }, link.secrets);

export const sendPasswordReset = (ctx: Ctx, tx: Db, user: AccountRecipient, link: SecretLink) =>
  sendAccountEmail(ctx, tx, 'account.password_reset', user, { link: link.url }, link.secrets);

/** The set-password invitation of an account created for someone (staff, sub-accounts). */
export const sendInvitation = (ctx: Ctx, tx: Db, user: AccountRecipient, link: SecretLink, invitedBy: string) =>
  sendAccountEmail(ctx, tx, 'account.invitation', user, { link: link.url, invited_by: invitedBy }, link.secrets);

export const sendPasswordChanged = (ctx: Ctx, tx: Db, user: AccountRecipient) =>
  sendAccountEmail(ctx, tx, 'account.password_changed', user, {});

/**
 * A verification code by SMS (event account.phone_code): phone confirmation, signing, the public
 * status page. `minutes` is how long the code works; `userId`/`language` when it goes to a user.
 */
export function sendPhoneCode(
  ctx: Ctx,
  tx: Db,
  sms: { to: string; code: string; minutes: number; expiresAt: Date; userId?: number; language?: NotificationLanguage },
): Promise<number> {
  return sendTemplated(ctx, tx, {
    eventType: 'account.phone_code',
    channel: 'sms',
    to: sms.to,
    language: sms.language ?? 'ro',
    userId: sms.userId,
    values: { code: sms.code, minutes: String(sms.minutes) },
    secrets: { values: [sms.code], expiresAt: sms.expiresAt },
  });
}
