import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, timestamps } from './columns.js';
import { APPLICATION_STATUSES, PAYMENT_TYPES } from '@ghiseu/domain';
import { files } from './platform.js';
import { organisations } from './organisations.js';
import { processes } from './processes.js';
import { counties, territorialUnits } from './territory.js';
import { multiPolygon3844 } from './types.js';
import { users } from './users.js';
import { staffFunctions } from './accounts.js';

/** Form interfaces built by the super admin; the fields live in versions. */
export const forms = pgTable(
  'forms',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description'),
    status: text('status', { enum: ['draft', 'published'] })
      .notNull()
      .default('draft'),
    /** The draft being edited (a JSON field list, see the form-definition contract). */
    draftDefinition: jsonb('draft_definition').notNull().default({ fields: [] }),
    /** The latest published version; applications keep the version they were filed with. */
    publishedVersionId: integer('published_version_id'),
    createdBy: integer('created_by').references(() => users.id),
    ...timestamps(),
  },
  (t) => [uniqueIndex('forms_name_unique').on(sql`lower(${t.name})`)],
);

/** An immutable published version of a form. */
export const formVersions = pgTable(
  'form_versions',
  {
    id: serial('id').primaryKey(),
    formId: integer('form_id')
      .notNull()
      .references(() => forms.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    definition: jsonb('definition').notNull(),
    publishedBy: integer('published_by').references(() => users.id),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('form_versions_unique').on(t.formId, t.version)],
);

export const documentSeriesTypes = pgTable(
  'document_series_types',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('document_series_types_name_unique').on(sql`lower(${t.name})`)],
);

/**
 * A numbered register (registratură). Numbers come from `document_series_counters` inside the
 * business transaction (DESIGN.md §3): no gaps, no duplicates, yearly reset when asked.
 */
export const documentSeries = pgTable(
  'document_series',
  {
    id: serial('id').primaryKey(),
    typeId: integer('type_id')
      .notNull()
      .references(() => documentSeriesTypes.id),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id),
    name: text('name').notNull(),
    description: text('description'),
    separator: text('separator').notNull().default('/'),
    prefix: text('prefix').notNull().default(''),
    rejectedPrefix: text('rejected_prefix').notNull().default(''),
    /** Categories / registers the series serves (free labels). */
    registers: jsonb('registers').$type<string[]>().notNull().default([]),
    yearlyReset: boolean('yearly_reset').notNull().default(true),
    active: boolean('active').notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('document_series_name_unique').on(t.organisationId, sql`lower(${t.name})`),
    index('document_series_type_idx').on(t.typeId, t.organisationId),
  ],
);

/**
 * The last number given per series, year (0 for series that never reset) and kind. Taken with
 * INSERT … ON CONFLICT DO UPDATE … RETURNING, which locks the row until the transaction ends.
 */
export const documentSeriesCounters = pgTable(
  'document_series_counters',
  {
    seriesId: integer('series_id')
      .notNull()
      .references(() => documentSeries.id, { onDelete: 'cascade' }),
    year: integer('year').notNull(),
    kind: text('kind', { enum: ['main', 'rejected'] }).notNull(),
    currentIndex: integer('current_index').notNull(),
  },
  (t) => [primaryKey({ columns: [t.seriesId, t.year, t.kind] })],
);

