import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, verificationCodes } from '../../db/schema/index.js';
import { hashToken } from '../../platform/tokens.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { accountsTestKit, expectCleanMessages } from '../../../test/accounts-kit.js';
import { buildCitizen, buildOrganisation, buildStaff, buildSubAccount, type SignedIn } from '../../../test/factories.js';

let t: TestApp;
/** A design office (professional company account, its administrator) and its one sub-account. */
let parent: SignedIn;
let editor: SignedIn;
beforeAll(async () => {
  t = await createTestApp({ BLOCKED_EMAIL_DOMAINS: 'mailinator.com' });
  parent = await buildCitizen(t, {
    user_type_name: 'legal_entity',
    account_type: 'professional',
    company_name: 'Atelier Proiect Arhitectură SRL',
    first_name: 'Andrei',
    last_name: 'Moldovan',
  });
  editor = await buildSubAccount(t, parent, { role: 'editor' });
});
afterAll(async () => {
  await t?.close();
});

const { request, outbox, linkKey, userByEmail, bearer } = accountsTestKit(() => t);
const INVITEE_PASSWORD = 'Editor!Nou2026';

const list = async (headers: Record<string, string>, query = '') =>
  request({ method: 'GET', url: `/api/sub-accounts${query}`, headers });
const create = (headers: Record<string, string>, payload: Record<string, unknown>, query = '') =>
  request({ method: 'POST', url: `/api/sub-accounts${query}`, headers, payload });
const update = (headers: Record<string, string>, id: number, body: Record<string, unknown>) =>
  request({
    method: 'PATCH',
    url: `/api/sub-accounts/${id}`,
    headers: { ...headers, 'content-type': 'application/merge-patch+json' },
    payload: JSON.stringify(body),
  });
const setPassword = (confirmationKey: string) =>
  request({
    method: 'PATCH',
    url: '/api/auth/reset-password',
    payload: { confirmationKey, password: INVITEE_PASSWORD, confirmPassword: INVITEE_PASSWORD },
  });
