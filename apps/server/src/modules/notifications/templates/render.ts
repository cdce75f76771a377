import {
  DEFAULT_NOTIFICATION_LANGUAGE,
  fillPlaceholders,
  type NotificationChannel,
  type NotificationLanguage,
} from '@ghiseu/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { notificationTemplates } from '../../../db/schema/index.js';
import type { Db } from '../../../platform/db.js';

/*
 * STUB written by the lead so that the dispatcher can be built in parallel: the templates part
 * of issue 14 owns this file and replaces the body (sanitising, HTML escaping of values, the
 * plain-text version of e-mails, caching). Keep the exported signatures.
 */

export type PlaceholderValues = Record<string, string | number | null | undefined>;

export interface RenderRequest {
  eventType: string;
  channel: NotificationChannel;
  /** The recipient's language; the Romanian template is used when theirs is missing. */
  language: NotificationLanguage;
  values: PlaceholderValues;
}

export interface RenderedNotification {
  /** E-mail subject or in-app title; null for SMS. */
  subject: string | null;
  /** Sanitised HTML (e-mail, in-app); null for SMS. */
  html: string | null;
  /** Plain text: the SMS, or the text version of the e-mail / in-app message. */
  text: string;
  /** The language of the template actually used. */
  language: NotificationLanguage;
}

/** The template of an event and channel in the recipient's language (or Romanian), filled; null when none exists. */
export async function renderNotification(db: Db, request: RenderRequest): Promise<RenderedNotification | null> {
  const languages = [...new Set([request.language, DEFAULT_NOTIFICATION_LANGUAGE])];
  const rows = await db
    .select()
    .from(notificationTemplates)
    .where(
      and(
        eq(notificationTemplates.eventType, request.eventType),
        eq(notificationTemplates.channel, request.channel),
        inArray(notificationTemplates.language, languages),
      ),
    );
  const template = rows.find((r) => r.language === request.language) ?? rows.find((r) => r.language === 'ro');
  if (!template) return null;
  const subject = template.subject === null ? null : fillPlaceholders(template.subject, request.values);
  const body = fillPlaceholders(template.message, request.values);
  const isSms = request.channel === 'sms';
  return {
    subject,
    html: isSms ? null : body,
    text: isSms ? body : body.replace(/<[^>]+>/g, ''),
    language: template.language,
  };
}
