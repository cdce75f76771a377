import { describe, expect, it } from 'vitest';
import { ZProcessStepInput, ZProcessStepsRequest } from '../contracts/processes.js';
import { STAFF_ACTIONS } from '../processing/transitions.js';
import { STEP_STAFF_ACTIONS, type ProcessStepDefinition } from './definition.js';
import {
  type ApplicationFacts,
  arriveAt,
  routeConditionHolds,
  moveAfterAction,
  moveAfterDocuments,
  processProblems,
} from './rules.js';

const step = (key: string, extra: Partial<ProcessStepDefinition> = {}): ProcessStepDefinition => ({
  key,
  name: `Pasul ${key}`,
  is_start: false,
  action_type: 'staff_action',
  action_name: 'approve',
  next_step_key: null,
  conditions: [],
  return_step_key: null,
  application_status: null,
  function_id: null,
  ...extra,
});

const facts = (extra: Partial<ApplicationFacts> = {}): ApplicationFacts => ({
  status: 'PENDING',
  category: 'inbound',
  real_estate_type: 'land',
  form_data: {},
  ...extra,
});

/** A three-step process: registration → review → approval, with a return from approval to review. */
const linear = (): ProcessStepDefinition[] => [
  step('inregistrare', {
    is_start: true,
    action_name: 'register',
    next_step_key: 'verificare',
    application_status: 'REGISTERED',
  }),
  step('verificare', { action_name: 'staff-review', next_step_key: 'aprobare', function_id: 7 }),
  step('aprobare', { action_name: 'approve', return_step_key: 'verificare', application_status: 'APPROVED' }),
];

const codes = (steps: ProcessStepDefinition[]) => processProblems(steps).map((p) => p.code);

describe('process definition checks', () => {
  it('offers only actions of the staff transition table as step actions', () => {
    for (const action of STEP_STAFF_ACTIONS) expect(STAFF_ACTIONS).toContain(action);
  });

  it('accepts a well-formed process', () => {
    expect(processProblems(linear())).toEqual([]);
  });

  it('finds duplicate keys and names (names without case or extra spaces) as structural problems', () => {
    const steps = [...linear(), step('verificare', { name: ' pasul INREGISTRARE ' })];
    const problems = processProblems(steps);
    expect(problems.filter((p) => p.structural).map((p) => [p.code, p.path])).toEqual([
      ['duplicate_key', 'steps.3.key'],
      ['duplicate_name', 'steps.3.name'],
    ]);
  });

  it('finds references to steps that do not exist and a step continuing with itself', () => {
    const steps = linear();
    steps[0].next_step_key = 'lipsa';
    steps[1].next_step_key = 'verificare';
    steps[2].return_step_key = 'nicaieri';
    steps[1].conditions = [{ source: 'status', operator: 'eq', value: 'PENDING', next_step_key: 'fantoma' }];
    expect(processProblems(steps).map((p) => [p.code, p.path, p.structural])).toEqual(
      expect.arrayContaining([
        ['unknown_next_step', 'steps.0.next_step_key', true],
        ['self_reference', 'steps.1.next_step_key', true],
        ['unknown_condition_step', 'steps.1.conditions.0.next_step_key', true],
        ['unknown_return_step', 'steps.2.return_step_key', true],
      ]),
    );
  });

  it('asks for a field and a value where the condition needs them', () => {
    const steps = linear();
    steps[1].conditions = [
      { source: 'form_field', field: null, operator: 'eq', value: ' ', next_step_key: 'aprobare' },
      { source: 'form_field', field: 'suprafata', operator: 'is_empty', value: null, next_step_key: 'aprobare' },
    ];
    expect(codes(steps)).toEqual(['condition_without_field', 'condition_without_value']);
  });

  it('refuses unknown staff actions and reports a missing one as a publication rule', () => {
    const steps = linear();
    steps[1].action_name = 'dans';
    steps[2].action_name = null;
    const problems = processProblems(steps);
    expect(problems.map((p) => [p.code, p.structural])).toEqual([
      ['unknown_action', true],
      ['missing_action', false],
    ]);
  });

  it('lets document steps go without a staff action', () => {
    const steps = linear();
    steps[2] = step('aprobare', { action_type: 'generate_document', action_name: null, return_step_key: 'verificare' });
    expect(processProblems(steps)).toEqual([]);
  });

  it('needs one start step, and first (spec §4: publication refused otherwise)', () => {
    expect(codes([])).toEqual(['no_steps']);
    const none = linear().map((s) => ({ ...s, is_start: false }));
    expect(codes(none)).toEqual(['no_start_step']);
    const moved = linear();
    moved[0].is_start = false;
    moved[2].is_start = true;
    expect(codes(moved)).toEqual(['start_step_not_first']);
    const two = linear();
    two[1].is_start = true;
    expect(codes(two)).toEqual(['several_start_steps']);
  });

  it('finds steps no path from the start reaches, following routes and returns too', () => {
    const steps = [...linear(), step('uitat', { action_name: 'approve' })];
    expect(processProblems(steps).map((p) => [p.code, p.step_key])).toEqual([['unreachable_step', 'uitat']]);
    // Reached only through a conditional route: fine.
    steps[1].conditions = [{ source: 'category', operator: 'eq', value: 'internal', next_step_key: 'uitat' }];
    expect(processProblems(steps)).toEqual([]);
  });

  it('fills the defaults of a step and checks keys in the contract', () => {
    const parsed = ZProcessStepInput.parse({ key: 'pas-1', name: 'Verificare' });
    expect(parsed).toMatchObject({
      is_start: false,
      action_type: 'staff_action',
      action_name: null,
      next_step_key: null,
      conditions: [],
      gis_mappings: [],
      application_status: null,
      sign_with_visa: false,
    });
    expect(ZProcessStepsRequest.safeParse({ steps: [{ key: 'Pas 1', name: 'X' }] }).success).toBe(false);
  });
});

