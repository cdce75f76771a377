import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, sessions, users, verificationCodes } from '../../db/schema/index.js';
import { verifyPassword } from '../../platform/auth/passwords.js';
import { hashToken } from '../../platform/tokens.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { sendSetPasswordInvitation } from './service.js';
import { accountsTestKit, expectCleanMessages, STRONG_PASSWORD } from '../../../test/accounts-kit.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_ATTEMPTS: '3', LOGIN_LOCK_MINUTES: '9', PASSWORD_EXPIRY_DAYS: '90' });
});
afterAll(async () => {
  await t?.close();
});

const { request, outbox, linkKey, createUser, userByEmail, bearer } = accountsTestKit(() => t);
const NEW_PASSWORD = 'Alta!Parola2027';

const login = (email: string, password = STRONG_PASSWORD) =>
  request({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
const recover = (email: string) => request({ method: 'POST', url: '/api/recover-password', payload: { email } });
const reset = (confirmationKey: string, password = NEW_PASSWORD, confirmPassword = password) =>
  request({
    method: 'PATCH',
    url: '/api/auth/reset-password',
    headers: { 'content-type': 'application/merge-patch+json' },
    payload: JSON.stringify({ confirmationKey, password, confirmPassword }),
  });
const change = (email: string, oldPassword: string, password = NEW_PASSWORD, confirmPassword = password) =>
  request({ method: 'POST', url: '/api/auth/change-password', payload: { email, oldPassword, password, confirmPassword } });
const me = (token: string) => request({ method: 'GET', url: '/api/users/me', headers: bearer(token) });
const loginToken = async (email: string, password = STRONG_PASSWORD) => {
  const response = await login(email, password);
  expect(response.statusCode).toBe(200);
  return response.json().data.authToken as string;
};
const expire = (key: string) =>
  t.ctx.db
    .update(verificationCodes)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(verificationCodes.codeHash, hashToken(key)));

describe('POST /api/recover-password and PATCH /api/auth/reset-password', () => {
  it('e-mails a 1-hour reset link, sets the new password once and ends every session', async () => {
    const user = await createUser('uitat@example.ro');
    const before = await loginToken('uitat@example.ro');
    const other = await loginToken('uitat@example.ro');

    const response = await recover('Uitat@Example.ro');
    expect(response.statusCode).toBe(204);
    const [mail] = await outbox('uitat@example.ro');
    expect(mail.subject).toBe('Resetarea parolei – Ghișeul Unic');
    expect(mail.text).toContain(`${t.ctx.config.publicUrl}/auth/reset-password?confirmationKey=`);
    const key = await linkKey('uitat@example.ro', '/auth/reset-password');
    const [code] = await t.ctx.db
      .select()
      .from(verificationCodes)
      .where(eq(verificationCodes.codeHash, hashToken(key)));
    expect(code).toMatchObject({ purpose: 'password-reset', userId: user.id, usedAt: null });
    expect(code.expiresAt.getTime() - code.createdAt.getTime()).toBeGreaterThan(59 * 60_000);
    expect(code.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(3600_000);

    const checked = await request({ method: 'GET', url: `/api/auth/check-validation-token?token=${key}` });
    expect(checked.json().data).toMatchObject({ purpose: 'password-reset', email: 'uitat@example.ro' });

    const done = await reset(key);
    expect(done.statusCode).toBe(204);
    const after = await userByEmail('uitat@example.ro');
    expect(await verifyPassword(after.passwordHash, NEW_PASSWORD)).toBe(true);
    expect(after.passwordChangedAt?.getTime()).toBeGreaterThan(user.passwordChangedAt?.getTime() ?? 0);
    for (const token of [before, other]) expect((await me(token)).json()).toEqual({ message: 'TOKEN_INVALID' });
    const open = (await t.ctx.db.select().from(sessions).where(eq(sessions.userId, user.id))).filter((s) => !s.revokedAt);
    expect(open).toEqual([]);

    // Single use.
    const again = await reset(key, 'Inca!OParola2028');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: 'AUTH_INVALID_CONFIRMATION_VALIDATIONS' });

    expect((await login('uitat@example.ro')).json().message).toBe('AUTH_FAILED');
    expect(await loginToken('uitat@example.ro', NEW_PASSWORD)).toEqual(expect.any(String));

    const [notice] = await outbox('uitat@example.ro');
    expect(notice.subject).toBe('Parola a fost schimbată – Ghișeul Unic');
    expectCleanMessages(await outbox('uitat@example.ro'), [NEW_PASSWORD, STRONG_PASSWORD]);
    const actions = (
      await t.ctx.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.entityId, String(user.id)))
    ).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['account.password_reset_requested', 'account.password_reset']));
  });

  it('sets a password once even when the link is submitted twice at the same moment', async () => {
    await createUser('dublu@example.ro');
    await recover('dublu@example.ro');
    const key = await linkKey('dublu@example.ro', '/auth/reset-password');
    const responses = await Promise.all([reset(key, NEW_PASSWORD), reset(key, 'Alta!Parola2028')]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([204, 400]);
    expect(responses.find((r) => r.statusCode === 400)?.json()).toEqual({ message: 'AUTH_INVALID_CONFIRMATION_VALIDATIONS' });
    // One notice only: the losing request rolled back its message with its change.
    expect((await outbox('dublu@example.ro')).filter((m) => m.subject?.startsWith('Parola a fost'))).toHaveLength(1);
  });

  it('answers 204 without sending anything for unknown, inactive and pending accounts', async () => {
    await createUser('inactiv@example.ro', { status: 'inactive' });
    await createUser('invitat@example.ro', { status: 'pending', passwordHash: null });
    for (const email of ['nimeni@example.ro', 'inactiv@example.ro', 'invitat@example.ro']) {
      const response = await recover(email);
      expect(response.statusCode).toBe(204);
      expect(await outbox(email)).toEqual([]);
    }
  });

  it('refuses unknown, expired and superseded keys with AUTH_INVALID_CONFIRMATION_VALIDATIONS', async () => {
    expect((await reset('nu-exista')).json()).toEqual({ message: 'AUTH_INVALID_CONFIRMATION_VALIDATIONS' });

    await createUser('expirat@example.ro');
    await recover('expirat@example.ro');
    const first = await linkKey('expirat@example.ro', '/auth/reset-password');
    await recover('expirat@example.ro');
    const second = await linkKey('expirat@example.ro', '/auth/reset-password');
    expect((await reset(first)).json()).toEqual({ message: 'AUTH_INVALID_CONFIRMATION_VALIDATIONS' });
    await expire(second);
    expect((await reset(second)).json()).toEqual({ message: 'AUTH_INVALID_CONFIRMATION_VALIDATIONS' });
    expect((await request({ method: 'GET', url: `/api/auth/check-validation-token?token=${second}` })).json()).toEqual({
      message: 'INVALID_TOKEN',
    });
    // An e-mail confirmation key is not a reset key.
    await t.ctx.db.update(users).set({ emailConfirmedAt: null }).where(eq(users.email, 'expirat@example.ro'));
    await request({ method: 'GET', url: '/api/auth/resend?email=expirat@example.ro' });
    const confirmation = await linkKey('expirat@example.ro', '/auth/confirm-email');
    expect((await reset(confirmation)).json()).toEqual({ message: 'AUTH_INVALID_CONFIRMATION_VALIDATIONS' });
    expect(await verifyPassword((await userByEmail('expirat@example.ro')).passwordHash, STRONG_PASSWORD)).toBe(true);
  });

  it('refuses the current password, a weak one and a mismatched confirmation, keeping the key usable', async () => {
    await createUser('acelasi@example.ro');
    await recover('acelasi@example.ro');
    const key = await linkKey('acelasi@example.ro', '/auth/reset-password');
    const same = await reset(key, STRONG_PASSWORD);
    expect(same.statusCode).toBe(400);
    expect(same.json()).toEqual({ message: 'RESET_PASSWORD_ALREADY_USED' });
    const weak = await reset(key, 'slaba');
    expect(weak.json()).toMatchObject({ message: 'REGISTRATION_INVALID_PASSWORD', data: { rules: expect.any(Array) } });
    const mismatch = await reset(key, NEW_PASSWORD, 'Altceva!2026');
    expect(mismatch.json().data.fields).toEqual([{ path: 'body.confirmPassword', message: 'Parolele nu sunt identice' }]);
    expect((await reset(key)).statusCode).toBe(204);
  });

  it('lifts a login lock and confirms the e-mail, since the link proved the mailbox', async () => {
    await createUser('blocat@example.ro', { lockedUntil: new Date(Date.now() + 3600_000), emailConfirmedAt: null });
    await recover('blocat@example.ro');
    expect((await reset(await linkKey('blocat@example.ro', '/auth/reset-password'))).statusCode).toBe(204);
    const user = await userByEmail('blocat@example.ro');
    expect(user.lockedUntil).toBeNull();
    expect(user.emailConfirmedAt).toBeInstanceOf(Date);
    expect(await loginToken('blocat@example.ro', NEW_PASSWORD)).toEqual(expect.any(String));
  });

  it('refuses a key of an account deactivated since: AUTH_DISABLED', async () => {
    await createUser('dezactivat@example.ro');
    await recover('dezactivat@example.ro');
    const key = await linkKey('dezactivat@example.ro', '/auth/reset-password');
    await t.ctx.db.update(users).set({ status: 'inactive' }).where(eq(users.email, 'dezactivat@example.ro'));
    const response = await reset(key);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'AUTH_DISABLED' });
  });

  it('is rate limited to 5 requests a minute per client', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/recover-password',
            payload: { email: 'nimeni@example.ro' },
            remoteAddress: '192.0.2.70',
          })
        ).statusCode,
      );
    }
    expect(statuses).toEqual([204, 204, 204, 204, 204, 429]);
  });
});

