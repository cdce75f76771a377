import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationConsultations } from '../../../db/schema/index.js';
import { DEMO, startAnafStandIn } from '../../../../test/applications-kit.js';
import { createTestApp, type TestApp } from '../../../../test/test-app.js';
import { buildStaffFixture, fileApplication, setState, type StaffFixture, staffCall } from './staff-kit.js';

/**
 * The staff work lists (spec §2, §6; issue 11): the organisation's applications only; all of
 * them with CAN_VIEW_ORGANISATIONS_APPLICATIONS, else the assigned and to-review ones; a
 * consultant only what was sent to them; the six views, filters, sorts, free text; the counters.
 */

let t: TestApp;
let anaf: Awaited<ReturnType<typeof startAnafStandIn>>;
let f: StaffFixture;
const ids: Record<'fresh' | 'assigned' | 'reviewed' | 'resolved' | 'consulted', number> = {
  fresh: 0,
  assigned: 0,
  reviewed: 0,
  resolved: 0,
  consulted: 0,
};
const numbers: Record<string, string> = {};
beforeAll(async () => {
  anaf = await startAnafStandIn([]);
  t = await createTestApp({ ANAF_API_URL: anaf.url });
  f = await buildStaffFixture(t);
  let n = 0;
  for (const key of Object.keys(ids) as (keyof typeof ids)[]) ids[key] = await fileApplication(t, f, ++n);
  const registered = { registeredAt: new Date() };
  await setState(t, ids.assigned, {
    ...registered,
    status: 'PENDING',
    assigneeUserId: f.plain.id,
    responseDueDate: '2020-03-02',
  });
  await setState(t, ids.reviewed, {
    ...registered,
    status: 'APPROVED',
    reviewerUserId: f.plain.id,
    responseDueDate: '2099-01-05',
  });
  await setState(t, ids.resolved, {
    ...registered,
    status: 'RESOLVED',
    assigneeUserId: f.plain.id,
    responseDueDate: '2020-01-06',
  });
  await setState(t, ids.consulted, { ...registered, status: 'PENDING', responseDueDate: '2098-06-01' });
  await t.ctx.db
    .insert(applicationConsultations)
    .values({ applicationId: ids.consulted, consultantUserId: f.consultantId, requestedBy: f.supervisor.id, question: 'Aviz?' });
  for (const [key, id] of Object.entries(ids))
    numbers[key] = (await staffCall(t, 'GET', `/${id}`, f.supervisor)).json().data.identification_number;
}, 180_000);
afterAll(async () => {
  await t?.close();
  await anaf?.close();
});

const listIds = async (who: Parameters<typeof staffCall>[3], query = '') => {
  const response = await staffCall(t, 'GET', query ? `?${query}` : '', who);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().data as { id: number }[]).map((r) => r.id);
};
const ours = (list: number[]) => list.filter((id) => Object.values(ids).includes(id));

describe('scope', () => {
  it('shows a clerk with CAN_VIEW_ORGANISATIONS_APPLICATIONS every unfinished application of the organisation', async () => {
    expect(ours(await listIds(f.supervisor)).sort()).toEqual([ids.fresh, ids.assigned, ids.reviewed, ids.consulted].sort());
    expect(await listIds(f.supervisor, 'view=completed')).toEqual([ids.resolved]);
    expect(await listIds(f.supervisor, 'view=new')).toEqual([ids.fresh]);
    expect((await listIds(f.supervisor, 'view=in-work')).sort()).toEqual([ids.assigned, ids.reviewed, ids.consulted].sort());
  });

  it('shows a clerk without it only what is assigned to them or theirs to review', async () => {
    expect((await listIds(f.plain)).sort()).toEqual([ids.assigned, ids.reviewed].sort());
    expect(await listIds(f.plain, 'assigned=true')).toEqual([ids.assigned]);
    expect(await listIds(f.plain, 'to_review=true')).toEqual([ids.reviewed]);
    expect(await listIds(f.plain, 'view=completed')).toEqual([ids.resolved]);
    expect((await staffCall(t, 'GET', `/${ids.fresh}`, f.plain)).statusCode).toBe(404);
  });

  it('shows a consultant only the applications sent to them, and another organisation nothing', async () => {
    const consultant = ours(await listIds(DEMO.consultant));
    expect(consultant).toEqual([ids.consulted]);
    expect(ours(await listIds(DEMO.consultant, 'to_review=true'))).toEqual([ids.consulted]);
    expect((await staffCall(t, 'GET', `/${ids.fresh}`, DEMO.consultant)).statusCode).toBe(404);
    expect(ours(await listIds(f.stranger))).toEqual([]);
    expect((await staffCall(t, 'GET', `/${ids.fresh}`, f.stranger)).statusCode).toBe(404);
    expect((await staffCall(t, 'GET', '', f.citizen)).statusCode).toBe(403);
  });

  it('counts the assigned and to-review applications for the menu', async () => {
    expect((await staffCall(t, 'GET', '/counters', f.plain)).json().data).toEqual({ assigned: 1, to_review: 1 });
    expect((await staffCall(t, 'GET', '/counters', f.supervisor)).json().data).toEqual({ assigned: 0, to_review: 0 });
    const consultant = (await staffCall(t, 'GET', '/counters', DEMO.consultant)).json().data;
    expect(consultant.to_review).toBeGreaterThanOrEqual(1);
  });
});

