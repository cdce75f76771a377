import type { LoginResponse } from '@ghiseu/domain';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import type { SessionValue } from '../../../lib/session';
import { buildCurrentUser } from '../../../lib/testing/fixtures';
import { AppTestProviders, fakeSession, loadAllTexts } from '../../../lib/testing/render-app';
import { apiError, HttpResponse, http, sentRequests, server } from '../../../test/msw';
import { LoginForm } from './login-form';

beforeAll(loadAllTexts);
beforeEach(() => {
  // The social buttons ask which providers the server has configured.
  server.use(http.get('/api/auth/providers', () => HttpResponse.json({ data: { google: true, facebook: false } })));
});

/** `POST /api/auth/login` answers `answer` (a response or a way to fail). */
const serveLogin = (answer: () => Response) => server.use(http.post('/api/auth/login', answer));
const logins = async () => (await sentRequests({ method: 'POST', path: '/api/auth/login' })).map((r) => r.body);

function Where() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

function setup(session: Partial<SessionValue> = {}, inModal = false) {
  const value = fakeSession(session);
  const router = createMemoryRouter(
    [
      { path: '/auth/signin', element: <LoginForm inModal={inModal} /> },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: ['/auth/signin'] },
  );
  const user = userEvent.setup();
  render(
    <AppTestProviders session={value}>
      <RouterProvider router={router} />
    </AppTestProviders>,
  );
  const fill = async (email: string, password: string) => {
    if (email) await user.type(screen.getByLabelText(/Adresa de e-mail/), email);
    if (password) await user.type(screen.getByLabelText(/^Parola/), password);
    await user.click(screen.getByRole('button', { name: 'Autentificare' }));
  };
  return { user, fill, router };
}

const response = (overrides: Partial<LoginResponse> & { authToken?: string | null } = {}): LoginResponse => ({
  isEmailConfirmed: overrides.isEmailConfirmed ?? true,
  isPhoneConfirmed: overrides.isPhoneConfirmed ?? true,
  data: { authToken: overrides.authToken === undefined ? 'auth-1' : overrides.authToken, verificationToken: 'ver-1' },
});

describe('validation (spec §5)', () => {
  it('requires the e-mail and the password', async () => {
    const { fill } = setup();
    await fill('', '');
    expect(await screen.findAllByText('Acest câmp este obligatoriu.')).toHaveLength(2);
    expect(await logins()).toEqual([]);
  });

  it('checks the e-mail address', async () => {
    const { fill } = setup();
    await fill('nu-este-email', 'Parola!2026');
    expect(await screen.findByText('Adresa de e-mail nu este validă.')).toBeInTheDocument();
    expect(await logins()).toEqual([]);
  });
});

describe('login flow (spec §4)', () => {
  it('stores the token, loads the profile and goes home', async () => {
    const signIn = vi.fn(async () => buildCurrentUser());
    const { fill } = setup({ signIn });
    serveLogin(() => HttpResponse.json(response()));
    await fill('ana@example.ro', 'Ghiseu!2026');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/home'));
    expect(await logins()).toEqual([{ email: 'ana@example.ro', password: 'Ghiseu!2026' }]);
    expect(signIn).toHaveBeenCalledWith('auth-1');
  });

  it('sends an unconfirmed e-mail to e-mail confirmation, keeping the verification token', async () => {
    const setPendingLogin = vi.fn();
    const { fill } = setup({ setPendingLogin });
    serveLogin(() => HttpResponse.json(response({ isEmailConfirmed: false, isPhoneConfirmed: false, authToken: null })));
    await fill('ana@example.ro', 'Ghiseu!2026');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/auth/confirm-email'));
    expect(setPendingLogin).toHaveBeenCalledWith({
      email: 'ana@example.ro',
      verificationToken: 'ver-1',
      isEmailConfirmed: false,
      isPhoneConfirmed: false,
    });
  });

  it('sends an unconfirmed phone to SMS verification with the token', async () => {
    const { fill } = setup();
    serveLogin(() => HttpResponse.json(response({ isPhoneConfirmed: false, authToken: null })));
    await fill('ana@example.ro', 'Ghiseu!2026');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/auth/verify-sms?token=ver-1'));
  });

  it.each([
    [
      'AUTH_FAILED with attempts',
      () => apiError(401, 'AUTH_FAILED', { remaining_attempts: 2 }),
      'Adresa de e-mail sau parola nu sunt corecte. Mai aveți 2 încercări.',
    ],
    ['AUTH_FAILED', () => apiError(401, 'AUTH_FAILED'), 'Adresa de e-mail sau parola nu sunt corecte.'],
    [
      'AUTH_FAILED_ACCOUNT_LOCKED',
      () => apiError(401, 'AUTH_FAILED_ACCOUNT_LOCKED', { minutes: 15 }),
      'Contul a fost blocat temporar. Încercați din nou peste 15 minute.',
    ],
    ['AUTH_DISABLED', () => apiError(401, 'AUTH_DISABLED'), 'Contul este blocat sau inactiv. Contactați administratorul.'],
    ['AUTH_ACCOUNT_NOT_FOUND', () => apiError(401, 'AUTH_ACCOUNT_NOT_FOUND'), 'Datele de autentificare nu sunt corecte.'],
    [
      'a network failure',
      () => HttpResponse.error(),
      'Serverul nu poate fi contactat. Verificați conexiunea la internet și reîncercați.',
    ],
  ])('shows %s in Romanian', async (_name, answer, message) => {
    const { fill } = setup();
    serveLogin(answer);
    await fill('ana@example.ro', 'Gresita!1');
    expect(await screen.findByTestId('login-error')).toHaveTextContent(message);
  });

  it('asks to change an expired password, then opens change-password with the e-mail', async () => {
    const { fill, user } = setup();
    serveLogin(() => apiError(401, 'AUTH_FAILED_PASSWORD_EXPIRED'));
    await fill('ana@example.ro', 'Veche!2020');
    const dialog = await screen.findByRole('dialog', { name: 'Parola a expirat' });
    await user.click(await screen.findByRole('button', { name: 'Da, schimb parola' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/auth/change-password?email=ana%40example.ro'));
    expect(dialog).toBeDefined();
  });

  it('offers registration and the forgot-password link on the page, not in the modal', async () => {
    setup();
    expect(screen.getByRole('link', { name: 'Ați uitat parola?' })).toHaveAttribute('href', '/auth/forgot-password');
    expect(screen.getByRole('link', { name: 'Creați un cont' })).toHaveAttribute('href', '/auth/signup');
  });

  it('hides registration inside the session modal and stays on the page after signing in', async () => {
    const signIn = vi.fn(async () => buildCurrentUser());
    const { fill } = setup({ signIn }, true);
    expect(screen.queryByRole('link', { name: 'Creați un cont' })).not.toBeInTheDocument();
    serveLogin(() => HttpResponse.json(response()));
    await fill('ana@example.ro', 'Ghiseu!2026');
    await waitFor(() => expect(signIn).toHaveBeenCalledWith('auth-1'));
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  });
});
