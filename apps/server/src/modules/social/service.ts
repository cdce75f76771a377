import type { LoginResponse } from '@ghiseu/domain';
import * as oidc from 'openid-client';
import { writeAudit } from '../../platform/audit.js';
import { createSession } from '../../platform/auth/sessions.js';
import type { AppContext } from '../../platform/context.js';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { hashToken } from '../../platform/tokens.js';
import type { RequestMeta } from '../../platform/request.js';
import { findUserByEmail, VERIFICATION_TOKEN_PURPOSE } from '../auth/index.js';
import * as repo from './repository.js';

type Provider = repo.Provider;

/** How long a started social sign-in may take before its state is refused. */
const REQUEST_TTL_MS = 10 * 60_000;

const discovered = new Map<string, Promise<oidc.Configuration>>();

/**
 * The provider's OpenID configuration, discovered once per issuer. Plain http is accepted only
 * for a loopback issuer (the local provider of the tests and of development).
 */
function googleConfiguration(google: NonNullable<AppContext['config']['social']['google']>): Promise<oidc.Configuration> {
  const key = `${google.issuer}|${google.clientId}`;
  let found = discovered.get(key);
  if (!found) {
    const issuer = new URL(google.issuer);
    const loopback = issuer.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(issuer.hostname);
    found = oidc.discovery(
      issuer,
      google.clientId,
      google.clientSecret,
      undefined,
      loopback ? { execute: [oidc.allowInsecureRequests] } : undefined,
    );
    // A failed discovery must be retried next time, not cached.
    found.catch(() => discovered.delete(key));
    discovered.set(key, found);
  }
  return found;
}

export function availableProviders(ctx: AppContext): { google: boolean; facebook: boolean } {
  return { google: ctx.config.social.google !== null, facebook: ctx.config.social.facebook !== null };
}

/** Starts a Google (OpenID Connect) sign-in: authorization code flow with PKCE, state and nonce. */
export async function googleAuthorizationUrl(ctx: AppContext): Promise<string> {
  const google = ctx.config.social.google;
  if (!google) throw new AppError('AUTH_SERVICE_UNAVAILABLE');
  const configuration = await googleConfiguration(google).catch(() => {
    throw new AppError('AUTH_SERVICE_UNAVAILABLE');
  });
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  await ctx.db.transaction((tx) =>
    repo.insertOauthRequest(tx, {
      stateHash: hashToken(state),
      provider: 'google',
      codeVerifier,
      nonce,
      expiresAt: new Date(Date.now() + REQUEST_TTL_MS),
    }),
  );
  const url = oidc.buildAuthorizationUrl(configuration, {
    redirect_uri: google.redirectUri,
    scope: 'openid email profile',
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  return url.href;
}

/**
 * Finishes a Google sign-in. `callbackQuery` is the query string the provider sent to the
 * portal's /auth/google page (`code=…&state=…`).
 */
export async function googleSignIn(ctx: AppContext, callbackQuery: string, meta: RequestMeta): Promise<LoginResponse> {
  const google = ctx.config.social.google;
  if (!google) throw new AppError('AUTH_SERVICE_UNAVAILABLE');
  const params = new URLSearchParams(callbackQuery.replace(/^\?/, ''));
  const state = params.get('state');
  if (!state || !params.get('code')) throw new AppError('INVALID_TOKEN');
  // Single use: the state row is deleted whether or not the exchange succeeds.
  const request = await repo.takeOauthRequest(ctx.db, 'google', hashToken(state));
  if (!request) throw new AppError('INVALID_TOKEN');
  const configuration = await googleConfiguration(google).catch(() => {
    throw new AppError('AUTH_SERVICE_UNAVAILABLE');
  });
  let claims: oidc.IDToken | undefined;
  try {
    const tokens = await oidc.authorizationCodeGrant(configuration, new URL(`${google.redirectUri}?${params.toString()}`), {
      pkceCodeVerifier: request.codeVerifier,
      expectedState: state,
      expectedNonce: request.nonce,
      idTokenExpected: true,
    });
    claims = tokens.claims();
  } catch {
    throw new AppError('INVALID_TOKEN');
  }
  const email = typeof claims?.email === 'string' ? claims.email : null;
  if (!claims || !email || claims.email_verified === false) throw new AppError('AUTH_INVALID');
  return signInWithIdentity(
    ctx,
    'google',
    claims.sub,
    { email, firstName: strOrNull(claims.given_name), lastName: strOrNull(claims.family_name) },
    meta,
  );
}

const strOrNull = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

async function graph<T>(url: URL): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  } catch {
    throw new AppError('AUTH_SERVICE_UNAVAILABLE');
  }
  if (response.status >= 500) throw new AppError('AUTH_SERVICE_UNAVAILABLE');
  if (!response.ok) throw new AppError('INVALID_TOKEN');
  return (await response.json()) as T;
}

