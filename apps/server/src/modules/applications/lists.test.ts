import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications } from '../../db/schema/index.js';
import { parseListQuery } from '../../platform/list-query.js';
import { ownApplications } from './policy.js';
import { APPLICATION_LIST, listApplications, listOwnApplications } from './repository.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { call, createDraft, type FilingFixture, individual, startAnafStandIn } from '../../../test/applications-kit.js';
import { buildApplicationType, buildCitizen, buildSubmittedApplication, type SignedIn } from '../../../test/factories.js';

/**
 * The citizen's lists (spec §2, §7; list-query of DESIGN.md §4): own applications only, filters,
 * free text over entry number, type, beneficiaries and cadastral numbers, the two-beneficiary
 * list cell, listAll, find and findAll by entry number.
 */

let t: TestApp;
let anaf: Awaited<ReturnType<typeof startAnafStandIn>>;
let permit: FilingFixture;
let certificate: FilingFixture;
let submitted: { id: number; number: string };
let draftWithThree: number;
/** The citizen whose lists are read, and another applicant whose applications never show. */
let citizen: SignedIn;
let other: SignedIn;
beforeAll(async () => {
  anaf = await startAnafStandIn([]);
  t = await createTestApp({ ANAF_API_URL: anaf.url });
  [citizen, other] = await Promise.all([buildCitizen(t), buildCitizen(t)]);
  permit = await buildApplicationType(t, { prefix: 'AC' });
  certificate = await buildApplicationType(t, { prefix: 'CU', organisationId: permit.organisationId });

  const filed = await buildSubmittedApplication(t, citizen, { fixture: permit, body: { purpose: 'Construire locuință' } });
  submitted = { id: filed.id, number: filed.identificationNumber };

  draftWithThree = await createDraft(t, citizen.headers, certificate.typeId);
  for (const [n, last] of [
    [2, 'Ionescu'],
    [3, 'Mureșan'],
    [4, 'Székely'],
  ] as const) {
    await call(
      t,
      'POST',
      `/api/applications/${draftWithThree}/beneficiaries`,
      citizen.headers,
      individual(n, { last_name: last }),
    );
  }
  // Someone else's application never shows up.
  const foreign = await createDraft(t, other.headers, certificate.typeId);
  await call(t, 'POST', `/api/applications/${foreign}/beneficiaries`, other.headers, individual(5, { last_name: 'Ionescu' }));
  // An older one, for the date filters (no API backdates a record).
  const old = await createDraft(t, citizen.headers, certificate.typeId);
  await t.ctx.db
    .update(applications)
    .set({ createdAt: new Date('2025-03-10T10:00:00Z') })
    .where(eq(applications.id, old));
});
afterAll(async () => {
  await t?.close();
  await anaf?.close();
});

const list = async (query = '', who: Record<string, string> = citizen.headers) => {
  const response = await call(t, 'GET', `/api/applications${query}`, who);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { data: { id: number; [k: string]: unknown }[]; pagination?: { total: number } };
};

