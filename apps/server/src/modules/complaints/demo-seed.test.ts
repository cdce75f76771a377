import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO } from '../../../test/administration-kit.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { seedDemoComplaints } from '../../seed/demo-complaints.js';

/**
 * The demo complaints (seed/demo-complaints.ts): types with a 'Sesizări' series in each demo
 * organisation, the response templates, and citizen@'s three complaints with the county council
 * in three stages, read back through the API as the citizen and as staff@.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // Idempotent: a no-op when the template database already ran it.
  await t.ctx.db.transaction((tx) => seedDemoComplaints(tx));
});
afterAll(async () => {
  await t?.close();
});

describe('demo complaints', () => {
  it('gives citizen@ a new, a pending and a resolved complaint that staff@ handles', async () => {
    const mine = (await call(t, 'GET', '/api/complaints?sortKey=created_at', DEMO.citizen)).json().data as {
      id: number;
      entry_code: string;
      status: string;
    }[];
    expect(mine.map((c) => c.status)).toEqual(['RESOLVED', 'PENDING', 'NEW']);
    expect(mine.every((c) => /^SES-CJ\/\d+\/\d{4}$/.test(c.entry_code))).toBe(true);
    const resolved = (await call(t, 'GET', `/api/complaints/${mine[0].id}`, DEMO.citizen)).json().data;
    expect(resolved.response).toContain(mine[0].entry_code);
    expect(resolved.comments).toEqual([]);
    const pending = (await call(t, 'GET', `/api/complaints/${mine[1].id}`, DEMO.staff)).json().data;
    expect(pending.comments).toHaveLength(1);
    expect(pending.abilities).toMatchObject({ can_resolve: true, can_prepare_control: true });
    expect(pending.history.map((h: { to_status: string }) => h.to_status)).toEqual(['NEW', 'PENDING']);
  });

  it('offers the complaint types and the response templates', async () => {
    const types = (await call(t, 'GET', '/api/complaint-types?limit=100', DEMO.superadmin)).json().data as { name: string }[];
    expect(types.map((x) => x.name)).toEqual(expect.arrayContaining(['Drumuri județene', 'Iluminat public']));
    const templates = (await call(t, 'GET', '/api/response-templates?category[eq]=complaints', DEMO.staff)).json().data;
    expect(templates.length).toBeGreaterThanOrEqual(3);
    const again = await t.ctx.db.transaction((tx) => seedDemoComplaints(tx));
    expect(again).toEqual({ series: 0, types: 0, templates: 0, complaints: 0 });
  });
});