/**
 * Facebook sign-in with the access token the browser SDK obtained: the token must have been
 * issued to our app (debug_token), then /me gives the identity. Without the e-mail scope the
 * client is told so and asks for the permission again (spec §4).
 */
export async function facebookSignIn(ctx: AppContext, accessToken: string, meta: RequestMeta): Promise<LoginResponse> {
  const facebook = ctx.config.social.facebook;
  if (!facebook) throw new AppError('AUTH_SERVICE_UNAVAILABLE');
  const base = facebook.graphUrl.replace(/\/$/, '');
  const debugUrl = new URL(`${base}/debug_token`);
  debugUrl.searchParams.set('input_token', accessToken);
  debugUrl.searchParams.set('access_token', `${facebook.appId}|${facebook.appSecret}`);
  const debug = await graph<{ data?: { app_id?: string; is_valid?: boolean; user_id?: string } }>(debugUrl);
  if (!debug.data?.is_valid || debug.data.app_id !== facebook.appId) throw new AppError('INVALID_TOKEN');
  const meUrl = new URL(`${base}/me`);
  meUrl.searchParams.set('fields', 'id,email,first_name,last_name');
  meUrl.searchParams.set('access_token', accessToken);
  const me = await graph<{ id: string; email?: string; first_name?: string; last_name?: string }>(meUrl);
  if (!me.email) throw new AppError('FACEBOOK_EMAIL_NOT_RECEIVED');
  return signInWithIdentity(
    ctx,
    'facebook',
    me.id,
    { email: me.email, firstName: strOrNull(me.first_name), lastName: strOrNull(me.last_name) },
    meta,
  );
}

/**
 * Finds the account of a provider identity (linked before, or by its verified e-mail) or
 * creates a citizen account, then answers like login: a session when the phone is confirmed,
 * otherwise a verification token for the SMS step.
 */
async function signInWithIdentity(
  ctx: AppContext,
  provider: Provider,
  subject: string,
  person: { email: string; firstName: string | null; lastName: string | null },
  meta: RequestMeta,
): Promise<LoginResponse> {
  return ctx.db.transaction(async (tx) => {
    const userId = await resolveUser(tx, provider, subject, person);
    const user = await repo.findUser(tx, userId);
    if (user.status !== 'active') throw new AppError('AUTH_DISABLED');
    await repo.recordSocialLogin(tx, user.id);
    await writeAudit(tx, {
      actorUserId: user.id,
      action: `auth.social_login.${provider}`,
      entityType: 'user',
      entityId: user.id,
      ip: meta.ip,
      requestId: meta.requestId,
    });
    if (!user.phoneConfirmedAt) {
      const verificationToken = ctx.signer.sign({ purpose: VERIFICATION_TOKEN_PURPOSE, userId: user.id }, 3600);
      return { isEmailConfirmed: true, isPhoneConfirmed: false, data: { authToken: null, verificationToken } };
    }
    const { token } = await createSession(tx, user.id, ctx.config.session, { ip: meta.ip, userAgent: meta.userAgent });
    return { isEmailConfirmed: true, isPhoneConfirmed: true, data: { authToken: token, verificationToken: null } };
  });
}

async function resolveUser(
  tx: Db,
  provider: Provider,
  subject: string,
  person: { email: string; firstName: string | null; lastName: string | null },
): Promise<number> {
  const linked = await repo.findLinkedUserId(tx, provider, subject);
  if (linked !== undefined) return linked;
  const existing = await findUserByEmail(tx, person.email);
  let userId: number;
  if (existing) {
    userId = existing.id;
    // The provider has verified the address.
    if (!existing.emailConfirmedAt) await repo.confirmEmail(tx, existing.id);
  } else {
    userId = await repo.insertSocialCitizen(tx, person);
    await writeAudit(tx, {
      actorUserId: userId,
      action: `user.registered.${provider}`,
      entityType: 'user',
      entityId: userId,
      after: { email: person.email },
    });
  }
  await repo.linkIdentity(tx, userId, provider, subject);
  return userId;
}
