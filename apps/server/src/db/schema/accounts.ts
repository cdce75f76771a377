import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, timestamps } from './columns.js';
import { organisations } from './organisations.js';
import { territorialUnits } from './territory.js';
import { users } from './users.js';

/**
 * Single-use, expiring keys sent by e-mail or SMS: e-mail confirmation, password reset and
 * set-password links, sub-account invitations, phone codes. Only the hash is stored.
 */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', {
      enum: ['email-confirmation', 'password-reset', 'set-password', 'sub-account-invite', 'phone-confirmation'],
    }).notNull(),
    codeHash: text('code_hash').notNull(),
    /** The phone number a phone code was sent to, or other data the step needs. */
    target: text('target'),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('verification_codes_hash_unique').on(t.purpose, t.codeHash),
    index('verification_codes_user_idx').on(t.userId, t.purpose),
    // The per-number limit of phone codes counts the codes sent to one number lately.
    index('verification_codes_target_idx').on(t.purpose, t.target, t.createdAt),
  ],
);

/** Accounts linked to an OpenID Connect or OAuth provider (Google, Facebook). */
export const socialIdentities = pgTable(
  'social_identities',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['google', 'facebook'] }).notNull(),
    subject: text('subject').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('social_identities_subject_unique').on(t.provider, t.subject)],
);

export const departments = pgTable(
  'departments',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id),
    name: text('name').notNull(),
    description: text('description'),
    status: text('status', { enum: ['active', 'inactive'] })
      .notNull()
      .default('active'),
    ...timestamps(),
  },
  (t) => [uniqueIndex('departments_name_unique').on(t.organisationId, sql`lower(${t.name})`)],
);

/** Staff functions; system functions are created automatically per organisation and protected. */
export const staffFunctions = pgTable(
  'staff_functions',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id),
    name: text('name').notNull(),
    description: text('description'),
    isSystem: boolean('is_system').notNull().default(false),
    /** Stable key of a system function ('president', 'registrar'…). */
    systemKey: text('system_key'),
    ...timestamps(),
  },
  (t) => [uniqueIndex('staff_functions_name_unique').on(t.organisationId, sql`lower(${t.name})`)],
);

export const responsibilities = pgTable(
  'responsibilities',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id').references(() => organisations.id),
    name: text('name').notNull(),
    description: text('description'),
    ...timestamps(),
  },
  (t) => [uniqueIndex('responsibilities_name_unique').on(sql`coalesce(${t.organisationId}, 0)`, sql`lower(${t.name})`)],
);

/** Permission keys (packages/domain PERMISSIONS) granted by a responsibility. */
export const responsibilityPermissions = pgTable(
  'responsibility_permissions',
  {
    responsibilityId: integer('responsibility_id')
      .notNull()
      .references(() => responsibilities.id, { onDelete: 'cascade' }),
    permissionKey: text('permission_key').notNull(),
  },
  (t) => [primaryKey({ columns: [t.responsibilityId, t.permissionKey] })],
);

export const functionResponsibilities = pgTable(
  'function_responsibilities',
  {
    functionId: integer('function_id')
      .notNull()
      .references(() => staffFunctions.id, { onDelete: 'cascade' }),
    responsibilityId: integer('responsibility_id')
      .notNull()
      .references(() => responsibilities.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.functionId, t.responsibilityId] }),
    // Deleting a responsibility cascades here; the responsibility's functions are listed by it.
    index('function_responsibilities_responsibility_idx').on(t.responsibilityId),
  ],
);

export const userFunctions = pgTable(
  'user_functions',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    functionId: integer('function_id')
      .notNull()
      .references(() => staffFunctions.id),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.functionId] }),
    // The staff list's `function_id[eq]` filter and the check behind deleting a function.
    index('user_functions_function_idx').on(t.functionId),
  ],
);

export const userDepartments = pgTable(
  'user_departments',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    departmentId: integer('department_id')
      .notNull()
      .references(() => departments.id),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.departmentId] }),
    // The staff list's `department_id[eq]` filter and the check behind deleting a department.
    index('user_departments_department_idx').on(t.departmentId),
  ],
);

/**
 * Permission records of spec §3 (name, description, category, scope, organisations, default
 * assignment). The key matches a key of the domain catalogue.
 */
export const permissionDefinitions = pgTable('permission_definitions', {
  key: text('key').primaryKey(),
  name: text('name').notNull(),
  description: text('description'),
  category: text('category').notNull(),
  scope: text('scope', { enum: ['user', 'organisation'] })
    .notNull()
    .default('user'),
  defaultAssignment: text('default_assignment', { enum: ['user', 'organisation'] }),
  organisationIds: jsonb('organisation_ids').$type<number[]>().notNull().default([]),
  updatedAt: updatedAt(),
});

/** One UAT is assigned to at most one staff member (UAT_ALREADY_ASSIGNED). */
export const uatAssignments = pgTable(
  'uat_assignments',
  {
    uatId: integer('uat_id')
      .primaryKey()
      .references(() => territorialUnits.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id),
    createdAt: createdAt(),
  },
  (t) => [index('uat_assignments_user_idx').on(t.userId)],
);

/** Staff identity enrollment for signing: submitted by the staff member, approved by an admin. */
export const enrollments = pgTable(
  'enrollments',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    identity: jsonb('identity').$type<Record<string, string>>().notNull(),
    idDocumentFileId: integer('id_document_file_id'),
    reviewedBy: integer('reviewed_by').references(() => users.id),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    rejectionReason: text('rejection_reason'),
    createdAt: createdAt(),
  },
  (t) => [
    index('enrollments_user_idx').on(t.userId),
    // The review inbox: `?status=pending`, newest first.
    index('enrollments_status_created_idx').on(t.status, t.createdAt.desc().nullsFirst(), t.id),
    index('enrollments_created_idx').on(t.createdAt.desc().nullsFirst(), t.id),
  ],
);

/**
 * A social sign-in in progress: the state sent to the provider and the PKCE verifier and nonce
 * that must come back with it. Single use, a few minutes long.
 */
export const oauthRequests = pgTable('oauth_requests', {
  stateHash: text('state_hash').primaryKey(),
  provider: text('provider', { enum: ['google', 'facebook'] }).notNull(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

/**
 * Failed sign-ins for addresses that have no account, counted like an account's own failures
 * (users.failed_login_count / locked_until), so that the answers — remaining attempts, then
 * the lock — do not tell which addresses have an account. Keyed by a hash of the address.
 */
export const unknownLoginFailures = pgTable('unknown_login_failures', {
  emailHash: text('email_hash').primaryKey(),
  failedCount: integer('failed_count').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  updatedAt: updatedAt(),
});
