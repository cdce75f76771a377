import { screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadAllTexts } from '../../../lib/testing/render-app';
import { apiError, http, noContent, sentRequests, server } from '../../../test/msw';
import { renderPage } from '../testing';
import { ChangePasswordPage } from './change-password-page';
import { ForgotPasswordPage } from './forgot-password-page';
import { ResetPasswordPage, SetPasswordPage } from './reset-password-page';

/** Generous: these tests type and click a lot, and CI machines are shared. */
const UI_TEST_TIMEOUT = 20_000;

beforeAll(loadAllTexts);
beforeEach(() => {
  // Each command succeeds (204) unless a test answers otherwise.
  server.use(
    http.post('/api/recover-password', noContent),
    http.patch('/api/auth/reset-password', noContent),
    http.post('/api/auth/change-password', noContent),
  );
});

/** The bodies sent to `method path`. */
const bodies = async (method: string, path: string) => (await sentRequests({ method, path })).map((r) => r.body);
const recoveries = () => bodies('POST', '/api/recover-password');
const resets = () => bodies('PATCH', '/api/auth/reset-password');
const changes = () => bodies('POST', '/api/auth/change-password');

const location = () => screen.getByTestId('location').textContent;
const state = () => JSON.parse(screen.getByTestId('location-state').textContent ?? 'null');
/** The password reset answers `code` (400). */
const refuseReset = (code: string) => server.use(http.patch('/api/auth/reset-password', () => apiError(400, code)));
/** The password change answers `code` with `status` and `data`. */
const refuseChange = (status: number, code: string, data?: Record<string, number>) =>
  server.use(http.post('/api/auth/change-password', () => apiError(status, code, data)));

describe('/auth/forgot-password', { timeout: UI_TEST_TIMEOUT }, () => {
  it('answers with the same neutral confirmation for any address', async () => {
    const { user } = renderPage('/auth/forgot-password', <ForgotPasswordPage />);
    await user.type(screen.getByLabelText(/^Adresa de e-mail/), 'cineva@example.ro');
    await user.click(screen.getByRole('button', { name: 'Trimiteți linkul de resetare' }));
    const done = await screen.findByTestId('forgot-password-done');
    expect(done).toHaveTextContent('Dacă există un cont cu adresa cineva@example.ro, veți primi în câteva minute');
    expect(screen.getByRole('heading', { level: 1, name: 'Verificați-vă e-mailul' })).toHaveFocus();
    expect(await recoveries()).toEqual([{ email: 'cineva@example.ro' }]);
  });

  it('checks the address first', async () => {
    const { user } = renderPage('/auth/forgot-password', <ForgotPasswordPage />);
    await user.type(screen.getByLabelText(/^Adresa de e-mail/), 'cineva@');
    await user.click(screen.getByRole('button', { name: 'Trimiteți linkul de resetare' }));
    expect(await screen.findByText('Adresa de e-mail nu este validă')).toBeInTheDocument();
    expect(await recoveries()).toEqual([]);
  });
});

