import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { historyDetail, toHistory } from './history.js';
import {
  call,
  completeDraft,
  createDraft,
  createFilingFixture,
  DEMO,
  type FilingFixture,
  makeCnp,
  startAnafStandIn,
} from '../../../test/applications-kit.js';

/** The history tab (GET /api/applications/:id/history): the audit trail of an application, in words. */

describe('toHistory', () => {
  const row = (
    id: number,
    action: string,
    actorUserId: number | null,
    extra: Partial<Parameters<typeof toHistory>[0][0]> = {},
  ) => ({
    id,
    at: new Date(Date.UTC(2026, 10, 21, 10, id)),
    action,
    actorUserId,
    before: null,
    after: null,
    firstName: 'Ana',
    lastName: 'Pop',
    ...extra,
  });

  it('folds consecutive saves of one person and keeps the time of the last', () => {
    const entries = toHistory(
      [
        row(1, 'application.create', 7),
        row(2, 'application.update', 7),
        row(3, 'application.update', 7),
        row(4, 'application.update', 7),
        row(5, 'application.file_attach', 7, { after: { name: 'plan.pdf' } }),
        row(6, 'application.update', 7),
        row(7, 'application.update', 8, { firstName: 'Ion', lastName: null }),
      ],
      7,
    );
    expect(entries.map((e) => [e.action, e.count])).toEqual([
      ['application.create', 1],
      ['application.update', 3],
      ['application.file_attach', 1],
      ['application.update', 1],
      ['application.update', 1],
    ]);
    expect(entries[1].at).toBe(new Date(Date.UTC(2026, 10, 21, 10, 4)).toISOString());
    expect(entries[2]).toMatchObject({ label: 'Document atașat', detail: 'plan.pdf', actor_name: 'Ana Pop', by_applicant: true });
    expect(entries[4]).toMatchObject({ actor_name: 'Ion', by_applicant: false });
  });

  it('names what each action was about, never more', () => {
    expect(historyDetail('application.submit', { status: 'DRAFT' }, { identification_number: 'CJMS/1/2026' })).toBe(
      'CJMS/1/2026',
    );
    expect(
      historyDetail('application.beneficiary_add', null, { first_name: 'Ion', last_name: 'Pop', personal_numeric_code: '1' }),
    ).toBe('Ion Pop');
    expect(historyDetail('application.beneficiary_remove', { company_name: 'Construct SRL', cui: '1' }, null)).toBe(
      'Construct SRL',
    );
    expect(historyDetail('application.real_estate_remove', { cadastral_number: '123456' }, null)).toBe('123456');
    expect(historyDetail('application.update', { form: { a: 1 } }, { form: { a: 2 } })).toBeNull();
  });
});

describe('GET /api/applications/:id/history', () => {
  let t: TestApp;
  let anaf: Awaited<ReturnType<typeof startAnafStandIn>>;
  let fixture: FilingFixture;
  let id: number;
  beforeAll(async () => {
    anaf = await startAnafStandIn([]);
    t = await createTestApp({ ANAF_API_URL: anaf.url });
    fixture = await createFilingFixture(t);
    id = await createDraft(t, DEMO.citizen, fixture.typeId);
    await call(t, 'PATCH', `/api/applications/${id}`, DEMO.citizen, { purpose: 'Prima salvare' });
    await completeDraft(t, DEMO.citizen, id, 41);
    expect((await call(t, 'PUT', `/api/applications/${id}/send`, DEMO.citizen)).statusCode).toBe(200);
    expect((await call(t, 'POST', `/api/applications/${id}/comment`, DEMO.citizen, { text: 'Mulțumesc' })).statusCode).toBe(201);
  });
  afterAll(async () => {
    await t?.close();
    await anaf?.close();
  });

  it('tells the applicant every step, oldest first, with its detail', async () => {
    const response = await call(t, 'GET', `/api/applications/${id}/history`, DEMO.citizen);
    expect(response.statusCode).toBe(200);
    const entries = response.json().data as { action: string; label: string; detail: string | null; count: number }[];
    expect(entries.map((e) => e.action)).toEqual([
      'application.create',
      'application.update',
      'application.file_attach',
      'application.beneficiary_add',
      'application.real_estate_add',
      'application.submit',
      'application.comment',
    ]);
    // The purpose and the form answers were two saves in a row.
    expect(entries[1]).toMatchObject({ label: 'Ciornă salvată', count: 2 });
    expect(entries[3].detail).toBe('Ion Popescu41');
    expect(entries[4].detail).toBe(String(200041));
    const record = (await call(t, 'GET', `/api/applications/${id}`, DEMO.citizen)).json().data;
    expect(entries[5]).toMatchObject({ label: 'Cerere depusă', detail: record.identification_number });
  });

  it('never carries the stored values (personal numeric codes, answers)', async () => {
    const body = (await call(t, 'GET', `/api/applications/${id}/history`, DEMO.citizen)).body;
    expect(body).not.toContain(makeCnp(41));
    expect(body).not.toContain('Locuință P+1');
  });

  it('is read by the organisation’s staff once submitted', async () => {
    const response = await call(t, 'GET', `/api/applications/${id}/history`, DEMO.staff);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.at(-1)).toMatchObject({ action: 'application.comment', by_applicant: true });
  });

  it('is hidden from another applicant (404)', async () => {
    expect((await call(t, 'GET', `/api/applications/${id}/history`, DEMO.company)).statusCode).toBe(404);
  });
});
