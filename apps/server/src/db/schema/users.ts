import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, timestamps } from './columns.js';
import { NOTIFICATION_LANGUAGES, USER_TYPES } from '@ghiseu/domain';
import { organisations } from './organisations.js';

/**
 * Accounts of every role. Profile details (CNP, address, ID card…) live in the accounts
 * module's own tables; this row holds what sign-in and authorisation need.
 */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    phone: text('phone'),
    /** The language of the notifications this user receives (ro, en, hu; issue 14). */
    notificationLanguage: text('notification_language', { enum: NOTIFICATION_LANGUAGES }).notNull().default('ro'),
    photoFileId: integer('photo_file_id'),
    userType: text('user_type', { enum: USER_TYPES }).notNull().default('citizen'),
    accountType: text('account_type', { enum: ['personal', 'professional'] })
      .notNull()
      .default('personal'),
    status: text('status', { enum: ['active', 'inactive', 'pending'] })
      .notNull()
      .default('active'),
    organisationId: integer('organisation_id').references(() => organisations.id),
    isOrganisationAdmin: boolean('is_organisation_admin').notNull().default(false),
    /** Professional sub-accounts point at their parent account. */
    parentUserId: integer('parent_user_id'),
    secondaryRole: text('secondary_role', { enum: ['administrator', 'editor'] }),
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    phoneConfirmedAt: timestamp('phone_confirmed_at', { withTimezone: true }),
    enrolled: boolean('enrolled').notNull().default(false),
    profileCompleted: boolean('profile_completed').notNull().default(false),
    profileNeedsUpdate: boolean('profile_needs_update').notNull().default(false),
    failedLoginCount: integer('failed_login_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /** argon2 hash of the user's 6-digit signing PIN (confirms signatures instead of an SMS code). */
    signingPinHash: text('signing_pin_hash'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    index('users_organisation_idx').on(t.organisationId),
    // The sub-accounts list of a professional account.
    index('users_parent_idx').on(t.parentUserId),
    // Staff lists pick a few staff accounts among (possibly) millions of citizens.
    index('users_type_idx').on(t.userType),
  ],
);

/** Opaque session tokens, stored as SHA-256 hashes; never the token itself. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** Set when a super admin works inside another organisation (spec §4). */
    delegatedOrganisationId: integer('delegated_organisation_id').references(() => organisations.id),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [uniqueIndex('sessions_token_hash_unique').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/**
 * Profile of spec §3: identity, address, company and ID-card data. One row per user; the
 * accounts module edits it, the profile gate reads `users.profile_completed`.
 */
export const profiles = pgTable('profiles', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  citizenship: text('citizenship', { enum: ['romanian', 'foreign'] })
    .notNull()
    .default('romanian'),
  personalNumericCode: text('personal_numeric_code'),
  countyId: integer('county_id'),
  localityId: integer('locality_id'),
  villageId: integer('village_id'),
  sector: text('sector'),
  street: text('street'),
  streetNumber: text('street_number'),
  postalCode: text('postal_code'),
  staircase: text('staircase'),
  block: text('block'),
  floor: text('floor'),
  apartment: text('apartment'),
  countryId: integer('country_id'),
  city: text('city'),
  address: text('address'),
  passportNumber: text('passport_number'),
  companyRegistrationCode: text('company_registration_code'),
  tradeRegistryNumber: text('trade_registry_number'),
  companyName: text('company_name'),
  iban: text('iban'),
  bank: text('bank'),
  architectLicence: text('architect_licence'),
  staffBadgeNumber: text('staff_badge_number'),
  staffBadgeIssuer: text('staff_badge_issuer'),
  externalEnrollmentId: text('external_enrollment_id'),
  idCardSeries: text('id_card_series'),
  idCardNumber: text('id_card_number'),
  idCardIssueDate: text('id_card_issue_date'),
  idCardExpiryDate: text('id_card_expiry_date'),
  idCardIssuer: text('id_card_issuer'),
  updatedAt: updatedAt(),
});
