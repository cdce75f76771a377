import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface OidcAccount {
  sub: string;
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
}

/**
 * A real OpenID Connect provider (oidc-provider) on a loopback port, standing in for Google.
 * Its interaction step signs in `account` and grants the requested scopes without a form, so
 * tests can walk the whole authorization-code flow over HTTP.
 */
export async function startOidcProvider(options: { clientId: string; clientSecret: string; redirectUri: string; port?: number }) {
  const state: { account: OidcAccount } = { account: { sub: 'google-user-1', email: 'social@example.ro', email_verified: true } };
  let provider: Provider | undefined;
  const server = http.createServer(async (req, res) => {
    if (!provider) return res.end();
    try {
      if (req.url?.startsWith('/interaction/')) {
        const details = await provider.interactionDetails(req, res);
        if (details.prompt.name === 'login') {
          await provider.interactionFinished(
            req,
            res,
            { login: { accountId: state.account.sub } },
            { mergeWithLastSubmission: false },
          );
          return;
        }
        const grant = new provider.Grant({
          accountId: details.session?.accountId as string,
          clientId: details.params.client_id as string,
        });
        grant.addOIDCScope(String(details.params.scope));
        const grantId = await grant.save();
        await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
        return;
      }
      provider.callback()(req, res);
    } catch (error) {
      res.statusCode = 500;
      res.end(String(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  provider = new Provider(issuer, {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: [options.redirectUri],
        response_types: ['code'],
        grant_types: ['authorization_code'],
      },
    ],
    async findAccount(_ctx: unknown, id: string) {
      return { accountId: id, claims: async () => ({ ...state.account, sub: id }) };
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
    // Like Google, put the scope's claims in the ID token itself.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    pkce: { required: () => true },
    cookies: { keys: ['test-cookie-key'] },
  });
  return {
    issuer,
    setAccount(account: OidcAccount) {
      state.account = account;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Follows the provider's redirects like a browser (keeping cookies) until it sends the user
 * back to `redirectUri`; returns the query string the portal's /auth/google page receives.
 */
export async function followAuthorization(url: string, redirectUri: string): Promise<string> {
  const cookies = new Map<string, string>();
  let next = url;
  for (let hop = 0; hop < 15; hop++) {
    if (next.startsWith(redirectUri)) return new URL(next).search.slice(1);
    const response = await fetch(next, {
      redirect: 'manual',
      headers: { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(';');
      const index = pair.indexOf('=');
      cookies.set(pair.slice(0, index), pair.slice(index + 1));
    }
    const location = response.headers.get('location');
    if (!location) throw new Error(`no redirect from ${next}: ${response.status} ${await response.text()}`);
    next = new URL(location, next).href;
  }
  throw new Error('too many redirects');
}

/**
 * A stand-in for Facebook's Graph API (debug_token and /me) on a loopback port. Tokens:
 * 'fb-valid' (with e-mail), 'fb-no-email' (e-mail scope refused), anything else is invalid.
 */
export async function startFacebookGraph(appId: string) {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    res.setHeader('content-type', 'application/json');
    if (url.pathname === '/debug_token') {
      const token = url.searchParams.get('input_token');
      const valid = token === 'fb-valid' || token === 'fb-no-email';
      return res.end(
        JSON.stringify({ data: { app_id: valid ? appId : 'another-app', is_valid: valid, user_id: valid ? '777' : undefined } }),
      );
    }
    if (url.pathname === '/me') {
      const token = url.searchParams.get('access_token');
      if (token === 'fb-valid')
        return res.end(JSON.stringify({ id: '777', email: 'facebook@example.ro', first_name: 'Dan', last_name: 'Mureșan' }));
      if (token === 'fb-no-email') return res.end(JSON.stringify({ id: '778', first_name: 'Fără', last_name: 'Email' }));
      res.statusCode = 400;
      return res.end(JSON.stringify({ error: { message: 'Invalid OAuth access token' } }));
    }
    res.statusCode = 404;
    res.end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
