import type { ProcessStepInput } from '@ghiseu/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO } from '../../../test/administration-kit.js';
import {
  buildApplicationType,
  buildCitizen,
  buildFunction,
  buildOrganisation,
  buildStaff,
  buildSubmittedApplication,
} from '../../../test/factories.js';
import { TARGU_MURES } from '../../../test/administration-kit.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { applicationProcessHistory, applications, auditLog, domainEvents } from '../../db/schema/index.js';
import { completeDocumentStep, processEngine } from './engine.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

let sequence = 0;
const uniqueName = (base: string) => `${base} ${++sequence}-${Math.random().toString(36).slice(2, 7)}`;

async function createProcess(body: Record<string, unknown> = {}) {
  const response = await call(t, 'POST', '/api/processes', DEMO.superadmin, { name: uniqueName('Proces'), ...body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

const putSteps = (id: number, steps: ProcessStepInput[]) =>
  call(t, 'PUT', `/api/processes/${id}/steps`, DEMO.superadmin, { steps });
const publish = (id: number) => call(t, 'POST', `/api/processes/${id}/publish`, DEMO.superadmin);

/** Registration check → technical review (by `functionId`) → approval, which can return to the review. */
const threeSteps = (functionId: number | null = null): ProcessStepInput[] => [
  {
    key: 'verificare',
    name: 'Verificare dosar',
    is_start: true,
    action_name: 'assign',
    next_step_key: 'analiza',
    application_status: 'PENDING',
  },
  {
    key: 'analiza',
    name: 'Analiză tehnică',
    action_name: 'approve',
    next_step_key: 'aprobare',
    function_id: functionId,
    conditions: [{ source: 'form_field', field: 'scop', operator: 'eq', value: 'demolare', next_step_key: 'emitere' }],
    gis_mappings: [
      {
        layer: 'PUG Târgu Mureș',
        sublayer: 'UTR',
        gis_attribute: 'cod_utr',
        metadata_name: 'utr',
        intersection_type: 'partial',
        completion_method: 'manual',
        manual_value: 'L1a',
      },
    ],
  },
  { key: 'aprobare', name: 'Aprobare șef serviciu', action_name: 'close-application', return_step_key: 'analiza' },
  { key: 'emitere', name: 'Emitere aviz', action_type: 'generate_document', action_name: 'approve', next_step_key: 'aprobare' },
];

async function publishedProcess(steps: ProcessStepInput[], body: Record<string, unknown> = {}) {
  const process = await createProcess(body);
  const saved = await putSteps(process.id, steps);
  expect(saved.statusCode, saved.body).toBe(200);
  const published = await publish(process.id);
  expect(published.statusCode, published.body).toBe(200);
  return published.json().data;
}

describe('processes: permissions', () => {
  it('lets only the super administrator use the process editor (spec §6)', async () => {
    expect((await call(t, 'GET', '/api/processes')).json()).toEqual({ message: 'AUTH_REQUIRED' });
    for (const who of [DEMO.citizen, DEMO.staff, DEMO.admin, DEMO.company, DEMO.consultant]) {
      expect((await call(t, 'GET', '/api/processes', who)).statusCode, who).toBe(403);
      expect((await call(t, 'POST', '/api/processes', who, { name: 'X' })).json(), who).toEqual({ message: 'FORBIDDEN' });
      expect((await call(t, 'GET', '/api/processes/1', who)).statusCode, who).toBe(403);
      expect((await call(t, 'PUT', '/api/processes/1', who, { name: 'X' })).statusCode, who).toBe(403);
      expect((await call(t, 'PUT', '/api/processes/1/steps', who, { steps: [] })).statusCode, who).toBe(403);
      expect((await call(t, 'POST', '/api/processes/1/publish', who)).statusCode, who).toBe(403);
      expect((await call(t, 'DELETE', '/api/processes/1', who)).statusCode, who).toBe(403);
    }
    expect((await call(t, 'GET', '/api/processes', DEMO.superadmin)).statusCode).toBe(200);
  });
});

describe('processes: general data', () => {
  it('creates a draft, edits it, lists it with filters and sorts, each change audited', async () => {
    const process = await createProcess({ name: uniqueName('Autorizare construire'), description: 'Circuitul AC' });
    expect(process).toMatchObject({
      status: 'draft',
      organisation_id: null,
      step_count: 0,
      steps: [],
      usage: { application_types: 0, runs: 0 },
      abilities: { canEdit: true, canPublish: false, canDelete: true },
      problems: [{ code: 'no_steps' }],
    });
    const renamed = await call(t, 'PUT', `/api/processes/${process.id}`, DEMO.superadmin, {
      name: `${process.name} (v2)`,
      description: null,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data).toMatchObject({ name: `${process.name} (v2)`, description: null });

    const list = await call(
      t,
      'GET',
      `/api/processes?status[eq]=draft&orLikeQuery=${encodeURIComponent('(v2)')}&sortKey=-updated_at&pagination=true`,
      DEMO.superadmin,
    );
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.map((p: { id: number }) => p.id)).toContain(process.id);
    expect(list.json().pagination.total).toBeGreaterThanOrEqual(1);
    expect((await call(t, 'GET', '/api/processes?sortKey=name&limit=5', DEMO.superadmin)).statusCode).toBe(200);
    expect((await call(t, 'GET', '/api/processes?secret[eq]=1', DEMO.superadmin)).json().message).toBe('INVALID_QUERY');

    const actions = (
      await t.ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityType, 'process'), eq(auditLog.entityId, String(process.id))))
        .orderBy(auditLog.id)
    ).map((a) => a.action);
    expect(actions).toEqual(['process.create', 'process.update']);
  });

  it('refuses a duplicate name whatever the case (WORKFLOW_EXISTS)', async () => {
    const name = uniqueName('Proces unic');
    await createProcess({ name });
    const again = await call(t, 'POST', '/api/processes', DEMO.superadmin, { name: ` ${name.toUpperCase()} ` });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'WORKFLOW_EXISTS' });
    const other = await createProcess();
    const rename = await call(t, 'PUT', `/api/processes/${other.id}`, DEMO.superadmin, { name: name.toLowerCase() });
    expect(rename.json()).toEqual({ message: 'WORKFLOW_EXISTS' });
  });

  it('deletes an unused process; answers 404 for one that does not exist', async () => {
    const process = await createProcess();
    expect((await call(t, 'DELETE', `/api/processes/${process.id}`, DEMO.superadmin)).statusCode).toBe(204);
    expect((await call(t, 'GET', `/api/processes/${process.id}`, DEMO.superadmin)).statusCode).toBe(404);
  });
});

