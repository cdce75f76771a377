import { bigserial, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';
import { organisations } from './organisations.js';
import { users } from './users.js';

/** Uploaded and generated files; the bytes live in the file storage under `storage_key`. */
export const files = pgTable(
  'files',
  {
    id: serial('id').primaryKey(),
    storageKey: text('storage_key').notNull().unique(),
    name: text('name').notNull(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    purpose: text('purpose').notNull(),
    ownerUserId: integer('owner_user_id').references(() => users.id),
    organisationId: integer('organisation_id').references(() => organisations.id),
    createdAt: createdAt(),
  },
  (t) => [index('files_owner_idx').on(t.ownerUserId)],
);

/**
 * Outgoing e-mail and SMS. Every message is written here in the business transaction and a
 * job delivers it (SMTP / SMS provider) or, with the built-in transport, marks it delivered;
 * `/api/dev/outbox` reads this table in development.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: serial('id').primaryKey(),
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    to: text('to').notNull(),
    subject: text('subject'),
    text: text('text').notNull(),
    html: text('html'),
    status: text('status', { enum: ['queued', 'sent', 'failed'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /**
     * The secret values (link keys, codes) the body refers to as `{{secret:N}}`: the text at
     * rest never holds them. Set to null once the message is delivered (or, with the built-in
     * outbox transport, once the secrets expire): then the body shows a placeholder.
     */
    secrets: jsonb('secrets').$type<string[]>(),
    secretsExpireAt: timestamp('secrets_expire_at', { withTimezone: true }),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The notification event it carries (catalogue type), for the delivery log; null for older rows. */
    eventType: text('event_type'),
    /** The portal user it is addressed to, when it is one (digests, notifications). */
    userId: integer('user_id'),
    /** Terminal failure: the last attempt failed; nothing retries it any more. */
    failedAt: timestamp('failed_at', { withTimezone: true }),
    /** The provider's id of the message (SMS), matched by its delivery receipt. */
    providerMessageId: text('provider_message_id'),
    /** When the provider reported the message delivered to the handset (SMS receipt). */
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    index('outbox_to_idx').on(t.to, t.createdAt),
    // The delivery log: newest first, optionally by status.
    index('outbox_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('outbox_status_created_idx').on(t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('outbox_provider_message_idx').on(t.providerMessageId),
  ],
);

/** Append-only audit trail (a trigger refuses UPDATE and DELETE). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorUserId: integer('actor_user_id'),
    organisationId: integer('organisation_id'),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
    requestId: text('request_id'),
  },
  (t) => [index('audit_entity_idx').on(t.entityType, t.entityId), index('audit_actor_idx').on(t.actorUserId, t.at)],
);

/** Settings registry: key → value, edited by the super admin. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  description: text('description').notNull().default(''),
  updatedAt: updatedAt(),
});

/** Which seed scripts have run, so a restart never seeds twice. */
export const seedRuns = pgTable('seed_runs', {
  name: text('name').primaryKey(),
  ranAt: timestamp('ran_at', { withTimezone: true }).notNull().defaultNow(),
  detail: jsonb('detail'),
});
