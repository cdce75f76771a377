import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { organisations } from './organisations.js';
import { users } from './users.js';

export const SIGNING_CERTIFICATE_ROLES = ['root', 'issuing', 'tsa', 'seal', 'user'] as const;
export type SigningCertificateRole = (typeof SIGNING_CERTIFICATE_ROLES)[number];

/**
 * The built-in certification authority's certificates (modules/signing, ADR 0024): the root, the
 * issuing CA, the timestamping unit, and the certificates of organisations' seals and of signing
 * people. The private key is encrypted at rest (AES-256-GCM under a key derived from APP_SECRET).
 * `subject_key` names whose certificate it is ('root', 'issuing', 'tsa', 'seal:<organisation>',
 * 'user:<user>'); one current certificate per subject (the unique index), an expired one is
 * replaced (`replaced_at` set) on next use, a revoked one is refused by the verifier.
 */
export const signingCertificates = pgTable(
  'signing_certificates',
  {
    id: serial('id').primaryKey(),
    role: text('role', { enum: SIGNING_CERTIFICATE_ROLES }).notNull(),
    subjectKey: text('subject_key').notNull(),
    /** Kept when the organisation or the user is deleted: the certificate still verifies old signatures. */
    organisationId: integer('organisation_id').references(() => organisations.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    subjectName: text('subject_name').notNull(),
    /** Serial number, lower-case hex. */
    serial: text('serial').notNull(),
    /** The certificate, PEM. */
    certificatePem: text('certificate_pem').notNull(),
    /** The PKCS#8 private key encrypted with AES-256-GCM: `v1.<iv>.<tag>.<ciphertext>` (base64url). */
    encryptedKey: text('encrypted_key').notNull(),
    notBefore: timestamp('not_before', { withTimezone: true }).notNull(),
    notAfter: timestamp('not_after', { withTimezone: true }).notNull(),
    replacedAt: timestamp('replaced_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('signing_certificates_serial_unique').on(t.serial),
    uniqueIndex('signing_certificates_current_unique').on(t.subjectKey).where(sql`${t.replacedAt} IS NULL`),
    index('signing_certificates_subject_idx').on(t.subjectKey),
  ],
);
