import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { applications } from './applications.js';
import { timestamps } from './columns.js';
import { processes, processSteps } from './processes.js';
import { users } from './users.js';

/**
 * An application's run through its process (one per application): where it is and whether it
 * waits for the documents capability. Written by the engine inside the staff action's transaction.
 */
export const applicationProcessRuns = pgTable(
  'application_process_runs',
  {
    id: serial('id').primaryKey(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    processId: integer('process_id')
      .notNull()
      .references(() => processes.id),
    /** null once finished. */
    currentStepId: integer('current_step_id').references(() => processSteps.id),
    state: text('state', { enum: ['running', 'waiting_documents', 'finished'] })
      .notNull()
      .default('running'),
    startedBy: integer('started_by').references(() => users.id),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('application_process_runs_application_unique').on(t.applicationId),
    // "Does this process still run anywhere?" (processing ↔ published, deletion).
    index('application_process_runs_process_idx').on(t.processId, t.state),
    index('application_process_runs_step_idx').on(t.currentStepId),
  ],
);

/** The steps an application took (append-only): from, to, by which action, who, when. */
export const applicationProcessHistory = pgTable(
  'application_process_history',
  {
    id: serial('id').primaryKey(),
    runId: integer('run_id')
      .notNull()
      .references(() => applicationProcessRuns.id, { onDelete: 'cascade' }),
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['start', 'advance', 'route', 'return', 'finish', 'documents'] }).notNull(),
    action: text('action'),
    fromStepId: integer('from_step_id').references(() => processSteps.id),
    toStepId: integer('to_step_id').references(() => processSteps.id),
    /** Names as they were (steps of a published process do not change, but the history reads alone). */
    fromStepName: text('from_step_name'),
    toStepName: text('to_step_name'),
    actorUserId: integer('actor_user_id').references(() => users.id),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('application_process_history_application_idx').on(t.applicationId, t.id),
    index('application_process_history_run_idx').on(t.runId),
    index('application_process_history_from_idx').on(t.fromStepId),
    index('application_process_history_to_idx').on(t.toStepId),
  ],
);
