import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { COMPLAINT_STATUSES } from '@ghiseu/domain';
import { documentSeriesTypes } from './applications.js';
import { createdAt, timestamps } from './columns.js';
import { organisations } from './organisations.js';
import { files } from './platform.js';
import { localities, territorialUnits } from './territory.js';
import { point3844 } from './types.js';
import { users } from './users.js';

/**
 * Complaint types (spec §3, /complain-type): what a citizen can report to an organisation. The
 * entry code of a complaint comes from the organisation's active series of `series_type_id`.
 * Names are unique per organisation, folded (DUPLICATE_COMPLAIN_TYPE_NAME).
 */
export const complaintTypes = pgTable(
  'complaint_types',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id),
    name: text('name').notNull(),
    status: text('status', { enum: ['active', 'inactive'] })
      .notNull()
      .default('active'),
    seriesTypeId: integer('series_type_id').references(() => documentSeriesTypes.id),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('complaint_types_org_name_unique').on(t.organisationId, sql`lower(${t.name})`),
    index('complaint_types_series_type_idx').on(t.seriesTypeId),
  ],
);

/**
 * Response templates (spec §3, §7 /response-templates): texts with placeholders that staff start
 * an answer from (complaints, applications, notices). Configuration of the super administrator;
 * titles unique, folded (DUPLICATE_RESPONSE_TEMPLATE_NAME).
 */
export const responseTemplates = pgTable(
  'response_templates',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    category: text('category', { enum: ['complaints', 'applications', 'notices'] }).notNull(),
    message: text('message').notNull(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('response_templates_title_unique').on(sql`lower(${t.title})`),
    index('response_templates_category_idx').on(t.category, t.id),
  ],
);

/**
 * A complaint (sesizare, spec §3): filed by a citizen about a place in a UAT; the organisation is
 * the complaint type's. Staff of that organisation assign a solver, comment, dismiss or resolve it
 * with a response. Status history lives in `complaint_status_changes`.
 */
export const complaints = pgTable(
  'complaints',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id),
    complaintTypeId: integer('complaint_type_id')
      .notNull()
      .references(() => complaintTypes.id),
    reporterUserId: integer('reporter_user_id')
      .notNull()
      .references(() => users.id),
    /** The entry code from the type's series, e.g. 'SES/12/2026'. */
    entryCode: text('entry_code').notNull(),
    status: text('status', { enum: COMPLAINT_STATUSES }).notNull().default('NEW'),
    uatId: integer('uat_id')
      .notNull()
      .references(() => territorialUnits.id),
    localityId: integer('locality_id').references(() => localities.id),
    address: text('address').notNull(),
    addressDetails: text('address_details'),
    /** An optional point on the map (Stereo 70), read and written through SQL only. */
    location: point3844('location'),
    description: text('description').notNull(),
    contactName: text('contact_name').notNull(),
    contactPhone: text('contact_phone'),
    contactEmail: text('contact_email'),
    solverUserId: integer('solver_user_id').references(() => users.id),
    /** The answer the citizen reads (HTML, sanitised), set when resolved, rejected or dismissed. */
    response: text('response'),
    responseTemplateId: integer('response_template_id').references(() => responseTemplates.id),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedBy: integer('closed_by').references(() => users.id),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('complaints_org_entry_code_unique').on(t.organisationId, t.entryCode),
    // The staff list: the organisation's complaints newest first, by status, and the solver's own.
    index('complaints_org_created_idx').on(t.organisationId, t.createdAt.desc(), t.id),
    index('complaints_org_status_created_idx').on(t.organisationId, t.status, t.createdAt.desc(), t.id),
    index('complaints_org_solver_created_idx').on(t.organisationId, t.solverUserId, t.createdAt.desc(), t.id),
    // The citizen's list.
    index('complaints_reporter_created_idx').on(t.reporterUserId, t.createdAt.desc(), t.id),
    index('complaints_type_idx').on(t.complaintTypeId),
    index('complaints_uat_idx').on(t.uatId),
    // The super administrator's list (every organisation, newest first) and the Open311 window.
    index('complaints_created_idx').on(t.createdAt.desc(), t.id),
    // Deleting a response template clears the link of the answers built from it.
    index('complaints_response_template_idx').on(t.responseTemplateId),
  ],
);

/** Photos and documents of a complaint (uploads of spec §5). */
export const complaintFiles = pgTable(
  'complaint_files',
  {
    id: serial('id').primaryKey(),
    complaintId: integer('complaint_id')
      .notNull()
      .references(() => complaints.id, { onDelete: 'cascade' }),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id),
    kind: text('kind', { enum: ['photo', 'document'] }).notNull(),
    /** Files staff add (the answer's attachments) are shown to the citizen too. */
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('complaint_files_complaint_idx').on(t.complaintId, t.id), index('complaint_files_file_idx').on(t.fileId)],
);

/** Comments on a complaint; internal ones (complainStaffComment) are never shown to the citizen. */
export const complaintComments = pgTable(
  'complaint_comments',
  {
    id: serial('id').primaryKey(),
    complaintId: integer('complaint_id')
      .notNull()
      .references(() => complaints.id, { onDelete: 'cascade' }),
    authorUserId: integer('author_user_id')
      .notNull()
      .references(() => users.id),
    text: text('text').notNull(),
    isInternal: boolean('is_internal').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index('complaint_comments_complaint_idx').on(t.complaintId, t.createdAt)],
);

/** The status history a citizen follows (filed, taken, resolved…), one row per change. */
export const complaintStatusChanges = pgTable(
  'complaint_status_changes',
  {
    id: serial('id').primaryKey(),
    complaintId: integer('complaint_id')
      .notNull()
      .references(() => complaints.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status', { enum: COMPLAINT_STATUSES }),
    toStatus: text('to_status', { enum: COMPLAINT_STATUSES }).notNull(),
    actorUserId: integer('actor_user_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('complaint_status_changes_complaint_idx').on(t.complaintId, t.createdAt)],
);
