/**
 * Test helpers for the shell: the real i18n texts, a fake session, and the real route tree in
 * a memory router. API calls are answered at the HTTP boundary by MSW (src/test/msw.ts).
 */
import { DEFAULT_SETTINGS } from '@ghiseu/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { buildRoutes } from '../../app/routing/router';
import { TestProviders } from '../../components/test-utils';
import { i18n, initI18n } from '../i18n';
import { SessionContext, type SessionValue } from '../session';
import { settingsQueryOptions } from '../settings';

// jsdom logs 'not implemented' for scrolling, which ScrollRestoration and focus handling use.
window.scrollTo = () => {};

/** Loads every namespace so that components render their Romanian texts synchronously. */
export async function loadAllTexts(): Promise<void> {
  await initI18n();
  await i18n.loadNamespaces(['common', 'layout', 'routes', 'auth', 'home', 'about', 'errors']);
}

export function fakeSession(overrides: Partial<SessionValue> = {}): SessionValue {
  return {
    status: 'ready',
    user: null,
    organisation: null,
    pendingLogin: null,
    sessionExpired: false,
    setPendingLogin: () => {},
    signIn: async () => {
      throw new Error('signIn not stubbed');
    },
    signOut: async () => {},
    refreshUser: async () => null,
    resolveSessionExpired: () => {},
    ...overrides,
  };
}

export function testQueryClient(): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  client.setQueryData(settingsQueryOptions.queryKey, DEFAULT_SETTINGS);
  client.setQueryDefaults(settingsQueryOptions.queryKey, { staleTime: Number.POSITIVE_INFINITY });
  return client;
}

export function AppTestProviders({
  children,
  session,
  queryClient = testQueryClient(),
}: {
  children: ReactNode;
  session: SessionValue;
  queryClient?: QueryClient;
}) {
  return (
    <TestProviders>
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <SessionContext.Provider value={session}>{children}</SessionContext.Provider>
        </QueryClientProvider>
      </I18nextProvider>
    </TestProviders>
  );
}

/** Renders the real route tree at `path` with the given session. */
export function renderRoute(path: string, session: SessionValue = fakeSession()) {
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [path] });
  const user = userEvent.setup();
  const result = render(
    <AppTestProviders session={session}>
      <RouterProvider router={router} />
    </AppTestProviders>,
  );
  return { router, user, ...result };
}
