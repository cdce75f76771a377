import { z } from 'zod';
import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_FREQUENCIES,
  NOTIFICATION_GROUPS,
  NOTIFICATION_LANGUAGES,
  NOTIFICATION_LIMITS as L,
} from '../notifications/catalogue.js';
import { zId, zIdParam } from './common.js';

/**
 * Notifications (issue 14; spec §3 notification, preferences, template, circular; §7
 * "Notifications"; §9 window and limits). Paths, all under /api:
 *
 * - GET  /notifications/types                       → { data: ZNotificationType[] }
 * - GET  /notifications/preferences                 → { data: ZNotificationPreferences }
 * - PUT  /notifications/preferences  ZNotificationPreferences → { data: ZNotificationPreferences }
 * - GET  /notifications/templates?skip&limit(10)&event_type[eq]&channel[eq]&language[eq]&title[like]
 *                                                    → { data: ZNotificationTemplate[], pagination }
 * - GET  /notifications/templates/{id}               → { data: ZNotificationTemplate }
 * - PATCH /notifications/templates/{id}  ZNotificationTemplatePatch → { data: ZNotificationTemplate }
 * - POST /notifications/templates/{id}/preview  ZNotificationTemplatePreviewRequest
 *                                                    → { data: ZNotificationTemplatePreview }
 * - GET  /notifications/deliveries?skip&limit&status[eq]&channel[eq]&to[like]&event_type[eq]
 *                                                    → { data: ZNotificationDelivery[], pagination }
 * - GET  /user-messages?created_date[ge]&created_date[le]&sortKey=-created_date&limit=100
 *                                                    → { data: ZUserMessage[] }
 * - PATCH /user-messages/{id}  { has_been_read }     → { data: ZUserMessage }
 * - GET  /user-messages/identification/{id}          → { data: ZUserMessage[] } (of one application)
 * - GET  /user-messages/stream                       → text/event-stream, `event: message`, data ZUserMessage
 * - GET  /notifications/circular/token               → { data: ZCircularUploadToken }
 * - GET  /notifications/circular/recipients?application_id&search → { data: ZCircularRecipients }
 * - GET  /notifications/circulars?application_id[eq]   → { data: ZCircularRecord[], pagination }
 * - GET  /notifications/circulars/{id}/files/{fileId}?key= → the attachment (signed key from the e-mail)
 * - POST /notifications/sms/receipts                  → the SMS provider's delivery receipts (HMAC-signed)
 * - POST /notifications/circular  ZCircularRequest   → 201 { data: ZCircularResult }
 * - POST /notifications/invite-beneficiary (exists, contracts/registry.ts)
 */

export const ZNotificationLanguage = z.enum(NOTIFICATION_LANGUAGES);
export const ZNotificationChannel = z.enum(NOTIFICATION_CHANNELS);
export const ZNotificationFrequency = z.enum(NOTIFICATION_FREQUENCIES);

export const ZNotificationType = z.object({
  type: z.string(),
  group: z.enum(NOTIFICATION_GROUPS),
  label: z.string(),
  recipients: z.string(),
  channels: z.array(ZNotificationChannel),
  configurable: z.boolean(),
  placeholders: z.array(z.string()),
});
export type NotificationType = z.infer<typeof ZNotificationType>;

export const ZNotificationPreference = z.object({
  event_type: z.string().min(1).max(100),
  email: z.boolean(),
  sms: z.boolean(),
  in_app: z.boolean(),
  frequency: ZNotificationFrequency,
});
export type NotificationPreference = z.infer<typeof ZNotificationPreference>;

/** The user's notification settings: the language of their messages and one row per configurable event. */
export const ZNotificationPreferences = z.object({
  language: ZNotificationLanguage,
  items: z.array(ZNotificationPreference).max(100),
});
export type NotificationPreferences = z.infer<typeof ZNotificationPreferences>;

export const ZNotificationTemplate = z.object({
  id: z.number().int(),
  event_type: z.string(),
  event_label: z.string(),
  channel: ZNotificationChannel,
  language: ZNotificationLanguage,
  title: z.string(),
  /** E-mail subject; the in-app message's title. Null for SMS. */
  subject: z.string().nullable(),
  /** HTML for e-mail and in-app (sanitised when saved), plain text for SMS. */
  message: z.string(),
  /** Longest message allowed (SMS: as the provider counts, see smsLength); null: no limit. */
  character_limit: z.number().int().nullable(),
  /** The placeholders this template may use. */
  placeholders: z.array(z.string()),
  updated_at: z.string(),
});
export type NotificationTemplate = z.infer<typeof ZNotificationTemplate>;

export const ZNotificationTemplatePatch = z.object({
  title: z.string().trim().min(1).max(L.templateTitle).optional(),
  subject: z.string().trim().max(L.templateSubject).nullable().optional(),
  message: z.string().trim().min(1).max(L.templateMessage).optional(),
  character_limit: z.number().int().positive().max(L.templateMessage).nullable().optional(),
});
export type NotificationTemplatePatch = z.infer<typeof ZNotificationTemplatePatch>;

/** Preview of the stored template, or of unsaved text, with sample data. */
export const ZNotificationTemplatePreviewRequest = z.object({
  subject: z.string().max(L.templateSubject).nullable().optional(),
  message: z.string().max(L.templateMessage).optional(),
});
export const ZNotificationTemplatePreview = z.object({
  subject: z.string().nullable(),
  /** Sanitised HTML (e-mail, in-app) or the plain SMS text. */
  message: z.string(),
  /** Length as the limit counts it (SMS: provider units; otherwise characters of the text without tags). */
  length: z.number().int(),
  /** SMS only: encoding and billed parts. */
  sms: z.object({ encoding: z.enum(['gsm7', 'ucs2']), segments: z.number().int() }).nullable(),
  unknown_placeholders: z.array(z.string()),
});
export type NotificationTemplatePreview = z.infer<typeof ZNotificationTemplatePreview>;

