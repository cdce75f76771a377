import type { ApplicationFacts, ProcessRunState, ProcessStepValues } from '@ghiseu/domain';
import { and, asc, count, eq, getTableColumns, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import {
  applicationProcessHistory,
  applicationProcessRuns,
  applications,
  applicationTypes,
  documentSeriesTypes,
  organisations,
  processes,
  processStepGisMappings,
  processSteps,
  staffFunctions,
  users,
} from '../../db/schema/index.js';
import { type Db, nameTaken } from '../../platform/db.js';
import { buildListSql, type ListSpec, type ParsedList, romanianOrder } from '../../platform/list-query.js';

/**
 * Data access of the workflow processes and of the application runs through them. Every
 * function takes the executor it runs on (pass `tx` inside a transaction: with PGlite the outer
 * database inside a transaction hangs).
 */

// Subqueries name their tables: in a single-table select drizzle writes bare column names.
const stepCount = sql<number>`(SELECT count(*) FROM process_steps s WHERE s.process_id = "processes"."id")`.mapWith(Number);
const typeCount = sql<number>`(SELECT count(*) FROM application_types a WHERE a.workflow_id = "processes"."id")`.mapWith(Number);
const runCount = sql<number>`(SELECT count(*) FROM application_process_runs r WHERE r.process_id = "processes"."id")`.mapWith(
  Number,
);

export const PROCESS_LIST: ListSpec = {
  fields: {
    id: { column: processes.id, type: 'number', sortable: true },
    name: { column: processes.name, type: 'text', sortable: true, sortBy: romanianOrder(processes.name), searchable: true },
    description: { column: processes.description, type: 'text', searchable: true },
    status: { column: processes.status, type: 'text', ops: ['eq'], sortable: true },
    organisation_id: { column: processes.organisationId, type: 'number', ops: ['eq'] },
    published_at: { column: processes.publishedAt, type: 'date', sortable: true },
    created_at: { column: processes.createdAt, type: 'date', sortable: true },
    updated_at: { column: processes.updatedAt, type: 'date', sortable: true },
  },
  defaultSort: { field: 'name', descending: false },
  idColumn: processes.id,
};

export type ProcessRow = typeof processes.$inferSelect & {
  organisationName: string | null;
  stepCount: number;
  applicationTypeCount: number;
  runCount: number;
};

const columns = {
  ...getTableColumns(processes),
  organisationName: organisations.name,
  stepCount,
  applicationTypeCount: typeCount,
  runCount,
};

const processesFrom = (db: Db) =>
  db.select(columns).from(processes).leftJoin(organisations, eq(organisations.id, processes.organisationId));

export function listProcesses(db: Db, parsed: ParsedList) {
  const list = buildListSql(parsed, PROCESS_LIST);
  return {
    rows: (): Promise<ProcessRow[]> =>
      processesFrom(db)
        .where(list.where)
        .orderBy(...list.orderBy)
        .limit(list.limit)
        .offset(list.offset),
    total: async () => (await db.select({ total: count() }).from(processes).where(list.where))[0].total,
  };
}

export async function findProcess(db: Db, id: number, options: { lock?: boolean } = {}): Promise<ProcessRow | undefined> {
  const query = processesFrom(db).where(eq(processes.id, id));
  // Changes lock the process row: a publication and a step edit never interleave.
  const [row] = await (options.lock ? query.for('update', { of: processes }) : query);
  return row;
}

export function processNameTaken(db: Db, name: string, exceptId?: number): Promise<boolean> {
  return nameTaken(db, processes, processes, name, { exceptId });
}

export async function insertProcess(db: Db, values: typeof processes.$inferInsert): Promise<number> {
  const [row] = await db.insert(processes).values(values).returning({ id: processes.id });
  return row.id;
}

export async function updateProcess(db: Db, id: number, values: Partial<typeof processes.$inferInsert>): Promise<void> {
  await db
    .update(processes)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(processes.id, id));
}

export async function deleteProcess(db: Db, id: number): Promise<void> {
  await db.delete(processes).where(eq(processes.id, id));
}