/** Application types of spec §3 (configured by the super admin). */
export const applicationTypes = pgTable(
  'application_types',
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
    domain: text('domain').notNull().default('urbanism'),
    category: text('category', { enum: ['inbound', 'outbound', 'internal'] })
      .notNull()
      .default('inbound'),
    citizenFormId: integer('citizen_form_id').references(() => forms.id),
    staffFormId: integer('staff_form_id').references(() => forms.id),
    rejectFormId: integer('reject_form_id').references(() => forms.id),
    /** Document templates by role: staff, rejection, clarification, public, citizen (used by the documents issue). */
    documentTemplateIds: jsonb('document_template_ids').$type<Record<string, number | null>>().notNull().default({}),
    /** Series types by use: incoming, outgoing, visa1, visa2, visaRejection. */
    seriesTypeIds: jsonb('series_type_ids').$type<Record<string, number | null>>().notNull().default({}),
    /** Tax categories: construction, land, extra (used by the payments issue). */
    taxCategoryIds: jsonb('tax_category_ids').$type<Record<string, number | null>>().notNull().default({}),
    referenceTypeIds: jsonb('reference_type_ids').$type<number[]>().notNull().default([]),
    archiveDocumentTypeCode: text('archive_document_type_code'),
    workflowId: integer('workflow_id').references(() => processes.id),
    isAuto: boolean('is_auto').notNull().default(false),
    /** Response period in days (0–9999). */
    remainingPeriod: integer('remaining_period').notNull().default(30),
    listOrder: integer('list_order').notNull().default(0),
    discounts: jsonb('discounts').$type<{ name: string; percent: number }[]>().notNull().default([]),
    uatIds: jsonb('uat_ids').$type<number[]>().notNull().default([]),
    dynamicForm: boolean('dynamic_form').notNull().default(true),
    digitalSeal: boolean('digital_seal').notNull().default(false),
    customSealFileId: integer('custom_seal_file_id'),
    relatedClarificationTypeId: integer('related_clarification_type_id'),
    relatedInternalTypeId: integer('related_internal_type_id'),
    departmentIds: jsonb('department_ids').$type<number[]>().notNull().default([]),
    functionIds: jsonb('function_ids').$type<number[]>().notNull().default([]),
    usageCategories: jsonb('usage_categories').$type<string[]>().notNull().default([]),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('application_types_name_unique').on(t.organisationId, sql`lower(${t.name})`),
    // The types running a process (a process in use cannot be deleted).
    index('application_types_workflow_idx').on(t.workflowId),
  ],
);

