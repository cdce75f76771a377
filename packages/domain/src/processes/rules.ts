import type { ApplicationStatus } from '../statuses.js';
import {
  FINISHED_APPLICATION_STATUSES,
  type ProcessRunState,
  type ProcessStepDefinition,
  RETURN_ACTIONS,
  STEP_STAFF_ACTIONS,
  type StepCondition,
  VALUELESS_OPERATORS,
  WAITING_STEP_NAMES,
} from './definition.js';

/**
 * The pure rules of workflow processes: checking a definition (the editor shows the same
 * problems the publication refuses) and moving an application along it (the engine is this
 * function plus the rows it reads and writes). No I/O here.
 */

/* ───────────────────────────── Checks ───────────────────────────── */

/**
 * A problem of a definition. `structural` problems make a step list impossible to store
 * (duplicate keys or names, a reference to a step that does not exist); the others are
 * publication rules: a draft may have them while it is being built, publication refuses them.
 */
export interface ProcessProblem {
  code:
    | 'duplicate_key'
    | 'duplicate_name'
    | 'unknown_next_step'
    | 'unknown_return_step'
    | 'unknown_condition_step'
    | 'self_reference'
    | 'condition_without_field'
    | 'condition_without_value'
    | 'no_steps'
    | 'no_start_step'
    | 'several_start_steps'
    | 'start_step_not_first'
    | 'unreachable_step'
    | 'missing_action'
    | 'unknown_action';
  /** Where, as a path into the step list (`steps.2.next_step_key`). */
  path: string;
  message: string;
  step_key?: string;
  structural: boolean;
}

export const PROCESS_PROBLEM_MESSAGES: Record<ProcessProblem['code'], string> = {
  duplicate_key: 'Cheia pasului se repetă',
  duplicate_name: 'Există deja un pas cu această denumire',
  unknown_next_step: 'Pasul următor nu există',
  unknown_return_step: 'Pasul de revenire nu există',
  unknown_condition_step: 'Pasul ales în condiție nu există',
  self_reference: 'Un pas nu poate continua cu el însuși',
  condition_without_field: 'Alegeți câmpul din formular al condiției',
  condition_without_value: 'Completați valoarea condiției',
  no_steps: 'Procesul nu are niciun pas',
  no_start_step: 'Marcați pasul de start',
  several_start_steps: 'Procesul poate avea un singur pas de start',
  start_step_not_first: 'Pasul de start trebuie să fie primul',
  unreachable_step: 'Pasul nu poate fi atins din pasul de start',
  missing_action: 'Alegeți acțiunea care încheie pasul',
  unknown_action: 'Acțiunea nu este cunoscută',
};

const foldName = (name: string) => name.trim().toLocaleLowerCase('ro-RO');

