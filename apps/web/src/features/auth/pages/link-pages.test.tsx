import { screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildCurrentUser } from '../../../lib/testing/fixtures';
import { loadAllTexts } from '../../../lib/testing/render-app';
import { apiError, HttpResponse, http, noContent, sentRequests, server } from '../../../test/msw';
import { renderPage } from '../testing';
import { GoogleCallbackPage } from './google-callback-page';
import { InvalidLinkPage } from './invalid-link-page';
import { SignInPage } from './sign-in-page';
import { SignUpChoicePage } from './sign-up-choice-page';
import { SignUpPersonalPage } from './sign-up-page';

/** Generous: these tests type and click a lot, and CI machines are shared. */
const UI_TEST_TIMEOUT = 20_000;

beforeAll(loadAllTexts);
beforeEach(() => {
  // The sign-in page asks which social providers the server has configured.
  server.use(http.get('/api/auth/providers', () => HttpResponse.json({ data: { google: false, facebook: false } })));
});

const googleSignIns = async () => (await sentRequests({ method: 'POST', path: '/api/auth/google' })).map((r) => r.body);
const serveGoogle = (answer: () => Response) => server.use(http.post('/api/auth/google', answer));

const location = () => screen.getByTestId('location').textContent;
const state = () => JSON.parse(screen.getByTestId('location-state').textContent ?? 'null');

describe('/auth/google (social sign-in callback)', { timeout: UI_TEST_TIMEOUT }, () => {
  it('posts the query string and goes home when the phone is confirmed', async () => {
    serveGoogle(() =>
      HttpResponse.json({
        isEmailConfirmed: true,
        isPhoneConfirmed: true,
        data: { authToken: 'g-auth', verificationToken: null },
      }),
    );
    const signIn = vi.fn(async () => buildCurrentUser());
    renderPage('/auth/google?code=abc&state=xyz', <GoogleCallbackPage />, { signIn });
    await waitFor(() => expect(location()).toBe('/home'));
    expect(await googleSignIns()).toEqual([{ token: 'code=abc&state=xyz' }]);
    expect(signIn).toHaveBeenCalledWith('g-auth');
  });

  it('continues with SMS verification when the phone is not confirmed', async () => {
    serveGoogle(() =>
      HttpResponse.json({ isEmailConfirmed: true, isPhoneConfirmed: false, data: { authToken: null, verificationToken: 'v-g' } }),
    );
    const setPendingLogin = vi.fn();
    renderPage('/auth/google?code=abc&state=xyz', <GoogleCallbackPage />, { setPendingLogin });
    await waitFor(() => expect(location()).toBe('/auth/verify-sms?token=v-g'));
    expect(setPendingLogin).toHaveBeenCalledWith(expect.objectContaining({ verificationToken: 'v-g', isPhoneConfirmed: false }));
  });

  it('goes back to sign-in with the message of a failure', async () => {
    serveGoogle(() => apiError(503, 'AUTH_SERVICE_UNAVAILABLE'));
    renderPage('/auth/google?code=abc&state=xyz', <GoogleCallbackPage />);
    await waitFor(() => expect(location()).toBe('/auth/signin'));
    expect(state()).toEqual({ error: 'Serviciul de autentificare este momentan indisponibil.' });
  });

  it('does not call the server when the provider refused', async () => {
    renderPage('/auth/google?error=access_denied', <GoogleCallbackPage />);
    await waitFor(() => expect(location()).toBe('/auth/signin'));
    expect(state().error).toMatch(/anulată/);
    expect(await googleSignIns()).toEqual([]);
  });
});

