import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, sessions, unknownLoginFailures, users } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { accountsTestKit, STRONG_PASSWORD } from '../../../test/accounts-kit.js';
import { buildCitizen } from '../../../test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    LOGIN_MAX_ATTEMPTS: '3',
    LOGIN_LOCK_MINUTES: '7',
    PASSWORD_EXPIRY_DAYS: '90',
    SESSION_IDLE_MINUTES: '30',
  });
});
afterAll(async () => {
  await t?.close();
});

const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

/** Throwaway accounts in the states a test needs, so that lockout tests do not disturb the demo users. */
const kit = accountsTestKit(() => t);
const createUser = async (email: string, overrides: Parameters<typeof kit.createUser>[1] = {}) =>
  (await kit.createUser(email, overrides)).id;

describe('POST /api/auth/login', () => {
  it('returns a session token and the confirmation flags for a confirmed account', async () => {
    const response = await login('citizen@demo.ghiseu.ro', 'Ghiseu!2026');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ isEmailConfirmed: true, isPhoneConfirmed: true, data: { verificationToken: null } });
    expect(body.data.authToken).toMatch(/^[\w-]{40,}$/);
    // Only the hash is stored.
    const stored = await t.ctx.db.select().from(sessions);
    expect(stored.some((s) => s.tokenHash === body.data.authToken)).toBe(false);
  });

  it('is case-insensitive on the e-mail address', async () => {
    expect((await login('  Citizen@Demo.Ghiseu.RO ', 'Ghiseu!2026')).statusCode).toBe(200);
  });

  it('counts failures down, then locks the account for the configured minutes', async () => {
    const id = await createUser('lock@example.ro');
    const first = await login('lock@example.ro', 'gresit');
    expect(first.statusCode).toBe(401);
    expect(first.json()).toEqual({ message: 'AUTH_FAILED', data: { remaining_attempts: 2 } });
    expect((await login('lock@example.ro', 'gresit')).json().data.remaining_attempts).toBe(1);
    const locked = await login('lock@example.ro', 'gresit');
    expect(locked.json()).toEqual({ message: 'AUTH_FAILED_ACCOUNT_LOCKED', data: { minutes: 7 } });
    // Even the right password is refused while locked.
    const stillLocked = await login('lock@example.ro', STRONG_PASSWORD);
    expect(stillLocked.json().message).toBe('AUTH_FAILED_ACCOUNT_LOCKED');
    expect(stillLocked.json().data.minutes).toBeGreaterThanOrEqual(6);
    const actions = (
      await t.ctx.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.entityId, String(id)))
    ).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['auth.login_failed', 'auth.account_locked', 'auth.login_refused_locked']));
  });

  it('lets a locked account in again once the lock has passed, and resets the counter', async () => {
    const id = await createUser('unlock@example.ro', { lockedUntil: new Date(Date.now() - 1000), failedLoginCount: 2 });
    expect((await login('unlock@example.ro', STRONG_PASSWORD)).statusCode).toBe(200);
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, id));
    expect(row.failedLoginCount).toBe(0);
    expect(row.lockedUntil).toBeNull();
  });

  it('refuses inactive and pending accounts with AUTH_DISABLED', async () => {
    await createUser('inactive@example.ro', { status: 'inactive' });
    await createUser('pending@example.ro', { status: 'pending' });
    expect((await login('inactive@example.ro', STRONG_PASSWORD)).json()).toEqual({ message: 'AUTH_DISABLED' });
    expect((await login('pending@example.ro', STRONG_PASSWORD)).json()).toEqual({ message: 'AUTH_DISABLED' });
  });

  it('answers an unknown address exactly as a wrong password, attempts and lock included', async () => {
    await createUser('exista@example.ro');
    const known: unknown[] = [];
    const unknown: unknown[] = [];
    for (let i = 0; i < 4; i++) {
      const a = await login('exista@example.ro', 'Gresit!123');
      const b = await login('nimeni@example.ro', 'Gresit!123');
      known.push([a.statusCode, a.json()]);
      unknown.push([b.statusCode, b.json()]);
    }
    expect(unknown).toEqual(known);
    expect(unknown).toEqual([
      [401, { message: 'AUTH_FAILED', data: { remaining_attempts: 2 } }],
      [401, { message: 'AUTH_FAILED', data: { remaining_attempts: 1 } }],
      [401, { message: 'AUTH_FAILED_ACCOUNT_LOCKED', data: { minutes: 7 } }],
      [401, { message: 'AUTH_FAILED_ACCOUNT_LOCKED', data: { minutes: 7 } }],
    ]);
    // The address is kept only as a hash.
    const rows = await t.ctx.db.select().from(unknownLoginFailures);
    expect(JSON.stringify(rows)).not.toContain('nimeni');
  });

  it('reports an expired password after the configured days', async () => {
    await createUser('old@example.ro', { passwordChangedAt: new Date(Date.now() - 91 * 86_400_000) });
    const response = await login('old@example.ro', STRONG_PASSWORD);
    expect(response.json()).toEqual({ message: 'AUTH_FAILED_PASSWORD_EXPIRED', data: { email: 'old@example.ro' } });
  });

  it('hands out a verification token instead of a session until e-mail and phone are confirmed', async () => {
    await createUser('noemail@example.ro', { emailConfirmedAt: null, phoneConfirmedAt: null });
    await createUser('nophone@example.ro', { phoneConfirmedAt: null });
    const noEmail = (await login('noemail@example.ro', STRONG_PASSWORD)).json();
    expect(noEmail).toMatchObject({ isEmailConfirmed: false, isPhoneConfirmed: false, data: { authToken: null } });
    expect(noEmail.data.verificationToken).toEqual(expect.any(String));
    const noPhone = (await login('nophone@example.ro', STRONG_PASSWORD)).json();
    expect(noPhone).toMatchObject({ isEmailConfirmed: true, isPhoneConfirmed: false, data: { authToken: null } });
  });

  it('rejects a malformed body with the offending fields', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'a@b.ro' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('VALIDATION_ERROR');
    expect(response.json().data.fields).toContainEqual(expect.objectContaining({ path: 'body.password' }));
  });
});