/** Every problem of a step list, structural ones first, in step order. */
export function processProblems(steps: readonly ProcessStepDefinition[]): ProcessProblem[] {
  const problems: ProcessProblem[] = [];
  const add = (code: ProcessProblem['code'], path: string, step_key: string | undefined, structural: boolean) =>
    problems.push({ code, path, step_key, structural, message: PROCESS_PROBLEM_MESSAGES[code] });

  const keys = new Set<string>();
  const names = new Set<string>();
  steps.forEach((step, i) => {
    if (keys.has(step.key)) add('duplicate_key', `steps.${i}.key`, step.key, true);
    keys.add(step.key);
    const name = foldName(step.name);
    if (names.has(name)) add('duplicate_name', `steps.${i}.name`, step.key, true);
    names.add(name);
  });

  steps.forEach((step, i) => {
    const refer = (target: string | null, path: string, code: ProcessProblem['code']) => {
      if (target === null) return;
      if (target === step.key) add('self_reference', path, step.key, true);
      else if (!keys.has(target)) add(code, path, step.key, true);
    };
    refer(step.next_step_key, `steps.${i}.next_step_key`, 'unknown_next_step');
    // A return to the step itself is allowed: the step is done again.
    if (step.return_step_key !== null && !keys.has(step.return_step_key))
      add('unknown_return_step', `steps.${i}.return_step_key`, step.key, true);
    step.conditions.forEach((condition, c) => {
      const path = `steps.${i}.conditions.${c}`;
      refer(condition.next_step_key, `${path}.next_step_key`, 'unknown_condition_step');
      if (condition.source === 'form_field' && !condition.field?.trim())
        add('condition_without_field', `${path}.field`, step.key, true);
      if (!VALUELESS_OPERATORS.includes(condition.operator) && !condition.value?.trim())
        add('condition_without_value', `${path}.value`, step.key, true);
    });
    if (step.action_type === 'staff_action') {
      if (!step.action_name) add('missing_action', `steps.${i}.action_name`, step.key, false);
      else if (!(STEP_STAFF_ACTIONS as readonly string[]).includes(step.action_name))
        add('unknown_action', `steps.${i}.action_name`, step.key, true);
    }
  });

  if (steps.length === 0) {
    add('no_steps', 'steps', undefined, false);
    return problems;
  }
  const starts = steps.map((s, i) => [s, i] as const).filter(([s]) => s.is_start);
  if (starts.length === 0) add('no_start_step', 'steps', undefined, false);
  if (starts.length > 1) for (const [s, i] of starts.slice(1)) add('several_start_steps', `steps.${i}.is_start`, s.key, false);
  if (starts.length >= 1 && starts[0][1] !== 0)
    add('start_step_not_first', `steps.${starts[0][1]}.is_start`, starts[0][0].key, false);

  // Reachability from the first step (where a run starts), over every kind of edge.
  const byKey = new Map(steps.map((s) => [s.key, s]));
  const seen = new Set<string>([steps[0].key]);
  const queue = [steps[0].key];
  while (queue.length > 0) {
    const step = byKey.get(queue.shift() as string);
    if (!step) continue;
    for (const target of stepTargets(step)) {
      if (!seen.has(target) && byKey.has(target)) {
        seen.add(target);
        queue.push(target);
      }
    }
  }
  steps.forEach((step, i) => {
    if (!seen.has(step.key)) add('unreachable_step', `steps.${i}`, step.key, false);
  });
  return problems;
}

/** The steps a step can lead to: conditional routes, the next step, the return step. */
export function stepTargets(step: ProcessStepDefinition): string[] {
  return [
    ...step.conditions.map((c) => c.next_step_key),
    ...(step.next_step_key ? [step.next_step_key] : []),
    ...(step.return_step_key ? [step.return_step_key] : []),
  ];
}

/* ───────────────────────────── Conditions ───────────────────────────── */

/** What a conditional route can read of an application. */
export interface ApplicationFacts {
  status: ApplicationStatus;
  /** The application type's category (inbound, outbound, internal). */
  category: string | null;
  real_estate_type: string | null;
  form_data: Record<string, unknown>;
}

const isBlank = (value: unknown): boolean =>
  value === undefined ||
  value === null ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0);

/** A form answer as compared text: numbers and booleans as written, option objects by their value. */
function asText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object' && !Array.isArray(value) && 'value' in (value as Record<string, unknown>))
    return asText((value as Record<string, unknown>).value);
  return String(value).trim();
}

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** Parses `12,5` or `12.5`; NaN otherwise. */
const asNumber = (text: string): number =>
  /^-?\d+([.,]\d+)?$/.test(text.trim()) ? Number(text.trim().replace(',', '.')) : Number.NaN;

/**
 * Whether the application matches a condition. Text compares without case and accents; a list
 * answer (checkboxes, multiple choice) equals or contains a value when one of its items does;
 * `gt`/`lt` compare numbers and are false when either side is not one.
 */
