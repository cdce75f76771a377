import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { emitSessionExpired } from '../../lib/app-events';
import { type SessionValue, useSession } from '../../lib/session';
import { buildCurrentUser } from '../../lib/testing/fixtures';
import { SessionProvider } from './session-provider';

const mocks = vi.hoisted(() => ({ getCurrentUser: vi.fn(), getOrganisation: vi.fn(), invalidateToken: vi.fn() }));
vi.mock('./api/get-current-user', () => ({ currentUserQueryKey: ['users', 'me'], getCurrentUser: mocks.getCurrentUser }));
vi.mock('./api/get-organisation', () => ({ getOrganisation: mocks.getOrganisation }));
vi.mock('./api/logout', () => ({ invalidateToken: mocks.invalidateToken }));

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
  for (const mock of Object.values(mocks)) mock.mockReset();
});
afterEach(() => localStorage.clear());

describe('SessionProvider', () => {
  it('is ready at once, signed out, without a stored token', async () => {
    renderProvider();
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('ready:none:false'));
    expect(mocks.getCurrentUser).not.toHaveBeenCalled();
  });

  it('initialises from the stored token and restores the stored organisation', async () => {
    localStorage.setItem('token', 'tok');
    localStorage.setItem('organisation_id', '5');
    mocks.getCurrentUser.mockResolvedValue(
      buildCurrentUser({ email: 'staff@demo.ro', user_type_name: 'staff', organisation_id: 3 }),
    );
    mocks.getOrganisation.mockResolvedValue({ id: 5, name: 'Primăria Reghin' });
    renderProvider();
    expect(screen.getByTestId('status')).toHaveTextContent('initialising');
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('ready:staff@demo.ro:false'));
    expect(mocks.getOrganisation).toHaveBeenCalledWith(5);
    expect(session.organisation?.name).toBe('Primăria Reghin');
  });

  it('logs out when initialisation fails', async () => {
    localStorage.setItem('token', 'expired');
    localStorage.setItem('organisation_id', '5');
    mocks.getCurrentUser.mockRejectedValue(new ApiError(403, 'SESSION_EXPIRED'));
    renderProvider();
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('ready:none:false'));
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('organisation_id')).toBeNull();
  });

  it('stores the token on sign-in and clears everything on sign-out, even if the server call fails', async () => {
    mocks.getCurrentUser.mockResolvedValue(buildCurrentUser({ email: 'ana@example.ro' }));
    mocks.invalidateToken.mockRejectedValue(new ApiError(undefined, 'NETWORK_ERROR'));
    renderProvider();
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('ready:none'));
    await act(() => session.signIn('new-token'));
    expect(localStorage.getItem('token')).toBe('new-token');
    expect(screen.getByTestId('status')).toHaveTextContent('ready:ana@example.ro');
    localStorage.setItem('menu_status', 'x');
    localStorage.setItem('parcel', 'y');
    await act(() => session.signOut());
    expect(mocks.invalidateToken).toHaveBeenCalledWith('new-token');
    expect(screen.getByTestId('status')).toHaveTextContent('ready:none');
    for (const key of ['token', 'organisation_id', 'menu_status', 'parcel']) expect(localStorage.getItem(key)).toBeNull();
  });

  it('opens the session-expired modal only while someone is signed in', async () => {
    mocks.getCurrentUser.mockResolvedValue(buildCurrentUser());
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
  it('re-checks users/me when the window regains focus, without the session-check opt-out', async () => {
    mocks.getCurrentUser.mockResolvedValue(buildCurrentUser());
    renderProvider();
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('ready:none'));
    await act(() => session.signIn('t'));
    mocks.getCurrentUser.mockClear();
    mocks.getCurrentUser.mockResolvedValue(buildCurrentUser({ first_name: 'Maria' }));
    await act(async () => {
      window.dispatchEvent(new Event('focus'));
    });
    expect(mocks.getCurrentUser).toHaveBeenCalledWith();
    await waitFor(() => expect(session.user?.first_name).toBe('Maria'));
  });
});
