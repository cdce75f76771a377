import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, profiles, users, verificationCodes } from '../../db/schema/index.js';
import { hashToken } from '../../platform/tokens.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { accountsTestKit, expectCleanMessages, STRONG_PASSWORD } from '../../../test/accounts-kit.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ BLOCKED_EMAIL_DOMAINS: 'mailinator.com, @spam.example' });
});
afterAll(async () => {
  await t?.close();
});

const { request, outbox, linkKey, smsCode, createUser, userByEmail, bearer } = accountsTestKit(() => t);

const registration = (overrides: Record<string, unknown> = {}) => ({
  account_type: 'personal',
  user_type_name: 'citizen',
  first_name: 'Ana-Maria',
  last_name: 'Șerban',
  email: 'ana@example.ro',
  phone: '0722000001',
  password: STRONG_PASSWORD,
  confirmPassword: STRONG_PASSWORD,
  terms_accepted: true,
  ...overrides,
});
const register = (overrides: Record<string, unknown> = {}) =>
  request({ method: 'POST', url: '/api/auth/register', payload: registration(overrides) });
const login = (email: string, password = STRONG_PASSWORD) =>
  request({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
const confirm = (confirmationKey: string) =>
  request({ method: 'POST', url: '/api/auth/confirm-email', payload: { confirmationKey } });
const check = (token: string) =>
  request({ method: 'GET', url: `/api/auth/check-validation-token?token=${encodeURIComponent(token)}` });
const phoneUpdate = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  request({ method: 'POST', url: '/api/auth/phone/update', payload, headers });
const phoneValidate = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  request({ method: 'POST', url: '/api/auth/phone/validate', payload, headers });

describe('POST /api/auth/register', () => {
  it('creates an active, unconfirmed citizen with a profile and e-mails a single-use confirmation link', async () => {
    const response = await register({ email: ' Ana@Example.RO ' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      data: { user_id: expect.any(Number), email: 'ana@example.ro', isEmailConfirmed: false, isPhoneConfirmed: false },
    });
    const user = await userByEmail('ana@example.ro');
    expect(user).toMatchObject({
      status: 'active',
      userType: 'citizen',
      accountType: 'personal',
      phone: '0722000001',
      firstName: 'Ana-Maria',
      lastName: 'Șerban',
      emailConfirmedAt: null,
      phoneConfirmedAt: null,
      profileCompleted: false,
      secondaryRole: null,
    });
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);
    const [profile] = await t.ctx.db.select().from(profiles).where(eq(profiles.userId, user.id));
    expect(profile.citizenship).toBe('romanian');

    const [mail] = await outbox('ana@example.ro');
    expect(mail.subject).toBe('Confirmați adresa de e-mail – Ghișeul Unic');
    expect(mail.text).toContain(`${t.ctx.config.publicUrl}/auth/confirm-email?confirmationKey=`);
    expect(mail.text).toContain('Bună ziua, Ana-Maria Șerban,');
    expect(mail.text).toContain('valabil 24 de ore');
    expectCleanMessages([mail], [STRONG_PASSWORD]);

    // Only the hash of the key is stored, with a 24-hour expiry.
    const key = await linkKey('ana@example.ro', '/auth/confirm-email');
    const [code] = await t.ctx.db
      .select()
      .from(verificationCodes)
      .where(and(eq(verificationCodes.userId, user.id), eq(verificationCodes.purpose, 'email-confirmation')));
    expect(code.codeHash).toBe(hashToken(key));
    expect(code.codeHash).not.toContain(key);
    expect(code.expiresAt.getTime() - code.createdAt.getTime()).toBeGreaterThan(23.9 * 3600_000);
    expect(code.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(24 * 3600_000);

    const actions = (
      await t.ctx.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.entityId, String(user.id)))
    ).map((a) => a.action);
    expect(actions).toContain('account.register');
  });

  it('registers a professional legal entity as the administrator of its entity, and a foreigner as foreign', async () => {
    const company = await register({
      email: 'birou@proiect.ro',
      user_type_name: 'legal_entity',
      account_type: 'professional',
      company_name: 'Birou Proiect SRL',
    });
    expect(company.statusCode).toBe(201);
    const user = await userByEmail('birou@proiect.ro');
    expect(user).toMatchObject({ userType: 'legal_entity', accountType: 'professional', secondaryRole: 'administrator' });
    const [profile] = await t.ctx.db.select().from(profiles).where(eq(profiles.userId, user.id));
    expect(profile.companyName).toBe('Birou Proiect SRL');

    expect((await register({ email: 'hans@example.de', user_type_name: 'foreigner', phone: '+40 722 000 003' })).statusCode).toBe(
      201,
    );
    const foreigner = await userByEmail('hans@example.de');
    expect(foreigner.phone).toBe('0722000003');
    const [foreignProfile] = await t.ctx.db.select().from(profiles).where(eq(profiles.userId, foreigner.id));
    expect(foreignProfile.citizenship).toBe('foreign');
  });

  it('refuses an address already registered, whatever its case: REGISTRATION_EMAIL_ALREADY_EXISTS', async () => {
    const response = await register({ email: 'CITIZEN@Demo.Ghiseu.ro' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'REGISTRATION_EMAIL_ALREADY_EXISTS' });
  });

  it('keeps one account when the same address registers twice at the same moment', async () => {
    const responses = await Promise.all([register({ email: 'dublu@example.ro' }), register({ email: 'Dublu@example.ro' })]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(responses.find((r) => r.statusCode === 409)?.json()).toEqual({ message: 'REGISTRATION_EMAIL_ALREADY_EXISTS' });
    expect(await t.ctx.db.select().from(users).where(eq(users.email, 'dublu@example.ro'))).toHaveLength(1);
    expect(await outbox('dublu@example.ro')).toHaveLength(1);
  });

  it('refuses blocked domains and the county domain: REGISTRATION_EMAIL_DOMAIN_BLOCKED', async () => {
    for (const email of ['x@mailinator.com', 'x@mail.spam.example', 'x@cjmures.ro', 'x@relatii.cjmures.ro']) {
      const response = await register({ email });
      expect(response.statusCode, email).toBe(400);
      expect(response.json()).toEqual({ message: 'REGISTRATION_EMAIL_DOMAIN_BLOCKED' });
      expect(await userByEmail(email)).toBeUndefined();
    }
    // A look-alike domain is not the county's.
    expect((await register({ email: 'x@notcjmures.ro' })).statusCode).toBe(201);
  });

  it('refuses a password outside the policy: REGISTRATION_INVALID_PASSWORD with the broken rules', async () => {
    const response = await register({ email: 'weak@example.ro', password: 'parola', confirmPassword: 'parola' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'REGISTRATION_INVALID_PASSWORD',
      data: { rules: ['minLength', 'uppercase', 'digit', 'special'] },
    });
    expect(await userByEmail('weak@example.ro')).toBeUndefined();
  });

  it('reports malformed fields with VALIDATION_ERROR', async () => {
    const response = await register({
      email: 'not-an-address',
      phone: '0264123456',
      terms_accepted: false,
      first_name: 'Ana3',
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.message).toBe('VALIDATION_ERROR');
    const byPath = Object.fromEntries(body.data.fields.map((f: { path: string; message: string }) => [f.path, f.message]));
    expect(byPath).toMatchObject({
      'body.email': 'Adresa de e-mail nu este validă',
      // A landline cannot receive the SMS code.
      'body.phone': 'Numărul de telefon nu este valid',
      'body.terms_accepted': 'Trebuie să acceptați termenii și condițiile',
      'body.first_name': 'Sunt permise doar litere, apostrof și cratimă',
    });

    const mismatch = await register({ email: 'nepotrivit@example.ro', confirmPassword: 'Altceva!2026' });
    expect(mismatch.json()).toEqual({
      message: 'VALIDATION_ERROR',
      data: { fields: [{ path: 'body.confirmPassword', message: 'Parolele nu sunt identice' }] },
    });
    const company = await register({ email: 'firma@example.ro', company_name: 'Firma mea' });
    expect(company.json().data.fields).toEqual([{ path: 'body.company_name', message: 'Valoarea introdusă nu este validă' }]);
    for (const email of ['nepotrivit@example.ro', 'firma@example.ro']) expect(await userByEmail(email)).toBeUndefined();
  });

  it('is listed in the OpenAPI document with the other account routes', async () => {
    const paths = Object.keys((await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/auth/register',
        '/api/auth/confirm-email',
        '/api/auth/check-validation-token',
        '/api/auth/resend',
        '/api/auth/phone/update',
        '/api/auth/phone/validate',
        '/api/recover-password',
        '/api/auth/reset-password',
        '/api/auth/change-password',
        '/api/users/me/password-reset',
        '/api/profiles/me',
        '/api/users',
        '/api/users/{id}',
        '/api/sub-accounts',
        '/api/sub-accounts/{id}',
      ]),
    );
  });
});

describe('the verification journey', () => {
  it('goes from registration to a session: e-mail link, then SMS code', async () => {
    await register({ email: 'drum@example.ro', phone: '0722000010' });
    const pending = (await login('drum@example.ro')).json();
    // The phone given at sign-up prefills the SMS step.
    expect(pending).toMatchObject({
      isEmailConfirmed: false,
      isPhoneConfirmed: false,
      data: { authToken: null, phone: '0722000010' },
    });

    const key = await linkKey('drum@example.ro', '/auth/confirm-email');
    const checked = await check(key);
    expect(checked.statusCode).toBe(200);
    expect(checked.json().data).toMatchObject({ valid: true, purpose: 'email-confirmation', email: 'drum@example.ro' });

    const confirmed = await confirm(key);
    expect(confirmed.statusCode).toBe(200);
    const { data, ...flags } = confirmed.json();
    expect(flags).toEqual({ isEmailConfirmed: true, isPhoneConfirmed: false });
    expect(data.authToken).toBeNull();
    expect(data.phone).toBe('0722000010');
    const verificationToken = data.verificationToken as string;
    expect((await userByEmail('drum@example.ro')).emailConfirmedAt).toBeInstanceOf(Date);

    // The link works once.
    expect((await confirm(key)).json()).toEqual({ message: 'INVALID_TOKEN' });
    expect((await check(key)).json()).toEqual({ message: 'INVALID_TOKEN' });
    // The SMS page can check its token too.
    expect((await check(verificationToken)).json().data).toMatchObject({
      purpose: 'account-verification',
      email: 'drum@example.ro',
    });

    // The phone may differ from the one given at registration.
    expect((await phoneUpdate({ phone: '0722 000 011', token: verificationToken })).statusCode).toBe(204);
    const [sms] = await outbox('0722000011');
    expect(sms.channel).toBe('sms');
    expect(sms.text).toMatch(/^Codul de verificare Ghișeul Unic este \d{6}\. Este valabil 10 minute\./);
    const code = await smsCode('0722000011');

    const wrong = await phoneValidate({
      phone: '0722000011',
      smsCode: code === '000000' ? '111111' : '000000',
      token: verificationToken,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: 'SMS_CODE_INVALID', data: { remaining_attempts: 4 } });

    const validated = await phoneValidate({ phone: '0722000011', smsCode: code, token: verificationToken });
    expect(validated.statusCode).toBe(200);
    const session = validated.json();
    expect(session).toMatchObject({ isEmailConfirmed: true, isPhoneConfirmed: true, data: { verificationToken: null } });
    const me = await request({ method: 'GET', url: '/api/users/me', headers: bearer(session.data.authToken) });
    expect(me.json().data).toMatchObject({ email: 'drum@example.ro', is_email_confirmed: true, is_phone_confirmed: true });
    expect((await userByEmail('drum@example.ro')).phone).toBe('0722000011');

    // The code is spent, and the verification token has nothing left to do.
    expect((await phoneValidate({ phone: '0722000011', smsCode: code }, bearer(session.data.authToken))).json()).toEqual({
      message: 'SMS_CODE_EXPIRED',
    });
    expect((await phoneUpdate({ phone: '0722000011', token: verificationToken })).json()).toEqual({ message: 'INVALID_TOKEN' });
    expect((await check(verificationToken)).json()).toEqual({ message: 'INVALID_TOKEN' });
    expect((await login('drum@example.ro')).json().data.authToken).toEqual(expect.any(String));

    const user = await userByEmail('drum@example.ro');
    const actions = (
      await t.ctx.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.entityId, String(user.id)))
    ).map((a) => a.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'account.register',
        'account.email_confirmed',
        'account.phone_code_sent',
        'account.phone_code_failed',
        'account.phone_confirmed',
      ]),
    );
    expectCleanMessages([...(await outbox('drum@example.ro')), ...(await outbox('0722000011'))], [STRONG_PASSWORD]);
  });

  it('confirms the phone before the e-mail without opening a session', async () => {
    await register({ email: 'invers@example.ro', phone: '0722000020' });
    const token = (await login('invers@example.ro')).json().data.verificationToken;
    await phoneUpdate({ phone: '0722000020', token });
    const validated = await phoneValidate({ phone: '0722000020', smsCode: await smsCode('0722000020'), token });
    expect(validated.json()).toMatchObject({ isEmailConfirmed: false, isPhoneConfirmed: true, data: { authToken: null } });
    // A confirmed phone is not handed out again.
    expect((await login('invers@example.ro')).json().data).toMatchObject({ verificationToken: expect.any(String), phone: null });
    // The e-mail link then answers that the phone is done: the user signs in.
    const confirmed = await confirm(await linkKey('invers@example.ro', '/auth/confirm-email'));
    expect(confirmed.json()).toEqual({
      isEmailConfirmed: true,
      isPhoneConfirmed: true,
      data: { authToken: null, verificationToken: null },
    });
    expect((await login('invers@example.ro')).json().data.authToken).toEqual(expect.any(String));
  });

  it('uses a link once even when it is opened twice at the same moment', async () => {
    await register({ email: 'dublu-click@example.ro' });
    const key = await linkKey('dublu-click@example.ro', '/auth/confirm-email');
    const responses = await Promise.all([confirm(key), confirm(key)]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(responses.find((r) => r.statusCode === 400)?.json()).toEqual({ message: 'INVALID_TOKEN' });
  });

  it('refuses an expired confirmation link (24 hours) with INVALID_TOKEN', async () => {
    await register({ email: 'tarziu@example.ro' });
    const key = await linkKey('tarziu@example.ro', '/auth/confirm-email');
    await t.ctx.db
      .update(verificationCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verificationCodes.codeHash, hashToken(key)));
    expect((await check(key)).json()).toEqual({ message: 'INVALID_TOKEN' });
    const response = await confirm(key);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'INVALID_TOKEN' });
    expect((await userByEmail('tarziu@example.ro')).emailConfirmedAt).toBeNull();
  });

  it('answers INVALID_TOKEN for unknown keys and forged tokens, and AUTH_DISABLED for a deactivated account', async () => {
    expect((await check('nu-exista')).json()).toEqual({ message: 'INVALID_TOKEN' });
    expect((await confirm('nu-exista')).json()).toEqual({ message: 'INVALID_TOKEN' });
    const forged = t.ctx.signer.sign({ purpose: 'upload', userId: 1 }, 60);
    expect((await check(forged)).json()).toEqual({ message: 'INVALID_TOKEN' });
    expect((await phoneUpdate({ phone: '0722000030', token: forged })).json()).toEqual({ message: 'INVALID_TOKEN' });
    expect((await phoneUpdate({ phone: '0722000030', token: 'abc.def' })).json()).toEqual({ message: 'INVALID_TOKEN' });
    // Neither a token nor a session.
    expect((await phoneUpdate({ phone: '0722000030' })).json()).toEqual({ message: 'INVALID_TOKEN' });

    await register({ email: 'oprit@example.ro' });
    const key = await linkKey('oprit@example.ro', '/auth/confirm-email');
    await t.ctx.db.update(users).set({ status: 'inactive' }).where(eq(users.email, 'oprit@example.ro'));
    expect((await check(key)).json()).toEqual({ message: 'INVALID_TOKEN' });
    const response = await confirm(key);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'AUTH_DISABLED' });
  });
});