/** An application (cerere) and its citizen-side data. */
export const applications = pgTable(
  'applications',
  {
    id: serial('id').primaryKey(),
    applicationTypeId: integer('application_type_id')
      .notNull()
      .references(() => applicationTypes.id),
    formVersionId: integer('form_version_id').references(() => formVersions.id),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id),
    applicantUserId: integer('applicant_user_id')
      .notNull()
      .references(() => users.id),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: APPLICATION_STATUSES }).notNull().default('DRAFT'),
    /** Entry number from the type's incoming series, given at submission. */
    identificationNumber: text('identification_number'),
    seriesId: integer('series_id').references(() => documentSeries.id),
    seriesIndex: integer('series_index'),
    applicationDate: timestamp('application_date', { withTimezone: true }),
    responseDueInDays: integer('response_due_in_days'),
    purpose: text('purpose'),
    uatId: integer('uat_id').references(() => territorialUnits.id),
    realEstateType: text('real_estate_type', { enum: ['land', 'land_constructions'] }),
    formData: jsonb('form_data').$type<Record<string, unknown>>().notNull().default({}),
    signDetails: jsonb('sign_details')
      .$type<{ isOnline: boolean; package: string | null }>()
      .notNull()
      .default({ isOnline: true, package: null }),
    taxSummary: jsonb('tax_summary').$type<Record<string, unknown>>(),
    totalTax: numeric('total_tax', { precision: 12, scale: 2 }),
    isPaid: boolean('is_paid').notNull().default(false),
    /* Payments (issue 13). */
    /** The tax validator fields (construction scope, type, surface, value, purpose) given in the wizard. */
    taxInputs: jsonb('tax_inputs').$type<Record<string, unknown>>(),
    /** The type's discount the applicant chose (by name). */
    discountName: text('discount_name'),
    /** How the application was paid, and the transaction or document number of that payment. */
    paymentType: text('payment_type', { enum: PAYMENT_TYPES }),
    transactionNumber: text('transaction_number'),
    isInternal: boolean('is_internal').notNull().default(false),
    assigneeUserId: integer('assignee_user_id').references(() => users.id),
    parentApplicationId: integer('parent_application_id'),
    rejectedReason: text('rejected_reason'),
    /** Folded text of the entry number, names, CNP/CUI and cadastral numbers for quick search. */
    quickSearch: text('quick_search').notNull().default(''),
    lastReviewAt: timestamp('last_review_at', { withTimezone: true }),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    /* Documents (issue 12, domain documents/lifecycle.ts). */
    /** The output number of the issued document (from the type's outgoing series). */
    allocatedDocumentSeries: text('allocated_document_series'),
    /** Visa numbers: first and second visa, and the visa rejection. */
    visaFirstCode: text('visa_first_code'),
    visaSecondCode: text('visa_second_code'),
    visaRejectionCode: text('visa_rejection_code'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    /** Set when the applicant's signed PDF is stored (offline or online signing): no more citizen changes. */
    signedLockedAt: timestamp('signed_locked_at', { withTimezone: true }),
    /* Staff processing (issue 11). */
    /** The colleague who gives the staff review (staff-review). */
    reviewerUserId: integer('reviewer_user_id').references(() => users.id),
    /** Registration (NEW → REGISTERED): the legal clock counts from this day. */
    registeredAt: timestamp('registered_at', { withTimezone: true }),
    /** The legal clock's due day (working days, Romanian holidays excluded), moved by pauses. */
    responseDueDate: date('response_due_date', { mode: 'string' }),
    /** Set while a clarification request stops the clock. */
    clockPausedAt: timestamp('clock_paused_at', { withTimezone: true }),
    /** Working days the clock stood still so far (already added to the due day). */
    pausedWorkingDays: integer('paused_working_days').notNull().default(0),
    reviewStatus: text('review_status', { enum: ['approved', 'rejected', 'changes'] }),
    /** Answers of the type's staff form (application-reviewed-by-staff-function). */
    formStaff: jsonb('form_staff').$type<Record<string, unknown>>().notNull().default({}),
    staffFormVersionId: integer('staff_form_version_id').references(() => formVersions.id),
    /** Answers of the type's rejection form (reject). */
    rejectForm: jsonb('reject_form').$type<Record<string, unknown>>(),
    /** The staff function acting on the process's current step (the work lists follow it). */
    currentFunctionId: integer('current_function_id').references(() => staffFunctions.id),
    currentStepName: text('current_step_name'),
    /** Bumped by every staff action: clients may send it back to detect a concurrent change. */
    version: integer('version').notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    // Staff work lists (issue 11): the organisation's applications newest first, by status
    // (the 'new' and 'completed' lists, the status filter) and by due date (the overdue list).
    // Submitted applications only (drafts have no filing date): newest first, no draft skipped.
    index('applications_staff_org_filed_idx')
      .on(t.organisationId, t.applicationDate.desc().nullsFirst(), t.id)
      .where(sql`${t.applicationDate} IS NOT NULL`),
    // Type and status filters with the filing-date range and sort: the page and the count.
    index('applications_staff_org_type_status_date_idx').on(
      t.organisationId,
      t.applicationTypeId,
      t.status,
      t.applicationDate.desc().nullsFirst(),
      t.id,
    ),
    index('applications_staff_org_status_date_idx').on(t.organisationId, t.status, t.applicationDate.desc().nullsFirst(), t.id),
    index('applications_staff_org_due_idx').on(t.organisationId, t.responseDueDate, t.id),
    index('applications_reviewer_idx').on(t.reviewerUserId),
    index('applications_current_function_idx').on(t.currentFunctionId),
    // identification_number[contains] of the staff list (folded, trigram).
    index('applications_identification_trgm_idx').using(
      'gin',
      sql`lower(public.f_unaccent(${t.identificationNumber})) gin_trgm_ops`,
    ),
    index('applications_applicant_idx').on(t.applicantUserId, t.status),
    // The series search (find/findAll?series=): allocated_document_series LIKE (folded, trigram).
    index('applications_output_series_trgm_idx').using(
      'gin',
      sql`lower(public.f_unaccent(${t.allocatedDocumentSeries})) gin_trgm_ops`,
    ),
    // The exact series search (find?series=): equality on the folded output number.
    index('applications_output_series_idx').on(sql`lower(public.f_unaccent(${t.allocatedDocumentSeries}))`),
    // The citizen list's default sort (newest first, id tiebreaker): the first page is an index
    // range read, never a sort of all the applicant's rows.
    index('applications_applicant_created_idx').on(t.applicantUserId, t.createdAt.desc().nullsFirst(), t.id),
    index('applications_organisation_idx').on(t.organisationId, t.status),
    // Foreign keys that lists (assignee, UAT routing) or deletes of the referenced row look up.
    index('applications_assignee_idx').on(t.assigneeUserId, t.status),
    index('applications_uat_idx').on(t.uatId),
    index('applications_created_by_idx').on(t.createdBy),
    index('applications_type_idx').on(t.applicationTypeId),
    // Free text (`orLikeQuery`) is `quick_search LIKE '%x%'` on the stored folded text (pg_trgm, migration 0006).
    index('applications_quick_search_trgm_idx').using('gin', t.quickSearch.op('gin_trgm_ops')),
    uniqueIndex('applications_identification_unique').on(t.organisationId, t.identificationNumber),
  ],
);

