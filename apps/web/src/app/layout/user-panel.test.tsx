import { screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildCurrentUser } from '../../lib/testing/fixtures';
import { fakeSession, loadAllTexts, renderRoute } from '../../lib/testing/render-app';
import { HttpResponse, http, server } from '../../test/msw';
import * as passwords from '../../features/auth/api/passwords';

beforeAll(loadAllTexts);
// The shell's own requests: the home page's application types and the sign-in page's providers.
beforeEach(() => {
  server.use(
    http.get('/api/application-types/organisation', () => HttpResponse.json({ data: [] })),
    http.get('/api/auth/providers', () => HttpResponse.json({ data: { google: false, facebook: false } })),
  );
});

const staffUser = () =>
  buildCurrentUser({ user_type_name: 'staff', organisation_id: 2, functions: [{ id: 1, name: 'Inspector urbanism' }] });

describe('user panel', () => {
  it('shows the name and staff functions, with profile and notification settings links', async () => {
    const { user } = renderRoute('/home', fakeSession({ user: staffUser() }));
    await user.click(await screen.findByRole('button', { name: 'Meniul contului: Ioana Mureșan' }));
    expect(await screen.findByTestId('user-functions')).toHaveTextContent('Inspector urbanism');
    expect(screen.getByRole('menuitem', { name: 'Profilul meu' })).toHaveAttribute('href', '/profile');
    expect(screen.getByRole('menuitem', { name: 'Setări notificări' })).toHaveAttribute('href', '/notifications');
  });

  it('logs out after a yes/no warning and goes to sign-in', async () => {
    const signOut = vi.fn(async () => {});
    const { user, router } = renderRoute('/home', fakeSession({ user: staffUser(), signOut }));
    await user.click(await screen.findByTestId('user-menu'));
    await user.click(await screen.findByRole('menuitem', { name: 'Deconectare' }));
    expect(await screen.findByText('Sigur doriți să vă deconectați?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Nu' }));
    expect(signOut).not.toHaveBeenCalled();
    await user.click(await screen.findByTestId('user-menu'));
    await user.click(await screen.findByRole('menuitem', { name: 'Deconectare' }));
    await user.click(await screen.findByRole('button', { name: 'Da' }));
    // The answer 'Da' signs out at once, before any navigation…
    await waitFor(() => expect(signOut).toHaveBeenCalled());
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/signin'));
    // …and the sign-in page may sign out once more on mount (spec §2), which is harmless:
    // the fake session keeps its user, so the count is not asserted exactly.
  });

  it('warns before a password reset, sends the reset e-mail, then confirms it', async () => {
    const request = vi.spyOn(passwords, 'requestOwnPasswordReset').mockResolvedValue();
    const { user } = renderRoute('/home', fakeSession({ user: staffUser() }));
    await user.click(await screen.findByTestId('user-menu'));
    await user.click(await screen.findByRole('menuitem', { name: 'Resetare parolă' }));
    expect(request).not.toHaveBeenCalled();
    await user.click(await screen.findByRole('button', { name: 'Da' }));
    expect(await screen.findByText(/V-am trimis pe e-mail un link/)).toBeInTheDocument();
    expect(request).toHaveBeenCalledOnce();
  });

  it('shows the bell without the unread dot until notifications are fed', async () => {
    renderRoute('/home', fakeSession({ user: staffUser() }));
    const bell = await screen.findByRole('button', { name: 'Notificări' });
    expect(bell).not.toHaveAttribute('data-unread');
  });
});
