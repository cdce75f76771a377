import { addWorkingDays, todayInRomania, workingDaysBetween } from '@ghiseu/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { applicationFiles, applications, applicationTypes, auditLog, domainEvents, processes } from '../../../db/schema/index.js';
import { call, DEMO, startAnafStandIn, uploadFile } from '../../../../test/applications-kit.js';
import { buildStaff, type SignedIn } from '../../../../test/factories.js';
import { SMALL_PDF } from '../../../../test/multipart.js';
import { createTestApp, type TestApp } from '../../../../test/test-app.js';
import { registerWorkflowHook, unregisterWorkflowHook, type WorkflowHook, workflowHook } from './workflow-hook.js';
import { buildStaffFixture, fileApplication, setState, type StaffFixture, staffCall, statusOf } from './staff-kit.js';

/**
 * Staff processing end to end through the API (issue 11): the clerk's path from registration to
 * approval with the citizen's clarification, the legal clock, the refusals that carry their own
 * codes, two clerks at once, the zip download, consultations and the workflow hook.
 */

let t: TestApp;
let anaf: Awaited<ReturnType<typeof startAnafStandIn>>;
let f: StaffFixture;
beforeAll(async () => {
  anaf = await startAnafStandIn([]);
  t = await createTestApp({ ANAF_API_URL: anaf.url });
  f = await buildStaffFixture(t);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await anaf?.close();
});

/** Runs `work` with `hook` as the workflow hook (none when undefined), then puts the app's engine back. */
async function withHook<T>(hook: WorkflowHook | undefined, work: () => Promise<T>): Promise<T> {
  const engine = workflowHook();
  unregisterWorkflowHook();
  if (hook) registerWorkflowHook(hook);
  try {
    return await work();
  } finally {
    unregisterWorkflowHook();
    if (engine) registerWorkflowHook(engine);
  }
}

describe('a clerk processes an application', () => {
  it('registers, assigns, asks for clarifications, gets the answer and approves', async () => {
    const id = await fileApplication(t, f);
    const seen = await staffCall(t, 'GET', `/${id}`, f.supervisor);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json().data).toMatchObject({ status: 'NEW', abilities: { canRegister: true, canApprove: false } });

    const registered = await staffCall(t, 'PATCH', `/${id}/register`, f.supervisor, {});
    expect(registered.statusCode, registered.body).toBe(200);
    const record = registered.json().data;
    expect(record.status).toBe('REGISTERED');
    expect(record.response_due_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(record.remaining_response_days).toBe(30);

    const again = await staffCall(t, 'PATCH', `/${id}/register`, f.supervisor, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('REQUEST_ALREADY_CONFIRMED');

    const assigned = await staffCall(t, 'PATCH', `/${id}/assign`, f.supervisor, { assignee_user_id: f.clerk.id });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json().data).toMatchObject({ status: 'PENDING', assignee: { id: f.clerk.id, name: 'Carmen Lucrătoare' } });

    const asked = await staffCall(t, 'PATCH', `/${id}/request-clarification`, f.clerk, {
      message: 'Completați planul de situație.',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().data).toMatchObject({ status: 'REVIEW', clock_paused: true });

    const citizenView = await call(t, 'GET', `/api/applications/${id}`, f.citizen.headers);
    expect(citizenView.json().data.comments.map((c: { text: string }) => c.text)).toContain('Completați planul de situație.');
    expect(citizenView.json().data.response_due_date).toBe(record.response_due_date);

    const answered = await call(t, 'POST', `/api/applications/${id}/send-review`, f.citizen.headers, {
      citizen_review: 'Am completat.',
    });
    expect(answered.statusCode, answered.body).toBe(200);
    const afterAnswer = (await staffCall(t, 'GET', `/${id}`, f.clerk)).json().data;
    expect(afterAnswer).toMatchObject({ status: 'PENDING', clock_paused: false });

    const approved = await staffCall(t, 'PUT', `/${id}/approve`, f.clerk, { comment: 'Documentație completă' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data.status).toBe('APPROVED');
    expect(approved.json().data.comments.find((c: { text: string }) => c.text === 'Documentație completă')).toMatchObject({
      is_internal: true,
    });

    const events = await t.ctx.db.select({ type: domainEvents.type }).from(domainEvents).where(eq(domainEvents.entityId, id));
    expect(events.map((e) => e.type)).toEqual(
      expect.arrayContaining([
        'application.registered',
        'application.assigned',
        'application.clarification_requested',
        'application.clarification_answered',
        'application.approved',
      ]),
    );
    const [approveAudit] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(id)), eq(auditLog.action, 'application.approve')));
    expect(approveAudit.before).toMatchObject({ status: 'PENDING' });
    const history = (await call(t, 'GET', `/api/applications/${id}/history`, f.citizen.headers)).json().data;
    expect(history.map((h: { label: string }) => h.label)).toEqual(
      expect.arrayContaining(['Cerere înregistrată', 'Cerere alocată', 'Solicitare de clarificări', 'Cerere aprobată']),
    );
  });
});

