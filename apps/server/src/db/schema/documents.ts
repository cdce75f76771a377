import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { DOCUMENT_KINDS, DOCUMENT_STATES, type SigningLayout } from '@ghiseu/domain';
import { applications } from './applications.js';
import { createdAt, timestamps } from './columns.js';
import { organisations } from './organisations.js';
import { files } from './platform.js';
import { users } from './users.js';

/**
 * Document templates (spec §2 /document-template, §3 Document template, Signing layout): the
 * rich text of a document with placeholders, written in the editor as a ProseMirror (TipTap)
 * JSON document, and the signing layout printed under it. A template without an organisation
 * is common (super admin); an admin's templates belong to their organisation.
 */
export const documentTemplates = pgTable(
  'document_templates',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id').references(() => organisations.id),
    name: text('name').notNull(),
    description: text('description'),
    status: text('status', { enum: ['active', 'inactive'] })
      .notNull()
      .default('active'),
    /** A system type the portal generates itself (see the templates module), null for others. */
    systemType: text('system_type'),
    /** The editor's document (ProseMirror JSON, placeholders as `placeholder` nodes). */
    content: jsonb('content').$type<Record<string, unknown>>().notNull(),
    signingLayout: jsonb('signing_layout').$type<SigningLayout>().notNull(),
    createdBy: integer('created_by').references(() => users.id),
    ...timestamps(),
  },
  (t) => [uniqueIndex('document_templates_name_unique').on(sql`coalesce(${t.organisationId}, 0)`, sql`lower(${t.name})`)],
);

/**
 * An application's output document, one row per revision (domain documents/lifecycle.ts): the
 * generated PDF, every signed revision after it, the output number, the verification code of its
 * QR and the state. A returned revision stays as history; at most one revision is live.
 */
export const applicationDocuments = pgTable(
  'application_documents',
  {
    id: serial('id').primaryKey(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id),
    kind: text('kind', { enum: DOCUMENT_KINDS }).notNull(),
    templateId: integer('template_id').references(() => documentTemplates.id),
    /** 1, 2, … per application (a regeneration after a return is the next revision). */
    revision: integer('revision').notNull(),
    state: text('state', { enum: DOCUMENT_STATES }).notNull().default('generating'),
    /** Generation progress 0–100 (the job writes it; check-generation-status reads it). */
    progress: integer('progress').notNull().default(0),
    /** An error code of the catalogue when generation or sealing failed. */
    errorCode: text('error_code'),
    /** The PDF as generated, before any signature. */
    generatedFileId: integer('generated_file_id').references(() => files.id),
    /** The current PDF: the generated one, then each signed revision. */
    fileId: integer('file_id').references(() => files.id),
    /** SHA-256 (hex) of the generated PDF: the public verification page shows it. */
    generatedSha256: text('generated_sha256'),
    /** The template's signing layout as it was at generation (the signatures follow it). */
    signingLayout: jsonb('signing_layout').$type<SigningLayout>(),
    /** The output number printed on the document (allocated_document_series). */
    outputNumber: text('output_number'),
    /** Random code of the public verification URL in the QR code. */
    verificationCode: text('verification_code').notNull(),
    createdBy: integer('created_by').references(() => users.id),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    returnedAt: timestamp('returned_at', { withTimezone: true }),
    returnedBy: integer('returned_by').references(() => users.id),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('application_documents_revision_unique').on(t.applicationId, t.revision),
    uniqueIndex('application_documents_verification_unique').on(t.verificationCode),
    // At most one live revision per application (returned and failed ones are history).
    uniqueIndex('application_documents_live_unique').on(t.applicationId).where(sql`${t.state} NOT IN ('returned', 'error')`),
    // The issued documents register: an organisation's issued documents, newest first.
    index('application_documents_issued_idx')
      .on(t.organisationId, t.issuedAt.desc().nullsFirst(), t.id)
      .where(sql`${t.state} = 'issued'`),
    // output_number[contains] of the issued documents lists (folded, trigram).
    index('application_documents_output_trgm_idx').using('gin', sql`lower(public.f_unaccent(${t.outputNumber})) gin_trgm_ops`),
  ],
);

/** One signature (or seal) on a document revision, in signing order. */
export const documentSignatures = pgTable(
  'document_signatures',
  {
    id: serial('id').primaryKey(),
    documentId: integer('document_id')
      .notNull()
      .references(() => applicationDocuments.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['staff', 'applicant', 'seal'] }).notNull(),
    /** The layout cell signed (its index); null for the seal. */
    cellIndex: integer('cell_index'),
    signerUserId: integer('signer_user_id').references(() => users.id),
    method: text('method', { enum: ['online', 'offline', 'bulk'] }).notNull(),
    /** Serial number (hex) of the certificate that signed. */
    certificateSerial: text('certificate_serial'),
    /** The visa number taken with this signature (the cell's visa series). */
    visaCode: text('visa_code'),
    /** The PDF after this signature. */
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id),
    signedAt: createdAt(),
  },
  (t) => [
    index('document_signatures_document_idx').on(t.documentId),
    uniqueIndex('document_signatures_cell_unique').on(t.documentId, t.cellIndex).where(sql`${t.cellIndex} IS NOT NULL`),
  ],
);

/**
 * A signing request (spec §4 "start, confirm with a PIN (or SMS code), poll signing status";
 * offline "initialize, check, finalize"; bulk): what is to be signed, by whom, how it is
 * confirmed and what came of each item. The SMS code is stored only as a hash.
 */
export const signingRequests = pgTable(
  'signing_requests',
  {
    id: serial('id').primaryKey(),
    /** The public id (uuid) the client polls and confirms with. */
    requestId: text('request_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    organisationId: integer('organisation_id').references(() => organisations.id),
    kind: text('kind', { enum: ['document', 'bulk', 'attachments', 'seal', 'applicant', 'offline'] }).notNull(),
    /** The applications, documents or attachment files the request covers. */
    items: jsonb('items').$type<{ applicationId: number; documentId?: number; fileId?: number }[]>().notNull(),
    customImageFileId: integer('custom_image_file_id').references(() => files.id),
    confirmation: text('confirmation', { enum: ['sms', 'pin', 'none'] }).notNull(),
    codeHash: text('code_hash'),
    attempts: integer('attempts').notNull().default(0),
    status: text('status', { enum: ['pending', 'processing', 'done', 'failed', 'expired', 'cancelled'] })
      .notNull()
      .default('pending'),
    /** Per item: ok, or the error code that stopped it. */
    results: jsonb('results').$type<{ applicationId: number; fileId?: number; ok: boolean; code?: string }[]>(),
    /** Offline signing: the data the upload is checked against (hash of the issued revision). */
    offline: jsonb('offline').$type<Record<string, unknown>>(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('signing_requests_request_unique').on(t.requestId),
    index('signing_requests_user_status_idx').on(t.userId, t.status, t.createdAt),
  ],
);
