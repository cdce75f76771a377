import { startOidcProvider } from '../apps/server/test/social-providers';
import { OIDC } from './playwright.config';

/**
 * Starts the local OpenID Connect provider the portal uses as "Google" in the journeys. It signs
 * in a fixed person without a form, so the browser goes straight back to /auth/google.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const provider = await startOidcProvider({
    clientId: OIDC.clientId,
    clientSecret: OIDC.clientSecret,
    redirectUri: OIDC.redirectUri,
    port: OIDC.port,
  });
  provider.setAccount({
    sub: 'e2e-google-1',
    email: 'google.e2e@example.ro',
    email_verified: true,
    given_name: 'Gheorghe',
    family_name: 'Oltean',
  });
  return () => provider.close();
}
