import { DEFAULT_SETTINGS } from '@ghiseu/domain';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import { settingsQueryOptions } from '../../lib/settings';
import { buildCurrentUser } from '../../lib/testing/fixtures';
import { AppTestProviders, fakeSession, loadAllTexts } from '../../lib/testing/render-app';
import { apiError, HttpResponse, http, server } from '../../test/msw';
import { buildRoutes } from './router';

beforeAll(loadAllTexts);
beforeEach(() => {
  server.use(http.get('/api/application-types/organisation', () => HttpResponse.json({ data: [] })));
});

/** The real route tree with the app's own query client (its generic error handling included). */
function renderWithAppQueryClient(path: string) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(settingsQueryOptions.queryKey, DEFAULT_SETTINGS);
  queryClient.setQueryDefaults(settingsQueryOptions.queryKey, { staleTime: Number.POSITIVE_INFINITY });
  const router = createMemoryRouter(buildRoutes(), { initialEntries: ['/home', path], initialIndex: 1 });
  render(
    <AppTestProviders session={fakeSession({ user: buildCurrentUser({ user_type_name: 'citizen' }) })} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppTestProviders>,
  );
  return router;
}

describe('a record the server does not have', () => {
  it('shows the 404 page, not the server error page, and Back leaves the bad address', async () => {
    server.use(http.get('/api/applications/99999', () => apiError(404, 'NOT_FOUND')));
    const router = renderWithAppQueryClient('/application/99999');
    expect(await screen.findByTestId('error-page-404')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/404');
    await router.navigate(-1);
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });

  it('keeps /500 for a server failure', async () => {
    server.use(http.get('/api/applications/5', () => apiError(503, 'SERVICE_UNAVAILABLE')));
    const router = renderWithAppQueryClient('/application/5');
    expect(await screen.findByTestId('error-page-500')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/500');
  });
});