/**
 * The person of a beneficiary (spec §3): who, how to reach them, the profile fields in
 * `details`, and the tax-authority check of a company's CUI. Shared by the beneficiaries of an
 * application and the standalone register; a function, because drizzle columns belong to one
 * table each.
 */
const beneficiaryPersonColumns = () => ({
  personType: text('person_type', { enum: ['individual', 'legal'] }).notNull(),
  citizenship: text('citizenship', { enum: ['romanian', 'foreign'] })
    .notNull()
    .default('romanian'),
  firstName: text('first_name'),
  lastName: text('last_name'),
  companyName: text('company_name'),
  personalNumericCode: text('personal_numeric_code'),
  uniqueRegistrationCode: text('unique_registration_code'),
  email: text('email'),
  phone: text('phone'),
  /** Address, ID card, trade-register and the other profile fields of spec §3. */
  details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  isContactPerson: boolean('is_contact_person').notNull().default(false),
  tnaCode: text('tna_code'),
  subsidiary: text('subsidiary'),
  /** Tax-authority check of a CUI: validated, unvalidated (service unreachable, checked later) or invalid. */
  anafStatus: text('anaf_status', { enum: ['not_applicable', 'validated', 'unvalidated', 'invalid'] })
    .notNull()
    .default('not_applicable'),
  anafCheckedAt: timestamp('anaf_checked_at', { withTimezone: true }),
  anafData: jsonb('anaf_data'),
});