/** Published processes an application type of `organisationId` may run (common ones and its own). */
export function listPublishedProcesses(db: Db, organisationId: number | undefined) {
  return db
    .select({ id: processes.id, name: processes.name, organisationId: processes.organisationId, status: processes.status })
    .from(processes)
    .where(
      and(
        inArray(processes.status, ['published', 'processing']),
        organisationId === undefined
          ? undefined
          : or(isNull(processes.organisationId), eq(processes.organisationId, organisationId)),
      ),
    )
    .orderBy(romanianOrder(processes.name), asc(processes.id));
}

/* ───────────────────────────── Steps ───────────────────────────── */

export type StepRow = typeof processSteps.$inferSelect;
export type GisMappingRow = typeof processStepGisMappings.$inferSelect;

export async function listSteps(db: Db, processId: number): Promise<StepRow[]> {
  return db.select().from(processSteps).where(eq(processSteps.processId, processId)).orderBy(asc(processSteps.position));
}

export async function listGisMappings(db: Db, stepIds: number[]): Promise<GisMappingRow[]> {
  if (stepIds.length === 0) return [];
  return db
    .select()
    .from(processStepGisMappings)
    .where(inArray(processStepGisMappings.stepId, stepIds))
    .orderBy(asc(processStepGisMappings.stepId), asc(processStepGisMappings.position));
}

/** Replaces the whole step list of an editable process (no run points at its steps). */
export async function replaceSteps(db: Db, processId: number, steps: ProcessStepValues[]): Promise<void> {
  await db.delete(processSteps).where(eq(processSteps.processId, processId));
  if (steps.length === 0) return;
  const inserted = await db
    .insert(processSteps)
    .values(
      steps.map((step, position) => ({
        processId,
        key: step.key,
        position,
        name: step.name,
        isStart: step.is_start,
        actionType: step.action_type,
        actionName: step.action_name,
        nextStepKey: step.next_step_key,
        conditions: step.conditions,
        returnStepKey: step.return_step_key,
        fileType: step.file_type,
        fileStatus: step.file_status,
        extraDocumentTemplateId: step.extra_document_template_id,
        generatedFilePublic: step.generated_file_public,
        functionId: step.function_id,
        signByAssignedUser: step.sign_by_assigned_user,
        applicationStatus: step.application_status,
        signWithVisa: step.sign_with_visa,
        visaSeriesTypeId: step.visa_series_type_id,
      })),
    )
    .returning({ id: processSteps.id, position: processSteps.position });
  const idAt = new Map(inserted.map((row) => [row.position, row.id]));
  const mappings = steps.flatMap((step, position) =>
    step.gis_mappings.map((mapping, index) => ({
      stepId: idAt.get(position) as number,
      position: index,
      organisationId: mapping.organisation_id,
      layer: mapping.layer,
      sublayer: mapping.sublayer,
      gisAttribute: mapping.gis_attribute,
      metadataName: mapping.metadata_name,
      intersectionType: mapping.intersection_type,
      completionMethod: mapping.completion_method,
      manualValue: mapping.manual_value,
    })),
  );
  if (mappings.length > 0) await db.insert(processStepGisMappings).values(mappings);
}

/* ───────────────────────────── References ───────────────────────────── */

export async function findFunctions(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: staffFunctions.id, organisationId: staffFunctions.organisationId })
    .from(staffFunctions)
    .where(inArray(staffFunctions.id, ids));
}

export async function existingSeriesTypeIds(db: Db, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: documentSeriesTypes.id })
    .from(documentSeriesTypes)
    .where(inArray(documentSeriesTypes.id, ids));
  return new Set(rows.map((r) => r.id));
}

export async function existingOrganisationIds(db: Db, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: organisations.id }).from(organisations).where(inArray(organisations.id, ids));
  return new Set(rows.map((r) => r.id));
}

/**
 * The function of `organisationId` that stands for function `functionId` of a process: itself
 * when it is that organisation's, else the organisation's function with the same system key
 * (registrar, president…) or, failing that, the same name. null when the organisation has none.
 * A common process names the functions of one organisation; each organisation's own act on it.
 */
