import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO } from '../../../../test/administration-kit.js';
import { buildTenant } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/test-app.js';
import { auditLog, collectorAccounts, payments } from '../../../db/schema/index.js';
import { merchantOf } from '../checkout.js';

let t: TestApp;
let other: Awaited<ReturnType<typeof buildTenant>>;
beforeAll(async () => {
  t = await createTestApp();
  other = await buildTenant(t);
});
afterAll(async () => {
  await t?.close();
});

const PASSWORD = 'Parola-Secreta-Procesator-42';
const unique = (base: string) => `${base}-${Math.random().toString(36).slice(2, 8)}`;
const account = (extra: Record<string, unknown> = {}) => ({
  name: 'Cont taxe locale',
  bank: 'Banca Transilvania',
  iban: 'RO49AAAA1B31007593840000',
  provider_username: unique('merchant'),
  provider_password: PASSWORD,
  ...extra,
});

async function createdBy(who: string | Record<string, string>, body: Record<string, unknown>) {
  const response = await call(t, 'POST', '/api/collector-accounts', who, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

describe('collector accounts', () => {
  it('are managed by the organisation’s administrators; the super administrator alone deletes', async () => {
    const created = await createdBy(DEMO.admin, account());
    expect(created).toMatchObject({
      name: 'Cont taxe locale',
      has_password: true,
      status: 'active',
      abilities: { canEdit: true, canDelete: false },
    });
    expect(created).not.toHaveProperty('provider_password');
    expect((await call(t, 'GET', `/api/collector-accounts/${created.id}`, other.headers)).statusCode).toBe(404);
    expect((await call(t, 'PATCH', `/api/collector-accounts/${created.id}`, other.headers, { name: 'X' })).statusCode).toBe(404);
    expect((await call(t, 'GET', '/api/collector-accounts', other.headers)).json().data).toEqual([]);
    expect((await call(t, 'GET', '/api/collector-accounts', DEMO.citizen)).statusCode).toBe(403);
    expect((await call(t, 'GET', '/api/collector-accounts', DEMO.staff)).statusCode).toBe(403);
    expect(
      (await call(t, 'POST', '/api/collector-accounts', DEMO.admin, account({ organisation_id: other.organisationId })))
        .statusCode,
    ).toBe(403);
    // Deleting needs bankAccountsDestroy (super administrator only).
    expect((await call(t, 'DELETE', `/api/collector-accounts/${created.id}`, DEMO.admin)).statusCode).toBe(403);

    const super_ = await call(t, 'GET', `/api/collector-accounts/${created.id}`, DEMO.superadmin);
    expect(super_.json().data.abilities).toEqual({ canEdit: true, canDelete: true });
    const forOther = await createdBy(DEMO.superadmin, account({ organisation_id: other.organisationId }));
    const list = await call(t, 'GET', `/api/collector-accounts?organisation_id[eq]=${other.organisationId}`, DEMO.superadmin);
    expect(list.json().data.map((a: { id: number }) => a.id)).toEqual([forOther.id]);
    expect((await call(t, 'DELETE', `/api/collector-accounts/${forOther.id}`, DEMO.superadmin)).statusCode).toBe(204);
    expect((await call(t, 'GET', `/api/collector-accounts/${forOther.id}`, DEMO.superadmin)).statusCode).toBe(404);
  });

  it('never answer, log or audit the provider password; a new username keeps it usable', async () => {
    const created = await createdBy(other.headers, account());
    const username = created.provider_username;
    const renamed = await call(t, 'PATCH', `/api/collector-accounts/${created.id}`, other.headers, {
      provider_username: `${username}-nou`,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    // Re-encrypted under the new binding: the checkout still reads the same password.
    const merchant = await merchantOf(t.ctx, other.organisationId);
    expect(merchant?.merchant).toEqual({ username: `${username}-nou`, password: PASSWORD });

    const changed = await call(t, 'PATCH', `/api/collector-accounts/${created.id}`, other.headers, {
      provider_password: 'Alta-Parola-99',
      status: 'active',
    });
    expect(changed.statusCode).toBe(200);
    expect((await merchantOf(t.ctx, other.organisationId))?.merchant.password).toBe('Alta-Parola-99');

    const answers = [
      renamed.body,
      changed.body,
      (await call(t, 'GET', `/api/collector-accounts/${created.id}`, other.headers)).body,
      (await call(t, 'GET', '/api/collector-accounts', other.headers)).body,
    ];
    for (const body of answers) {
      expect(body).not.toContain(PASSWORD);
      expect(body).not.toContain('Alta-Parola-99');
      expect(body).not.toContain('provider_password_encrypted');
    }
    const [row] = await t.ctx.db.select().from(collectorAccounts).where(eq(collectorAccounts.id, created.id));
    expect(row.providerPasswordEncrypted).not.toContain(PASSWORD);
    const audits = await t.ctx.db.select().from(auditLog).where(eq(auditLog.entityType, 'collector_account'));
    const text = JSON.stringify(audits);
    expect(audits.length).toBeGreaterThanOrEqual(3);
    expect(text).not.toContain(PASSWORD);
    expect(text).not.toContain('Alta-Parola-99');
    expect(text).not.toContain(row.providerPasswordEncrypted);
    expect(text).not.toContain('RO49AAAA1B31007593840000');
    expect(text).toContain('[schimbată]');
  });

  it('that payments used are set inactive instead of deleted', async () => {
    const tenant = await buildTenant(t);
    const used = await createdBy(DEMO.superadmin, account({ organisation_id: tenant.organisationId }));
    await t.ctx.db.insert(payments).values({
      organisationId: tenant.organisationId,
      type: 'CARD',
      amount: '10.00',
      description: 'Test',
      idempotencyKey: unique('order'),
      collectorAccountId: used.id,
    });
    expect((await call(t, 'DELETE', `/api/collector-accounts/${used.id}`, DEMO.superadmin)).statusCode).toBe(204);
    const after = await call(t, 'GET', `/api/collector-accounts/${used.id}`, DEMO.superadmin);
    expect(after.json().data.status).toBe('inactive');
    expect(await merchantOf(t.ctx, tenant.organisationId)).toBeNull();
  });
});
