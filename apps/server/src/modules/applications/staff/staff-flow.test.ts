import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, domainEvents } from '../../../db/schema/index.js';
import { call, startAnafStandIn } from '../../../../test/applications-kit.js';
import { createTestApp, type TestApp } from '../../../../test/test-app.js';
import { buildStaffFixture, fileApplication, type StaffFixture, staffCall } from './staff-kit.js';

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
