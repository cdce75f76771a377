import {
  type ApplicationStatus,
  arriveAt,
  moveAfterAction,
  moveAfterDocuments,
  type ProcessMove,
  RUNNABLE_PROCESS_STATUSES,
} from '@ghiseu/domain';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { emitDomainEvent } from '../../platform/events.js';
import type { WorkflowFacts, WorkflowHook, WorkflowTransition } from '../applications/index.js';
import { stepDefinition } from './presenter.js';
import * as repo from './repository.js';

/**
 * The workflow engine (ADR 0023): a small interpreter over the stored definitions. The staff
 * actions call it inside their own transaction (the applications module's workflow hook); it
 * reads the run and the steps, asks the pure rules of `@ghiseu/domain` (processes/rules.ts) where
 * to go, and writes the run, its history and a domain event in that same transaction, so a step
 * is taken exactly when the action that caused it commits. Runs are locked row by row
 * (`FOR UPDATE`) after the staff action has locked the application: two clerks cannot both move
 * one application.
 */

type Step = repo.StepRow;

/** The steps of a process, by key and in order. */
async function loadDefinition(tx: Db, processId: number) {
  const steps = await repo.listSteps(tx, processId);
  return { steps, byKey: new Map(steps.map((s) => [s.key, s])) };
}

/** The process is running somewhere: published → processing (kept until its last run ends). */
async function markProcessing(tx: Db, processId: number): Promise<void> {
  const process = await repo.lockProcess(tx, processId);
  if (process?.status === 'published') await repo.updateProcess(tx, processId, { status: 'processing' });
}

/** The last run of a process ended: processing → published. */
async function markIdleIfLast(tx: Db, processId: number, runId: number): Promise<void> {
  const process = await repo.lockProcess(tx, processId);
  if (process?.status === 'processing' && (await repo.activeRunCount(tx, processId, runId)) === 0)
    await repo.updateProcess(tx, processId, { status: 'published' });
}

/** What the staff action writes when the run arrives at `step`. */
async function transitionTo(tx: Db, step: Step, organisationId: number, fallbackStatus?: ApplicationStatus) {
  const outcome = arriveAt(stepDefinition(step));
  const transition: WorkflowTransition = {
    status: outcome.status ?? fallbackStatus,
    functionId: await repo.resolveFunction(tx, outcome.functionId, organisationId),
    stepName: outcome.stepName,
  };
  return { transition, runState: outcome.runState };
}

/**
 * start-process: the published process of the application's type, from its first step. Refused
 * with WORKFLOW_NOT_PUBLISHED when the type has none (or it is another organisation's), and with
 * WORKFLOW_ALREADY_STARTED while a run goes on; a finished run is started again from the top.
 */
async function start(tx: Db, facts: WorkflowFacts): Promise<WorkflowTransition> {
  const type = await repo.findTypeWorkflow(tx, facts.applicationTypeId);
  const process = type?.workflowId ? await repo.lockProcess(tx, type.workflowId) : undefined;
  if (
    !process ||
    !RUNNABLE_PROCESS_STATUSES.includes(process.status) ||
    (process.organisationId !== null && process.organisationId !== facts.organisationId)
  )
    throw new AppError('WORKFLOW_NOT_PUBLISHED');
  const { steps } = await loadDefinition(tx, process.id);
  const first = steps[0];
  if (!first) throw new AppError('WORKFLOW_NOT_PUBLISHED');

  const existing = await repo.findRun(tx, facts.applicationId, { lock: true });
  if (existing && existing.state !== 'finished') throw new AppError('WORKFLOW_ALREADY_STARTED');
  const { transition, runState } = await transitionTo(tx, first, facts.organisationId);
  let runId: number;
  if (existing) {
    runId = existing.id;
    await repo.updateRun(tx, runId, {
      processId: process.id,
      currentStepId: first.id,
      state: runState,
      startedAt: new Date(),
      startedBy: facts.actorUserId,
      finishedAt: null,
    });
  } else {
    runId = await repo.insertRun(tx, {
      applicationId: facts.applicationId,
      processId: process.id,
      currentStepId: first.id,
      state: runState,
      startedBy: facts.actorUserId,
    });
  }
  await repo.insertHistory(tx, {
    runId,
    applicationId: facts.applicationId,
    kind: 'start',
    action: 'start-process',
    toStepId: first.id,
    toStepName: first.name,
    actorUserId: facts.actorUserId,
  });
  await markProcessing(tx, process.id);
  await emitDomainEvent(tx, {
    type: 'application.process_started',
    entityType: 'application',
    entityId: facts.applicationId,
    actorUserId: facts.actorUserId,
    payload: { process_id: process.id, step_id: first.id, run_state: runState },
  });
  return transition;
}