describe('processes: steps', () => {
  it('stores every step field, the conditional routes and the GIS settings, in order', async () => {
    const fixture = await buildApplicationType(t);
    const fn = await buildFunction(t, fixture.organisationId);
    const process = await createProcess({ organisation_id: fixture.organisationId });
    const saved = await putSteps(process.id, [
      ...threeSteps(fn).slice(0, 2),
      {
        key: 'aprobare',
        name: 'Aprobare șef serviciu',
        action_name: 'close-application',
        return_step_key: 'analiza',
        file_type: 'output',
        file_status: 'signed',
        extra_document_template_id: 4,
        generated_file_public: true,
        sign_by_assigned_user: true,
        sign_with_visa: true,
        application_status: 'APPROVED',
      },
      threeSteps()[3],
    ]);
    expect(saved.statusCode, saved.body).toBe(200);
    const record = saved.json().data;
    expect(record.problems).toEqual([]);
    expect(record.step_count).toBe(4);
    expect(record.steps.map((s: { key: string; position: number }) => [s.key, s.position])).toEqual([
      ['verificare', 0],
      ['analiza', 1],
      ['aprobare', 2],
      ['emitere', 3],
    ]);
    expect(record.steps[1]).toMatchObject({
      function_id: fn,
      conditions: [{ source: 'form_field', field: 'scop', operator: 'eq', value: 'demolare', next_step_key: 'emitere' }],
      gis_mappings: [
        {
          layer: 'PUG Târgu Mureș',
          intersection_type: 'partial',
          completion_method: 'manual',
          manual_value: 'L1a',
          organisation_id: null,
        },
      ],
    });
    expect(record.steps[2]).toMatchObject({
      file_type: 'output',
      file_status: 'signed',
      extra_document_template_id: 4,
      generated_file_public: true,
      sign_by_assigned_user: true,
      sign_with_visa: true,
      application_status: 'APPROVED',
      return_step_key: 'analiza',
    });
    const read = await call(t, 'GET', `/api/processes/${process.id}`, DEMO.superadmin);
    expect(read.json().data).toEqual(record);
  });

  it('refuses repeated names, missing steps, unknown actions and foreign functions, naming the fields', async () => {
    const process = await createProcess();
    const broken = await putSteps(process.id, [
      { key: 'a', name: 'Verificare', is_start: true, action_name: 'approve', next_step_key: 'lipsa' },
      { key: 'b', name: 'VERIFICARE', action_name: 'dans', return_step_key: 'nicaieri' },
    ]);
    expect(broken.statusCode).toBe(400);
    expect(broken.json().data.fields.map((f: { path: string }) => f.path)).toEqual([
      'body.steps.1.name',
      'body.steps.0.next_step_key',
      'body.steps.1.return_step_key',
      'body.steps.1.action_name',
    ]);

    const fixture = await buildApplicationType(t);
    const foreignFunction = await buildFunction(t, fixture.organisationId);
    const owned = await createProcess({ organisation_id: (await buildApplicationType(t)).organisationId });
    const foreign = await putSteps(owned.id, [
      { key: 'a', name: 'A', is_start: true, action_name: 'approve', function_id: foreignFunction },
    ]);
    expect(foreign.json()).toMatchObject({
      message: 'VALIDATION_ERROR',
      data: { fields: [{ path: 'body.steps.0.function_id', message: 'Funcția nu aparține instituției procesului' }] },
    });
    const manual = await putSteps(process.id, [
      {
        key: 'a',
        name: 'A',
        is_start: true,
        action_name: 'approve',
        gis_mappings: [
          { layer: 'L', gis_attribute: 'x', metadata_name: 'y', intersection_type: 'total', completion_method: 'manual' },
        ],
      },
    ]);
    expect(manual.json().data.fields).toEqual([
      { path: 'body.steps.0.gis_mappings.0.manual_value', message: 'Completați valoarea manuală' },
    ]);
  });

  it('saves a draft whose start step is not first, listing what blocks the publication', async () => {
    const process = await createProcess();
    const steps = threeSteps();
    steps[0].is_start = false;
    steps[2].is_start = true;
    const saved = await putSteps(process.id, steps);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.problems.map((p: { code: string }) => p.code)).toEqual(['start_step_not_first']);
  });
});