describe('GET /api/auth/resend', () => {
  const resend = (email: string, remoteAddress?: string) =>
    request({
      method: 'GET',
      url: `/api/auth/resend?email=${encodeURIComponent(email)}`,
      ...(remoteAddress ? { remoteAddress } : {}),
    });

  it('sends a new link that replaces the previous one', async () => {
    await register({ email: 'retrimis@example.ro' });
    const first = await linkKey('retrimis@example.ro', '/auth/confirm-email');
    const response = await resend('Retrimis@Example.ro');
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(await outbox('retrimis@example.ro')).toHaveLength(2);
    const second = await linkKey('retrimis@example.ro', '/auth/confirm-email');
    expect(second).not.toBe(first);
    expect((await confirm(first)).json()).toEqual({ message: 'INVALID_TOKEN' });
    expect((await confirm(second)).statusCode).toBe(200);
  });

  it('answers 204 and sends nothing for unknown, confirmed or inactive addresses', async () => {
    expect((await resend('nimeni@example.ro')).statusCode).toBe(204);
    expect((await resend('citizen@demo.ghiseu.ro')).statusCode).toBe(204);
    await createUser('inactiv@example.ro', { status: 'inactive', emailConfirmedAt: null });
    expect((await resend('inactiv@example.ro')).statusCode).toBe(204);
    for (const email of ['nimeni@example.ro', 'citizen@demo.ghiseu.ro', 'inactiv@example.ro'])
      expect(await outbox(email)).toEqual([]);
  });

  it('is rate limited to 5 calls a minute per client', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await resend('nimeni@example.ro', '192.0.2.50')).statusCode);
    expect(statuses).toEqual([204, 204, 204, 204, 204, 429]);
    expect((await resend('nimeni@example.ro', '192.0.2.50')).json()).toEqual({ message: 'RATE_LIMITED' });
    // Another client is not affected.
    expect((await resend('nimeni@example.ro', '192.0.2.51')).statusCode).toBe(204);
  });
});