describe('filters and sorts', () => {
  it('filters by status, type, entry number, assignee and overdue', async () => {
    expect(await listIds(f.supervisor, 'status[eq]=APPROVED')).toEqual([ids.reviewed]);
    expect(ours(await listIds(f.supervisor, `application_type_id[eq]=${f.otherTypeId}`))).toEqual([]);
    expect(await listIds(f.supervisor, `identification_number[contains]=${encodeURIComponent(numbers.consulted)}`)).toEqual([
      ids.consulted,
    ]);
    expect(await listIds(f.supervisor, `assignee_user_id[eq]=${f.plain.id}`)).toEqual([ids.assigned]);
    expect(await listIds(f.supervisor, 'overdue[eq]=true')).toEqual([ids.assigned]);
    const overdue = (await staffCall(t, 'GET', '?overdue[eq]=true', f.supervisor)).json().data[0];
    expect(overdue).toMatchObject({ overdue: true, assignee: { id: f.plain.id, name: 'Petru Simplu' } });
    expect(overdue.remaining_response_days).toBeLessThan(0);
  });

  it('searches the stored text and sorts by due date', async () => {
    // The beneficiary of the third filing is Popescu3 (completeDraft).
    expect(await listIds(f.supervisor, 'orLikeQuery=popescu3')).toEqual([ids.reviewed]);
    expect(await listIds(f.supervisor, 'view=in-work&sortKey=response_due_date')).toEqual([
      ids.assigned,
      ids.consulted,
      ids.reviewed,
    ]);
    expect(await listIds(f.supervisor, 'view=in-work&sortKey=-response_due_date')).toEqual([
      ids.reviewed,
      ids.consulted,
      ids.assigned,
    ]);
  });

  it('pages with a total and refuses unknown filters', async () => {
    const page = (await staffCall(t, 'GET', '?pagination=true&limit=2', f.supervisor)).json();
    expect(page.data).toHaveLength(2);
    expect(page.pagination).toMatchObject({ total: 4, skip: 0, limit: 2 });
    const bad = await staffCall(t, 'GET', '?purpose[contains]=x', f.supervisor);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('INVALID_QUERY');
    expect((await staffCall(t, 'GET', '?sortKey=purpose', f.supervisor)).statusCode).toBe(400);
  });

  it('searches related documents by entry number in the organisation only', async () => {
    const found = await staffCall(t, 'GET', `/search?value=${encodeURIComponent(numbers.fresh)}`, f.supervisor);
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().data.map((r: { id: number }) => r.id)).toEqual([ids.fresh]);
    const excluded = await staffCall(
      t,
      'GET',
      `/search?value=${encodeURIComponent(numbers.fresh)}&parentAppId=${ids.fresh}`,
      f.supervisor,
    );
    expect(excluded.json().data).toEqual([]);
    expect((await staffCall(t, 'GET', `/search?value=${encodeURIComponent(numbers.fresh)}`, f.stranger)).json().data).toEqual([]);
  });
});