/** Beneficiaries named on an application; one CNP or CUI at most once per application. */
export const applicationBeneficiaries = pgTable(
  'application_beneficiaries',
  {
    id: serial('id').primaryKey(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    ...beneficiaryPersonColumns(),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    // The cascade of a deleted application and the list's names cell (in their order); the
    // unique indexes below are partial and serve neither.
    index('application_beneficiaries_application_idx').on(t.applicationId, t.position, t.id),
    uniqueIndex('application_beneficiaries_cnp_unique')
      .on(t.applicationId, t.personalNumericCode)
      .where(sql`${t.personalNumericCode} IS NOT NULL`),
    uniqueIndex('application_beneficiaries_cui_unique')
      .on(t.applicationId, t.uniqueRegistrationCode)
      .where(sql`${t.uniqueRegistrationCode} IS NOT NULL`),
  ],
);

/** The standalone beneficiaries register (/beneficiaries) of a user. */
export const beneficiaries = pgTable(
  'beneficiaries',
  {
    id: serial('id').primaryKey(),
    ownerUserId: integer('owner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organisationId: integer('organisation_id').references(() => organisations.id),
    ...beneficiaryPersonColumns(),
    ...timestamps(),
  },
  (t) => [index('beneficiaries_owner_idx').on(t.ownerUserId)],
);

/** Real-estate targets of an application (cadastral number, UAT, area). */
export const applicationRealEstates = pgTable(
  'application_real_estates',
  {
    id: serial('id').primaryKey(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    cadastralNumber: text('cadastral_number').notNull(),
    uatId: integer('uat_id')
      .notNull()
      .references(() => territorialUnits.id),
    countyId: integer('county_id')
      .notNull()
      .references(() => counties.id),
    type: text('type', { enum: ['land', 'land_constructions'] }).notNull(),
    area: numeric('area', { precision: 14, scale: 2 }),
    address: text('address'),
    /** Area recorded in the cadastral table, when the parcel was found there. */
    registryArea: numeric('registry_area', { precision: 14, scale: 2 }),
    areaMismatch: boolean('area_mismatch').notNull().default(false),
    position: integer('position').notNull().default(0),
  },
  (t) => [uniqueIndex('application_real_estates_unique').on(t.applicationId, t.cadastralNumber)],
);

/**
 * The portal's cadastral table (the land-registry adapter's built-in source): parcels imported
 * from layers, stored only with an area and never twice for one topo number.
 */
export const cadastralParcels = pgTable(
  'cadastral_parcels',
  {
    id: serial('id').primaryKey(),
    uatId: integer('uat_id')
      .notNull()
      .references(() => territorialUnits.id),
    cadastralNumber: text('cadastral_number').notNull(),
    topoNumber: text('topo_number').notNull(),
    area: numeric('area', { precision: 14, scale: 2 }).notNull(),
    address: text('address'),
    landRegistryNumber: text('land_registry_number'),
    geom: multiPolygon3844('geom'),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cadastral_parcels_topo_unique').on(t.topoNumber),
    index('cadastral_parcels_lookup_idx').on(t.uatId, t.cadastralNumber),
    index('cadastral_parcels_geom_idx').using('gist', t.geom),
  ],
);

/** Files of an application (spec §3 file): attachments, reviews, outputs. */
export const applicationFiles = pgTable(
  'application_files',
  {
    id: serial('id').primaryKey(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id),
    fileType: text('file_type', { enum: ['input', 'review', 'output'] })
      .notNull()
      .default('input'),
    status: text('status', { enum: ['signed', 'sealed'] }),
    /** The attachment field of the form the file answers (its key in the form definition). */
    category: text('category'),
    isPublic: boolean('is_public').notNull().default(false),
    isPreview: boolean('is_preview').notNull().default(false),
    isIdentification: boolean('is_identification').notNull().default(false),
    isGis: boolean('is_gis').notNull().default(false),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('application_files_application_idx').on(t.applicationId),
    // "Is this upload attached anywhere?" and the check behind deleting a file.
    index('application_files_file_idx').on(t.fileId),
  ],
);

export const applicationComments = pgTable(
  'application_comments',
  {
    id: serial('id').primaryKey(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    authorUserId: integer('author_user_id')
      .notNull()
      .references(() => users.id),
    text: text('text').notNull(),
    /** Staff-only notes are not shown to the applicant. */
    isInternal: boolean('is_internal').notNull().default(false),
    /** A clarification answer (send-review with citizen_review). */
    isClarification: boolean('is_clarification').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('application_comments_application_idx').on(t.applicationId, t.createdAt)],
);

/**
 * A question a clerk sends to a consultant about an application (send-to-consultant) and the
 * consultant's answer (consultant-review). A consultant sees only the applications with a
 * consultation to them.
 */
export const applicationConsultations = pgTable(
  'application_consultations',
  {
    id: serial('id').primaryKey(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    consultantUserId: integer('consultant_user_id')
      .notNull()
      .references(() => users.id),
    requestedBy: integer('requested_by')
      .notNull()
      .references(() => users.id),
    question: text('question').notNull(),
    answer: text('answer'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [
    index('application_consultations_application_idx').on(t.applicationId, t.requestedAt),
    // The consultant's list and the 'to review' counter: open consultations first.
    index('application_consultations_consultant_idx').on(t.consultantUserId, t.answeredAt, t.applicationId),
    index('application_consultations_requested_by_idx').on(t.requestedBy),
  ],
);

/**
 * Domain events (submitted, registered, clarification requested, answered…) written in the
 * transaction of the change; the notifications issue consumes them.
 */
export const domainEvents = pgTable(
  'domain_events',
  {
    id: serial('id').primaryKey(),
    type: text('type').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: integer('entity_id').notNull(),
    actorUserId: integer('actor_user_id'),
    payload: jsonb('payload').notNull().default({}),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [
    index('domain_events_entity_idx').on(t.entityType, t.entityId),
    index('domain_events_unprocessed_idx').on(t.processedAt),
    // The notification dispatcher's queue: the events not yet turned into notifications, oldest first.
    index('domain_events_pending_idx').on(t.id).where(sql`${t.processedAt} IS NULL`),
  ],
);

/** SMS codes of the public status page (/qr/:id), per application and phone. */
export const publicStatusCodes = pgTable(
  'public_status_codes',
  {
    id: serial('id').primaryKey(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    phone: text('phone').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('public_status_codes_lookup_idx').on(t.applicationId, t.phone)],
);

/**
 * A phone blocked for five minutes after five wrong codes (spec §8), counted per application:
 * wrong guesses on one application never lock the phone's owner out of another one.
 */
export const publicPhoneBlocks = pgTable(
  'public_phone_blocks',
  {
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    phone: text('phone').notNull(),
    wrongCodes: integer('wrong_codes').notNull().default(0),
    blockedUntil: timestamp('blocked_until', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.applicationId, t.phone] })],
);