describe('SMS codes', () => {
  async function pendingPhone(email: string, phone: string) {
    await createUser(email, { phoneConfirmedAt: null });
    const token = (await login(email)).json().data.verificationToken as string;
    expect((await phoneUpdate({ phone, token })).statusCode).toBe(204);
    return { token, code: await smsCode(phone) };
  }
  const otherCode = (code: string) => (code === '123456' ? '654321' : '123456');

  it('stores the code salted, never in clear, with a 10-minute expiry', async () => {
    const { code } = await pendingPhone('sarat@example.ro', '0722000040');
    const user = await userByEmail('sarat@example.ro');
    const [row] = await t.ctx.db
      .select()
      .from(verificationCodes)
      .where(and(eq(verificationCodes.userId, user.id), eq(verificationCodes.purpose, 'phone-confirmation')));
    expect(row.codeHash).not.toContain(code);
    expect(row.codeHash).not.toBe(hashToken(code));
    expect(row.target).toBe('0722000040');
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeGreaterThan(9.9 * 60_000);
    expect(row.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(10 * 60_000);
  });

  it('invalidates the code after 5 wrong attempts', async () => {
    const { token, code } = await pendingPhone('greseli@example.ro', '0722000041');
    const remaining: number[] = [];
    for (let i = 0; i < 5; i++) {
      const response = await phoneValidate({ phone: '0722000041', smsCode: otherCode(code), token });
      expect(response.json().message).toBe('SMS_CODE_INVALID');
      remaining.push(response.json().data.remaining_attempts);
    }
    expect(remaining).toEqual([4, 3, 2, 1, 0]);
    // The right code no longer works: a new one must be requested.
    expect((await phoneValidate({ phone: '0722000041', smsCode: code, token })).json()).toEqual({
      message: 'SMS_CODE_EXPIRED',
    });
    expect((await phoneUpdate({ phone: '0722000041', token })).statusCode).toBe(204);
    const fresh = await smsCode('0722000041');
    expect((await phoneValidate({ phone: '0722000041', smsCode: fresh, token })).statusCode).toBe(200);
  });

  it('refuses an expired code, a superseded code, and a code typed for another phone', async () => {
    const { token, code } = await pendingPhone('expirat@example.ro', '0722000042');
    const user = await userByEmail('expirat@example.ro');
    await t.ctx.db
      .update(verificationCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(verificationCodes.userId, user.id), eq(verificationCodes.purpose, 'phone-confirmation')));
    const expired = await phoneValidate({ phone: '0722000042', smsCode: code, token });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({ message: 'SMS_CODE_EXPIRED' });

    await phoneUpdate({ phone: '0722000042', token });
    const first = await smsCode('0722000042');
    await phoneUpdate({ phone: '0722000042', token });
    const second = await smsCode('0722000042');
    if (first !== second) {
      expect((await phoneValidate({ phone: '0722000042', smsCode: first, token })).json().message).toBe('SMS_CODE_INVALID');
    }
    // The code went to 0722000042: typed with another number it counts as wrong.
    expect((await phoneValidate({ phone: '0722000043', smsCode: second, token })).json().message).toBe('SMS_CODE_INVALID');
    expect((await phoneValidate({ phone: '0722000042', smsCode: second, token })).statusCode).toBe(200);
  });

  it('validates the phone and the code format', async () => {
    const token = t.ctx.signer.sign({ purpose: 'account-verification', userId: 1 }, 60);
    const response = await phoneValidate({ phone: '12345', smsCode: '12ab', token });
    expect(response.statusCode).toBe(400);
    const paths = response.json().data.fields.map((f: { path: string }) => f.path);
    expect(paths).toEqual(expect.arrayContaining(['body.phone', 'body.smsCode']));
  });

  it('is rate limited when sending codes', async () => {
    const { token } = await pendingPhone('limita@example.ro', '0722000044');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/auth/phone/update',
            payload: { phone: '0722000044', token },
            remoteAddress: '192.0.2.60',
          })
        ).statusCode,
      );
    }
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('POST /auth/phone/update limits', () => {
  const signIn = async (email: string) => {
    await createUser(email);
    const response = await request({ method: 'POST', url: '/api/auth/login', payload: { email, password: STRONG_PASSWORD } });
    return bearer(response.json().data.authToken);
  };
  const send = (headers: Record<string, string>, phone: string) =>
    request({ method: 'POST', url: '/api/auth/phone/update', headers, payload: { phone } });

  it('sends at most 5 codes an hour per account, whatever the numbers, and says when to retry', async () => {
    const headers = await signIn('limita.cont@example.ro');
    for (let i = 0; i < 5; i++) expect((await send(headers, `07230001${String(i).padStart(2, '0')}`)).statusCode).toBe(204);
    const refused = await send(headers, '0723000199');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: 'RATE_LIMITED', data: { retry_after_seconds: expect.any(Number) } });
    expect(refused.json().data.retry_after_seconds).toBeGreaterThan(3500);
    expect(await outbox('0723000199')).toEqual([]);
  });

  it('sends at most 5 codes an hour to one number, whoever asks', async () => {
    const target = '0723000200';
    for (let i = 0; i < 5; i++) expect((await send(await signIn(`limita.numar${i}@example.ro`), target)).statusCode).toBe(204);
    const sixth = await send(await signIn('limita.numar5@example.ro'), target);
    expect(sixth.json().message).toBe('RATE_LIMITED');
    expect(await outbox(target)).toHaveLength(5);
    // An hour later the number receives codes again (the count lives in the database).
    await t.ctx.db
      .update(verificationCodes)
      .set({ createdAt: new Date(Date.now() - 61 * 60_000) })
      .where(eq(verificationCodes.target, target));
    expect((await send(await signIn('limita.numar6@example.ro'), target)).statusCode).toBe(204);
  });
});
