import {
  type ProcessProblem,
  type ProcessRecord,
  type ProcessRun,
  type ProcessStep,
  type ProcessStepDefinition,
  type ProcessSummary,
  processProblems,
} from '@ghiseu/domain';
import type { Actor } from '../../platform/auth/actor.js';
import { processAbilities } from './policy.js';
import type { GisMappingRow, listHistory, ProcessRow, RunRow, StepRow } from './repository.js';

/** Rows → the contracts of `contracts/processes.ts`. */

const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);

export function presentProcessSummary(actor: Actor, row: ProcessRow): ProcessSummary {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    status: row.status,
    organisation_id: row.organisationId,
    organisation_name: row.organisationName,
    step_count: row.stepCount,
    application_type_count: row.applicationTypeCount,
    published_at: iso(row.publishedAt),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    abilities: processAbilities(actor, row),
  };
}

/** A stored step as the engine and the checks read it. */
export function stepDefinition(row: StepRow): ProcessStepDefinition {
  return {
    key: row.key,
    name: row.name,
    is_start: row.isStart,
    action_type: row.actionType,
    action_name: row.actionName,
    next_step_key: row.nextStepKey,
    conditions: row.conditions,
    return_step_key: row.returnStepKey,
    application_status: row.applicationStatus,
    function_id: row.functionId,
  };
}

export function presentStep(row: StepRow, mappings: GisMappingRow[]): ProcessStep {
  return {
    ...stepDefinition(row),
    id: row.id,
    position: row.position,
    conditions: row.conditions.map((c) => ({
      source: c.source,
      field: c.field ?? null,
      operator: c.operator,
      value: c.value ?? null,
      next_step_key: c.next_step_key,
    })),
    file_type: row.fileType,
    file_status: row.fileStatus,
    extra_document_template_id: row.extraDocumentTemplateId,
    generated_file_public: row.generatedFilePublic,
    sign_by_assigned_user: row.signByAssignedUser,
    sign_with_visa: row.signWithVisa,
    visa_series_type_id: row.visaSeriesTypeId,
    gis_mappings: mappings.map((m) => ({
      organisation_id: m.organisationId,
      layer: m.layer,
      sublayer: m.sublayer,
      gis_attribute: m.gisAttribute,
      metadata_name: m.metadataName,
      intersection_type: m.intersectionType,
      completion_method: m.completionMethod,
      manual_value: m.manualValue,
    })),
  };
}

export function presentProcess(actor: Actor, row: ProcessRow, steps: StepRow[], mappings: GisMappingRow[]): ProcessRecord {
  const problems: ProcessProblem[] = processProblems(steps.map(stepDefinition));
  return {
    ...presentProcessSummary(actor, row),
    steps: steps.map((step) =>
      presentStep(
        step,
        mappings.filter((m) => m.stepId === step.id),
      ),
    ),
    problems,
    usage: { application_types: row.applicationTypeCount, runs: row.runCount },
  };
}

export function presentRun(
  run: RunRow,
  processName: string,
  current: StepRow | undefined,
  history: Awaited<ReturnType<typeof listHistory>>,
): ProcessRun {
  return {
    application_id: run.applicationId,
    process_id: run.processId,
    process_name: processName,
    state: run.state,
    current_step: current ? { key: current.key, name: current.name, position: current.position } : null,
    started_at: run.startedAt.toISOString(),
    finished_at: iso(run.finishedAt),
    history: history.map((h) => ({
      id: h.id,
      kind: h.kind,
      action: h.action,
      from_step_name: h.fromStepName,
      to_step_name: h.toStepName,
      actor_user_id: h.actorUserId,
      actor_name: [h.actorFirstName, h.actorLastName].filter(Boolean).join(' ') || null,
      at: h.at.toISOString(),
    })),
  };
}
