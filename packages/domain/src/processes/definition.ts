import { FINISHED_STATUSES } from '../processing/transitions.js';
import { type ApplicationStatus, APPLICATION_STATUSES } from '../statuses.js';

/**
 * Workflow processes (spec §3 Process, Process step, GIS mapping; §4 Process states): the
 * vocabulary of a process definition, shared by the editor, the API contracts and the engine.
 * A definition is an ordered list of steps that point at each other by `key` (a short name
 * unique inside the process), so that a whole list can be written at once before any step has
 * a database id.
 */

/**
 * draft: being edited, never published · not_published: the last publication was refused (the
 * "error" state of spec §4; still editable) · published: attachable to application types,
 * immutable · processing: published and running for at least one application.
 */
export const PROCESS_STATUSES = ['draft', 'not_published', 'published', 'processing'] as const;
export type ProcessStatus = (typeof PROCESS_STATUSES)[number];

export const PROCESS_STATUS_LABELS: Record<ProcessStatus, string> = {
  draft: 'Ciornă',
  not_published: 'Nepublicat (eroare)',
  published: 'Publicat',
  processing: 'În procesare',
};

/** Statuses in which the definition may still change (spec: edit only draft / not published). */
export const EDITABLE_PROCESS_STATUSES: readonly ProcessStatus[] = ['draft', 'not_published'];

/** Statuses whose process an application type may run. */
export const RUNNABLE_PROCESS_STATUSES: readonly ProcessStatus[] = ['published', 'processing'];

/**
 * What completes a step: a staff action (the clerk's approve, register, staff-review…), or a
 * document to generate or sign, which the documents capability performs (the run waits there).
 */
export const STEP_ACTION_TYPES = ['staff_action', 'generate_document', 'sign_document'] as const;
export type StepActionType = (typeof STEP_ACTION_TYPES)[number];

export const STEP_ACTION_TYPE_LABELS: Record<StepActionType, string> = {
  staff_action: 'Acțiune a funcționarului',
  generate_document: 'Generare document',
  sign_document: 'Semnare document',
};

/**
 * The staff actions a step can wait for: the names of the staff-applications routes (spec §7),
 * as the staff capability reports them to the engine after each action.
 */
export const STEP_STAFF_ACTIONS = [
  'register',
  'assign',
  'assign-reviewer',
  'send-to-consultant',
  'consultant-review',
  'staff-review',
  'application-reviewed-by-staff-function',
  'request-clarification',
  'approve',
  'reject',
  'viza-reject',
  'staff-review-document',
  'manual-completion',
  'close-application',
] as const;
export type StepStaffAction = (typeof STEP_STAFF_ACTIONS)[number];

export const STEP_STAFF_ACTION_LABELS: Record<StepStaffAction, string> = {
  register: 'Înregistrare',
  assign: 'Repartizare',
  'assign-reviewer': 'Desemnare verificator',
  'send-to-consultant': 'Trimitere la consultant',
  'consultant-review': 'Răspuns consultant',
  'staff-review': 'Verificare',
  'application-reviewed-by-staff-function': 'Completare formular funcționar',
  'request-clarification': 'Solicitare clarificări',
  approve: 'Aprobare',
  reject: 'Respingere',
  'viza-reject': 'Respingere viză',
  'staff-review-document': 'Verificare document',
  'manual-completion': 'Finalizare manuală',
  'close-application': 'Închidere cerere',
};

/**
 * Actions that send the run back to the current step's return step (spec §3 "return action"),
 * when it has one: a refused visa, and the documents capability's return of a document.
 */
export const RETURN_ACTIONS: readonly string[] = ['viza-reject', 'return-document'];

/** Statuses that end an application (the staff transition table's): a run still going then finishes with it. */
export const FINISHED_APPLICATION_STATUSES: readonly ApplicationStatus[] = FINISHED_STATUSES;

