import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadAllTexts } from '../../../lib/testing/render-app';
import { answersInTurn, apiError, HttpResponse, http, noContent, sentRequests, server } from '../../../test/msw';
import { renderPage } from '../testing';
import { ConfirmEmailPage } from './confirm-email-page';

/** Generous: these tests type and click a lot, and CI machines are shared. */
const UI_TEST_TIMEOUT = 20_000;

beforeAll(loadAllTexts);

/** `POST /api/auth/confirm-email` answers its calls in turn. */
const serveConfirm = (...answers: (() => Response)[]) => server.use(answersInTurn('post', '/api/auth/confirm-email', ...answers));
const verified =
  (phoneConfirmed: boolean, verificationToken: string | null = null) =>
  () =>
    HttpResponse.json({
      isEmailConfirmed: true,
      isPhoneConfirmed: phoneConfirmed,
      data: { authToken: null, verificationToken },
    });
const confirmations = async () => (await sentRequests({ method: 'POST', path: '/api/auth/confirm-email' })).map((r) => r.body);
const resends = async () => (await sentRequests({ method: 'GET', path: '/api/auth/resend' })).map((r) => r.query.get('email'));

const location = () => screen.getByTestId('location').textContent;
const state = () => JSON.parse(screen.getByTestId('location-state').textContent ?? 'null');

describe('/auth/confirm-email with the key of the e-mailed link', { timeout: UI_TEST_TIMEOUT }, () => {
  it('confirms once, then continues with SMS verification', async () => {
    serveConfirm(verified(false, 'ver 1'));
    renderPage('/auth/confirm-email?confirmationKey=k1', <ConfirmEmailPage />);
    expect(screen.getByRole('status', { name: 'Confirmăm adresa de e-mail…' })).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/auth/verify-sms?token=ver%201'));
    expect(await confirmations()).toEqual([{ confirmationKey: 'k1' }]);
  });

  it('sends an account whose phone is confirmed to sign in, with a success message', async () => {
    serveConfirm(verified(true));
    renderPage('/auth/confirm-email?confirmationKey=k1', <ConfirmEmailPage />);
    await waitFor(() => expect(location()).toBe('/auth/signin'));
    expect(state()).toEqual({ notice: 'emailConfirmed' });
  });

  it('sends an invalid, expired or used key to the invalid-link page', async () => {
    serveConfirm(() => apiError(400, 'INVALID_TOKEN'));
    renderPage('/auth/confirm-email?confirmationKey=vechi', <ConfirmEmailPage />);
    await waitFor(() => expect(location()).toBe('/auth/invalid-link'));
    expect(state()).toEqual({ reason: 'activation' });
    expect(await confirmations()).toEqual([{ confirmationKey: 'vechi' }]);
  });

  it('offers a retry when the server cannot be reached', async () => {
    serveConfirm(() => HttpResponse.error(), verified(true));
    const { user } = renderPage('/auth/confirm-email?confirmationKey=k1', <ConfirmEmailPage />);
    expect(await screen.findByText('Adresa de e-mail nu a putut fi confirmată')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reîncercați' }));
    await waitFor(() => expect(location()).toBe('/auth/signin'));
    expect(await confirmations()).toEqual([{ confirmationKey: 'k1' }, { confirmationKey: 'k1' }]);
  });
});

describe('/auth/confirm-email without a key', { timeout: UI_TEST_TIMEOUT }, () => {
  it('tells the signed-in-but-unconfirmed user to check the e-mail, and resends the link', async () => {
    server.use(http.get('/api/auth/resend', noContent));
    const pendingLogin = { email: 'ana@example.ro', verificationToken: 'v', isEmailConfirmed: false, isPhoneConfirmed: false };
    const { user } = renderPage('/auth/confirm-email', <ConfirmEmailPage />, { pendingLogin });
    expect(screen.getByRole('heading', { level: 1, name: 'Verificați-vă e-mailul' })).toBeInTheDocument();
    expect(screen.getByTestId('check-email')).toHaveTextContent('ana@example.ro');
    await user.click(screen.getByRole('button', { name: 'Retrimiteți e-mailul de confirmare' }));
    expect(await screen.findByText(/am trimis un nou link de confirmare/)).toBeInTheDocument();
    expect(await resends()).toEqual(['ana@example.ro']);
    expect(await confirmations()).toEqual([]);
  });

  it('asks for the address when it is not known, and shows a refused resend', async () => {
    server.use(http.get('/api/auth/resend', () => apiError(429, 'RATE_LIMITED')));
    const { user } = renderPage('/auth/confirm-email', <ConfirmEmailPage />);
    await user.click(screen.getByRole('button', { name: 'Retrimiteți e-mailul de confirmare' }));
    expect(await screen.findByText('Acest câmp este obligatoriu')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Adresa de e-mail a contului/), 'ana@example.ro');
    await user.click(screen.getByRole('button', { name: 'Retrimiteți e-mailul de confirmare' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Prea multe cereri.');
    expect(await resends()).toEqual(['ana@example.ro']);
  });
});
