import type { ApplicationStatus, StaffActionName } from '@ghiseu/domain';
import type { Db } from '../../../platform/db.js';

/**
 * Where a process engine plugs into staff processing (issue 11 "Workflow processes"). The staff
 * actions stay the owners of their checks (permissions, relation, transition table, locking) and
 * call the hook inside their transaction: a running process may then set another status, move the
 * application to the next step and name the function that acts on it. The work lists follow
 * `current_function_id`: staff holding that function see the application among their assigned
 * ones. Without a registered hook the actions keep their table's defaults and start-process
 * answers 409 (WORKFLOW_NOT_AVAILABLE).
 */
export interface WorkflowTransition {
  /** Status to write instead of the action's default (undefined: keep the default). */
  status?: ApplicationStatus;
  /** The function (staff function id) that acts on the next step; the work lists follow it. */
  functionId?: number | null;
  /** Name of the step the application is now at (null when the process finished). */
  stepName?: string | null;
}

export interface WorkflowFacts {
  applicationId: number;
  organisationId: number;
  applicationTypeId: number;
  status: ApplicationStatus;
  actorUserId: number;
}

export interface WorkflowHook {
  /** start-process: starts the published process of the type; throws AppError when there is none. */
  start(tx: Db, facts: WorkflowFacts): Promise<WorkflowTransition>;
  /** After a staff action's own checks, inside its transaction; undefined when no process runs. */
  afterAction(
    tx: Db,
    facts: WorkflowFacts & { action: StaffActionName; nextStatus: ApplicationStatus },
  ): Promise<WorkflowTransition | undefined>;
}

let registered: WorkflowHook | undefined;

/** Registers the process engine (once, at start-up; a second call replaces the first, as tests do). */
export function registerWorkflowHook(hook: WorkflowHook): void {
  registered = hook;
}

/** The registered engine, if any. */
export function workflowHook(): WorkflowHook | undefined {
  return registered;
}

/** Test helper: forget the registered engine. */
export function unregisterWorkflowHook(): void {
  registered = undefined;
}