describe('conditional routes', () => {
  it('compares form answers without case and accents, lists by their items, numbers as numbers', () => {
    const data = facts({ form_data: { scop: 'Construire locuință', lucrari: ['demolare', 'Extindere'], suprafata: '120,5' } });
    const holds = (field: string, operator: 'eq' | 'neq' | 'contains' | 'gt' | 'lt', value: string) =>
      routeConditionHolds({ source: 'form_field', field, operator, value, next_step_key: 'x' }, data);
    expect(holds('scop', 'eq', 'construire locuinta')).toBe(true);
    expect(holds('scop', 'contains', 'LOCUINȚĂ')).toBe(true);
    expect(holds('scop', 'neq', 'construire locuinta')).toBe(false);
    expect(holds('lucrari', 'eq', 'extindere')).toBe(true);
    expect(holds('lucrari', 'neq', 'demolare')).toBe(false);
    expect(holds('suprafata', 'gt', '100')).toBe(true);
    expect(holds('suprafata', 'lt', '100')).toBe(false);
    expect(holds('scop', 'gt', '100')).toBe(false);
    expect(holds('lipsa', 'eq', 'x')).toBe(false);
  });

  it('reads the status, the category and the real-estate type; tests emptiness', () => {
    const data = facts({ form_data: { nimic: '  ', lista: [] } });
    expect(routeConditionHolds({ source: 'status', operator: 'eq', value: 'pending', next_step_key: 'x' }, data)).toBe(true);
    expect(routeConditionHolds({ source: 'category', operator: 'eq', value: 'internal', next_step_key: 'x' }, data)).toBe(false);
    expect(routeConditionHolds({ source: 'real_estate_type', operator: 'eq', value: 'land', next_step_key: 'x' }, data)).toBe(
      true,
    );
    for (const field of ['nimic', 'lista', 'absent'])
      expect(routeConditionHolds({ source: 'form_field', field, operator: 'is_empty', next_step_key: 'x' }, data)).toBe(true);
    expect(routeConditionHolds({ source: 'real_estate_type', operator: 'is_not_empty', next_step_key: 'x' }, data)).toBe(true);
  });
});

