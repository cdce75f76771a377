import { startAnafStandIn } from '../apps/server/test/anaf-stand-in';
import { startOidcProvider } from '../apps/server/test/social-providers';
import { ANAF, OIDC } from './playwright.config';

/**
 * Starts the local services the portal talks to in the journeys:
 * - the OpenID Connect provider it uses as "Google": it signs in a fixed person without a form,
 *   so the browser goes straight back to /auth/google;
 * - the tax authority's (ANAF) CUI service: the demo company is known, one CUI is unknown and
 *   one answers 503 (see `ANAF` in playwright.config.ts).
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
  const anaf = await startAnafStandIn(
    [{ cui: ANAF.validatedCui, denumire: 'CONSTRUCT MUREȘ SRL', adresa: 'MUN. TÂRGU MUREȘ, STR. GHEORGHE DOJA NR. 10' }],
    { down: [ANAF.downCui], port: ANAF.port },
  );
  return async () => {
    await provider.close();
    await anaf.close();
  };
}