describe('processes: publication', () => {
  it('refuses to publish when the start step is not first, leaving the process not published', async () => {
    const process = await createProcess();
    const steps = threeSteps();
    steps[0].is_start = false;
    steps[1].is_start = true;
    await putSteps(process.id, steps);
    const refused = await publish(process.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      message: 'WORKFLOW_START_STEP_NOT_FIRST',
      data: { problems: [{ code: 'start_step_not_first', step_key: 'analiza' }] },
    });
    const read = (await call(t, 'GET', `/api/processes/${process.id}`, DEMO.superadmin)).json().data;
    expect(read).toMatchObject({ status: 'not_published', abilities: { canEdit: true } });
    const [refusal] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'process.publish_refused'), eq(auditLog.entityId, String(process.id))));
    expect(refusal.after).toEqual({ status: 'not_published', problems: ['start_step_not_first'] });
  });

  it('refuses an invalid definition (an unreachable step, no steps) with WORKFLOW_INVALID', async () => {
    const empty = await createProcess();
    expect((await publish(empty.id)).json()).toMatchObject({
      message: 'WORKFLOW_INVALID',
      data: { problems: [{ code: 'no_steps' }] },
    });
    const process = await createProcess();
    await putSteps(process.id, [...threeSteps(), { key: 'uitat', name: 'Pas uitat', action_name: 'approve' }]);
    const refused = await publish(process.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      message: 'WORKFLOW_INVALID',
      data: { problems: [{ code: 'unreachable_step', step_key: 'uitat' }] },
    });
  });

  it('publishes a valid process, which is then frozen and offered to application types', async () => {
    const fixture = await buildApplicationType(t);
    const process = await publishedProcess(threeSteps(), { organisation_id: fixture.organisationId });
    expect(process).toMatchObject({ status: 'published', abilities: { canEdit: false, canPublish: false, canDelete: true } });
    expect(process.published_at).toEqual(expect.any(String));

    expect((await call(t, 'PUT', `/api/processes/${process.id}`, DEMO.superadmin, { name: 'Altul' })).json().message).toBe(
      'WORKFLOW_NOT_EDITABLE',
    );
    expect((await putSteps(process.id, [])).json().message).toBe('WORKFLOW_NOT_EDITABLE');
    expect((await publish(process.id)).json().message).toBe('WORKFLOW_NOT_EDITABLE');

    const own = (
      await call(t, 'GET', `/api/processes/published?organisation_id=${fixture.organisationId}`, DEMO.superadmin)
    ).json().data;
    expect(own.map((p: { id: number }) => p.id)).toContain(process.id);
    const other = await buildApplicationType(t);
    const foreign = (
      await call(t, 'GET', `/api/processes/published?organisation_id=${other.organisationId}`, DEMO.superadmin)
    ).json().data;
    expect(foreign.map((p: { id: number }) => p.id)).not.toContain(process.id);

    // The application type takes it; a draft process or another organisation's is refused.
    const attached = await call(t, 'PATCH', `/api/application-types/${fixture.typeId}`, DEMO.superadmin, {
      workflow_id: process.id,
    });
    expect(attached.statusCode, attached.body).toBe(200);
    expect(attached.json().data.workflow_id).toBe(process.id);
    const draft = await createProcess();
    for (const [typeId, workflowId] of [
      [fixture.typeId, draft.id],
      [other.typeId, process.id],
    ]) {
      const refused = await call(t, 'PATCH', `/api/application-types/${typeId}`, DEMO.superadmin, { workflow_id: workflowId });
      expect(refused.json()).toMatchObject({ message: 'VALIDATION_ERROR', data: { fields: [{ path: 'body.workflow_id' }] } });
    }

    const inUse = await call(t, 'DELETE', `/api/processes/${process.id}`, DEMO.superadmin);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json()).toMatchObject({ message: 'WORKFLOW_IN_USE', data: { application_types: 1, runs: 0 } });
  });
});