export const DELIVERY_STATUSES = ['queued', 'sent', 'failed'] as const;
export const DELIVERY_STATUS_LABELS: Record<(typeof DELIVERY_STATUSES)[number], string> = {
  queued: 'În așteptare',
  sent: 'Trimis',
  failed: 'Eșuat',
};

/** One outgoing e-mail or SMS, as the delivery log shows it (no body: it may hold secrets). */
export const ZNotificationDelivery = z.object({
  id: z.number().int(),
  channel: z.enum(['email', 'sms']),
  to: z.string(),
  subject: z.string().nullable(),
  event_type: z.string().nullable(),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  failed_at: z.string().nullable(),
  /** The provider's delivery receipt (SMS), when one came. */
  delivered_at: z.string().nullable(),
});
export type NotificationDelivery = z.infer<typeof ZNotificationDelivery>;

/** An in-app notification (spec §3 "Notification"). */
export const ZUserMessage = z.object({
  id: z.number().int(),
  event_type: z.string(),
  title: z.string(),
  /** Sanitised HTML. */
  message: z.string(),
  message_source: z.enum(['application', 'complain']).nullable(),
  /** The application's (or complaint's) number, shown in the list. */
  recipient_identification_number: z.string().nullable(),
  /** The application's (or complaint's) id: where opening the message goes. */
  recipient_identification_id: z.number().int().nullable(),
  created_date: z.string(),
  has_been_read: z.boolean(),
});
export type UserMessage = z.infer<typeof ZUserMessage>;

export const ZUserMessagePatch = z.object({ has_been_read: z.boolean() });

export const CIRCULAR_MESSAGES = {
  noRecipient: 'Circulara trebuie să aibă cel puțin un destinatar.',
  invalidEmails: 'Adresele de e-mail suplimentare nu sunt valide: {emails}.',
  subjectRequired: 'Introduceți subiectul circularei.',
  messageRequired: 'Introduceți mesajul circularei.',
  fileType: 'Fișierele circularei pot fi doar PDF, PNG sau JPEG.',
  fileSize: 'Un fișier al circularei poate avea cel mult 50 MB.',
} as const;

/** Splits the "extra e-mails" field (comma separated) into trimmed, non-empty addresses. */
export function splitExtraEmails(value: string): string[] {
  return value
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
}

export const ZCircularRequest = z.object({
  /** The application the circular is about (/application-circular-mail/:id), if any. */
  application_id: zId().nullable().optional(),
  department_ids: z.array(zId()).max(500).default([]),
  user_ids: z.array(zId()).max(5000).default([]),
  /** Comma-separated e-mail addresses. */
  extra_emails: z.string().max(5000).default(''),
  subject: z.string().trim().min(1, { error: CIRCULAR_MESSAGES.subjectRequired }).max(L.circularSubject),
  message: z.string().trim().min(1, { error: CIRCULAR_MESSAGES.messageRequired }).max(L.circularMessage),
  /** Files uploaded with the circular upload token. */
  file_ids: z.array(zId()).max(25).default([]),
});
export type CircularRequest = z.input<typeof ZCircularRequest>;

export const ZCircularResult = z.object({
  id: z.number().int(),
  /** Portal users reached (in-app and e-mail). */
  users: z.number().int(),
  /** E-mails queued (users with an address plus the extra addresses). */
  emails: z.number().int(),
});
export type CircularResult = z.infer<typeof ZCircularResult>;

export const ZCircularUploadToken = z.object({
  token: z.string(),
  expires_at: z.string(),
  max_bytes: z.number().int(),
  accepted_types: z.array(z.string()),
});
export type CircularUploadToken = z.infer<typeof ZCircularUploadToken>;

/**
 * A sent circular as GET /notifications/circulars lists it (the history of
 * /application-circular-mail/:id).
 */
export const ZCircularRecord = z.object({
  id: z.number().int(),
  application_id: z.number().int().nullable(),
  subject: z.string(),
  /** Sanitised HTML, as sent. */
  message: z.string(),
  department_ids: z.array(z.number().int()),
  user_ids: z.array(z.number().int()),
  /** How many extra addresses it went to (the addresses are not repeated in the list). */
  extra_emails_count: z.number().int(),
  file_ids: z.array(z.number().int()),
  /** Portal users reached (in-app and e-mail). */
  recipient_users: z.number().int(),
  /** E-mails queued. */
  recipient_emails: z.number().int(),
  created_by: z.object({ id: z.number().int(), name: z.string() }),
  created_at: z.string(),
});
export type CircularRecord = z.infer<typeof ZCircularRecord>;

/**
 * GET /notifications/circular/recipients: whom a sender may choose — the organisation's active
 * departments and its active staff (name only: a circular's sender needs no one's contacts).
 */
export const ZCircularRecipientsQuery = z.object({
  application_id: zIdParam().optional(),
  search: z.string().trim().max(100).optional(),
});
export const ZCircularRecipients = z.object({
  departments: z.array(z.object({ id: z.number().int(), name: z.string(), user_count: z.number().int() })),
  /** At most 30 (the select widget's page), matching `search` when given. */
  users: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type CircularRecipients = z.infer<typeof ZCircularRecipients>;