describe('/auth/invalid-link', { timeout: UI_TEST_TIMEOUT }, () => {
  it('offers sign-in and a new confirmation link', async () => {
    server.use(http.get('/api/auth/resend', noContent));
    const { user } = renderPage('/auth/invalid-link', <InvalidLinkPage />);
    expect(screen.getByText('Linkul de activare nu este valid, a expirat sau a fost deja folosit.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Autentificare' })).toHaveAttribute('href', '/auth/signin');
    const request = screen.getByRole('button', { name: 'Solicitați un link nou' });
    expect(request).toHaveAttribute('aria-expanded', 'false');
    await user.click(request);
    expect(request).toHaveAttribute('aria-expanded', 'true');
    await user.type(screen.getByLabelText(/Adresa de e-mail a contului/), 'ana@example.ro');
    await user.click(screen.getByRole('button', { name: 'Trimiteți linkul' }));
    expect(await screen.findByText(/am trimis un nou link de confirmare/)).toBeInTheDocument();
    const resends = await sentRequests({ method: 'GET', path: '/api/auth/resend' });
    expect(resends.map((r) => r.query.get('email'))).toEqual(['ana@example.ro']);
  });

  it('sends a used reset link to forgot-password, an invitation to the administrator', async () => {
    const { router } = renderPage('/auth/invalid-link', <InvalidLinkPage />);
    await router.navigate('/auth/invalid-link', { state: { reason: 'password' } });
    expect(
      await screen.findByText('Linkul de resetare a parolei nu este valid, a expirat sau a fost deja folosit.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Solicitați un link nou de resetare' })).toHaveAttribute(
      'href',
      '/auth/forgot-password',
    );
    await router.navigate('/auth/invalid-link', { state: { reason: 'invitation' } });
    expect(await screen.findByText('Cereți administratorului contului să vă retrimită invitația.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Solicitați un link nou' })).not.toBeInTheDocument();
  });
});

describe('/auth/signin', { timeout: UI_TEST_TIMEOUT }, () => {
  it('shows the message another account screen left for it', async () => {
    const { router } = renderPage('/auth/signin', <SignInPage />);
    await router.navigate('/auth/signin', { state: { notice: 'passwordSet' } });
    expect(await screen.findByTestId('signin-notice')).toHaveTextContent('Parola a fost setată și contul este activ.');
    await router.navigate('/auth/signin', { state: { error: 'Ceva nu a mers.' } });
    expect(await screen.findByTestId('signin-error')).toHaveTextContent('Ceva nu a mers.');
  });
});

describe('sign-up pages', { timeout: UI_TEST_TIMEOUT }, () => {
  it('/auth/signup offers the two kinds of account', () => {
    renderPage('/auth/signup', <SignUpChoicePage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Creare cont' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Creați un cont personal' })).toHaveAttribute('href', '/auth/signup/personal');
    expect(screen.getByRole('link', { name: 'Creați un cont profesional' })).toHaveAttribute('href', '/auth/signup/professional');
  });

  it('replaces the form by "check your e-mail" once registered', async () => {
    server.use(
      http.post('/api/auth/register', () =>
        HttpResponse.json(
          { data: { user_id: 3, email: 'ana@example.ro', isEmailConfirmed: false, isPhoneConfirmed: false } },
          { status: 201 },
        ),
      ),
    );
    const { user } = renderPage('/auth/signup/personal', <SignUpPersonalPage />);
    await user.type(screen.getByLabelText(/^Nume/), 'Pop');
    await user.type(screen.getByLabelText(/^Prenume/), 'Ana');
    await user.type(screen.getByLabelText(/^Adresa de e-mail/), 'ana@example.ro');
    await user.type(screen.getByLabelText(/^Telefon mobil/), '0722123456');
    await user.type(screen.getByTestId('new-password'), 'Cont!Nou2026');
    await user.type(screen.getByTestId('confirm-password'), 'Cont!Nou2026');
    await user.click(screen.getByLabelText(/Am citit și accept/));
    await user.click(screen.getByRole('button', { name: 'Creați contul' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Verificați-vă e-mailul' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByTestId('check-email')).toHaveTextContent('ana@example.ro');
    const [registration] = await sentRequests({ method: 'POST', path: '/api/auth/register' });
    expect(registration.body).toMatchObject({
      last_name: 'Pop',
      first_name: 'Ana',
      email: 'ana@example.ro',
      phone: '0722123456',
      password: 'Cont!Nou2026',
    });
  });
});