describe('sessions', () => {
  it('returns the current user with the permissions of the role', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: await t.authHeaders('admin@demo.ghiseu.ro'),
    });
    expect(response.statusCode).toBe(200);
    const me = response.json().data;
    expect(me).toMatchObject({
      email: 'admin@demo.ghiseu.ro',
      user_type_name: 'admin',
      is_organisation_admin: true,
      profile_completed: true,
      is_email_confirmed: true,
    });
    expect(me.permissions.accountsRead).toBe(true);
    expect(me.permissions.systemConfig).toBeUndefined();
    expect(me.organisation_id).toEqual(expect.any(Number));
  });

  it('answers 401 AUTH_REQUIRED without a token and 403 TOKEN_INVALID with an unknown one', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/users/me' })).json()).toEqual({ message: 'AUTH_REQUIRED' });
    const forged = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: 'Bearer forged-token' } });
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toEqual({ message: 'TOKEN_INVALID' });
  });

  it('stops accepting a token after logout', async () => {
    const { token, headers } = await buildCitizen(t);
    expect((await t.app.inject({ method: 'GET', url: '/api/users/me', headers })).statusCode).toBe(200);
    const logout = await t.app.inject({ method: 'POST', url: '/api/token-invalidate-requests', payload: { token } });
    expect(logout.statusCode).toBe(204);
    const after = await t.app.inject({ method: 'GET', url: '/api/users/me', headers });
    expect(after.statusCode).toBe(403);
    expect(after.json().message).toBe('TOKEN_INVALID');
  });

  it('expires a session that stayed idle longer than the idle timeout', async () => {
    const citizen = await buildCitizen(t);
    await t.ctx.db.execute(
      sql`UPDATE sessions SET last_seen_at = now() - interval '31 minutes' WHERE revoked_at IS NULL AND user_id = ${citizen.id}`,
    );
    const response = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: citizen.headers });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'SESSION_EXPIRED' });
  });

  it('ends sessions of a user who is deactivated', async () => {
    const id = await createUser('deactivated@example.ro');
    const token = await t.login('deactivated@example.ro', STRONG_PASSWORD);
    await t.ctx.db.update(users).set({ status: 'inactive' }).where(eq(users.id, id));
    const response = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${token}` } });
    expect(response.json().message).toBe('TOKEN_INVALID');
  });

  it('audits sign-in and logout', async () => {
    const citizen = await buildCitizen(t);
    await t.app.inject({ method: 'POST', url: '/api/token-invalidate-requests', payload: { token: citizen.token } });
    const actions = (await t.ctx.db.select().from(auditLog).where(eq(auditLog.actorUserId, citizen.id))).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['auth.login', 'auth.logout']));
  });
});