/** Applies a move to a run: the run row, its history, the event; returns what the action writes. */
async function applyMove(
  tx: Db,
  run: repo.RunRow,
  from: Step,
  move: ProcessMove,
  context: { byKey: Map<string, Step>; organisationId: number; actorUserId: number; action: string; status: ApplicationStatus },
): Promise<WorkflowTransition> {
  const { byKey, organisationId, actorUserId, action } = context;
  if (move.kind === 'finish') {
    await repo.updateRun(tx, run.id, { currentStepId: null, state: 'finished', finishedAt: new Date() });
    await repo.insertHistory(tx, {
      runId: run.id,
      applicationId: run.applicationId,
      kind: 'finish',
      action,
      fromStepId: from.id,
      fromStepName: from.name,
      actorUserId,
    });
    await markIdleIfLast(tx, run.processId, run.id);
    await emitDomainEvent(tx, {
      type: 'application.process_finished',
      entityType: 'application',
      entityId: run.applicationId,
      actorUserId,
      payload: { process_id: run.processId, from_step_id: from.id },
    });
    return { functionId: null, stepName: null };
  }
  const target = byKey.get(move.to);
  // Publication checked every reference; a missing step means a definition changed under a run.
  if (!target) throw new AppError('CONFLICT', { reason: 'process_step_missing', step_key: move.to });
  // A return keeps the application's status unless the step it returns to sets one.
  const { transition, runState } = await transitionTo(
    tx,
    target,
    organisationId,
    move.kind === 'return' ? context.status : undefined,
  );
  await repo.updateRun(tx, run.id, { currentStepId: target.id, state: runState });
  await repo.insertHistory(tx, {
    runId: run.id,
    applicationId: run.applicationId,
    kind: move.kind,
    action,
    fromStepId: from.id,
    fromStepName: from.name,
    toStepId: target.id,
    toStepName: target.name,
    actorUserId,
  });
  await emitDomainEvent(tx, {
    type: 'application.process_moved',
    entityType: 'application',
    entityId: run.applicationId,
    actorUserId,
    payload: { process_id: run.processId, kind: move.kind, from_step_id: from.id, to_step_id: target.id, run_state: runState },
  });
  return transition;
}

/** The running run of an application with its current step, or undefined (none, or finished). */
async function currentPosition(tx: Db, applicationId: number) {
  const run = await repo.findRun(tx, applicationId, { lock: true });
  if (!run || run.state === 'finished' || run.currentStepId === null) return undefined;
  const { byKey, steps } = await loadDefinition(tx, run.processId);
  const step = steps.find((s) => s.id === run.currentStepId);
  if (!step) return undefined;
  const facts = await repo.findApplicationFacts(tx, applicationId);
  if (!facts) return undefined;
  return { run, step, byKey, facts };
}

/** After a staff action: the step's own action moves the run forward, a return action back. */
async function afterAction(
  tx: Db,
  facts: WorkflowFacts & { action: string; nextStatus: ApplicationStatus },
): Promise<WorkflowTransition | undefined> {
  const position = await currentPosition(tx, facts.applicationId);
  if (!position) return undefined;
  const move = moveAfterAction(
    stepDefinition(position.step),
    { action: facts.action, nextStatus: facts.nextStatus },
    position.facts,
  );
  if (!move) return undefined;
  return applyMove(tx, position.run, position.step, move, {
    byKey: position.byKey,
    organisationId: facts.organisationId,
    actorUserId: facts.actorUserId,
    action: facts.action,
    status: facts.status,
  });
}

/** The engine, as the staff actions call it (registered once in app.ts). */
export const processEngine: WorkflowHook = { start, afterAction };

/** Which waiting step a completed document moves: generation moves a generate step, signing a sign step. */
const STEP_OF_COMPLETION = { generated: 'generate_document', signed: 'sign_document' } as const;

/**
 * For the documents capability: the document a waiting step asked for was generated
 * (`completed: 'generated'`, moves a generate_document step) or signed (`'signed'`, moves a
 * sign_document step); the run goes on from there. Undefined when the application does not wait
 * for that. Call it inside the transaction that stored the document and write the answer on the
 * application as the staff actions do.
 */
export async function completeDocumentStep(
  tx: Db,
  facts: { applicationId: number; organisationId: number; actorUserId: number; completed: 'generated' | 'signed' },
): Promise<WorkflowTransition | undefined> {
  const position = await currentPosition(tx, facts.applicationId);
  if (position?.run.state !== 'waiting_documents') return undefined;
  if (position.step.actionType !== STEP_OF_COMPLETION[facts.completed]) return undefined;
  const move = moveAfterDocuments(stepDefinition(position.step), position.facts);
  if (!move) return undefined;
  return applyMove(tx, position.run, position.step, move, {
    byKey: position.byKey,
    organisationId: facts.organisationId,
    actorUserId: facts.actorUserId,
    action: 'documents',
    status: position.facts.status,
  });
}