describe('set-password for invited accounts', () => {
  it('activates a pending staff account, confirms its e-mail and lets it sign in', async () => {
    const staff = await createUser('nou@primarie.ro', {
      status: 'pending',
      passwordHash: null,
      emailConfirmedAt: null,
      phoneConfirmedAt: null,
      userType: 'staff',
    });
    await t.ctx.db.transaction((tx) => sendSetPasswordInvitation(tx, t.ctx, staff, 'set-password', 'Consiliul Județean Mureș'));
    const [mail] = await outbox('nou@primarie.ro');
    expect(mail.subject).toBe('Invitație în Ghișeul Unic – setați parola contului');
    expect(mail.text).toContain('Consiliul Județean Mureș v-a creat un cont');
    const key = await linkKey('nou@primarie.ro', '/auth/set-password');
    const checked = await request({ method: 'GET', url: `/api/auth/check-validation-token?token=${key}` });
    expect(checked.json().data).toMatchObject({ purpose: 'set-password', email: 'nou@primarie.ro' });
    expect(checked.json().data.expires_at).toEqual(expect.any(String));
    // A pending account cannot sign in yet.
    expect((await login('nou@primarie.ro', NEW_PASSWORD)).json()).toEqual({ message: 'AUTH_DISABLED' });

    expect((await reset(key)).statusCode).toBe(204);
    const after = await userByEmail('nou@primarie.ro');
    expect(after.status).toBe('active');
    expect(after.emailConfirmedAt).toBeInstanceOf(Date);
    // Next step of the login flow: the phone.
    expect((await login('nou@primarie.ro', NEW_PASSWORD)).json()).toMatchObject({
      isEmailConfirmed: true,
      isPhoneConfirmed: false,
    });
    const actions = (
      await t.ctx.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.entityId, String(staff.id)))
    ).map((a) => a.action);
    expect(actions).toContain('account.password_set');
    expectCleanMessages(await outbox('nou@primarie.ro'), [NEW_PASSWORD]);
  });

  it('refuses an invitation link older than 72 hours', async () => {
    const staff = await createUser('intarziat@primarie.ro', { status: 'pending', passwordHash: null, userType: 'staff' });
    await t.ctx.db.transaction((tx) => sendSetPasswordInvitation(tx, t.ctx, staff, 'set-password', 'Primăria Sighișoara'));
    const key = await linkKey('intarziat@primarie.ro', '/auth/set-password');
    const [code] = await t.ctx.db
      .select()
      .from(verificationCodes)
      .where(eq(verificationCodes.codeHash, hashToken(key)));
    expect(code.expiresAt.getTime() - code.createdAt.getTime()).toBeGreaterThan(71.9 * 3600_000);
    await expire(key);
    expect((await reset(key)).json()).toEqual({ message: 'AUTH_INVALID_CONFIRMATION_VALIDATIONS' });
    expect((await userByEmail('intarziat@primarie.ro')).status).toBe('pending');
  });
});

