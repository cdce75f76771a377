import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { emitSessionExpired } from '../../lib/app-events';
import { type SessionValue, useSession } from '../../lib/session';
import { buildCurrentUser } from '../../lib/testing/fixtures';
import { answersInTurn, apiError, envelope, HttpResponse, http, sentRequests, server } from '../../test/msw';
import { SessionProvider } from './session-provider';

/** `GET /api/users/me` answers its calls in turn. */
const serveMe = (...answers: (() => Response)[]) => server.use(answersInTurn('get', '/api/users/me', ...answers));
const me =
  (overrides: Parameters<typeof buildCurrentUser>[0] = {}) =>
  () =>
    envelope(buildCurrentUser(overrides));
const meRequests = () => sentRequests({ method: 'GET', path: '/api/users/me' });

let session: SessionValue;
function Probe() {
  session = useSession();
  return <output data-testid="status">{`${session.status}:${session.user?.email ?? 'none'}:${session.sessionExpired}`}</output>;
}
const renderProvider = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SessionProvider>
        <Probe />
      </SessionProvider>
    </QueryClientProvider>,
  );

beforeEach(() => {
  localStorage.clear();
});
afterEach(() => localStorage.clear());

describe('SessionProvider', () => {
  it('is ready at once, signed out, without a stored token', async () => {
    renderProvider();
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('ready:none:false'));
    expect(await sentRequests()).toEqual([]);
  });

  it('initialises from the stored token and restores the stored organisation', async () => {
    localStorage.setItem('token', 'tok');
    localStorage.setItem('organisation_id', '5');
    serveMe(me({ email: 'staff@demo.ro', user_type_name: 'staff', organisation_id: 3 }));
    server.use(http.get('/api/organisations/:id', ({ params }) => envelope({ id: Number(params.id), name: 'Primăria Reghin' })));
    renderProvider();
    expect(screen.getByTestId('status')).toHaveTextContent('initialising');
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('ready:staff@demo.ro:false'));
    expect(session.organisation?.name).toBe('Primăria Reghin');
    const [user] = await meRequests();
    expect(user.headers.get('authorization')).toBe('Bearer tok');
    expect((await sentRequests({ method: 'GET', path: /^\/api\/organisations\// })).map((r) => r.path)).toEqual([
      '/api/organisations/5',
    ]);
  });

  it('logs out when initialisation fails', async () => {
    localStorage.setItem('token', 'expired');
    localStorage.setItem('organisation_id', '5');
    serveMe(() => apiError(403, 'SESSION_EXPIRED'));
    renderProvider();
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('ready:none:false'));
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('organisation_id')).toBeNull();
    // Nobody was signed in yet: no session-expired modal for a stale stored token.
    expect(screen.getByTestId('status')).toHaveTextContent(':false');
  });

  it('stores the token on sign-in and clears everything on sign-out, even if the server call fails', async () => {
    serveMe(me({ email: 'ana@example.ro' }));
    server.use(http.post('/api/token-invalidate-requests', () => HttpResponse.error()));
    renderProvider();
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('ready:none'));
    await act(() => session.signIn('new-token'));
    expect(localStorage.getItem('token')).toBe('new-token');
    expect(screen.getByTestId('status')).toHaveTextContent('ready:ana@example.ro');
    localStorage.setItem('menu_status', 'x');
    localStorage.setItem('parcel', 'y');
    await act(() => session.signOut());
    const invalidations = await sentRequests({ method: 'POST', path: '/api/token-invalidate-requests' });
    expect(invalidations.map((r) => r.body)).toEqual([{ token: 'new-token' }]);
    expect(screen.getByTestId('status')).toHaveTextContent('ready:none');
    for (const key of ['token', 'organisation_id', 'menu_status', 'parcel']) expect(localStorage.getItem(key)).toBeNull();
  });

  it('opens the session-expired modal only while someone is signed in', async () => {
    serveMe(me());
    renderProvider();
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('ready:none'));
    act(() => emitSessionExpired());
    expect(screen.getByTestId('status')).toHaveTextContent(':false');
    await act(() => session.signIn('t'));
    act(() => emitSessionExpired());
    expect(screen.getByTestId('status')).toHaveTextContent(':true');
    act(() => session.resolveSessionExpired());
    expect(screen.getByTestId('status')).toHaveTextContent(':false');
  });
});

describe('session re-check', () => {
  it('re-checks users/me when the window regains focus, and an expired session there opens the modal', async () => {
    serveMe(me(), me({ first_name: 'Maria' }), () => apiError(403, 'SESSION_EXPIRED'));
    renderProvider();
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('ready:none'));
    await act(() => session.signIn('t'));
    await act(async () => {
      window.dispatchEvent(new Event('focus'));
    });
    await waitFor(() => expect(session.user?.first_name).toBe('Maria'));
    expect((await meRequests()).map((r) => r.headers.get('authorization'))).toEqual(['Bearer t', 'Bearer t']);
    // The re-check does not opt out of the session check, unlike the initialisation.
    await act(async () => {
      window.dispatchEvent(new Event('focus'));
    });
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent(':true'));
  });
});