describe('/auth/reset-password and /auth/set-password', { timeout: UI_TEST_TIMEOUT }, () => {
  async function submit(user: ReturnType<typeof renderPage>['user'], password: string, confirm = password) {
    await user.type(screen.getByTestId('new-password'), password);
    await user.type(screen.getByTestId('confirm-password'), confirm);
    await user.click(screen.getByRole('button', { name: 'Salvați parola' }));
  }

  it('saves the new password with the key of the link and sends the user to sign in', async () => {
    const { user } = renderPage('/auth/reset-password?confirmationKey=cheie', <ResetPasswordPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Resetare parolă' })).toBeInTheDocument();
    await submit(user, 'Parola!Noua1');
    await waitFor(() => expect(location()).toBe('/auth/signin'));
    expect(state()).toEqual({ notice: 'passwordReset' });
    expect(await resets()).toEqual([{ confirmationKey: 'cheie', password: 'Parola!Noua1', confirmPassword: 'Parola!Noua1' }]);
  });

  it('refuses a weak or mismatched password before calling the server', async () => {
    const { user } = renderPage('/auth/reset-password?confirmationKey=cheie', <ResetPasswordPage />);
    await submit(user, 'slaba', 'alta');
    expect(await screen.findByText(/Parola trebuie să aibă cel puțin 8 caractere/)).toBeInTheDocument();
    expect(screen.getByText('Parolele nu sunt identice')).toBeInTheDocument();
    expect(screen.getByTestId('new-password')).toHaveFocus();
    expect(await resets()).toEqual([]);
  });

  it('shows RESET_PASSWORD_ALREADY_USED on the password field', async () => {
    refuseReset('RESET_PASSWORD_ALREADY_USED');
    const { user } = renderPage('/auth/reset-password?confirmationKey=cheie', <ResetPasswordPage />);
    await submit(user, 'Parola!Veche1');
    expect(await screen.findByText('Parola nouă trebuie să fie diferită de cea veche.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('new-password')).toHaveFocus());
  });

  it.each([
    [ResetPasswordPage, '/auth/reset-password', 'password'],
    [SetPasswordPage, '/auth/set-password', 'invitation'],
  ])('sends an expired link to the invalid-link page (%#)', async (Page, path, reason) => {
    refuseReset('AUTH_INVALID_CONFIRMATION_VALIDATIONS');
    const { user } = renderPage(`${path}?confirmationKey=veche`, <Page />);
    await submit(user, 'Parola!Noua1');
    await waitFor(() => expect(location()).toBe('/auth/invalid-link'));
    expect(state()).toEqual({ reason });
  });

  it('activates an invited account and says so at sign-in', async () => {
    const { user } = renderPage('/auth/set-password?confirmationKey=invitatie', <SetPasswordPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Setare parolă' })).toBeInTheDocument();
    await submit(user, 'Parola!Noua1');
    await waitFor(() => expect(state()).toEqual({ notice: 'passwordSet' }));
    expect(await resets()).toEqual([{ confirmationKey: 'invitatie', password: 'Parola!Noua1', confirmPassword: 'Parola!Noua1' }]);
  });
});

describe('/auth/change-password', { timeout: UI_TEST_TIMEOUT }, () => {
  async function fill(user: ReturnType<typeof renderPage>['user'], old = 'Veche!2020', next = 'Parola!Noua1') {
    await user.type(screen.getByTestId('change-old-password'), old);
    await user.type(screen.getByTestId('new-password'), next);
    await user.type(screen.getByTestId('confirm-password'), next);
    await user.click(screen.getByRole('button', { name: 'Schimbați parola' }));
  }

  it('takes the e-mail from the link, changes the password and sends the user to sign in', async () => {
    const { user } = renderPage('/auth/change-password?email=ana%40example.ro', <ChangePasswordPage />);
    expect(screen.getByLabelText(/^Adresa de e-mail/)).toHaveValue('ana@example.ro');
    expect(screen.getByLabelText(/^Adresa de e-mail/)).toHaveAttribute('readonly');
    await fill(user);
    await waitFor(() => expect(location()).toBe('/auth/signin'));
    expect(state()).toEqual({ notice: 'passwordChanged' });
    expect((await changes())[0]).toEqual({
      email: 'ana@example.ro',
      oldPassword: 'Veche!2020',
      password: 'Parola!Noua1',
      confirmPassword: 'Parola!Noua1',
    });
  });

  it.each([
    ['AUTH_FAILED', { remaining_attempts: 2 }, 'Adresa de e-mail sau parola nu sunt corecte. Mai aveți 2 încercări.'],
    ['AUTH_FAILED_ACCOUNT_LOCKED', { minutes: 15 }, 'Contul a fost blocat temporar. Încercați din nou peste 15 minute.'],
  ])('answers a wrong current password like a login: %s', async (code, data, message) => {
    refuseChange(401, code, data);
    const { user } = renderPage('/auth/change-password?email=ana%40example.ro', <ChangePasswordPage />);
    await fill(user);
    expect(await screen.findByTestId('form-error')).toHaveTextContent(message);
    expect(screen.getByTestId('change-old-password')).toHaveValue('');
  });

  it('refuses a new password equal to the old one', async () => {
    refuseChange(400, 'RESET_PASSWORD_ALREADY_USED');
    const { user } = renderPage('/auth/change-password?email=ana%40example.ro', <ChangePasswordPage />);
    await fill(user, 'Parola!Noua1', 'Parola!Noua1');
    expect(await screen.findByText('Parola nouă trebuie să fie diferită de cea veche.')).toBeInTheDocument();
  });

  it('asks for the e-mail when the link has none', async () => {
    const { user } = renderPage('/auth/change-password', <ChangePasswordPage />);
    expect(screen.getByLabelText(/^Adresa de e-mail/)).not.toHaveAttribute('readonly');
    await fill(user);
    expect(await screen.findByText('Acest câmp este obligatoriu')).toBeInTheDocument();
    expect(await changes()).toEqual([]);
  });
});