describe('POST /api/auth/change-password', () => {
  it('changes an expired password with the old one, then login works again', async () => {
    const user = await createUser('expirata@example.ro', { passwordChangedAt: new Date(Date.now() - 91 * 86_400_000) });
    const oldSession = (
      await t.ctx.db
        .insert(sessions)
        .values({ userId: user.id, tokenHash: 'x'.repeat(64), expiresAt: new Date(Date.now() + 3600_000) })
        .returning()
    )[0];
    expect((await login('expirata@example.ro')).json().message).toBe('AUTH_FAILED_PASSWORD_EXPIRED');

    const response = await change('Expirata@Example.ro', STRONG_PASSWORD);
    expect(response.statusCode).toBe(204);
    const after = await userByEmail('expirata@example.ro');
    expect(Date.now() - (after.passwordChangedAt?.getTime() ?? 0)).toBeLessThan(60_000);
    const [revoked] = await t.ctx.db.select().from(sessions).where(eq(sessions.id, oldSession.id));
    expect(revoked.revokedAt).toBeInstanceOf(Date);
    expect(await loginToken('expirata@example.ro', NEW_PASSWORD)).toEqual(expect.any(String));
    expectCleanMessages(await outbox('expirata@example.ro'), [NEW_PASSWORD, STRONG_PASSWORD]);
    const actions = (
      await t.ctx.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.entityId, String(user.id)))
    ).map((a) => a.action);
    expect(actions).toContain('account.password_changed');
  });

  it('applies the lockout of login to the old password', async () => {
    await createUser('ghicit@example.ro');
    const first = await change('ghicit@example.ro', 'Gresit!123');
    expect(first.statusCode).toBe(401);
    expect(first.json()).toEqual({ message: 'AUTH_FAILED', data: { remaining_attempts: 2 } });
    expect((await change('ghicit@example.ro', 'Gresit!123')).json().data.remaining_attempts).toBe(1);
    expect((await change('ghicit@example.ro', 'Gresit!123')).json()).toEqual({
      message: 'AUTH_FAILED_ACCOUNT_LOCKED',
      data: { minutes: 9 },
    });
    // Locked: even the right password is refused, here and at login.
    expect((await change('ghicit@example.ro', STRONG_PASSWORD)).json().message).toBe('AUTH_FAILED_ACCOUNT_LOCKED');
    expect((await login('ghicit@example.ro')).json().message).toBe('AUTH_FAILED_ACCOUNT_LOCKED');
  });

  it('answers the codes of login for unknown and inactive accounts', async () => {
    // An unknown address answers like a wrong password (the same counter as login): the change
    // of an expired password does not tell which addresses have an account.
    expect((await change('nimeni@example.ro', STRONG_PASSWORD)).json()).toEqual({
      message: 'AUTH_FAILED',
      data: { remaining_attempts: 2 },
    });
    expect((await login('nimeni@example.ro')).json()).toEqual({ message: 'AUTH_FAILED', data: { remaining_attempts: 1 } });
    await createUser('inchis@example.ro', { status: 'inactive' });
    expect((await change('inchis@example.ro', STRONG_PASSWORD)).json()).toEqual({ message: 'AUTH_DISABLED' });
  });

  it('refuses the same password, a weak one and a mismatched confirmation', async () => {
    await createUser('neschimbat@example.ro');
    const same = await change('neschimbat@example.ro', STRONG_PASSWORD, STRONG_PASSWORD);
    expect(same.statusCode).toBe(400);
    expect(same.json()).toEqual({ message: 'RESET_PASSWORD_ALREADY_USED' });
    expect((await change('neschimbat@example.ro', STRONG_PASSWORD, 'scurta')).json().message).toBe(
      'REGISTRATION_INVALID_PASSWORD',
    );
    expect((await change('neschimbat@example.ro', STRONG_PASSWORD, NEW_PASSWORD, 'Altceva!1')).json().message).toBe(
      'VALIDATION_ERROR',
    );
    expect(await verifyPassword((await userByEmail('neschimbat@example.ro')).passwordHash, STRONG_PASSWORD)).toBe(true);
  });
});

describe('POST /api/users/me/password-reset', () => {
  it('e-mails a reset link to the signed-in user', async () => {
    await createUser('panou@example.ro');
    const token = await loginToken('panou@example.ro');
    const response = await request({ method: 'POST', url: '/api/users/me/password-reset', headers: bearer(token) });
    expect(response.statusCode).toBe(204);
    const key = await linkKey('panou@example.ro', '/auth/reset-password');
    // The session stays open until the new password is set.
    expect((await me(token)).statusCode).toBe(200);
    expect((await reset(key)).statusCode).toBe(204);
    expect((await me(token)).json()).toEqual({ message: 'TOKEN_INVALID' });
  });

  it('needs a session', async () => {
    const response = await request({ method: 'POST', url: '/api/users/me/password-reset' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'AUTH_REQUIRED' });
  });
});
