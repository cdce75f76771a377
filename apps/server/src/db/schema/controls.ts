import { sql } from 'drizzle-orm';
import { date, index, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { CONTROL_STATUSES } from '@ghiseu/domain';
import { documentSeriesTypes } from './applications.js';
import { createdAt, timestamps } from './columns.js';
import { complaints } from './complaints.js';
import { organisations } from './organisations.js';
import { files } from './platform.js';
import { localities, territorialUnits } from './territory.js';
import { users } from './users.js';

/**
 * Control types (spec /control-type): the kinds of inspection an organisation runs (urbanism
 * discipline, construction site, public domain…). Names unique per organisation, folded
 * (DUPLICATE_CONTROL_TYPE_NAME). The entry code of a control comes from the organisation's active
 * series of `series_type_id` when the control is registered.
 */
export const controlTypes = pgTable(
  'control_types',
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
    uniqueIndex('control_types_org_name_unique').on(t.organisationId, sql`lower(${t.name})`),
    index('control_types_series_type_idx').on(t.seriesTypeId),
  ],
);

/**
 * A control (inspection, spec §3, §4): prepared by staff, optionally from a complaint, filled in
 * with the offenders, witnesses and building bodies found, and finished with a closing report.
 * Generating the report or closing locks it (status `generated` / `closed`): every later write is
 * refused on the server. `version` grows with every save; generate and close name the version the
 * user saw, so a stale screen (unsaved or unseen changes) cannot lock what it did not show.
 */
export const controls = pgTable(
  'controls',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id),
    controlTypeId: integer('control_type_id')
      .notNull()
      .references(() => controlTypes.id),
    /** Set when the control is registered (from the type's series). */
    entryCode: text('entry_code'),
    status: text('status', { enum: CONTROL_STATUSES }).notNull().default('draft'),
    controlDate: date('control_date', { mode: 'string' }).notNull(),
    uatId: integer('uat_id')
      .notNull()
      .references(() => territorialUnits.id),
    localityId: integer('locality_id').references(() => localities.id),
    address: text('address').notNull(),
    cadastralNumber: text('cadastral_number'),
    complaintId: integer('complaint_id').references(() => complaints.id),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    version: integer('version').notNull().default(1),
    closingReportFileId: integer('closing_report_file_id').references(() => files.id),
    /** Why the last generation failed (a catalogue code, never personal data). */
    reportError: text('report_error'),
    generatedAt: timestamp('generated_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('controls_org_entry_code_unique').on(t.organisationId, t.entryCode).where(sql`${t.entryCode} IS NOT NULL`),
    // The list: the organisation's controls by date (newest first), by status and by type.
    index('controls_org_date_idx').on(t.organisationId, t.controlDate.desc().nullsFirst(), t.id),
    index('controls_org_status_date_idx').on(t.organisationId, t.status, t.controlDate.desc().nullsFirst(), t.id),
    index('controls_org_type_date_idx').on(t.organisationId, t.controlTypeId, t.controlDate.desc().nullsFirst(), t.id),
    // Free text (`orLikeQuery`): folded LIKE '%x%' on each searchable field (pg_trgm).
    index('controls_entry_code_trgm_idx').using('gin', sql`lower(public.f_unaccent(${t.entryCode})) gin_trgm_ops`),
    index('controls_address_trgm_idx').using('gin', sql`lower(public.f_unaccent(${t.address})) gin_trgm_ops`),
    index('controls_cadastral_trgm_idx').using('gin', sql`lower(public.f_unaccent(${t.cadastralNumber})) gin_trgm_ops`),
    index('controls_complaint_idx').on(t.complaintId),
    index('controls_created_by_idx').on(t.createdBy),
    index('controls_uat_idx').on(t.uatId),
  ],
);

/** The control staff (spec §3): who inspects, with the function and the inspector ID card. */
export const controlStaff = pgTable(
  'control_staff',
  {
    id: serial('id').primaryKey(),
    controlId: integer('control_id')
      .notNull()
      .references(() => controls.id, { onDelete: 'cascade' }),
    /** The staff account, when the inspector has one (the name is kept as printed). */
    userId: integer('user_id').references(() => users.id),
    name: text('name').notNull(),
    function: text('function').notNull(),
    controlBody: text('control_body').notNull(),
    /** The inspector ID (legitimație) number, its expiry and issuer. */
    idNumber: text('id_number').notNull(),
    idExpiry: date('id_expiry', { mode: 'string' }),
    idIssuer: text('id_issuer'),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('control_staff_control_idx').on(t.controlId, t.position, t.id)],
);

/**
 * Offenders and witnesses (spec §3). The same CNP or passport number at most once per control,
 * whatever the role (spec §5: DUPLICATE_CONTROL_PERSON), enforced by the partial unique indexes.
 */
