import { type ProcessCreateRequest, type ProcessStepsRequest, type ProcessUpdateRequest, processProblems } from '@ghiseu/domain';
import type { Actor } from '../../platform/auth/actor.js';
import { inScope } from '../../platform/auth/scope.js';
import type { AppContext } from '../../platform/context.js';
import { type Db, isForeignKeyViolation, isUniqueViolation } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { listPage, parseListQuery } from '../../platform/list-query.js';
import { audit, type RequestMeta } from '../../platform/request.js';
import { isEditable, mayCreateProcesses, mayEditProcesses } from './policy.js';
import { presentProcess, presentProcessSummary, presentRun, stepDefinition } from './presenter.js';
import * as repo from './repository.js';

/**
 * Workflow processes (spec §3, §4 Process states): the super administrator's definitions. A
 * process is edited while draft or not published, published once its steps pass every check
 * (the start step first among them), then frozen: application types attach it and their
 * applications run through it (engine.ts). Every change is one transaction with its audit entry.
 */

type FieldProblem = { path: string; message: string };

/** Runs a change, turning the unique-name index (a race the pre-check missed) into WORKFLOW_EXISTS. */
async function uniqueName<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('WORKFLOW_EXISTS');
    throw error;
  }
}

const requireCreator = (actor: Actor) => {
  if (!mayCreateProcesses(actor)) throw new AppError('FORBIDDEN');
};
const requireEditor = (actor: Actor) => {
  if (!mayEditProcesses(actor)) throw new AppError('FORBIDDEN');
};

/* ───────────────────────────── Reads ───────────────────────────── */

export async function listProcesses(ctx: AppContext, actor: Actor, query: Record<string, unknown>) {
  const parsed = parseListQuery(query, repo.PROCESS_LIST);
  const list = repo.listProcesses(ctx.db, parsed);
  return listPage(parsed, async () => (await list.rows()).map((row) => presentProcessSummary(actor, row)), list.total);
}

