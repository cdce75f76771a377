import { screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildCurrentUser } from '../../../lib/testing/fixtures';
import { loadAllTexts } from '../../../lib/testing/render-app';
import { answersInTurn, apiError, HttpResponse, http, noContent, sentRequests, server } from '../../../test/msw';
import { renderPage } from '../testing';
import { VerifySmsPage } from './verify-sms-page';

/** Generous: these tests type and click a lot, and CI machines are shared. */
const UI_TEST_TIMEOUT = 20_000;

beforeAll(loadAllTexts);
beforeEach(() => {
  server.use(http.post('/api/auth/phone/update', noContent));
});

const sends = async () => (await sentRequests({ method: 'POST', path: '/api/auth/phone/update' })).map((r) => r.body);
const validations = async () => (await sentRequests({ method: 'POST', path: '/api/auth/phone/validate' })).map((r) => r.body);
/** `POST /api/auth/phone/validate` answers its calls in turn. */
const serveValidate = (...answers: (() => Response)[]) =>
  server.use(answersInTurn('post', '/api/auth/phone/validate', ...answers));

const location = () => screen.getByTestId('location').textContent;

async function toCodeStep(signIn = vi.fn(async () => buildCurrentUser())) {
  const rendered = renderPage('/auth/verify-sms?token=ver-1', <VerifySmsPage />, { signIn });
  const { user } = rendered;
  expect(screen.getByRole('heading', { level: 1, name: 'Verificare prin SMS' })).toBeInTheDocument();
  await user.type(screen.getByLabelText(/^Telefon mobil/), '0722123456');
  await user.click(screen.getByRole('button', { name: 'Trimiteți codul' }));
  expect(await screen.findByLabelText(/^Codul primit prin SMS/)).toBeInTheDocument();
  expect(await sends()).toEqual([{ phone: '0722123456', token: 'ver-1' }]);
  return { ...rendered, signIn };
}

describe('/auth/verify-sms', { timeout: UI_TEST_TIMEOUT }, () => {
  it('refuses a landline before sending anything', async () => {
    const { user } = renderPage('/auth/verify-sms?token=ver-1', <VerifySmsPage />);
    await user.type(screen.getByLabelText(/^Telefon mobil/), '0265123456');
    await user.click(screen.getByRole('button', { name: 'Trimiteți codul' }));
    expect(await screen.findByText('Numărul de telefon nu este valid')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Telefon mobil/)).toHaveFocus();
    expect(await sends()).toEqual([]);
  });

  it('validates the code, stores the session like the login flow and goes home', async () => {
    serveValidate(() =>
      HttpResponse.json({
        isEmailConfirmed: true,
        isPhoneConfirmed: true,
        data: { authToken: 'auth-9', verificationToken: null },
      }),
    );
    const { user, signIn } = await toCodeStep();
    expect(screen.getByText('0722123456')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Codul primit prin SMS/), '123456');
    await user.click(screen.getByRole('button', { name: 'Validați codul' }));
    await waitFor(() => expect(location()).toBe('/home'));
    expect(await validations()).toEqual([{ phone: '0722123456', smsCode: '123456', token: 'ver-1' }]);
    expect(signIn).toHaveBeenCalledWith('auth-9');
  });

  it('shows the remaining attempts for a wrong code, and a new code is needed after the last one', async () => {
    serveValidate(
      () => apiError(400, 'SMS_CODE_INVALID', { remaining_attempts: 3 }),
      () => apiError(400, 'SMS_CODE_INVALID', { remaining_attempts: 0 }),
    );
    const { user } = await toCodeStep();
    await user.type(screen.getByLabelText(/^Codul primit prin SMS/), '111111');
    await user.click(screen.getByRole('button', { name: 'Validați codul' }));
    expect(await screen.findByText('Codul SMS nu este corect. Mai aveți 3 încercări.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Codul primit prin SMS/)).toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: 'Validați codul' }));
    expect(await screen.findByText('Ați folosit toate încercările pentru acest cod. Solicitați un cod nou.')).toBeInTheDocument();
    expect(await validations()).toEqual([
      { phone: '0722123456', smsCode: '111111', token: 'ver-1' },
      { phone: '0722123456', smsCode: '111111', token: 'ver-1' },
    ]);
  });

  it('waits before another code may be sent, and lets the number be changed', async () => {
    const { user } = await toCodeStep();
    const resend = screen.getByRole('button', { name: /Retrimiteți codul \(\d+ s\)/ });
    expect(resend).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Schimbați numărul de telefon' }));
    expect(screen.getByLabelText(/^Telefon mobil/)).toBeInTheDocument();
  });

  it('sends an expired verification token to the invalid-link page', async () => {
    server.use(http.post('/api/auth/phone/update', () => apiError(400, 'INVALID_TOKEN')));
    const { user } = renderPage('/auth/verify-sms?token=vechi', <VerifySmsPage />);
    await user.type(screen.getByLabelText(/^Telefon mobil/), '0722123456');
    await user.click(screen.getByRole('button', { name: 'Trimiteți codul' }));
    await waitFor(() => expect(location()).toBe('/auth/invalid-link'));
    expect(await sends()).toEqual([{ phone: '0722123456', token: 'vechi' }]);
  });

  it('uses the token of a sign-in waiting for verification when the link has none', async () => {
    const pendingLogin = { email: 'a@b.ro', verificationToken: 'din-login', isEmailConfirmed: true, isPhoneConfirmed: false };
    const { user } = renderPage('/auth/verify-sms', <VerifySmsPage />, { pendingLogin });
    await user.type(screen.getByLabelText(/^Telefon mobil/), '0722123456');
    await user.click(screen.getByRole('button', { name: 'Trimiteți codul' }));
    await waitFor(async () => expect(await sends()).toEqual([{ phone: '0722123456', token: 'din-login' }]));
  });
});