export const controlPersons = pgTable(
  'control_persons',
  {
    id: serial('id').primaryKey(),
    controlId: integer('control_id')
      .notNull()
      .references(() => controls.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['offender', 'witness'] }).notNull(),
    personType: text('person_type', { enum: ['individual', 'legal'] }).notNull(),
    citizenship: text('citizenship', { enum: ['romanian', 'foreign'] })
      .notNull()
      .default('romanian'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    /** A legal person's name and CUI, with its representative in first/last name. */
    companyName: text('company_name'),
    uniqueRegistrationCode: text('unique_registration_code'),
    personalNumericCode: text('personal_numeric_code'),
    /** Passport number, folded to upper case without spaces. */
    passportNumber: text('passport_number'),
    idCardSeries: text('id_card_series'),
    idCardNumber: text('id_card_number'),
    idCardIssuedBy: text('id_card_issued_by'),
    idCardIssuedAt: date('id_card_issued_at', { mode: 'string' }),
    address: text('address'),
    phone: text('phone'),
    email: text('email'),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('control_persons_control_idx').on(t.controlId, t.role, t.position, t.id),
    uniqueIndex('control_persons_cnp_unique')
      .on(t.controlId, t.personalNumericCode)
      .where(sql`${t.personalNumericCode} IS NOT NULL`),
    uniqueIndex('control_persons_passport_unique').on(t.controlId, t.passportNumber).where(sql`${t.passportNumber} IS NOT NULL`),
  ],
);

/** Building bodies found on the site (spec §3 "Building body"), every field of the statistical form. */
export const controlBuildingBodies = pgTable(
  'control_building_bodies',
  {
    id: serial('id').primaryKey(),
    controlId: integer('control_id')
      .notNull()
      .references(() => controls.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Heights in metres: at the cornice and at the ridge. */
    heightCornice: numeric('height_cornice', { precision: 7, scale: 2 }),
    heightRidge: numeric('height_ridge', { precision: 7, scale: 2 }),
    /** Levels: below ground, above ground, and the height regime as written ('S+P+2E+M'). */
    levelsBelow: integer('levels_below'),
    levelsAbove: integer('levels_above'),
    heightRegime: text('height_regime'),
    constructionType: text('construction_type'),
    foundations: text('foundations'),
    roof: text('roof'),
    heating: text('heating'),
    finishes: text('finishes'),
    function: text('function', { enum: ['CL', 'CAS', 'CIE', 'CA'] }),
    importanceCategory: text('importance_category', { enum: ['A', 'B', 'C', 'D'] }),
    /** Areas in m²: built (Ac), developed (Ad), useful (Au), living. */
    builtArea: numeric('built_area', { precision: 12, scale: 2 }),
    developedArea: numeric('developed_area', { precision: 12, scale: 2 }),
    usefulArea: numeric('useful_area', { precision: 12, scale: 2 }),
    livingArea: numeric('living_area', { precision: 12, scale: 2 }),
    /** Apartment counts by number of rooms. */
    apartments1Room: integer('apartments_1_room'),
    apartments2Rooms: integer('apartments_2_rooms'),
    apartments3Rooms: integer('apartments_3_rooms'),
    apartments4Rooms: integer('apartments_4_rooms'),
    apartments5PlusRooms: integer('apartments_5_plus_rooms'),
    position: integer('position').notNull().default(0),
    ...timestamps(),
  },
  (t) => [index('control_building_bodies_control_idx').on(t.controlId, t.position, t.id)],
);

/** Documents of a control (the Documents tab): uploads and the generated closing report. */
export const controlFiles = pgTable(
  'control_files',
  {
    id: serial('id').primaryKey(),
    controlId: integer('control_id')
      .notNull()
      .references(() => controls.id, { onDelete: 'cascade' }),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id),
    kind: text('kind', { enum: ['upload', 'closing_report'] })
      .notNull()
      .default('upload'),
    description: text('description'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('control_files_control_idx').on(t.controlId, t.id), index('control_files_file_idx').on(t.fileId)],
);

/** The Activities tab: every change of a control, newest first, without personal data in `details`. */
export const controlActivities = pgTable(
  'control_activities',
  {
    id: serial('id').primaryKey(),
    controlId: integer('control_id')
      .notNull()
      .references(() => controls.id, { onDelete: 'cascade' }),
    actorUserId: integer('actor_user_id').references(() => users.id),
    /** 'created', 'updated', 'registered', 'person_added', 'report_generated', 'closed'… */
    action: text('action').notNull(),
    details: text('details'),
    createdAt: createdAt(),
  },
  (t) => [index('control_activities_control_idx').on(t.controlId, t.createdAt.desc().nullsFirst(), t.id)],
);