async function loadProcess(db: Db, id: number, options: { lock?: boolean } = {}) {
  const row = await repo.findProcess(db, id, options);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

async function readProcess(db: Db, actor: Actor, id: number) {
  const row = await loadProcess(db, id);
  const steps = await repo.listSteps(db, id);
  const mappings = await repo.listGisMappings(
    db,
    steps.map((s) => s.id),
  );
  return presentProcess(actor, row, steps, mappings);
}

export function getProcess(ctx: AppContext, actor: Actor, id: number) {
  return readProcess(ctx.db, actor, id);
}

/** The processes an application type may attach (published, common or of its organisation). */
export async function listPublishedProcesses(ctx: AppContext, _actor: Actor, organisationId: number | undefined) {
  const rows = await repo.listPublishedProcesses(ctx.db, organisationId);
  return rows.map((row) => ({ id: row.id, name: row.name, organisation_id: row.organisationId, status: row.status }));
}

/* ───────────────────────────── Checks of references ───────────────────────────── */

async function checkOrganisation(db: Db, organisationId: number | null): Promise<void> {
  if (organisationId === null) return;
  if (!(await repo.existingOrganisationIds(db, [organisationId])).has(organisationId))
    throw new AppError('VALIDATION_ERROR', { fields: [{ path: 'body.organisation_id', message: 'Instituția nu există' }] });
}

/**
 * What the steps point at outside the process: functions (of the process's organisation when it
 * has one), visa series types, the organisations of GIS settings.
 */
async function checkStepReferences(db: Db, organisationId: number | null, steps: ProcessStepsRequest['steps']): Promise<void> {
  const problems: FieldProblem[] = [];
  const functionIds = [...new Set(steps.map((s) => s.function_id).filter((id): id is number => id !== null))];
  const functions = new Map((await repo.findFunctions(db, functionIds)).map((f) => [f.id, f]));
  const seriesTypes = await repo.existingSeriesTypeIds(
    db,
    steps.map((s) => s.visa_series_type_id).filter((id): id is number => id !== null),
  );
  const gisOrganisations = await repo.existingOrganisationIds(
    db,
    steps.flatMap((s) => s.gis_mappings.map((m) => m.organisation_id)).filter((id): id is number => id !== null),
  );
  steps.forEach((step, i) => {
    if (step.function_id !== null) {
      const fn = functions.get(step.function_id);
      if (!fn) problems.push({ path: `body.steps.${i}.function_id`, message: 'Funcția nu există' });
      else if (organisationId !== null && fn.organisationId !== organisationId)
        problems.push({ path: `body.steps.${i}.function_id`, message: 'Funcția nu aparține instituției procesului' });
    }
    if (step.visa_series_type_id !== null && !seriesTypes.has(step.visa_series_type_id))
      problems.push({ path: `body.steps.${i}.visa_series_type_id`, message: 'Tipul de serie nu există' });
    step.gis_mappings.forEach((mapping, m) => {
      if (mapping.organisation_id !== null && !gisOrganisations.has(mapping.organisation_id))
        problems.push({ path: `body.steps.${i}.gis_mappings.${m}.organisation_id`, message: 'Instituția nu există' });
      if (mapping.completion_method === 'manual' && !mapping.manual_value)
        problems.push({ path: `body.steps.${i}.gis_mappings.${m}.manual_value`, message: 'Completați valoarea manuală' });
    });
  });
  if (problems.length > 0) throw new AppError('VALIDATION_ERROR', { fields: problems });
}

/* ───────────────────────────── Changes ───────────────────────────── */

export async function createProcess(ctx: AppContext, actor: Actor, input: ProcessCreateRequest, meta: RequestMeta) {
  requireCreator(actor);
  await checkOrganisation(ctx.db, input.organisation_id);
  const id = await uniqueName(() =>
    ctx.db.transaction(async (tx) => {
      if (await repo.processNameTaken(tx, input.name)) throw new AppError('WORKFLOW_EXISTS');
      const values = {
        name: input.name,
        description: input.description,
        organisationId: input.organisation_id,
        createdBy: actor.userId,
      };
      const created = await repo.insertProcess(tx, values);
      await audit(tx, actor, meta, {
        organisationId: input.organisation_id,
        action: 'process.create',
        entityType: 'process',
        entityId: created,
        after: { name: values.name, description: values.description, organisation_id: values.organisationId },
      });
      return created;
    }),
  );
  return readProcess(ctx.db, actor, id);
}

/** The General tab, whole (name, description, organisation): only while draft or not published. */
export async function updateProcess(ctx: AppContext, actor: Actor, id: number, input: ProcessUpdateRequest, meta: RequestMeta) {
  requireEditor(actor);
  await checkOrganisation(ctx.db, input.organisation_id);
  await uniqueName(() =>
    ctx.db.transaction(async (tx) => {
      const current = await loadProcess(tx, id, { lock: true });
      if (!isEditable(current.status)) throw new AppError('WORKFLOW_NOT_EDITABLE', { status: current.status });
      if (await repo.processNameTaken(tx, input.name, id)) throw new AppError('WORKFLOW_EXISTS');
      if (input.organisation_id !== current.organisationId && input.organisation_id !== null) {
        // The steps' functions must belong to the organisation the process moves to.
        const steps = await repo.listSteps(tx, id);
        const functionIds = steps.map((s) => s.functionId).filter((f): f is number => f !== null);
        const foreign = (await repo.findFunctions(tx, functionIds)).filter((f) => f.organisationId !== input.organisation_id);
        if (foreign.length > 0)
          throw new AppError('VALIDATION_ERROR', {
            fields: [{ path: 'body.organisation_id', message: 'Pașii procesului folosesc funcții ale altei instituții' }],
          });
      }
      await repo.updateProcess(tx, id, {
        name: input.name,
        description: input.description,
        organisationId: input.organisation_id,
      });
      await audit(tx, actor, meta, {
        organisationId: input.organisation_id,
        action: 'process.update',
        entityType: 'process',
        entityId: id,
        before: { name: current.name, description: current.description, organisation_id: current.organisationId },
        after: { name: input.name, description: input.description, organisation_id: input.organisation_id },
      });
    }),
  );
  return readProcess(ctx.db, actor, id);
}

/**
 * Replaces the whole step list. Refused (400) when a step list cannot stand: repeated keys or
 * names, a step, route or return pointing at a step that does not exist, an unknown action, a
 * function, series type or organisation that does not exist. The publication rules (one start
 * step, first; every step reachable; each staff step with its action) may still be unmet in a
 * draft: the record lists them in `problems`, and publishing refuses them.
 */
export async function replaceSteps(ctx: AppContext, actor: Actor, id: number, input: ProcessStepsRequest, meta: RequestMeta) {
  requireEditor(actor);
  const structural = processProblems(input.steps).filter((p) => p.structural);
  if (structural.length > 0)
    throw new AppError('VALIDATION_ERROR', { fields: structural.map((p) => ({ path: `body.${p.path}`, message: p.message })) });
  await ctx.db.transaction(async (tx) => {
    const current = await loadProcess(tx, id, { lock: true });
    if (!isEditable(current.status)) throw new AppError('WORKFLOW_NOT_EDITABLE', { status: current.status });
    await checkStepReferences(tx, current.organisationId, input.steps);
    const before = await repo.listSteps(tx, id);
    await repo.replaceSteps(tx, id, input.steps);
    await repo.updateProcess(tx, id, {});
    await audit(tx, actor, meta, {
      organisationId: current.organisationId,
      action: 'process.steps',
      entityType: 'process',
      entityId: id,
      // The outline only: keys and names in order (the full definition is the process itself).
      before: { steps: before.map((s) => ({ key: s.key, name: s.name })) },
      after: { steps: input.steps.map((s) => ({ key: s.key, name: s.name })) },
    });
  });
  return readProcess(ctx.db, actor, id);
}

/**
 * Publishes a draft or not-published process (spec §4: a confirmation comes first, in the
 * editor). Refused when the start step is not first (WORKFLOW_START_STEP_NOT_FIRST) or when any
 * other publication rule fails (WORKFLOW_INVALID with the problems); a refusal leaves the
 * process `not_published`, the error state of spec §4, with its audit entry.
 */
export async function publishProcess(ctx: AppContext, actor: Actor, id: number, meta: RequestMeta) {
  requireEditor(actor);
  const refusal = await ctx.db.transaction(async (tx) => {
    const current = await loadProcess(tx, id, { lock: true });
    if (!isEditable(current.status)) throw new AppError('WORKFLOW_NOT_EDITABLE', { status: current.status });
    const problems = processProblems((await repo.listSteps(tx, id)).map(stepDefinition));
    if (problems.length > 0) {
      await repo.updateProcess(tx, id, { status: 'not_published' });
      await audit(tx, actor, meta, {
        organisationId: current.organisationId,
        action: 'process.publish_refused',
        entityType: 'process',
        entityId: id,
        before: { status: current.status },
        after: { status: 'not_published', problems: problems.map((p) => p.code) },
      });
      return problems;
    }
    await repo.updateProcess(tx, id, { status: 'published', publishedAt: new Date() });
    await audit(tx, actor, meta, {
      organisationId: current.organisationId,
      action: 'process.publish',
      entityType: 'process',
      entityId: id,
      before: { status: current.status },
      after: { status: 'published' },
    });
    return [];
  });
  if (refusal.length > 0) {
    const details = { problems: refusal.map((p) => ({ code: p.code, path: p.path, message: p.message, step_key: p.step_key })) };
    if (refusal.some((p) => p.code === 'start_step_not_first')) throw new AppError('WORKFLOW_START_STEP_NOT_FIRST', details);
    throw new AppError('WORKFLOW_INVALID', details);
  }
  return readProcess(ctx.db, actor, id);
}

/** A process an application type uses, or that applications ran through, stays (WORKFLOW_IN_USE). */
export async function deleteProcess(ctx: AppContext, actor: Actor, id: number, meta: RequestMeta) {
  requireEditor(actor);
  try {
    await ctx.db.transaction(async (tx) => {
      const current = await loadProcess(tx, id, { lock: true });
      if (current.applicationTypeCount > 0 || current.runCount > 0)
        throw new AppError('WORKFLOW_IN_USE', { application_types: current.applicationTypeCount, runs: current.runCount });
      await repo.deleteProcess(tx, id);
      await audit(tx, actor, meta, {
        organisationId: current.organisationId,
        action: 'process.delete',
        entityType: 'process',
        entityId: id,
        before: { name: current.name, status: current.status, steps: current.stepCount },
      });
    });
  } catch (error) {
    // A type attached between the check and the delete.
    if (isForeignKeyViolation(error)) throw new AppError('WORKFLOW_IN_USE');
    throw error;
  }
}

/* ───────────────────────────── Runs ───────────────────────────── */

/** Where an application stands in its process, with the steps it took (staff of its organisation). */
export async function getApplicationRun(ctx: AppContext, actor: Actor, applicationId: number) {
  const organisationId = await repo.findApplicationOrganisation(ctx.db, applicationId);
  if (organisationId === undefined || !inScope(actor, organisationId)) throw new AppError('NOT_FOUND');
  const run = await repo.findRun(ctx.db, applicationId);
  if (!run) throw new AppError('NOT_FOUND');
  const process = await loadProcess(ctx.db, run.processId);
  const current = run.currentStepId === null ? undefined : await repo.findStep(ctx.db, run.currentStepId);
  return presentRun(run, process.name, current, await repo.listHistory(ctx.db, applicationId));
}