describe('the engine (through the workflow hook)', () => {
  async function applicationOfType(steps: ProcessStepInput[], options: { functionInOrg?: boolean } = {}) {
    const fixture = await buildApplicationType(t);
    const fn = options.functionInOrg ? await buildFunction(t, fixture.organisationId) : null;
    const process = await publishedProcess(
      steps.map((s) => (s.key === 'analiza' ? { ...s, function_id: fn } : s)),
      { organisation_id: fixture.organisationId },
    );
    await call(t, 'PATCH', `/api/application-types/${fixture.typeId}`, DEMO.superadmin, { workflow_id: process.id });
    const citizen = await buildCitizen(t);
    const application = await buildSubmittedApplication(t, citizen, { fixture });
    const staffId = (
      await t.ctx.db.select({ id: applications.createdBy }).from(applications).where(eq(applications.id, application.id))
    )[0].id;
    const facts = {
      applicationId: application.id,
      organisationId: fixture.organisationId,
      applicationTypeId: fixture.typeId,
      status: 'REGISTERED' as const,
      actorUserId: staffId,
    };
    return { fixture, fn, process, application, facts };
  }

  const inTx = <T>(work: (tx: Parameters<Parameters<TestApp['ctx']['db']['transaction']>[0]>[0]) => Promise<T>) =>
    t.ctx.db.transaction(work);

  it('starts at the first step and moves on the step actions, routes, returns and finishes, writing history', async () => {
    const { process, facts, fn } = await applicationOfType(threeSteps(), { functionInOrg: true });
    const started = await inTx((tx) => processEngine.start(tx, facts));
    expect(started).toEqual({ status: 'PENDING', functionId: null, stepName: 'Verificare dosar' });
    expect((await call(t, 'GET', `/api/processes/${process.id}`, DEMO.superadmin)).json().data.status).toBe('processing');
    expect((await inTx((tx) => processEngine.start(tx, facts)).catch((e) => e)).code).toBe('WORKFLOW_ALREADY_STARTED');

    // Another action than the step's leaves the process where it is.
    expect(
      await inTx((tx) => processEngine.afterAction(tx, { ...facts, action: 'comment', nextStatus: 'PENDING' })),
    ).toBeUndefined();
    const toReview = await inTx((tx) =>
      processEngine.afterAction(tx, { ...facts, status: 'PENDING', action: 'assign', nextStatus: 'PENDING' }),
    );
    expect(toReview).toEqual({ status: undefined, functionId: fn, stepName: 'Analiză tehnică' });
    const toApproval = await inTx((tx) =>
      processEngine.afterAction(tx, { ...facts, status: 'PENDING', action: 'approve', nextStatus: 'APPROVED' }),
    );
    expect(toApproval).toEqual({ status: undefined, functionId: null, stepName: 'Aprobare șef serviciu' });
    // A refused visa returns to the analysis, keeping the status the application had.
    const returned = await inTx((tx) =>
      processEngine.afterAction(tx, { ...facts, status: 'APPROVED', action: 'viza-reject', nextStatus: 'REJECTED' }),
    );
    expect(returned).toEqual({ status: 'APPROVED', functionId: fn, stepName: 'Analiză tehnică' });
    await inTx((tx) =>
      processEngine.afterAction(tx, { ...facts, status: 'APPROVED', action: 'approve', nextStatus: 'APPROVED' }),
    );
    const finished = await inTx((tx) =>
      processEngine.afterAction(tx, { ...facts, status: 'RESOLVED', action: 'close-application', nextStatus: 'CLOSED' }),
    );
    expect(finished).toEqual({ functionId: null, stepName: null });
    expect(
      await inTx((tx) => processEngine.afterAction(tx, { ...facts, action: 'approve', nextStatus: 'APPROVED' })),
    ).toBeUndefined();

    const run = (await call(t, 'GET', `/api/application-processes/${facts.applicationId}`, DEMO.superadmin)).json().data;
    expect(run).toMatchObject({ process_id: process.id, state: 'finished', current_step: null });
    expect(run.history.map((h: { kind: string; to_step_name: string | null }) => [h.kind, h.to_step_name])).toEqual([
      ['start', 'Verificare dosar'],
      ['advance', 'Analiză tehnică'],
      ['advance', 'Aprobare șef serviciu'],
      ['return', 'Analiză tehnică'],
      ['advance', 'Aprobare șef serviciu'],
      ['finish', null],
    ]);
    // The last run ended: the process is published again, and it stays in use.
    const after = (await call(t, 'GET', `/api/processes/${process.id}`, DEMO.superadmin)).json().data;
    expect(after).toMatchObject({ status: 'published', usage: { runs: 1 }, abilities: { canDelete: false } });
    const events = await t.ctx.db.select().from(domainEvents).where(eq(domainEvents.entityId, facts.applicationId));
    expect(events.map((e) => e.type)).toEqual(
      expect.arrayContaining(['application.process_started', 'application.process_moved', 'application.process_finished']),
    );
  });

  it('follows a conditional route on a form answer and waits at a document step with a clear name', async () => {
    const { facts } = await applicationOfType(threeSteps());
    await t.ctx.db
      .update(applications)
      .set({ formData: { scop: 'Demolare' } })
      .where(eq(applications.id, facts.applicationId));
    await inTx((tx) => processEngine.start(tx, facts));
    await inTx((tx) => processEngine.afterAction(tx, { ...facts, action: 'assign', nextStatus: 'PENDING' }));
    const routed = await inTx((tx) => processEngine.afterAction(tx, { ...facts, action: 'approve', nextStatus: 'APPROVED' }));
    expect(routed).toMatchObject({ stepName: 'Așteaptă generarea documentului' });
    const run = (await call(t, 'GET', `/api/application-processes/${facts.applicationId}`, DEMO.superadmin)).json().data;
    expect(run).toMatchObject({ state: 'waiting_documents', current_step: { key: 'emitere', name: 'Emitere aviz' } });
    expect(run.history.at(-1)).toMatchObject({ kind: 'route', from_step_name: 'Analiză tehnică', to_step_name: 'Emitere aviz' });
    // Staff actions do not move a step that waits for documents.
    expect(
      await inTx((tx) => processEngine.afterAction(tx, { ...facts, action: 'approve', nextStatus: 'APPROVED' })),
    ).toBeUndefined();
    const rows = await t.ctx.db
      .select()
      .from(applicationProcessHistory)
      .where(eq(applicationProcessHistory.applicationId, facts.applicationId));
    expect(rows).toHaveLength(3);

    // Only the completion the step waits for moves it: a signature does not finish a generate step.
    const base = { applicationId: facts.applicationId, organisationId: facts.organisationId, actorUserId: facts.actorUserId };
    expect(await inTx((tx) => completeDocumentStep(tx, { ...base, completed: 'signed' }))).toBeUndefined();
    const moved = await inTx((tx) => completeDocumentStep(tx, { ...base, completed: 'generated' }));
    expect(moved).toMatchObject({ stepName: 'Aprobare șef serviciu' });
    const after = (await call(t, 'GET', `/api/application-processes/${facts.applicationId}`, DEMO.superadmin)).json().data;
    expect(after).toMatchObject({ state: 'running', current_step: { key: 'aprobare' } });
    expect(after.history.at(-1)).toMatchObject({ kind: 'advance', action: 'documents', from_step_name: 'Emitere aviz' });
    expect(await inTx((tx) => completeDocumentStep(tx, { ...base, completed: 'generated' }))).toBeUndefined();
  });

  it('refuses to start without a published process of the type; hides another organisation’s run', async () => {
    const fixture = await buildApplicationType(t);
    const citizen = await buildCitizen(t);
    const application = await buildSubmittedApplication(t, citizen, { fixture });
    const facts = {
      applicationId: application.id,
      organisationId: fixture.organisationId,
      applicationTypeId: fixture.typeId,
      status: 'REGISTERED' as const,
      actorUserId: citizen.id,
    };
    expect((await inTx((tx) => processEngine.start(tx, facts)).catch((e) => e)).code).toBe('WORKFLOW_NOT_PUBLISHED');
    expect(
      await inTx((tx) => processEngine.afterAction(tx, { ...facts, action: 'approve', nextStatus: 'APPROVED' })),
    ).toBeUndefined();
    // The demo clerk works for the county council, not this city hall.
    expect((await call(t, 'GET', `/api/application-processes/${application.id}`, DEMO.staff)).statusCode).toBe(404);
    expect((await call(t, 'GET', `/api/application-processes/${application.id}`, DEMO.citizen)).statusCode).toBe(403);
  });
});

