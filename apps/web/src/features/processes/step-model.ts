import type { ProcessStep, ProcessStepInput } from '@ghiseu/domain';

/**
 * The step list of the editor as pure functions: what the Steps tab edits before it is saved
 * whole (`PUT /processes/{id}/steps`). Steps point at each other by key; removing a step clears
 * the references to it, so the list never points at a step that is gone.
 */

/** A step as the editor holds it: every field present (the contract's input with defaults filled). */
export type EditorStep = Required<Omit<ProcessStepInput, 'conditions' | 'gis_mappings'>> & {
  conditions: NonNullable<ProcessStepInput['conditions']>;
  gis_mappings: NonNullable<ProcessStepInput['gis_mappings']>;
};

export const emptyStep = (key: string, name = ''): EditorStep => ({
  key,
  name,
  is_start: false,
  action_type: 'staff_action',
  action_name: null,
  next_step_key: null,
  conditions: [],
  return_step_key: null,
  file_type: null,
  file_status: null,
  extra_document_template_id: null,
  generated_file_public: false,
  function_id: null,
  sign_by_assigned_user: false,
  application_status: null,
  sign_with_visa: false,
  visa_series_type_id: null,
  gis_mappings: [],
});

/** A stored step as the editor edits it. */
export function editorStepOf(step: ProcessStep): EditorStep {
  const { id: _id, position: _position, ...rest } = step;
  return { ...rest };
}

/** The first free key `pas-N`. */
export function nextKey(steps: readonly EditorStep[]): string {
  const used = new Set(steps.map((s) => s.key));
  let n = steps.length + 1;
  while (used.has(`pas-${n}`)) n++;
  return `pas-${n}`;
}

/**
 * Adds a step at the end. The first step of a process is its start step; a new step after the
 * last one becomes that step's next step when it had none, so a simple chain builds itself.
 */
export function addStep(steps: readonly EditorStep[], name: string): EditorStep[] {
  const step = { ...emptyStep(nextKey(steps), name), is_start: steps.length === 0 };
  const last = steps.at(-1);
  const linked = last && last.next_step_key === null ? [...steps.slice(0, -1), { ...last, next_step_key: step.key }] : [...steps];
  return [...linked, step];
}

export function replaceStep(steps: readonly EditorStep[], index: number, step: EditorStep): EditorStep[] {
  return steps.map((s, i) => (i === index ? step : s));
}

/** Moves a step up (-1) or down (+1); out of range: unchanged. */
export function moveStep(steps: readonly EditorStep[], index: number, delta: -1 | 1): EditorStep[] {
  const target = index + delta;
  if (target < 0 || target >= steps.length) return [...steps];
  const next = [...steps];
  [next[index], next[target]] = [next[target], next[index]];
  return next;
}

/** Removes a step and every reference to it (next step, return step, conditional routes). */
export function removeStep(steps: readonly EditorStep[], index: number): EditorStep[] {
  const gone = steps[index]?.key;
  return steps
    .filter((_, i) => i !== index)
    .map((s) => ({
      ...s,
      next_step_key: s.next_step_key === gone ? null : s.next_step_key,
      return_step_key: s.return_step_key === gone ? null : s.return_step_key,
      conditions: s.conditions.filter((c) => c.next_step_key !== gone),
    }));
}

/** Equality of two step lists as the server would store them. */
export const sameSteps = (a: readonly EditorStep[], b: readonly EditorStep[]): boolean => JSON.stringify(a) === JSON.stringify(b);