const login = (email: string, password: string) =>
  request({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

describe('sub-accounts', () => {
  it("lists the parent's sub-accounts with list-query parameters", async () => {
    const response = await list(parent.headers, '?pagination=true');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: [
        expect.objectContaining({
          id: editor.id,
          email: editor.email,
          role: 'editor',
          status: 'active',
          created_by: parent.id,
        }),
      ],
      pagination: { total: 1, skip: 0, limit: 20 },
    });
    const bad = await list(parent.headers, '?password[eq]=x');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('INVALID_QUERY');
  });

  it('invites a sub-account that activates itself through the set-password link', async () => {
    const response = await create(
      parent.headers,
      { email: 'Proiectant@Example.ro', first_name: 'Dan', last_name: 'Pop', role: 'editor' },
      '?echo=true',
    );
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({
      email: 'proiectant@example.ro',
      first_name: 'Dan',
      role: 'editor',
      status: 'pending',
      created_by: parent.id,
    });
    const user = await userByEmail('proiectant@example.ro');
    expect(user).toMatchObject({
      parentUserId: parent.id,
      accountType: 'professional',
      userType: 'legal_entity',
      secondaryRole: 'editor',
      status: 'pending',
      passwordHash: null,
    });

    const [mail] = await outbox('proiectant@example.ro');
    expect(mail.subject).toBe('Invitație în Ghișeul Unic – setați parola contului');
    expect(mail.text).toContain('Andrei Moldovan (Atelier Proiect Arhitectură SRL) v-a creat un cont în Ghișeul Unic');
    const key = await linkKey('proiectant@example.ro', '/auth/set-password');
    const [code] = await t.ctx.db
      .select()
      .from(verificationCodes)
      .where(eq(verificationCodes.codeHash, hashToken(key)));
    expect(code.purpose).toBe('sub-account-invite');
    const checked = await request({ method: 'GET', url: `/api/auth/check-validation-token?token=${key}` });
    expect(checked.json().data).toMatchObject({ purpose: 'sub-account-invite', email: 'proiectant@example.ro' });

    expect((await login('proiectant@example.ro', INVITEE_PASSWORD)).json()).toEqual({ message: 'AUTH_DISABLED' });
    expect((await setPassword(key)).statusCode).toBe(204);
    const activated = await userByEmail('proiectant@example.ro');
    expect(activated.status).toBe('active');
    expect(activated.emailConfirmedAt).toBeInstanceOf(Date);
    expect((await login('proiectant@example.ro', INVITEE_PASSWORD)).json()).toMatchObject({
      isEmailConfirmed: true,
      isPhoneConfirmed: false,
    });
    expect((await setPassword(key)).json()).toEqual({ message: 'AUTH_INVALID_CONFIRMATION_VALIDATIONS' });
    expectCleanMessages(await outbox('proiectant@example.ro'), [INVITEE_PASSWORD]);

    const actions = (
      await t.ctx.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.entityId, String(user.id)))
    ).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['sub_account.create', 'account.password_set']));
  });

  it('answers only the id without echo', async () => {
    const response = await create(parent.headers, {
      email: 'fara-echo@example.ro',
      first_name: 'Ana',
      last_name: 'Lup',
      role: 'administrator',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ data: { id: expect.any(Number) } });
  });

  it('refuses a taken address with USER_ALREADY_EXISTS and a blocked domain', async () => {
    const taken = await create(parent.headers, {
      email: (await buildCitizen(t)).email.toUpperCase(),
      first_name: 'Ana',
      last_name: 'Lup',
      role: 'editor',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ message: 'USER_ALREADY_EXISTS' });
    const blocked = await create(parent.headers, {
      email: 'x@mailinator.com',
      first_name: 'Ana',
      last_name: 'Lup',
      role: 'editor',
    });
    expect(blocked.json()).toEqual({ message: 'REGISTRATION_EMAIL_DOMAIN_BLOCKED' });
    const badRole = await create(parent.headers, { email: 'rol@example.ro', first_name: 'Ana', last_name: 'Lup', role: 'owner' });
    expect(badRole.json().message).toBe('VALIDATION_ERROR');
  });

  it('is refused to sub-accounts, personal legal entities and other roles', async () => {
    const others: Record<string, SignedIn> = {
      'sub-account': editor,
      'personal company': await buildCitizen(t, { user_type_name: 'legal_entity', company_name: 'Firma Personală SRL' }),
      citizen: await buildCitizen(t),
      'organisation admin': await buildStaff(t, (await buildOrganisation(t)).id, { admin: true }),
    };
    for (const [who, { headers }] of Object.entries(others)) {
      const listed = await list(headers);
      expect(listed.statusCode, who).toBe(403);
      expect(listed.json()).toEqual({ message: 'FORBIDDEN' });
      expect(
        (
          await create(headers, {
            email: `x-${who.replace(' ', '-')}@example.ro`,
            first_name: 'Ana',
            last_name: 'Lup',
            role: 'editor',
          })
        ).statusCode,
        who,
      ).toBe(403);
      expect((await update(headers, editor.id, { role: 'administrator' })).statusCode, who).toBe(403);
    }
    expect((await list({})).json()).toEqual({ message: 'AUTH_REQUIRED' });
  });

  it('changes the role, deactivates (ending sessions) and reactivates a sub-account', async () => {
    const token = (await login(editor.email, editor.password)).json().data.authToken as string;
    const promoted = await update(parent.headers, editor.id, { role: 'administrator' });
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json().data).toMatchObject({ id: editor.id, role: 'administrator', status: 'active' });
    // Even as administrator, a sub-account does not manage sub-accounts.
    expect((await list(bearer(token))).statusCode).toBe(403);

    const deactivated = await update(parent.headers, editor.id, { status: 'inactive' });
    expect(deactivated.json().data.status).toBe('inactive');
    expect((await request({ method: 'GET', url: '/api/users/me', headers: bearer(token) })).json()).toEqual({
      message: 'TOKEN_INVALID',
    });
    expect((await login(editor.email, editor.password)).json()).toEqual({ message: 'AUTH_DISABLED' });

    const reactivated = await update(parent.headers, editor.id, { status: 'active', role: 'editor' });
    expect(reactivated.json().data).toMatchObject({ status: 'active', role: 'editor' });
    expect((await login(editor.email, editor.password)).statusCode).toBe(200);

    const audit = await t.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(editor.id)));
    const updates = audit.filter((a) => a.action === 'sub_account.update');
    expect(updates).toHaveLength(3);
    expect(updates[1].after).toMatchObject({ status: 'inactive', sessions_revoked: true });
  });

  it('kills the invitation of a deactivated pending account; reactivating sends a fresh one', async () => {
    const created = await create(parent.headers, {
      email: 'amanat@example.ro',
      first_name: 'Ion',
      last_name: 'Lup',
      role: 'editor',
    });
    const id = created.json().data.id as number;
    const firstKey = await linkKey('amanat@example.ro', '/auth/set-password');
    expect((await update(parent.headers, id, { status: 'inactive' })).json().data.status).toBe('inactive');
    expect((await setPassword(firstKey)).json()).toEqual({ message: 'AUTH_INVALID_CONFIRMATION_VALIDATIONS' });

    const reactivated = await update(parent.headers, id, { status: 'active' });
    // No password yet: it waits for the new invitation.
    expect(reactivated.json().data.status).toBe('pending');
    const secondKey = await linkKey('amanat@example.ro', '/auth/set-password');
    expect(secondKey).not.toBe(firstKey);
    expect(await outbox('amanat@example.ro')).toHaveLength(2);
    expect((await setPassword(secondKey)).statusCode).toBe(204);
    expect((await userByEmail('amanat@example.ro')).status).toBe('active');
  });

  it("answers NOT_FOUND for someone else's account and an unknown id, and validates the patch", async () => {
    const citizen = await buildCitizen(t);
    expect((await update(parent.headers, citizen.id, { status: 'inactive' })).json()).toEqual({
      message: 'NOT_FOUND',
      data: { resource: 'sub-account' },
    });
    expect((await update(parent.headers, 9_999_999, { role: 'editor' })).statusCode).toBe(404);
    expect((await userByEmail(citizen.email)).status).toBe('active');
    expect((await update(parent.headers, editor.id, {})).json().message).toBe('VALIDATION_ERROR');
    expect((await update(parent.headers, editor.id, { status: 'pending' })).json().message).toBe('VALIDATION_ERROR');
  });

  it('filters and sorts the list', async () => {
    for (const email of ['b-asteapta@example.ro', 'a-asteapta@example.ro']) {
      await create(parent.headers, { email, first_name: 'Ana', last_name: 'Lup', role: 'editor' });
    }
    const response = await list(parent.headers, '?status[eq]=pending&sortKey=email&orLikeQuery=asteapta');
    expect(response.statusCode).toBe(200);
    expect(response.json().data.map((s: { email: string }) => s.email)).toEqual([
      'a-asteapta@example.ro',
      'b-asteapta@example.ro',
    ]);
    expect((await list(parent.headers, '?status[eq]=inactive&orLikeQuery=asteapta')).json().data).toEqual([]);
  });
});
