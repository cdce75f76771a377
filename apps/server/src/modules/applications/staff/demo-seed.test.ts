import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO } from '../../../../test/applications-kit.js';
import { createTestApp, type TestApp } from '../../../../test/test-app.js';
import { seedDemoStaffApplications } from '../../../seed/demo-staff-applications.js';
import { staffCall } from './staff-kit.js';

/** The demo data of staff processing: staff@'s lists are not empty after `npm start`. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('demo staff applications', () => {
  it('gives staff@ an inbox, assigned and review lists, in every status the actions reach', async () => {
    const inbox = (await staffCall(t, 'GET', '?limit=100', DEMO.staff)).json().data;
    const completed = (await staffCall(t, 'GET', '?view=completed&limit=100', DEMO.staff)).json().data;
    const statuses = new Set([...inbox, ...completed].map((r: { status: string }) => r.status));
    for (const status of ['NEW', 'REGISTERED', 'PENDING', 'REVIEW', 'APPROVED', 'REJECTED', 'RESOLVED', 'CLOSED'])
      expect(statuses, status).toContain(status);
    expect((await staffCall(t, 'GET', '?assigned=true', DEMO.staff)).json().data.length).toBeGreaterThan(0);
    expect((await staffCall(t, 'GET', '?to_review=true', DEMO.staff)).json().data.length).toBeGreaterThan(0);
    const counters = (await staffCall(t, 'GET', '/counters', DEMO.staff)).json().data;
    expect(counters.assigned).toBeGreaterThan(0);
    expect(counters.to_review).toBeGreaterThan(0);
    expect(inbox.some((r: { overdue: boolean }) => r.overdue)).toBe(true);
    // Registered at the desk or online, every registered one runs on the legal clock.
    for (const row of inbox.filter((r: { status: string }) => r.status !== 'NEW'))
      expect(row.response_due_date, row.identification_number).not.toBeNull();
    const review = inbox.find((r: { status: string }) => r.status === 'REVIEW');
    expect(review.clock_paused).toBe(true);
  });

  it('runs the demo process on the demolition permit: staff@ starts it and the first step acts', async () => {
    const processes = (await call(t, 'GET', '/api/processes', DEMO.superadmin)).json().data;
    const demo = processes.find((p: { name: string }) => p.name === 'Emiterea autorizației de desființare');
    expect(demo).toMatchObject({ status: 'published' });
    const inbox = (await staffCall(t, 'GET', '?limit=100', DEMO.staff)).json().data;
    const demolition = inbox.find(
      (r: { application_type_name: string }) => r.application_type_name === 'Autorizație de desființare',
    );
    expect(demolition.abilities.canStartProcess).toBe(true);
    const started = await staffCall(t, 'PATCH', `/${demolition.id}/start-process`, DEMO.staff, {});
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().data).toMatchObject({ current_step_name: 'Verificarea dosarului', status: 'PENDING' });
    const approved = await staffCall(t, 'PUT', `/${demolition.id}/approve`, DEMO.staff, {});
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data.current_step_name).toBe('Avizul arhitectului-șef');
  });

  it('sends one to consultant@, and lets admin@ see the organisation', async () => {
    const consultant = (await staffCall(t, 'GET', '', DEMO.consultant)).json().data;
    expect(consultant).toHaveLength(1);
    expect(consultant[0].abilities.canAnswerConsultation).toBe(true);
    expect((await staffCall(t, 'GET', '?limit=100', DEMO.admin)).json().data.length).toBeGreaterThan(5);
  });

  it('shows the citizen their applications with the due date', async () => {
    const mine = (
      await t.app.inject({ method: 'GET', url: '/api/applications?limit=100', headers: await t.authHeaders(DEMO.citizen) })
    ).json().data;
    expect(mine.length).toBeGreaterThanOrEqual(4);
  });

  it('is idempotent: a second run creates nothing', async () => {
    expect(await t.ctx.db.transaction((tx) => seedDemoStaffApplications(tx))).toEqual({ applications: 0, functions: 0 });
  });
});