describe('the engine through the staff actions (start-process, then the clerks act)', () => {
  it('moves an application of a type with a published process through its steps, status and function as defined', async () => {
    const organisation = await buildOrganisation(t, { uat_id: TARGU_MURES });
    const fixture = await buildApplicationType(t, { organisationId: organisation.id });
    const responsibility = async (permissions: string[]) => {
      const response = await call(t, 'POST', '/api/responsibilities', DEMO.superadmin, {
        name: uniqueName('Procesare'),
        permissions,
        organisation_id: organisation.id,
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().data.id as number;
    };
    const everything = await buildFunction(t, organisation.id, [
      await responsibility(['CAN_VIEW_ORGANISATIONS_APPLICATIONS', 'CAN_ASSIGN_APPLICATION']),
    ]);
    const analysts = await buildFunction(t, organisation.id, [await responsibility(['CAN_VIEW_ORGANISATIONS_APPLICATIONS'])]);
    const supervisor = await buildStaff(t, organisation.id, { functions: [everything] });
    const analyst = await buildStaff(t, organisation.id, { functions: [analysts] });

    const process = await publishedProcess(
      [
        { key: 'repartizare', name: 'Repartizare', is_start: true, action_name: 'assign', next_step_key: 'analiza' },
        {
          key: 'analiza',
          name: 'Analiză tehnică',
          action_name: 'approve',
          next_step_key: 'emitere',
          function_id: analysts,
          application_status: 'PENDING',
        },
        { key: 'emitere', name: 'Emitere certificat', action_type: 'generate_document', action_name: 'approve' },
      ],
      { organisation_id: organisation.id },
    );
    expect(
      (await call(t, 'PATCH', `/api/application-types/${fixture.typeId}`, DEMO.superadmin, { workflow_id: process.id }))
        .statusCode,
    ).toBe(200);
    const citizen = await buildCitizen(t);
    const { id } = await buildSubmittedApplication(t, citizen, { fixture });
    const staff = (method: 'GET' | 'PATCH' | 'PUT', path: string, who: { headers: Record<string, string> }, body?: unknown) =>
      call(t, method, `/api/staff-applications/${id}${path}`, who.headers, body);

    expect((await staff('PATCH', '/register', supervisor, {})).statusCode).toBe(200);
    const started = await staff('PATCH', '/start-process', supervisor, {});
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().data).toMatchObject({
      status: 'REGISTERED',
      current_step_name: 'Repartizare',
      current_function_id: null,
    });

    const assigned = await staff('PATCH', '/assign', supervisor, { assignee_user_id: supervisor.id });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json().data).toMatchObject({
      status: 'PENDING',
      current_step_name: 'Analiză tehnică',
      current_function_id: analysts,
    });
    // The analysts' function acts on this step: it is among their assigned applications.
    const mine = (await call(t, 'GET', '/api/staff-applications?assigned=true', analyst.headers)).json().data;
    expect(mine.map((r: { id: number }) => r.id)).toContain(id);

    const approved = await staff('PUT', '/approve', supervisor, {});
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data).toMatchObject({
      status: 'APPROVED',
      current_step_name: 'Așteaptă generarea documentului',
      current_function_id: null,
    });

    const run = (await call(t, 'GET', `/api/application-processes/${id}`, supervisor.headers)).json().data;
    expect(run).toMatchObject({ state: 'waiting_documents', current_step: { key: 'emitere' } });
    expect(run.history.map((h: { action: string; to_step_name: string }) => [h.action, h.to_step_name])).toEqual([
      ['start-process', 'Repartizare'],
      ['assign', 'Analiză tehnică'],
      ['approve', 'Emitere certificat'],
    ]);
    // A second start while the run goes on is refused.
    const again = await staff('PATCH', '/start-process', supervisor, {});
    expect(again.statusCode).toBe(409);
  });
});
