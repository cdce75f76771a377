import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { socialIdentities, users } from '../../db/schema/index.js';
import { followAuthorization, startFacebookGraph, startOidcProvider } from '../../../test/social-providers.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

const REDIRECT = 'http://localhost:8080/auth/google';
let t: TestApp;
let google: Awaited<ReturnType<typeof startOidcProvider>>;
let facebook: Awaited<ReturnType<typeof startFacebookGraph>>;

beforeAll(async () => {
  google = await startOidcProvider({ clientId: 'ghiseu-test', clientSecret: 'ghiseu-test-secret', redirectUri: REDIRECT });
  facebook = await startFacebookGraph('fb-app');
  t = await createTestApp({
    GOOGLE_ISSUER: google.issuer,
    GOOGLE_CLIENT_ID: 'ghiseu-test',
    GOOGLE_CLIENT_SECRET: 'ghiseu-test-secret',
    GOOGLE_REDIRECT_URI: REDIRECT,
    FACEBOOK_APP_ID: 'fb-app',
    FACEBOOK_APP_SECRET: 'fb-secret',
    FACEBOOK_GRAPH_URL: facebook.url,
  });
});
afterAll(async () => {
  await t?.close();
  await google?.close();
  await facebook?.close();
});

async function googleRoundTrip(): Promise<{
  status: number;
  body: Record<string, unknown> & { data: { authToken: string | null; verificationToken: string | null } };
}> {
  const started = await t.app.inject({ method: 'GET', url: '/api/auth/google/url' });
  expect(started.statusCode).toBe(200);
  const query = await followAuthorization(started.json().data.url, REDIRECT);
  const finished = await t.app.inject({ method: 'POST', url: '/api/auth/google', payload: { token: query } });
  return { status: finished.statusCode, body: finished.json() };
}

describe('Google sign-in through OpenID Connect', () => {
  it('reports the configured providers', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/providers' })).json()).toEqual({
      data: { google: true, facebook: true },
    });
  });

  it('creates a citizen account for a new identity and asks for the phone', async () => {
    google.setAccount({
      sub: 'g-100',
      email: 'Noua.Persoana@example.ro',
      email_verified: true,
      given_name: 'Ana',
      family_name: 'Pop',
    });
    const { status, body } = await googleRoundTrip();
    expect(status).toBe(200);
    expect(body).toMatchObject({ isEmailConfirmed: true, isPhoneConfirmed: false, data: { authToken: null } });
    expect(body.data.verificationToken).toEqual(expect.any(String));
    const [user] = await t.ctx.db.select().from(users).where(eq(users.email, 'noua.persoana@example.ro'));
    expect(user).toMatchObject({ userType: 'citizen', firstName: 'Ana', lastName: 'Pop' });
    expect(user.emailConfirmedAt).not.toBeNull();
  });

  it('signs a confirmed account straight in and links the identity once', async () => {
    google.setAccount({ sub: 'g-citizen', email: 'citizen@demo.ghiseu.ro', email_verified: true });
    const first = await googleRoundTrip();
    expect(first.body).toMatchObject({ isPhoneConfirmed: true, data: { verificationToken: null } });
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { authorization: `Bearer ${first.body.data.authToken}` },
    });
    expect(me.json().data.email).toBe('citizen@demo.ghiseu.ro');
    await googleRoundTrip();
    const links = await t.ctx.db.select().from(socialIdentities).where(eq(socialIdentities.subject, 'g-citizen'));
    expect(links).toHaveLength(1);
  });

  it('refuses a replayed callback (state is single use)', async () => {
    google.setAccount({ sub: 'g-replay', email: 'replay@example.ro', email_verified: true });
    const started = await t.app.inject({ method: 'GET', url: '/api/auth/google/url' });
    const query = await followAuthorization(started.json().data.url, REDIRECT);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/google', payload: { token: query } })).statusCode).toBe(200);
    const replay = await t.app.inject({ method: 'POST', url: '/api/auth/google', payload: { token: query } });
    expect(replay.json()).toEqual({ message: 'INVALID_TOKEN' });
  });

  it('refuses a forged state', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/google', payload: { token: 'code=abc&state=forged' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'INVALID_TOKEN' });
  });

  it('refuses an identity without a verified e-mail', async () => {
    google.setAccount({ sub: 'g-unverified', email: 'unverified@example.ro', email_verified: false });
    const { status, body } = await googleRoundTrip();
    expect(status).toBe(401);
    expect(body).toEqual({ message: 'AUTH_INVALID' });
  });
});

describe('Facebook sign-in', () => {
  it('signs in with a token issued to the portal app', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/facebook', payload: { accessToken: 'fb-valid' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ isPhoneConfirmed: false, data: { authToken: null } });
    const [user] = await t.ctx.db.select().from(users).where(eq(users.email, 'facebook@example.ro'));
    expect(user.lastName).toBe('Mureșan');
  });

  it('says the e-mail was not received when the scope was refused', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/facebook', payload: { accessToken: 'fb-no-email' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'FACEBOOK_EMAIL_NOT_RECEIVED' });
  });

  it('refuses a token of another app', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/facebook', payload: { accessToken: 'stolen' } });
    expect(response.json()).toEqual({ message: 'INVALID_TOKEN' });
  });
});

describe('without configured providers', () => {
  it('answers AUTH_SERVICE_UNAVAILABLE', async () => {
    const bare = await createTestApp();
    try {
      expect((await bare.app.inject({ method: 'GET', url: '/api/auth/providers' })).json()).toEqual({
        data: { google: false, facebook: false },
      });
      const response = await bare.app.inject({ method: 'GET', url: '/api/auth/google/url' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ message: 'AUTH_SERVICE_UNAVAILABLE' });
    } finally {
      await bare.close();
    }
  });
});
