import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { call, completeDraft, createDraft, createFilingFixture, DEMO, startAnafStandIn } from '../../../test/applications-kit.js';

/**
 * Concurrent submissions (DESIGN.md §3): parallel requests on one type's series get distinct,
 * contiguous entry numbers, and one draft sent twice at once is submitted once. Meaningful on
 * PostgreSQL (TEST_DATABASE_URL), where the requests really overlap; PGlite runs them one
 * transaction at a time and must give the same answer.
 */

let t: TestApp;
let anaf: Awaited<ReturnType<typeof startAnafStandIn>>;
beforeAll(async () => {
  anaf = await startAnafStandIn([]);
  t = await createTestApp({ ANAF_API_URL: anaf.url });
});
afterAll(async () => {
  await t?.close();
  await anaf?.close();
});

const year = new Intl.DateTimeFormat('en', { timeZone: 'Europe/Bucharest', year: 'numeric' }).format(new Date());

describe('concurrent submissions', () => {
  it('get distinct, contiguous entry numbers', async () => {
    const fixture = await createFilingFixture(t, { prefix: 'PAR' });
    const owners = [DEMO.citizen, DEMO.company, DEMO.foreigner, DEMO.office];
    const drafts: { id: number; who: string }[] = [];
    for (let i = 0; i < 12; i++) {
      const who = owners[i % owners.length];
      const id = await createDraft(t, who, fixture.typeId);
      await completeDraft(t, who, id, 100 + i);
      drafts.push({ id, who });
    }
    const responses = await Promise.all(drafts.map(({ id, who }) => call(t, 'PUT', `/api/applications/${id}/send`, who)));
    for (const response of responses) expect(response.statusCode, response.body).toBe(200);
    const numbers = responses.map((r) => r.json().data.identification_number as string);
    expect(new Set(numbers).size).toBe(drafts.length);
    const indexes = numbers.map((n) => Number(n.split('/')[1])).sort((a, b) => a - b);
    expect(indexes).toEqual(Array.from({ length: drafts.length }, (_, i) => i + 1));
    for (const n of numbers) expect(n).toMatch(new RegExp(`^PAR/\\d+/${year}$`));
    // Stored as printed, with the series and the index.
    const rows = await t.ctx.db
      .select()
      .from(applications)
      .where(eq(applications.seriesId, fixture.seriesId as number));
    expect(rows.map((r) => r.seriesIndex).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(indexes);
  });

  it('submit one draft once when it is sent twice at the same time', async () => {
    const fixture = await createFilingFixture(t, { prefix: 'DUP' });
    const id = await createDraft(t, DEMO.citizen, fixture.typeId);
    await completeDraft(t, DEMO.citizen, id, 200);
    const responses = await Promise.all([1, 2, 3].map(() => call(t, 'PUT', `/api/applications/${id}/send`, DEMO.citizen)));
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect(responses.filter((r) => r.statusCode === 409).map((r) => r.json().message)).toEqual([
      'APPLICATION_ALREADY_SUBMITTED',
      'APPLICATION_ALREADY_SUBMITTED',
    ]);
    // The next submission of the type gets number 2: no number was lost to the refused ones.
    const next = await createDraft(t, DEMO.citizen, fixture.typeId);
    await completeDraft(t, DEMO.citizen, next, 201);
    expect((await call(t, 'PUT', `/api/applications/${next}/send`, DEMO.citizen)).json().data.identification_number).toBe(
      `DUP/2/${year}`,
    );
  });
});