describe('GET /applications', () => {
  it('lists only the actor’s own applications, newest first, with pagination on request', async () => {
    const all = await list('?pagination=true');
    expect(all.pagination?.total).toBe(3);
    expect(all.data.map((a) => a.id)).toContain(submitted.id);
    expect((await list('', other.headers)).data).toHaveLength(1);
    const page = await list('?limit=1&skip=1&pagination=true');
    expect(page.data).toHaveLength(1);
    expect(page.pagination).toEqual({ total: 3, skip: 1, limit: 1 });
  });

  it('shows the first two beneficiaries and how many there are', async () => {
    const item = (await list()).data.find((a) => a.id === draftWithThree);
    expect(item?.beneficiaries).toEqual([
      expect.objectContaining({ display_name: 'Ion Ionescu', person_type: 'individual' }),
      expect.objectContaining({ display_name: 'Ion Mureșan' }),
    ]);
    expect(item?.beneficiaries_count).toBe(3);
    expect(item?.abilities).toMatchObject({ canEdit: true, canSubmit: true });
  });

  it('filters by status, type, entry number and creation date', async () => {
    expect((await list('?status[eq]=NEW')).data.map((a) => a.id)).toEqual([submitted.id]);
    expect((await list(`?application_type_id[eq]=${certificate.typeId}`)).data).toHaveLength(2);
    expect((await list(`?identification_number[eq]=${encodeURIComponent(submitted.number)}`)).data.map((a) => a.id)).toEqual([
      submitted.id,
    ]);
    expect((await list('?identification_number[contains]=ac/')).data.map((a) => a.id)).toEqual([submitted.id]);
    expect((await list('?created_at[ge]=2025-03-10&created_at[lt]=2025-03-11')).data).toHaveLength(1);
    expect((await list('?created_at[lt]=2025-01-01')).data).toHaveLength(0);
  });

  it('searches entry number, type name, beneficiary names and cadastral numbers, ignoring accents and case', async () => {
    expect((await list('?orLikeQuery=muresan')).data.map((a) => a.id)).toEqual([draftWithThree]);
    expect((await list('?orLikeQuery=SZEKELY')).data.map((a) => a.id)).toEqual([draftWithThree]);
    expect((await list('?orLikeQuery=200001')).data.map((a) => a.id)).toEqual([submitted.id]);
    expect((await list(`?orLikeQuery=${encodeURIComponent(submitted.number)}`)).data.map((a) => a.id)).toEqual([submitted.id]);
    expect((await list('?orLikeQuery=certificat')).data.length).toBe(3);
    expect((await list('?orLikeQuery=popescu1')).data.map((a) => a.id)).toEqual([submitted.id]);
  });

  it('sorts by the allowed fields and refuses anything else', async () => {
    const sorted = await list('?sortKey=created_at');
    expect(sorted.data[0].created_at).toMatch(/^2025-03-10/);
    for (const query of ['?sortKey=purpose', '?owner[eq]=1', '?status[contains]=N', '?limit=501']) {
      const response = await call(t, 'GET', `/api/applications${query}`, citizen.headers);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message).toBe('INVALID_QUERY');
    }
  });

  it('listAll answers every own application without paging', async () => {
    const response = await call(t, 'GET', '/api/applications/listAll?limit=1', citizen.headers);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toHaveLength(3);
    expect(response.json().pagination).toBeUndefined();
    expect((await call(t, 'GET', '/api/applications/listAll?status[eq]=DRAFT', citizen.headers)).json().data).toHaveLength(2);
  });
});

describe('the prepared default list', () => {
  it('answers the rows and totals of the query built per request, on every page', async () => {
    const actor = { userId: citizen.id } as Parameters<typeof ownApplications>[0];
    for (const query of [
      { pagination: 'true' },
      { pagination: 'true', limit: '2' },
      { pagination: 'true', limit: '1', skip: '2' },
    ]) {
      const parsed = parseListQuery(query, APPLICATION_LIST);
      const prepared = listOwnApplications(t.ctx.db, parsed, citizen.id);
      const built = listApplications(t.ctx.db, parsed, [ownApplications(actor)]);
      const rows = await prepared.rows();
      expect(rows.length).toBeGreaterThan(0);
      expect(rows).toEqual(await built.rows());
      expect(await prepared.total()).toEqual(await built.total());
    }
    // The API answers the same through it: newest first, the oldest (2025-03-10) last.
    const all = (await call(t, 'GET', '/api/applications?pagination=true', citizen.headers)).json();
    const [first, second] = [
      (await call(t, 'GET', '/api/applications?pagination=true&limit=2', citizen.headers)).json(),
      (await call(t, 'GET', '/api/applications?pagination=true&limit=2&skip=2', citizen.headers)).json(),
    ];
    expect([...first.data, ...second.data].map((a: { id: number }) => a.id)).toEqual(all.data.map((a: { id: number }) => a.id));
    expect(all.pagination).toEqual({ total: all.data.length, skip: 0, limit: 20 });
  });
});