/** Registered and assigned to the clerk: the start of most scenarios. */
async function inWork(n: number): Promise<number> {
  const id = await fileApplication(t, f, n);
  expect((await staffCall(t, 'PATCH', `/${id}/register`, f.supervisor, {})).statusCode).toBe(200);
  expect((await staffCall(t, 'PATCH', `/${id}/assign`, f.supervisor, { assignee_user_id: f.clerk.id })).statusCode).toBe(200);
  return id;
}

describe('the legal clock', () => {
  it('counts from registration and moves the due date by the working days the clarification took', async () => {
    const id = await inWork(2);
    const record = (await staffCall(t, 'GET', `/${id}`, f.clerk)).json().data;
    const today = todayInRomania();
    expect(record.deadline).toMatchObject({ response_due_in_days: 30, paused_working_days: 0, clock_paused_since: null });
    expect(record.response_due_date).toBe(addWorkingDays(today, 30));

    expect(
      (await staffCall(t, 'PATCH', `/${id}/request-clarification`, f.clerk, { message: 'Lipsește avizul.' })).statusCode,
    ).toBe(200);
    // The request was made 12 calendar days ago: the clock stood still since then.
    const pausedAt = new Date(Date.now() - 12 * 86_400_000);
    await setState(t, id, { clockPausedAt: pausedAt });
    const paused = (await staffCall(t, 'GET', `/${id}`, f.clerk)).json().data;
    const pausedOn = todayInRomania(pausedAt);
    expect(paused.deadline.clock_paused_since).toBe(pausedOn);
    expect(paused.remaining_response_days).toBe(workingDaysBetween(pausedOn, record.response_due_date));
    // The citizen sees the clock stopped too, since the same day, and the due date not yet moved.
    const citizenPaused = (await call(t, 'GET', `/api/applications/${id}`, f.citizen.headers)).json().data;
    expect(citizenPaused).toMatchObject({
      clock_paused_since: pausedOn,
      paused_working_days: 0,
      response_due_date: record.response_due_date,
      remaining_response_days: paused.remaining_response_days,
    });

    expect(
      (await call(t, 'POST', `/api/applications/${id}/send-review`, f.citizen.headers, { citizen_review: 'Atașat.' })).statusCode,
    ).toBe(200);
    const stood = workingDaysBetween(pausedOn, today);
    expect(stood).toBeGreaterThan(0);
    const resumed = (await staffCall(t, 'GET', `/${id}`, f.clerk)).json().data;
    expect(resumed.response_due_date).toBe(addWorkingDays(record.response_due_date, stood));
    expect(resumed.deadline.paused_working_days).toBe(stood);
    expect(resumed.clock_paused).toBe(false);
    const citizen = (await call(t, 'GET', `/api/applications/${id}`, f.citizen.headers)).json().data;
    expect(citizen.response_due_date).toBe(resumed.response_due_date);
    expect(citizen.remaining_response_days).toBe(resumed.remaining_response_days);
    expect(citizen).toMatchObject({ clock_paused_since: null, paused_working_days: stood });
  });

  it('edits the response term (0–9999, "Introdu un numar") and recomputes the due date', async () => {
    const id = await inWork(3);
    const edited = await staffCall(t, 'PATCH', `/${id}/response-due-in-days`, f.clerk, {
      application_type_remaining_period: 10,
      application_date: '2026-11-27',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    // 30 Nov and 1 Dec are holidays: ten working days after Friday 27 Nov 2026 is Tuesday 15 Dec.
    expect(edited.json().data).toMatchObject({ response_due_in_days: 10, response_due_date: '2026-12-15' });
    for (const bad of [10000, -1, 'abc']) {
      const refused = await staffCall(t, 'PATCH', `/${id}/response-due-in-days`, f.clerk, {
        application_type_remaining_period: bad,
      });
      expect(refused.statusCode).toBe(400);
      expect(JSON.stringify(refused.json().data)).toContain('Introdu un numar');
    }
  });
});

describe('refusals with their own codes', () => {
  it('rejects only with the type’s rejection form filled in', async () => {
    const id = await inWork(4);
    const empty = await staffCall(t, 'PUT', `/${id}/reject`, f.clerk, { rejected_reason: 'Incomplet', reject_form: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('REJECT_FORM_STAFF');
    const invalid = await staffCall(t, 'PUT', `/${id}/reject`, f.clerk, {
      rejected_reason: 'Incomplet',
      reject_form: { alt: 'x' },
    });
    expect(invalid.statusCode).toBe(400);
    const rejected = await staffCall(t, 'PUT', `/${id}/reject`, f.clerk, {
      rejected_reason: 'Incomplet',
      reject_form: { temei_legal: 'Art. 7 din Legea 50/1991' },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().data).toMatchObject({ status: 'REJECTED_IN_PROGRESS', rejected_reason: 'Incomplet' });
    const early = await staffCall(t, 'PATCH', `/${id}/manual-completion`, f.clerk, {});
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('APPLICATION_NO_OUTPUT_DOCUMENT');
    const forced = await staffCall(t, 'PATCH', `/${id}/manual-completion?force=true`, f.clerk, {});
    expect(forced.json().data).toMatchObject({ status: 'REJECTED', overdue: false });
    expect((await staffCall(t, 'PATCH', `/${id}/close-application`, f.clerk, {})).json().data.status).toBe('CLOSED');

    const other = await inWork(5);
    await setState(t, other, { applicationTypeId: f.otherTypeId });
    const noForm = await staffCall(t, 'PUT', `/${other}/reject`, f.clerk, { rejected_reason: 'x', reject_form: { a: 1 } });
    expect(noForm.json().message).toBe('REJECT_FORM_STAFF');
  });

  it('saves the staff form checked against its published version', async () => {
    const id = await inWork(6);
    const missing = await staffCall(t, 'PATCH', `/${id}/application-reviewed-by-staff-function`, f.clerk, { form_staff: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('INVALID_FORM_VALUE');
    expect(missing.json().data.fields[0].path).toBe('body.form_staff.observatii');
    const saved = await staffCall(t, 'PATCH', `/${id}/application-reviewed-by-staff-function`, f.clerk, {
      form_staff: { observatii: 'Conform', numar_exemplare: 3 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.form_staff).toMatchObject({ observatii: 'Conform', numar_exemplare: 3 });
    expect(saved.json().data.staff_form_definition.version).toBe(1);
  });

  it('answers 409 WORKFLOW_NOT_AVAILABLE for start-process without a process engine', async () => {
    const id = await inWork(7);
    const response = await withHook(undefined, () => staffCall(t, 'PATCH', `/${id}/start-process`, f.clerk, {}));
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('WORKFLOW_NOT_AVAILABLE');
  });
});

describe('two clerks at once', () => {
  it('lets exactly one of two approvals win', async () => {
    const id = await inWork(8);
    const responses = await Promise.all([
      staffCall(t, 'PUT', `/${id}/approve`, f.clerk, {}),
      staffCall(t, 'PUT', `/${id}/approve`, f.supervisor, {}),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(responses.find((r) => r.statusCode === 409)?.json()).toMatchObject({
      message: 'APPLICATION_ACTION_NOT_ALLOWED',
      data: { reason: 'status_not_allowed', status: 'APPROVED' },
    });
    const approvals = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(id)), eq(auditLog.action, 'application.approve')));
    expect(approvals).toHaveLength(1);
  });

  it('lets exactly one of two clerks take an unassigned application', async () => {
    const id = await fileApplication(t, f, 9);
    expect((await staffCall(t, 'PATCH', `/${id}/register`, f.supervisor, {})).statusCode).toBe(200);
    const second: SignedIn = await buildStaff(t, f.organisationId, { functions: [f.viewerFunctionId] });
    const responses = await Promise.all([
      staffCall(t, 'PATCH', `/${id}/assign`, f.clerk, { assignee_user_id: f.clerk.id }),
      staffCall(t, 'PATCH', `/${id}/assign`, second, { assignee_user_id: second.id }),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(responses.find((r) => r.statusCode === 409)?.json().message).toBe('APPLICATION_ALREADY_ASSIGNED');
    const winner = responses.find((r) => r.statusCode === 200)?.json().data.assignee.id;
    const [row] = await t.ctx.db.select().from(applications).where(eq(applications.id, id));
    expect(row.assigneeUserId).toBe(winner);
    expect(row.status).toBe('PENDING');
  });
});

/** The entries of a zip: name → bytes. */
function unzip(buffer: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const entries = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(entries));
      zip.readEntry();
    });
  });
}

describe('download-compression', () => {
  it('streams a zip of the chosen files of this application only', async () => {
    const id = await inWork(10);
    const second = Buffer.concat([SMALL_PDF, Buffer.from('%% al doilea')]);
    const fileId = await uploadFile(t, f.citizen.headers, 'plan.pdf', second);
    const [extra] = await t.ctx.db
      .insert(applicationFiles)
      .values({ applicationId: id, fileId, fileType: 'input', category: 'plan_situatie' })
      .returning();
    const links = (await staffCall(t, 'GET', `/${id}`, f.clerk)).json().data.files.map((x: { id: number }) => x.id);
    expect(links).toContain(extra.id);
    const response = await staffCall(t, 'PATCH', `/${id}/download-compression`, f.clerk, { files: links });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    const entries = await unzip(response.rawPayload);
    expect([...entries.keys()].sort()).toEqual(['plan (2).pdf', 'plan.pdf']);
    expect([...entries.values()].some((b) => b.equals(SMALL_PDF))).toBe(true);
    expect([...entries.values()].some((b) => b.equals(second))).toBe(true);

    const foreign = await inWork(11);
    const [foreignLink] = await t.ctx.db.select().from(applicationFiles).where(eq(applicationFiles.applicationId, foreign));
    const refused = await staffCall(t, 'PATCH', `/${id}/download-compression`, f.clerk, { files: [foreignLink.id] });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe('FILE_NOT_EXISTS');
  });
});

describe('consultations, review and the process engine', () => {
  it('sends to a consultant, who sees it and answers; the reviewer reviews', async () => {
    const id = await inWork(12);
    const sent = await staffCall(t, 'PATCH', `/${id}/send-to-consultant`, f.clerk, {
      consultant_user_id: f.consultantId,
      question: 'Este compatibil cu PUZ?',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const asConsultant = (await staffCall(t, 'GET', `/${id}`, DEMO.consultant)).json().data;
    expect(asConsultant.abilities).toMatchObject({ canAnswerConsultation: true, canApprove: false });
    const answered = await staffCall(t, 'PATCH', `/${id}/consultant-review`, DEMO.consultant, { answer: 'Compatibil.' });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json().data.consultations[0]).toMatchObject({ question: 'Este compatibil cu PUZ?', answer: 'Compatibil.' });
    const twice = await staffCall(t, 'PATCH', `/${id}/consultant-review`, DEMO.consultant, { answer: 'Din nou' });
    expect(twice.statusCode).toBe(409);
    const notConsultant = await staffCall(t, 'PATCH', `/${id}/send-to-consultant`, f.clerk, {
      consultant_user_id: f.supervisor.id,
      question: 'x',
    });
    expect(notConsultant.json().message).toBe('INVALID_CONSULTANT');

    expect((await staffCall(t, 'PATCH', `/${id}/assign-reviewer`, f.clerk, { reviewer_user_id: f.plain.id })).statusCode).toBe(
      200,
    );
    expect((await staffCall(t, 'GET', '/counters', f.plain)).json().data.to_review).toBeGreaterThanOrEqual(1);
    const reviewed = await staffCall(t, 'PATCH', `/${id}/staff-review`, f.plain, {
      review_status: 'changes',
      comment: 'Refaceți.',
    });
    expect(reviewed.statusCode, reviewed.body).toBe(200);
    expect(reviewed.json().data.review_status).toBe('changes');
  });

  it('stores the step and function a process names; holders of the function see it as assigned', async () => {
    const id = await inWork(13);
    const stub: WorkflowHook = {
      start: async () => ({ stepName: 'Avizare', functionId: f.viewerFunctionId }),
      afterAction: async (_tx, facts) =>
        facts.action === 'approve' ? { status: 'GENERATED', stepName: 'Generare document', functionId: null } : undefined,
    };
    await withHook(stub, async () => {
      // The type names a process (the stub stands in for the engine that would run it).
      const [process] = await t.ctx.db
        .insert(processes)
        .values({ name: `Proces de test ${id}`, status: 'published', organisationId: f.organisationId })
        .returning({ id: processes.id });
      await t.ctx.db.update(applicationTypes).set({ workflowId: process.id }).where(eq(applicationTypes.id, f.typeId));
      expect((await staffCall(t, 'GET', `/${id}`, f.clerk)).json().data.abilities.canStartProcess).toBe(true);
      const started = await staffCall(t, 'PATCH', `/${id}/start-process`, f.clerk, {});
      expect(started.statusCode, started.body).toBe(200);
      expect(started.json().data).toMatchObject({ current_step_name: 'Avizare', current_function_id: f.viewerFunctionId });
      const assigned = (await staffCall(t, 'GET', '?assigned=true', f.clerk)).json().data.map((r: { id: number }) => r.id);
      expect(assigned).toContain(id);
      const approved = await staffCall(t, 'PUT', `/${id}/approve`, f.clerk, {});
      expect(approved.json().data).toMatchObject({
        status: 'GENERATED',
        current_step_name: 'Generare document',
        current_function_id: null,
      });
      expect(await statusOf(t, id)).toBe('GENERATED');
      await t.ctx.db.update(applicationTypes).set({ workflowId: null }).where(eq(applicationTypes.id, f.typeId));
    });
  });
});

describe('the citizen-side doors apply the staff scope', () => {
  /** The record, the history and a download token of an attachment, as `who` sees them. */
  async function doors(id: number, fileId: number, who: string | Record<string, string>) {
    const record = await call(t, 'GET', `/api/applications/${id}`, who);
    const history = await call(t, 'GET', `/api/applications/${id}/history`, who);
    const token = await call(t, 'POST', `/api/files/${fileId}/download-tokens`, who);
    return { record: record.statusCode, history: history.statusCode, token: token.statusCode };
  }

  it('opens to an assigned-only clerk once they are the reviewer, and to a consultant once consulted', async () => {
    const id = await inWork(14);
    const [link] = await t.ctx.db.select().from(applicationFiles).where(eq(applicationFiles.applicationId, id));

    // Without CAN_VIEW_ORGANISATIONS_APPLICATIONS and without a relation: nothing, at any door.
    const before = await doors(id, link.fileId, f.plain.headers);
    expect(before.record).not.toBe(200);
    expect(before.history).toBe(404);
    expect(before.token).not.toBe(200);
    expect((await staffCall(t, 'PATCH', `/${id}/assign-reviewer`, f.clerk, { reviewer_user_id: f.plain.id })).statusCode).toBe(
      200,
    );
    const after = await doors(id, link.fileId, f.plain.headers);
    expect(after.history).toBe(200);
    expect(after.token).toBe(200);

    // The consultant holds only the staff key: history and attachments after the consultation.
    const unasked = await doors(id, link.fileId, DEMO.consultant);
    expect([unasked.history, unasked.token]).toEqual([404, 404]);
    const sent = await staffCall(t, 'PATCH', `/${id}/send-to-consultant`, f.clerk, {
      consultant_user_id: f.consultantId,
      question: 'Aviz de specialitate?',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const asked = await doors(id, link.fileId, DEMO.consultant);
    expect([asked.history, asked.token]).toEqual([200, 200]);
  });
});
