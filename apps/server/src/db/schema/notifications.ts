import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { NOTIFICATION_CHANNELS, NOTIFICATION_FREQUENCIES, NOTIFICATION_LANGUAGES } from '@ghiseu/domain';
import { applications, domainEvents } from './applications.js';
import { createdAt, timestamps } from './columns.js';
import { organisations } from './organisations.js';
import { outboxMessages } from './platform.js';
import { users } from './users.js';

/**
 * Notifications (issue 14; spec §3 notification, preferences, template, circular). Domain events
 * (applications.ts) are the cause; the dispatcher turns each one, exactly once, into in-app
 * messages, outgoing e-mails and SMS (outbox_messages) or digest items.
 */

/** One template per event, channel and language (super administrator; seeded in ro, en, hu). */
export const notificationTemplates = pgTable(
  'notification_templates',
  {
    id: serial('id').primaryKey(),
    eventType: text('event_type').notNull(),
    channel: text('channel', { enum: NOTIFICATION_CHANNELS }).notNull(),
    language: text('language', { enum: NOTIFICATION_LANGUAGES }).notNull(),
    title: text('title').notNull(),
    /** E-mail subject / in-app title; null for SMS. */
    subject: text('subject'),
    /** Sanitised HTML (e-mail, in-app) or plain text (SMS). */
    message: text('message').notNull(),
    characterLimit: integer('character_limit'),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('notification_templates_key').on(t.eventType, t.channel, t.language),
    index('notification_templates_list_idx').on(t.eventType, t.language, t.channel, t.id),
  ],
);

/** A user's choice per configurable event; no row means the catalogue's defaults. */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    eventType: text('event_type').notNull(),
    email: boolean('email').notNull(),
    sms: boolean('sms').notNull(),
    inApp: boolean('in_app').notNull(),
    frequency: text('frequency', { enum: NOTIFICATION_FREQUENCIES }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.eventType] })],
);

/** In-app notifications (spec §3 "Notification"; GET /user-messages). */
export const userMessages = pgTable(
  'user_messages',
  {
    id: serial('id').primaryKey(),
    recipientUserId: integer('recipient_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    eventType: text('event_type').notNull(),
    /** The domain event it came from (one message per event and recipient). */
    eventId: integer('event_id').references(() => domainEvents.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    /** Sanitised HTML. */
    message: text('message').notNull(),
    messageSource: text('message_source', { enum: ['application', 'complain'] }),
    sourceNumber: text('source_number'),
    sourceId: integer('source_id'),
    hasBeenRead: boolean('has_been_read').notNull().default(false),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdDate: timestamp('created_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The bell: a user's window, newest first.
    index('user_messages_recipient_created_idx').on(
      t.recipientUserId,
      t.createdDate.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // GET /user-messages/identification/{id}
    index('user_messages_recipient_source_idx').on(t.recipientUserId, t.sourceId, t.createdDate.desc().nullsFirst()),
    uniqueIndex('user_messages_event_recipient_key').on(t.eventId, t.recipientUserId).where(sql`${t.eventId} IS NOT NULL`),
  ],
);

/**
 * An event waiting for a user's digest (frequency daily, weekly or monthly) on one channel. The
 * unique key keeps each event once per digest; `messageId` is the digest that carried it.
 */
export const notificationDigestItems = pgTable(
  'notification_digest_items',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    eventId: integer('event_id')
      .notNull()
      .references(() => domainEvents.id, { onDelete: 'cascade' }),
    eventType: text('event_type').notNull(),
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    frequency: text('frequency', { enum: ['daily', 'weekly', 'monthly'] }).notNull(),
    /** The line the digest shows for this event, rendered in the user's language when it happened. */
    line: text('line').notNull(),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    messageId: integer('message_id').references(() => outboxMessages.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('notification_digest_items_key').on(t.userId, t.eventId, t.channel),
    index('notification_digest_items_pending_idx')
      .on(t.frequency, t.userId, t.channel, t.createdAt)
      .where(sql`${t.sentAt} IS NULL`),
    index('notification_digest_items_event_idx').on(t.eventId),
  ],
);

/** Circulars (spec §3 "Circular"; POST /notifications/circular). */
export const circulars = pgTable(
  'circulars',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id),
    applicationId: integer('application_id').references(() => applications.id, { onDelete: 'set null' }),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    departmentIds: jsonb('department_ids').$type<number[]>().notNull().default([]),
    userIds: jsonb('user_ids').$type<number[]>().notNull().default([]),
    extraEmails: jsonb('extra_emails').$type<string[]>().notNull().default([]),
    fileIds: jsonb('file_ids').$type<number[]>().notNull().default([]),
    recipientUsers: integer('recipient_users').notNull().default(0),
    recipientEmails: integer('recipient_emails').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('circulars_organisation_created_idx').on(t.organisationId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('circulars_application_idx').on(t.applicationId),
    index('circulars_created_by_idx').on(t.createdBy),
  ],
);