describe('moving along a process', () => {
  const [registration, review, approval] = linear();

  it('arrives at a step with its status, function and name', () => {
    expect(arriveAt(registration)).toEqual({
      status: 'REGISTERED',
      functionId: null,
      stepName: 'Pasul inregistrare',
      runState: 'running',
    });
    expect(arriveAt(review)).toEqual({ status: undefined, functionId: 7, stepName: 'Pasul verificare', runState: 'running' });
  });

  it("goes forward on the step's own action, else stays", () => {
    expect(moveAfterAction(registration, { action: 'register', nextStatus: 'REGISTERED' }, facts())).toEqual({
      kind: 'advance',
      to: 'verificare',
    });
    expect(moveAfterAction(registration, { action: 'assign', nextStatus: 'PENDING' }, facts())).toBeUndefined();
  });

  it('takes the first matching conditional route before the next step, reading the status the action sets', () => {
    const routed = {
      ...review,
      conditions: [
        { source: 'form_field' as const, field: 'tip', operator: 'eq' as const, value: 'demolare', next_step_key: 'demolare' },
        { source: 'status' as const, operator: 'eq' as const, value: 'APPROVED', next_step_key: 'aprobare-rapida' },
      ],
    };
    expect(
      moveAfterAction(routed, { action: 'staff-review', nextStatus: 'PENDING' }, facts({ form_data: { tip: 'Demolare' } })),
    ).toEqual({
      kind: 'route',
      to: 'demolare',
      condition: 0,
    });
    expect(moveAfterAction(routed, { action: 'staff-review', nextStatus: 'APPROVED' }, facts())).toEqual({
      kind: 'route',
      to: 'aprobare-rapida',
      condition: 1,
    });
    expect(moveAfterAction(routed, { action: 'staff-review', nextStatus: 'PENDING' }, facts())).toEqual({
      kind: 'advance',
      to: 'aprobare',
    });
  });

  it('ends after the last step, and when another action finishes the application', () => {
    expect(moveAfterAction(approval, { action: 'approve', nextStatus: 'APPROVED' }, facts())).toEqual({ kind: 'finish' });
    expect(moveAfterAction(review, { action: 'reject', nextStatus: 'REJECTED' }, facts())).toEqual({ kind: 'finish' });
    expect(moveAfterAction(review, { action: 'reject', nextStatus: 'REJECTED_IN_PROGRESS' }, facts())).toBeUndefined();
  });

  it('returns to the return step on a refused visa; without a return step the refusal ends the run', () => {
    expect(moveAfterAction(approval, { action: 'viza-reject', nextStatus: 'REJECTED' }, facts())).toEqual({
      kind: 'return',
      to: 'verificare',
    });
    expect(moveAfterAction(review, { action: 'viza-reject', nextStatus: 'REJECTED' }, facts())).toEqual({ kind: 'finish' });
  });

  it('waits at a document step with a clear name until the documents are done', () => {
    const document = step('emitere', { action_type: 'generate_document', action_name: 'approve', next_step_key: 'semnare' });
    expect(arriveAt(document)).toMatchObject({ stepName: 'Așteaptă generarea documentului', runState: 'waiting_documents' });
    expect(arriveAt({ ...document, action_type: 'sign_document' }).stepName).toBe('Așteaptă semnarea documentului');
    expect(moveAfterAction(document, { action: 'approve', nextStatus: 'APPROVED' }, facts())).toBeUndefined();
    expect(moveAfterAction(document, { action: 'close-application', nextStatus: 'CLOSED' }, facts())).toEqual({ kind: 'finish' });
    expect(moveAfterDocuments(document, facts())).toEqual({ kind: 'advance', to: 'semnare' });
    expect(moveAfterDocuments(review, facts())).toBeUndefined();
  });
});