export async function resolveFunction(db: Db, functionId: number | null, organisationId: number): Promise<number | null> {
  if (functionId === null) return null;
  const [named] = await db.select().from(staffFunctions).where(eq(staffFunctions.id, functionId));
  if (!named) return null;
  if (named.organisationId === organisationId) return named.id;
  const [same] = await db
    .select({ id: staffFunctions.id })
    .from(staffFunctions)
    .where(
      and(
        eq(staffFunctions.organisationId, organisationId),
        named.systemKey
          ? eq(staffFunctions.systemKey, named.systemKey)
          : sql`lower(${staffFunctions.name}) = lower(${named.name})`,
      ),
    )
    .limit(1);
  return same?.id ?? null;
}

/* ───────────────────────────── Runs ───────────────────────────── */

/** The process an application type runs, with its state. */
export async function findTypeWorkflow(db: Db, applicationTypeId: number) {
  const [row] = await db
    .select({ workflowId: applicationTypes.workflowId, category: applicationTypes.category })
    .from(applicationTypes)
    .where(eq(applicationTypes.id, applicationTypeId));
  return row;
}

/** What conditional routes read of an application. */
export async function findApplicationFacts(db: Db, applicationId: number): Promise<ApplicationFacts | undefined> {
  const [row] = await db
    .select({
      status: applications.status,
      formData: applications.formData,
      realEstateType: applications.realEstateType,
      category: applicationTypes.category,
    })
    .from(applications)
    .innerJoin(applicationTypes, eq(applicationTypes.id, applications.applicationTypeId))
    .where(eq(applications.id, applicationId));
  return row
    ? { status: row.status, category: row.category, real_estate_type: row.realEstateType, form_data: row.formData }
    : undefined;
}

export async function findApplicationOrganisation(db: Db, applicationId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ organisationId: applications.organisationId })
    .from(applications)
    .where(eq(applications.id, applicationId));
  return row?.organisationId;
}

export type RunRow = typeof applicationProcessRuns.$inferSelect;

export async function findRun(db: Db, applicationId: number, options: { lock?: boolean } = {}): Promise<RunRow | undefined> {
  const query = db.select().from(applicationProcessRuns).where(eq(applicationProcessRuns.applicationId, applicationId));
  const [row] = await (options.lock ? query.for('update') : query);
  return row;
}

export async function insertRun(db: Db, values: typeof applicationProcessRuns.$inferInsert): Promise<number> {
  const [row] = await db.insert(applicationProcessRuns).values(values).returning({ id: applicationProcessRuns.id });
  return row.id;
}

export async function updateRun(
  db: Db,
  id: number,
  values: {
    processId?: number;
    currentStepId: number | null;
    state: ProcessRunState;
    finishedAt?: Date | null;
    startedAt?: Date;
    startedBy?: number;
  },
): Promise<void> {
  await db
    .update(applicationProcessRuns)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(applicationProcessRuns.id, id));
}

export async function insertHistory(db: Db, values: typeof applicationProcessHistory.$inferInsert): Promise<void> {
  await db.insert(applicationProcessHistory).values(values);
}

/** Runs of a process not finished, other than `exceptRunId`. */
export async function activeRunCount(db: Db, processId: number, exceptRunId?: number): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(applicationProcessRuns)
    .where(
      and(
        eq(applicationProcessRuns.processId, processId),
        ne(applicationProcessRuns.state, 'finished'),
        exceptRunId === undefined ? undefined : ne(applicationProcessRuns.id, exceptRunId),
      ),
    );
  return row.total;
}

export async function lockProcess(db: Db, id: number) {
  const [row] = await db.select().from(processes).where(eq(processes.id, id)).for('update');
  return row;
}

export async function listHistory(db: Db, applicationId: number) {
  return db
    .select({
      id: applicationProcessHistory.id,
      kind: applicationProcessHistory.kind,
      action: applicationProcessHistory.action,
      fromStepName: applicationProcessHistory.fromStepName,
      toStepName: applicationProcessHistory.toStepName,
      actorUserId: applicationProcessHistory.actorUserId,
      actorFirstName: users.firstName,
      actorLastName: users.lastName,
      at: applicationProcessHistory.at,
    })
    .from(applicationProcessHistory)
    .leftJoin(users, eq(users.id, applicationProcessHistory.actorUserId))
    .where(eq(applicationProcessHistory.applicationId, applicationId))
    .orderBy(asc(applicationProcessHistory.id));
}

export async function findStep(db: Db, id: number): Promise<StepRow | undefined> {
  const [row] = await db.select().from(processSteps).where(eq(processSteps.id, id));
  return row;
}
