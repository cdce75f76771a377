import type { SigningProfile } from '@ghiseu/domain';
import { notifications } from '@mantine/notifications';
import { screen, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiError, envelope, http, sentRequests, server } from '../../../test/msw';
import { loadSigningTexts, renderSigning } from '../test-support';
import { SigningProfileSection } from './signing-profile-section';

const profile = (overrides: Partial<SigningProfile> = {}): SigningProfile => ({
  enrolled: true,
  profile_valid: true,
  problems: [],
  can_sign: true,
  has_pin: false,
  phone_masked: '+40 7•• ••• 123',
  ...overrides,
});

beforeAll(() => loadSigningTexts());
beforeEach(() => notifications.clean());

describe('the electronic signature section of the profile', () => {
  it('says why a staff member cannot sign and leads to the enrollment', async () => {
    server.use(
      http.get('/api/signing/profile', () =>
        envelope(
          profile({
            enrolled: false,
            can_sign: false,
            problems: [{ code: 'INVALID_CERTSIGN_ENROLLMENT', message: 'Trebuie să finalizați înrolarea înainte de a semna.' }],
          }),
        ),
      ),
    );
    const { user } = renderSigning(<SigningProfileSection staff />);
    expect(await screen.findByTestId('profile-signing-state')).toHaveTextContent('Deocamdată nu puteți semna');
    expect(screen.getByTestId('profile-signing-enrolled')).toHaveTextContent('Nefinalizată');
    expect(screen.getByTestId('profile-signing-problems')).toHaveTextContent('Trebuie să finalizați înrolarea');
    await user.click(screen.getByTestId('profile-signing-enroll'));
    expect(await screen.findByText('pagina înrolării')).toBeInTheDocument();
  });

  it('sets a PIN confirmed with the password, and says a wrong password is wrong', async () => {
    let calls = 0;
    server.use(
      http.get('/api/signing/profile', () => envelope(profile({ has_pin: calls > 1 }))),
      http.put('/api/signing/pin', () => {
        calls += 1;
        return calls === 1 ? apiError(400, 'SIGNING_PIN_INVALID_PASSWORD') : envelope(profile({ has_pin: true }));
      }),
    );
    const { user } = renderSigning(<SigningProfileSection staff={false} />, { role: 'citizen' });
    expect(await screen.findByTestId('profile-signing-confirmation')).toHaveTextContent('Cod prin SMS la +40 7•• ••• 123');
    expect(screen.queryByTestId('profile-signing-enrolled')).not.toBeInTheDocument();
    await user.click(screen.getByTestId('profile-pin-edit'));
    const form = screen.getByTestId('profile-pin-form');
    await user.type(within(form).getByLabelText(/PIN nou/), '1234');
    await user.click(within(form).getByTestId('profile-pin-save'));
    expect(await within(form).findByText('Codul trebuie să aibă 6 cifre.')).toBeInTheDocument();
    await user.type(within(form).getByLabelText(/PIN nou/), '56');
    await user.type(within(form).getByLabelText(/Repetați PIN-ul/), '123456');
    await user.type(within(form).getByLabelText(/Parola contului/), 'gresita');
    await user.click(within(form).getByTestId('profile-pin-save'));
    expect(await within(form).findByText('Parola nu este corectă.')).toBeInTheDocument();
    await user.click(within(form).getByTestId('profile-pin-save'));
    expect(await screen.findByText('PIN-ul de semnare a fost salvat.')).toBeInTheDocument();
    const [first] = await sentRequests({ method: 'PUT', path: '/api/signing/pin' });
    expect(first.body).toEqual({ password: 'gresita', pin: '123456' });
  });

  it('removes the PIN after a question', async () => {
    server.use(
      http.get('/api/signing/profile', () => envelope(profile({ has_pin: true }))),
      http.delete('/api/signing/pin', () => envelope(profile())),
    );
    const { user } = renderSigning(<SigningProfileSection staff />);
    expect(await screen.findByTestId('profile-signing-confirmation')).toHaveTextContent('Cu PIN-ul de semnare');
    await user.click(screen.getByTestId('profile-pin-remove'));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Da, șterg PIN-ul' }));
    expect(await screen.findByText('PIN-ul de semnare a fost șters.')).toBeInTheDocument();
    expect(await sentRequests({ method: 'DELETE' })).toHaveLength(1);
  });
});