/** What a conditional route reads from the application. */
export const CONDITION_SOURCES = ['form_field', 'status', 'category', 'real_estate_type'] as const;
export type ConditionSource = (typeof CONDITION_SOURCES)[number];

export const CONDITION_SOURCE_LABELS: Record<ConditionSource, string> = {
  form_field: 'Răspuns din formular',
  status: 'Starea cererii',
  category: 'Categoria tipului de cerere',
  real_estate_type: 'Tipul imobilului',
};

export const CONDITION_OPERATORS = ['eq', 'neq', 'contains', 'gt', 'lt', 'is_empty', 'is_not_empty'] as const;
export type ConditionOperator = (typeof CONDITION_OPERATORS)[number];

export const CONDITION_OPERATOR_LABELS: Record<ConditionOperator, string> = {
  eq: 'este egal cu',
  neq: 'este diferit de',
  contains: 'conține',
  gt: 'este mai mare decât',
  lt: 'este mai mic decât',
  is_empty: 'este necompletat',
  is_not_empty: 'este completat',
};

/** Operators that compare with no value. */
export const VALUELESS_OPERATORS: readonly ConditionOperator[] = ['is_empty', 'is_not_empty'];

export const STEP_FILE_TYPES = ['input', 'review', 'output'] as const;
export const STEP_FILE_STATUSES = ['signed', 'sealed'] as const;
export const GIS_INTERSECTION_TYPES = ['total', 'partial', 'none'] as const;
export const GIS_COMPLETION_METHODS = ['gis_value', 'manual'] as const;

export const GIS_INTERSECTION_LABELS: Record<(typeof GIS_INTERSECTION_TYPES)[number], string> = {
  total: 'Totală',
  partial: 'Parțială',
  none: 'Fără intersecție',
};
export const GIS_COMPLETION_LABELS: Record<(typeof GIS_COMPLETION_METHODS)[number], string> = {
  gis_value: 'Valoarea din GIS',
  manual: 'Valoare introdusă manual',
};

/** Run states of an application inside its process. */
export const PROCESS_RUN_STATES = ['running', 'waiting_documents', 'finished'] as const;
export type ProcessRunState = (typeof PROCESS_RUN_STATES)[number];

export const PROCESS_RUN_STATE_LABELS: Record<ProcessRunState, string> = {
  running: 'În desfășurare',
  waiting_documents: 'Așteaptă documentele',
  finished: 'Încheiat',
};

/** The step name shown while a run waits for the documents capability (it arrives with the next issue). */
export const WAITING_STEP_NAMES: Record<Exclude<StepActionType, 'staff_action'>, string> = {
  generate_document: 'Așteaptă generarea documentului',
  sign_document: 'Așteaptă semnarea documentului',
};

/** A conditional route: when the application matches, the step goes to `next_step_key`. */
export interface StepCondition {
  source: ConditionSource;
  /** Key of the form field (source form_field only). */
  field?: string | null;
  operator: ConditionOperator;
  value?: string | null;
  next_step_key: string;
}

/** One GIS-intersection setting of a step (stored now, evaluated once the atlas exists). */
export interface StepGisMapping {
  organisation_id?: number | null;
  layer: string;
  sublayer?: string | null;
  gis_attribute: string;
  metadata_name: string;
  intersection_type: (typeof GIS_INTERSECTION_TYPES)[number];
  completion_method: (typeof GIS_COMPLETION_METHODS)[number];
  manual_value?: string | null;
}

/** A step as the engine and the checks read it (the contract's fields). */
export interface ProcessStepDefinition {
  key: string;
  name: string;
  is_start: boolean;
  action_type: StepActionType;
  action_name: string | null;
  next_step_key: string | null;
  conditions: StepCondition[];
  return_step_key: string | null;
  application_status: ApplicationStatus | null;
  function_id: number | null;
}

export const isApplicationStatus = (value: unknown): value is ApplicationStatus =>
  typeof value === 'string' && (APPLICATION_STATUSES as readonly string[]).includes(value);
