import { screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { loadAllTexts } from '../../../lib/testing/render-app';
import { renderPage } from '../testing';
import { ConfirmEmailPage } from './confirm-email-page';

/** Generous: these tests type and click a lot, and CI machines are shared. */
const UI_TEST_TIMEOUT = 20_000;

const mocks = vi.hoisted(() => ({ confirmEmail: vi.fn(), resend: vi.fn() }));
vi.mock('../api/confirm-email', async () => {
  const { useMutation } = await import('@tanstack/react-query');
  return { confirmEmail: mocks.confirmEmail, useConfirmEmail: () => useMutation({ mutationFn: mocks.confirmEmail }) };
});
vi.mock('../api/resend-confirmation', async () => {
  const { useMutation } = await import('@tanstack/react-query');
  return { resendConfirmation: mocks.resend, useResendConfirmation: () => useMutation({ mutationFn: mocks.resend }) };
});

beforeAll(loadAllTexts);
beforeEach(() => {
  mocks.confirmEmail.mockReset();
  mocks.resend.mockReset();
});

const location = () => screen.getByTestId('location').textContent;
const state = () => JSON.parse(screen.getByTestId('location-state').textContent ?? 'null');

describe('/auth/confirm-email with the key of the e-mailed link', { timeout: UI_TEST_TIMEOUT }, () => {
  it('confirms once, then continues with SMS verification', async () => {
    mocks.confirmEmail.mockResolvedValue({
      isEmailConfirmed: true,
      isPhoneConfirmed: false,
      data: { authToken: null, verificationToken: 'ver 1' },
    });
    renderPage('/auth/confirm-email?confirmationKey=k1', <ConfirmEmailPage />);
    expect(screen.getByRole('status', { name: 'Confirmăm adresa de e-mail…' })).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/auth/verify-sms?token=ver%201'));
    expect(mocks.confirmEmail).toHaveBeenCalledTimes(1);
    expect(mocks.confirmEmail.mock.calls[0][0]).toBe('k1');
  });

  it('sends an account whose phone is confirmed to sign in, with a success message', async () => {
    mocks.confirmEmail.mockResolvedValue({
      isEmailConfirmed: true,
      isPhoneConfirmed: true,
      data: { authToken: null, verificationToken: null },
    });
    renderPage('/auth/confirm-email?confirmationKey=k1', <ConfirmEmailPage />);
    await waitFor(() => expect(location()).toBe('/auth/signin'));
    expect(state()).toEqual({ notice: 'emailConfirmed' });
  });

  it('sends an invalid, expired or used key to the invalid-link page', async () => {
    mocks.confirmEmail.mockImplementation(async () => {
      throw new ApiError(400, 'INVALID_TOKEN');
    });
    renderPage('/auth/confirm-email?confirmationKey=vechi', <ConfirmEmailPage />);
    await waitFor(() => expect(location()).toBe('/auth/invalid-link'));
    expect(state()).toEqual({ reason: 'activation' });
  });

  it('offers a retry when the server cannot be reached', async () => {
    mocks.confirmEmail.mockImplementation(async () => {
      throw new ApiError(undefined, 'NETWORK_ERROR');
    });
    const { user } = renderPage('/auth/confirm-email?confirmationKey=k1', <ConfirmEmailPage />);
    expect(await screen.findByText('Adresa de e-mail nu a putut fi confirmată')).toBeInTheDocument();
    mocks.confirmEmail.mockResolvedValue({
      isEmailConfirmed: true,
      isPhoneConfirmed: true,
      data: { authToken: null, verificationToken: null },
    });
    await user.click(screen.getByRole('button', { name: 'Reîncearcă' }));
    await waitFor(() => expect(location()).toBe('/auth/signin'));
  });
});

describe('/auth/confirm-email without a key', { timeout: UI_TEST_TIMEOUT }, () => {
  it('tells the signed-in-but-unconfirmed user to check the e-mail, and resends the link', async () => {
    mocks.resend.mockResolvedValue(undefined);
    const pendingLogin = { email: 'ana@example.ro', verificationToken: 'v', isEmailConfirmed: false, isPhoneConfirmed: false };
    const { user } = renderPage('/auth/confirm-email', <ConfirmEmailPage />, { pendingLogin });
    expect(screen.getByRole('heading', { level: 1, name: 'Verificați-vă e-mailul' })).toBeInTheDocument();
    expect(screen.getByTestId('check-email')).toHaveTextContent('ana@example.ro');
    await user.click(screen.getByRole('button', { name: 'Retrimiteți e-mailul de confirmare' }));
    expect(await screen.findByText(/am trimis un nou link de confirmare/)).toBeInTheDocument();
    expect(mocks.resend.mock.calls[0][0]).toBe('ana@example.ro');
    expect(mocks.confirmEmail).not.toHaveBeenCalled();
  });

  it('asks for the address when it is not known, and shows a refused resend', async () => {
    mocks.resend.mockImplementation(async () => {
      throw new ApiError(429, 'RATE_LIMITED');
    });
    const { user } = renderPage('/auth/confirm-email', <ConfirmEmailPage />);
    await user.click(screen.getByRole('button', { name: 'Retrimiteți e-mailul de confirmare' }));
    expect(await screen.findByText('Acest câmp este obligatoriu')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Adresa de e-mail a contului/), 'ana@example.ro');
    await user.click(screen.getByRole('button', { name: 'Retrimiteți e-mailul de confirmare' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Prea multe cereri.');
  });
});
