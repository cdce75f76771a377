import {
  allowedFrom,
  APPLICATION_STATUSES,
  type ApplicationStatus,
  nextStatus,
  DOCUMENT_STAFF_ACTIONS,
  STAFF_ACTIONS,
  type StaffActionName,
} from '@ghiseu/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationConsultations, applicationFiles } from '../../../db/schema/index.js';
import { DEMO, startAnafStandIn } from '../../../../test/applications-kit.js';
import { buildStaff, type SignedIn } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/test-app.js';
import { registerWorkflowHook, unregisterWorkflowHook } from './workflow-hook.js';
import { buildStaffFixture, fileApplication, setState, type StaffFixture, staffCall, statusOf } from './staff-kit.js';

/**
 * Every staff action × every status, generated from the transition table (allowed: the status
 * it names; not allowed: 409; a draft is nobody's but the applicant's: 404), and every action ×
 * role (no key: 403; out of scope: 404; in scope without the relation: 403).
 */

let t: TestApp;
let anaf: Awaited<ReturnType<typeof startAnafStandIn>>;
let f: StaffFixture;
let id: number;
let fileId: number;
let admin: SignedIn;
beforeAll(async () => {
  anaf = await startAnafStandIn([]);
  t = await createTestApp({ ANAF_API_URL: anaf.url });
  f = await buildStaffFixture(t);
  id = await fileApplication(t, f);
  const [link] = await t.ctx.db.select().from(applicationFiles).where(eq(applicationFiles.applicationId, id));
  fileId = link.fileId;
  admin = await buildStaff(t, f.organisationId, { admin: true });
  // A process engine that keeps every default: start-process then has something to call.
  registerWorkflowHook({ start: async () => ({ stepName: 'Verificare', functionId: null }), afterAction: async () => undefined });
}, 180_000);
afterAll(async () => {
  unregisterWorkflowHook();
  await t?.close();
  await anaf?.close();
});

interface Call {
  method: 'PATCH' | 'PUT' | 'POST';
  url: string;
  body: unknown;
  ok: number;
  asConsultant?: boolean;
}

/** A fresh file link of the application (remove-document and the zip need one). */
async function newLink(): Promise<number> {
  const [row] = await t.ctx.db
    .insert(applicationFiles)
    .values({ applicationId: id, fileId, fileType: 'input', category: 'plan_situatie' })
    .returning({ id: applicationFiles.id });
  return row.id;
}

/** The valid call of each action. */
async function callOf(action: StaffActionName): Promise<Call> {
  const patch = (url: string, body: unknown = {}): Call => ({ method: 'PATCH', url: `/${id}/${url}`, body, ok: 200 });
  const put = (url: string, body: unknown = {}): Call => ({ method: 'PUT', url: `/${id}/${url}`, body, ok: 200 });
  switch (action) {
    case 'register':
      return patch('register');
    case 'assign':
      return patch('assign', { assignee_user_id: f.supervisor.id });
    case 'assign-reviewer':
      return patch('assign-reviewer', { reviewer_user_id: f.supervisor.id });
    case 'send-to-consultant':
      return patch('send-to-consultant', { consultant_user_id: f.consultantId, question: 'Este conform PUG?' });
    case 'consultant-review':
      await t.ctx.db
        .insert(applicationConsultations)
        .values({ applicationId: id, consultantUserId: f.consultantId, requestedBy: f.supervisor.id, question: 'Avizați?' });
      return { ...patch('consultant-review', { answer: 'Conform.' }), asConsultant: true };
    case 'staff-review':
      return patch('staff-review', { review_status: 'approved', comment: 'Bine' });
    case 'application-reviewed-by-staff-function':
      return patch('application-reviewed-by-staff-function', { form_staff: { observatii: 'Verificat', numar_exemplare: 2 } });
    case 'request-clarification':
      return patch('request-clarification', { message: 'Completați actele.' });
    case 'response-due-in-days':
      return patch('response-due-in-days', { application_type_remaining_period: 20 });
    case 'modify-application-type':
      return patch('modify-application-type', { application_type_id: f.otherTypeId });
    case 'remove-document':
      return patch('remove-document', { file_id: await newLink() });
    case 'download-compression':
      return patch('download-compression', { files: [await newLink()] });
    case 'start-process':
      return patch('start-process');
    case 'approve':
      return put('approve', { comment: null });
    case 'reject':
      return put('reject', { rejected_reason: 'Documentație incompletă', reject_form: { temei_legal: 'Legea 50/1991' } });
    case 'viza-reject':
      return put('viza-reject', { rejected_reason: 'Viza refuzată' });
    case 'staff-review-document':
      return put('staff-review-document');
    case 'manual-completion':
      return patch('manual-completion?force=true');
    case 'close-application':
      return patch('close-application');
    case 'comment':
      return { method: 'POST', url: `/${id}/comment`, body: { text: 'Notă' }, ok: 201 };
    default:
      throw new Error(`${action}: tested with the documents capability`);
  }
}

