/** State of a step relative to the current one (spec §4). */
export type WizardStepState = 'done' | 'current' | 'pending';

/** Place of a step in the sequence (spec §4). */
export type WizardStepPosition = 'first' | 'between' | 'last';

/** 'done' before the current step, 'current' on it, 'pending' after it. */
export function stepState(index: number, current: number): WizardStepState {
  if (index < current) return 'done';
  return index === current ? 'current' : 'pending';
}

/** 'first', 'last' or 'between'; a wizard of one step is on its last step (it submits). */
export function stepPosition(index: number, count: number): WizardStepPosition {
  if (index === count - 1) return 'last';
  return index === 0 ? 'first' : 'between';
}
