import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { applications } from './applications.js';
import { timestamps } from './columns.js';
import { organisations } from './organisations.js';
import { files } from './platform.js';
import { users } from './users.js';

/**
 * The document register (spec §3): what the general registry (/register-application) adds to an
 * application that staff registered at the desk: the kind (a filed application or an incoming
 * document), the external number and date, the subject, the connected documents, the scan,
 * the registration slip's version and where it was sent. One row per registered application.
 */
export const registryRecords = pgTable(
  'registry_records',
  {
    id: serial('id').primaryKey(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id),
    kind: text('kind', { enum: ['application', 'document'] }).notNull(),
    externalNumber: text('external_number'),
    externalDate: date('external_date', { mode: 'string' }),
    subject: text('subject'),
    /** Applications of the same organisation this document refers to (ids, checked on write). */
    connectedApplicationIds: jsonb('connected_application_ids').$type<number[]>().notNull().default([]),
    /** The scanned document (incoming documents; optional for applications). */
    documentFileId: integer('document_file_id').references(() => files.id),
    /**
     * The applicant recorded on the application is the registering clerk (the beneficiary has no
     * portal account): the person is the application's beneficiary.
     */
    applicantIsPlaceholder: boolean('applicant_is_placeholder').notNull().default(false),
    /** The registration slip is rendered from this record; a regeneration bumps the version. */
    slipVersion: integer('slip_version').notNull().default(1),
    slipGeneratedAt: timestamp('slip_generated_at', { withTimezone: true }).notNull().defaultNow(),
    registeredBy: integer('registered_by')
      .notNull()
      .references(() => users.id),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    sentTo: integer('sent_to').references(() => users.id),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('registry_records_application_unique').on(t.applicationId),
    index('registry_records_organisation_idx').on(t.organisationId, t.createdAt),
    index('registry_records_document_file_idx').on(t.documentFileId),
    index('registry_records_registered_by_idx').on(t.registeredBy),
    index('registry_records_sent_to_idx').on(t.sentTo),
  ],
);

/**
 * Invitations of a beneficiary to create an account and follow a registered application: one
 * per (application, e-mail), so a second one answers BENEFICIARY_EMAIL_ALREADY_INVITED.
 */
export const beneficiaryInvitations = pgTable(
  'beneficiary_invitations',
  {
    id: serial('id').primaryKey(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    invitedBy: integer('invited_by')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('beneficiary_invitations_unique').on(t.applicationId, sql`lower(${t.email})`),
    index('beneficiary_invitations_invited_by_idx').on(t.invitedBy),
  ],
);
