/**
 * Test helpers of the account screens: render a page at a path in a memory router with a fake
 * session, and see where it navigated (path, query and the state it passed along).
 */
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import type { SessionValue } from '../../lib/session';
import { AppTestProviders, fakeSession } from '../../lib/testing/render-app';

/** Shows the location it was reached at: `/path?query` and the navigation state as JSON. */
export function Where() {
  const location = useLocation();
  return (
    <>
      <output data-testid="location">{`${location.pathname}${location.search}`}</output>
      <output data-testid="location-state">{JSON.stringify(location.state ?? null)}</output>
    </>
  );
}

/** Renders `element` at `path` (query allowed); any other path renders {@link Where}. */
export function renderPage(path: string, element: ReactElement, session: Partial<SessionValue> = {}) {
  const route = path.split('?')[0];
  const router = createMemoryRouter(
    [
      { path: route, element },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: [path] },
  );
  const user = userEvent.setup();
  const value = fakeSession(session);
  const result = render(
    <AppTestProviders session={value}>
      <RouterProvider router={router} />
    </AppTestProviders>,
  );
  return { router, user, session: value, ...result };
}
