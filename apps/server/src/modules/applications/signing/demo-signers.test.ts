import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffFunctions, userFunctions } from '../../../db/schema/index.js';
import { call, DEMO, userId } from '../../../../test/administration-kit.js';
import { createTestApp, type TestApp } from '../../../../test/test-app.js';

/** The demo signers (seed/demo-signing.ts): who can sign in the demo, and admin@'s PIN. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(async () => t?.close());

describe('demo signers', () => {
  it('staff@, admin@ and citizen@ may sign; admin@ is the county council president with a PIN', async () => {
    for (const email of [DEMO.staff, DEMO.admin, DEMO.citizen]) {
      const profile = await call(t, 'GET', '/api/signing/profile', email);
      expect(profile.statusCode, profile.body).toBe(200);
      expect(profile.json().data, email).toMatchObject({ can_sign: true, profile_valid: true, problems: [] });
    }
    expect((await call(t, 'GET', '/api/signing/profile', DEMO.admin)).json().data.has_pin).toBe(true);
    expect((await call(t, 'GET', '/api/signing/profile', DEMO.staff)).json().data).toMatchObject({
      enrolled: true,
      has_pin: false,
    });
    const admin = await userId(t, DEMO.admin);
    const rows = await t.ctx.db
      .select({ key: staffFunctions.systemKey })
      .from(userFunctions)
      .innerJoin(staffFunctions, eq(staffFunctions.id, userFunctions.functionId))
      .where(and(eq(userFunctions.userId, admin), eq(staffFunctions.systemKey, 'president')));
    expect(rows).toHaveLength(1);
  });

  it('sets and removes a PIN only with the account password', async () => {
    const set = await call(t, 'PUT', '/api/signing/pin', DEMO.staff, { password: 'Ghiseu!2026', pin: '654321' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data.has_pin).toBe(true);
    const bad = await call(t, 'PUT', '/api/signing/pin', DEMO.staff, { password: 'Ghiseu!2026', pin: '12ab56' });
    expect(bad.statusCode).toBe(400);
    const removed = await call(t, 'DELETE', '/api/signing/pin', DEMO.staff);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().data.has_pin).toBe(false);
    expect((await call(t, 'GET', '/api/signing/profile')).statusCode).toBe(401);
  });
});
