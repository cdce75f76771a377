import { describe, expect, it } from 'vitest';
import { addStep, emptyStep, moveStep, nextKey, removeStep, sameSteps } from './step-model';

describe('the step list of the process editor', () => {
  it('adds steps in a chain, the first one as the start step', () => {
    const one = addStep([], 'Verificare');
    const three = addStep(addStep(one, 'Analiză'), 'Aprobare');
    expect(three.map((s) => [s.key, s.is_start, s.next_step_key])).toEqual([
      ['pas-1', true, 'pas-2'],
      ['pas-2', false, 'pas-3'],
      ['pas-3', false, null],
    ]);
    expect(nextKey([emptyStep('pas-2')])).toBe('pas-3');
  });

  it('removes a step with every reference to it', () => {
    const steps = addStep(addStep(addStep([], 'A'), 'B'), 'C');
    steps[2] = {
      ...steps[2],
      return_step_key: 'pas-2',
      conditions: [{ source: 'status', operator: 'eq', value: 'PENDING', next_step_key: 'pas-2' }],
    };
    const left = removeStep(steps, 1);
    expect(left.map((s) => s.key)).toEqual(['pas-1', 'pas-3']);
    expect(left[0].next_step_key).toBeNull();
    expect(left[1]).toMatchObject({ return_step_key: null, conditions: [] });
  });

  it('moves steps within bounds and compares lists', () => {
    const steps = addStep(addStep([], 'A'), 'B');
    const moved = moveStep(steps, 1, -1);
    expect(moved.map((s) => s.name)).toEqual(['B', 'A']);
    expect(moveStep(steps, 0, -1).map((s) => s.name)).toEqual(['A', 'B']);
    expect(sameSteps(steps, moveStep(moved, 0, 1))).toBe(true);
    expect(sameSteps(steps, moved)).toBe(false);
  });
});