/** The application in `status`, registered (unless NEW), handled and reviewed by the supervisor. */
const reset = (status: ApplicationStatus) =>
  setState(t, id, {
    status,
    applicationTypeId: f.typeId,
    registeredAt: status === 'NEW' ? null : new Date(),
    responseDueDate: status === 'NEW' ? null : '2030-01-15',
    clockPausedAt: null,
    assigneeUserId: f.supervisor.id,
    reviewerUserId: f.supervisor.id,
  });

describe('every action × every status (the transition table)', () => {
  // The documents capability's actions are tested with their routes (applications/documents, signing).
  for (const action of STAFF_ACTIONS.filter((a) => !(DOCUMENT_STAFF_ACTIONS as readonly string[]).includes(a))) {
    it(action, async () => {
      for (const status of APPLICATION_STATUSES) {
        await reset(status);
        const c = await callOf(action);
        const response = await staffCall(t, c.method, c.url, c.asConsultant ? DEMO.consultant : f.supervisor, c.body);
        const next = nextStatus(action, status);
        const label = `${action} from ${status}: ${response.body.slice(0, 200)}`;
        if (status === 'DRAFT') {
          expect(response.statusCode, label).toBe(404);
        } else if (next === undefined) {
          expect(response.statusCode, label).toBe(409);
          expect(['APPLICATION_ACTION_NOT_ALLOWED', 'REQUEST_ALREADY_CONFIRMED'], label).toContain(response.json().message);
          expect(await statusOf(t, id)).toBe(status);
        } else {
          expect(response.statusCode, label).toBe(c.ok);
          expect(await statusOf(t, id), label).toBe(next);
          if (action === 'download-compression') expect(response.headers['content-type']).toBe('application/zip');
        }
      }
    });
  }
});

describe('every action × role', () => {
  // The documents capability's actions are tested with their routes (applications/documents, signing).
  for (const action of STAFF_ACTIONS.filter((a) => !(DOCUMENT_STAFF_ACTIONS as readonly string[]).includes(a))) {
    it(action, async () => {
      const status = allowedFrom(action).find((s) => s !== 'DRAFT') as ApplicationStatus;
      const readKeyOnly = ['consultant-review', 'download-compression', 'comment'].includes(action);
      const outcomes: [string, SignedIn | string, number[]][] = [
        ['citizen', f.citizen, [403]],
        ['consultant without a consultation', DEMO.consultant, readKeyOnly ? [404] : [403]],
        // The organisation's administrator holds the read key, not applicationsStaffOwnEdit nor responseDueDaysEdit.
        ['admin without the edit key', admin, readKeyOnly ? [404] : [403]],
        ['clerk of another organisation', f.stranger, [404]],
        ['clerk who sees only their own', f.plain, [404]],
      ];
      for (const [who, actor, expected] of outcomes) {
        await reset(status);
        await setState(t, id, { assigneeUserId: f.supervisor.id, reviewerUserId: f.supervisor.id });
        await t.ctx.db.delete(applicationConsultations).where(eq(applicationConsultations.applicationId, id));
        const c = await callOf(action);
        await t.ctx.db.delete(applicationConsultations).where(eq(applicationConsultations.applicationId, id));
        const response = await staffCall(t, c.method, c.url, actor, c.body);
        expect(expected, `${action} by ${who}: ${response.statusCode} ${response.body.slice(0, 200)}`).toContain(
          response.statusCode,
        );
        expect(await statusOf(t, id)).toBe(status);
      }
    });
  }

  it('lets a clerk who sees the organisation act only where the relation allows', async () => {
    await reset('PENDING');
    const approve = await staffCall(t, 'PUT', `/${id}/approve`, f.clerk, {});
    expect(approve.statusCode).toBe(403);
    expect(approve.json().message).toBe('FORBIDDEN');
    const take = await staffCall(t, 'PATCH', `/${id}/assign`, f.clerk, { assignee_user_id: f.clerk.id });
    expect(take.statusCode).toBe(409);
    expect(take.json().message).toBe('APPLICATION_ALREADY_ASSIGNED');
    await setState(t, id, { assigneeUserId: null });
    const other = await staffCall(t, 'PATCH', `/${id}/assign`, f.clerk, { assignee_user_id: f.supervisor.id });
    expect(other.statusCode).toBe(403);
    const mine = await staffCall(t, 'PATCH', `/${id}/assign`, f.clerk, { assignee_user_id: f.clerk.id });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().data.abilities).toMatchObject({ canApprove: true, canReject: true, canAssign: false });
    const wrong = await staffCall(t, 'PATCH', `/${id}/assign`, f.supervisor, { assignee_user_id: f.stranger.id });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('INVALID_ASSIGNEE');
  });
});