export function routeConditionHolds(condition: StepCondition, facts: ApplicationFacts): boolean {
  const raw =
    condition.source === 'form_field'
      ? facts.form_data[condition.field ?? '']
      : condition.source === 'status'
        ? facts.status
        : condition.source === 'category'
          ? facts.category
          : facts.real_estate_type;
  if (condition.operator === 'is_empty') return isBlank(raw);
  if (condition.operator === 'is_not_empty') return !isBlank(raw);
  const expected = fold(condition.value ?? '');
  const values = (Array.isArray(raw) ? raw : [raw]).map((v) => fold(asText(v)));
  switch (condition.operator) {
    case 'eq':
      return values.some((v) => v === expected);
    case 'neq':
      return values.every((v) => v !== expected);
    case 'contains':
      return values.some((v) => v.includes(expected));
    case 'gt':
    case 'lt': {
      const left = asNumber(values[0] ?? '');
      const right = asNumber(expected);
      if (Number.isNaN(left) || Number.isNaN(right)) return false;
      return condition.operator === 'gt' ? left > right : left < right;
    }
    default:
      return false;
  }
}

/* ───────────────────────────── Moves ───────────────────────────── */

/** Where a run goes after an event: a step (with how it got there), or the end. */
export type ProcessMove = { kind: 'advance' | 'route' | 'return'; to: string; condition?: number } | { kind: 'finish' };

/** What the application looks like at a step: what the staff capability writes on it. */
export interface StepOutcome {
  /** Status the step sets; undefined keeps what the action set. */
  status?: ApplicationStatus;
  functionId: number | null;
  /** The step's name, or the waiting text when the documents capability must act. */
  stepName: string;
  runState: Exclude<ProcessRunState, 'finished'>;
}

/** The start step: the first of the list (publication guarantees it is marked as start). */
export function startStep(steps: readonly ProcessStepDefinition[]): ProcessStepDefinition | undefined {
  return steps[0];
}

/** The outcome of arriving at `step`. */
export function arriveAt(step: ProcessStepDefinition): StepOutcome {
  const waiting = step.action_type !== 'staff_action';
  return {
    status: step.application_status ?? undefined,
    functionId: step.function_id,
    stepName: step.action_type === 'staff_action' ? step.name : WAITING_STEP_NAMES[step.action_type],
    runState: waiting ? 'waiting_documents' : 'running',
  };
}

/** Where the run goes forward from `step`: the first matching route, else the next step, else the end. */
export function forwardFrom(step: ProcessStepDefinition, facts: ApplicationFacts): ProcessMove {
  const index = step.conditions.findIndex((condition) => routeConditionHolds(condition, facts));
  if (index >= 0) return { kind: 'route', to: step.conditions[index].next_step_key, condition: index };
  if (step.next_step_key) return { kind: 'advance', to: step.next_step_key };
  return { kind: 'finish' };
}

/**
 * The move a staff action causes at `step` (undefined: the process does not move, the action
 * keeps its own effect):
 * - a step that waits for documents moves only when the documents capability completes it;
 * - a return action (refused visa, returned document) goes to the step's return step, if any;
 * - the step's own action goes forward (conditional routes first, then the next step; none: end);
 * - any other action that finishes the application (rejected, resolved, closed) ends the run.
 */
export function moveAfterAction(
  step: ProcessStepDefinition,
  event: { action: string; nextStatus: ApplicationStatus },
  facts: ApplicationFacts,
): ProcessMove | undefined {
  if (step.action_type !== 'staff_action') {
    return FINISHED_APPLICATION_STATUSES.includes(event.nextStatus) ? { kind: 'finish' } : undefined;
  }
  if (RETURN_ACTIONS.includes(event.action) && step.return_step_key) return { kind: 'return', to: step.return_step_key };
  if (step.action_name === event.action) return forwardFrom(step, { ...facts, status: event.nextStatus });
  if (FINISHED_APPLICATION_STATUSES.includes(event.nextStatus)) return { kind: 'finish' };
  return undefined;
}

/** The move when the documents capability has produced (or signed) the document a waiting step asked for. */
export function moveAfterDocuments(step: ProcessStepDefinition, facts: ApplicationFacts): ProcessMove | undefined {
  return step.action_type === 'staff_action' ? undefined : forwardFrom(step, facts);
}
