import { type ApplicationStatus, PROCESS_STATUSES, type StepCondition } from '@ghiseu/domain';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { staffFunctions } from './accounts.js';
import { timestamps } from './columns.js';
import { organisations } from './organisations.js';
import { users } from './users.js';

/**
 * Workflow processes (spec §3 Process, Process step, GIS mapping): definitions edited by the
 * super administrator in the process editor. The runs of applications through them are in
 * `process-runs.ts` (they point at applications, which point back here through
 * `application_types.workflow_id`).
 */
export const processes = pgTable(
  'processes',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description'),
    status: text('status', { enum: PROCESS_STATUSES }).notNull().default('draft'),
    /** null: a process every organisation's application types may use. */
    organisationId: integer('organisation_id').references(() => organisations.id),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id),
    ...timestamps(),
  },
  (t) => [
    // WORKFLOW_EXISTS: one name, whatever the case.
    uniqueIndex('processes_name_unique').on(sql`lower(${t.name})`),
    // The editor's list: sorted by name in Romanian order (ro_sort_key, migration 0010), by
    // update date, filtered by status and organisation.
    index('processes_name_order_idx').on(sql`ro_sort_key(${t.name}) COLLATE "C"`),
    index('processes_updated_idx').on(t.updatedAt),
    index('processes_status_idx').on(t.status),
    index('processes_organisation_idx').on(t.organisationId),
  ],
);

/**
 * A step of a process (every field of spec §3 Process step). Steps name each other by `key`
 * (unique in the process): the editor writes the whole list at once, and a published process,
 * whose steps runs point at, never changes.
 */
export const processSteps = pgTable(
  'process_steps',
  {
    id: serial('id').primaryKey(),
    processId: integer('process_id')
      .notNull()
      .references(() => processes.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    isStart: boolean('is_start').notNull().default(false),
    actionType: text('action_type', { enum: ['staff_action', 'generate_document', 'sign_document'] })
      .notNull()
      .default('staff_action'),
    actionName: text('action_name'),
    nextStepKey: text('next_step_key'),
    /** Conditional routes, tried in order before the next step. */
    conditions: jsonb('conditions').$type<StepCondition[]>().notNull().default([]),
    returnStepKey: text('return_step_key'),
    fileType: text('file_type', { enum: ['input', 'review', 'output'] }),
    fileStatus: text('file_status', { enum: ['signed', 'sealed'] }),
    /** A document template (the documents capability adds the table; no foreign key yet). */
    extraDocumentTemplateId: integer('extra_document_template_id'),
    generatedFilePublic: boolean('generated_file_public').notNull().default(false),
    /** The function that acts on the step; a deleted function leaves the step without one. */
    functionId: integer('function_id').references(() => staffFunctions.id, { onDelete: 'set null' }),
    signByAssignedUser: boolean('sign_by_assigned_user').notNull().default(false),
    applicationStatus: text('application_status').$type<ApplicationStatus>(),
    signWithVisa: boolean('sign_with_visa').notNull().default(false),
    /** Document series type of the visa number (checked when saved; no foreign key, see ADR 0023). */
    visaSeriesTypeId: integer('visa_series_type_id'),
  },
  (t) => [
    uniqueIndex('process_steps_position_unique').on(t.processId, t.position),
    uniqueIndex('process_steps_key_unique').on(t.processId, t.key),
    index('process_steps_function_idx').on(t.functionId),
  ],
);

/** The GIS-intersection settings of a step (stored now, evaluated once the atlas exists). */
export const processStepGisMappings = pgTable(
  'process_step_gis_mappings',
  {
    id: serial('id').primaryKey(),
    stepId: integer('step_id')
      .notNull()
      .references(() => processSteps.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    organisationId: integer('organisation_id').references(() => organisations.id),
    layer: text('layer').notNull(),
    sublayer: text('sublayer'),
    gisAttribute: text('gis_attribute').notNull(),
    metadataName: text('metadata_name').notNull(),
    intersectionType: text('intersection_type', { enum: ['total', 'partial', 'none'] }).notNull(),
    completionMethod: text('completion_method', { enum: ['gis_value', 'manual'] }).notNull(),
    manualValue: text('manual_value'),
  },
  (t) => [
    index('process_step_gis_mappings_step_idx').on(t.stepId, t.position),
    index('process_step_gis_mappings_organisation_idx').on(t.organisationId),
  ],
);
