import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { notifications } from '@mantine/notifications';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { answersInTurn, apiError, envelope, http, sentRequests, server } from '../../../test/msw';
import { staffSigningFlow } from '../api/signing';
import { buildConfirm, buildStart, loadSigningTexts, REQUEST_ID, renderSigning } from '../test-support';
import { formatCountdown, SigningDialog } from './signing-dialog';

const START = '/api/staff-applications/7/approve/sign';
const CONFIRM = '/api/staff-applications/7/confirm-signing';

/** The dialog as the document panel opens it, with a marker of what it reported. */
function Harness({ allowCustomImage = false }: { allowCustomImage?: boolean }) {
  const [opened, setOpened] = useState(true);
  const [signed, setSigned] = useState(false);
  return (
    <>
      <p>{signed ? 'semnat' : opened ? 'deschis' : 'închis'}</p>
      <SigningDialog
        opened={opened}
        onClose={() => setOpened(false)}
        title="Semnați documentul"
        flow={staffSigningFlow(7, 'approve')}
        audience="staff"
        allowCustomImage={allowCustomImage}
        successMessage="Documentul a fost semnat."
        onSigned={() => setSigned(true)}
      />
    </>
  );
}

const renderDialog = (props: { allowCustomImage?: boolean } = {}) => renderSigning(<Harness {...props} />);

beforeAll(() => loadSigningTexts());
// Toasts live in a store shared by the tests of this file.
beforeEach(() => notifications.clean());

describe('the signing dialog', () => {
  it('says where the code went, counts down, and signs with the right code', async () => {
    server.use(
      http.put(START, () => envelope(buildStart())),
      http.put(CONFIRM, () => envelope(buildConfirm())),
    );
    const { user } = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Semnați documentul' });
    expect(await within(dialog).findByTestId('signing-dialog-where')).toHaveTextContent('+40 7•• ••• 123');
    expect(within(dialog).getByTestId('signing-dialog-countdown')).toHaveTextContent(/Codul expiră în [45]:\d\d/);
    const field = within(dialog).getByRole('textbox', { name: /Codul primit prin SMS/ });
    expect(field).toHaveAttribute('inputmode', 'numeric');
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    // Letters are dropped, six digits at most.
    await user.type(field, '12a34567');
    expect(field).toHaveValue('123456');
    await user.click(within(dialog).getByTestId('signing-dialog-confirm'));
    expect(await screen.findByText('Documentul a fost semnat.')).toBeInTheDocument();
    expect(screen.getByText('semnat')).toBeInTheDocument();
    const [call] = await sentRequests({ path: CONFIRM });
    expect(call.body).toEqual({ pin: '123456', request_id: REQUEST_ID });
    expect((await sentRequests({ path: START }))[0].body).toEqual({ custom_image_id: null });
  });

  it('asks for the PIN when the user has one', async () => {
    server.use(http.put(START, () => envelope(buildStart({ confirmation: 'pin', masked_phone: null }))));
    renderDialog();
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('textbox', { name: /PIN-ul de semnare/ })).toBeInTheDocument();
    expect(within(dialog).getByTestId('signing-dialog-where')).toHaveTextContent('Introduceți PIN-ul de semnare');
  });

  it('refuses fewer than six digits without calling the server', async () => {
    server.use(http.put(START, () => envelope(buildStart())));
    const { user } = renderDialog();
    const dialog = await screen.findByRole('dialog');
    await user.type(await within(dialog).findByTestId('signing-dialog-code'), '123');
    await user.click(within(dialog).getByTestId('signing-dialog-confirm'));
    expect(await within(dialog).findByText('Codul trebuie să aibă 6 cifre.')).toBeInTheDocument();
    expect(await sentRequests({ path: CONFIRM })).toEqual([]);
  });

  it('says a wrong code is wrong, with the tries left, and lets the user try again', async () => {
    server.use(
      http.put(START, () => envelope(buildStart())),
      answersInTurn(
        'put',
        CONFIRM,
        () => envelope(buildConfirm({ success: false, code: 'SIGNING_CODE_INVALID', attempts_left: 2 })),
        () => envelope(buildConfirm()),
      ),
    );
    const { user } = renderDialog();
    const dialog = await screen.findByRole('dialog');
    await user.type(await within(dialog).findByTestId('signing-dialog-code'), '111111');
    await user.click(within(dialog).getByTestId('signing-dialog-confirm'));
    expect(await within(dialog).findByText('Codul de semnare nu este corect. Mai aveți 2 încercări.')).toBeInTheDocument();
    expect(screen.getByText('deschis')).toBeInTheDocument();
    await user.type(within(dialog).getByTestId('signing-dialog-code'), '123456');
    await user.click(within(dialog).getByTestId('signing-dialog-confirm'));
    expect(await screen.findByText('semnat')).toBeInTheDocument();
  });

  it('says an expired code has expired and sends a new one on demand', async () => {
    server.use(
      answersInTurn(
        'put',
        START,
        () => envelope(buildStart()),
        () => envelope(buildStart({ request_id: '9a7c4a52-3f58-4a7e-9f1e-2d8c5a6b7c22' })),
      ),
      http.put(CONFIRM, () => apiError(400, 'SIGNING_CODE_EXPIRED')),
    );
    const { user } = renderDialog();
    const dialog = await screen.findByRole('dialog');
    await user.type(await within(dialog).findByTestId('signing-dialog-code'), '123456');
    await user.click(within(dialog).getByTestId('signing-dialog-confirm'));
    expect(await within(dialog).findByText('Codul de semnare a expirat. Cereți un cod nou.')).toBeInTheDocument();
    expect(within(dialog).getByTestId('signing-dialog-confirm')).toBeDisabled();
    await user.click(within(dialog).getByTestId('signing-dialog-resend'));
    expect(await within(dialog).findByText(/Am trimis un cod nou/)).toBeInTheDocument();
    expect(within(dialog).getByTestId('signing-dialog-confirm')).toBeEnabled();
    expect(await sentRequests({ path: START })).toHaveLength(2);
  });

  it('ends the session after too many wrong codes and offers to start again', async () => {
    server.use(
      http.put(START, () => envelope(buildStart())),
      http.put(CONFIRM, () => envelope(buildConfirm({ success: false, code: 'SIGNING_SESSION_EXPIRED', attempts_left: 0 }))),
    );
    const { user } = renderDialog();
    const dialog = await screen.findByRole('dialog');
    await user.type(await within(dialog).findByTestId('signing-dialog-code'), '999999');
    await user.click(within(dialog).getByTestId('signing-dialog-confirm'));
    expect(await within(dialog).findByText(/Sesiunea de semnare a expirat/)).toBeInTheDocument();
    expect(within(dialog).queryByTestId('signing-dialog-code')).not.toBeInTheDocument();
    expect(within(dialog).getByTestId('signing-dialog-restart')).toBeInTheDocument();
  });

  it('treats an HTTP success with success:false as a failure', async () => {
    server.use(
      http.put(START, () => envelope(buildStart())),
      http.put(CONFIRM, () => envelope(buildConfirm({ success: false, code: null, message: null }))),
    );
    const { user } = renderDialog();
    const dialog = await screen.findByRole('dialog');
    await user.type(await within(dialog).findByTestId('signing-dialog-code'), '123456');
    await user.click(within(dialog).getByTestId('signing-dialog-confirm'));
    expect(await within(dialog).findByText(/Semnarea nu a reușit\. Documentul nu a putut fi semnat/)).toBeInTheDocument();
    expect(screen.queryByText('Documentul a fost semnat.')).not.toBeInTheDocument();
    expect(screen.getByText('deschis')).toBeInTheDocument();
  });

  it('gives way to the enrollment alert, whose button leads to the enrollment', async () => {
    server.use(http.put(START, () => apiError(400, 'INVALID_CERTSIGN_ENROLLMENT')));
    const { user } = renderDialog();
    const alert = await screen.findByRole('dialog', { name: 'Înrolarea pentru semnare lipsește' });
    expect(screen.getByText('închis')).toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Mergeți la înrolare' }));
    expect(await screen.findByText('pagina înrolării')).toBeInTheDocument();
  });

  it('sends a staff member with an invalid profile to the profile', async () => {
    server.use(
      http.put(START, () => envelope(buildStart())),
      http.put(CONFIRM, () => apiError(400, 'INVALID_PROFILE_FOR_SIGNING')),
    );
    const { user } = renderDialog();
    const dialog = await screen.findByRole('dialog');
    await user.type(await within(dialog).findByTestId('signing-dialog-code'), '123456');
    await user.click(within(dialog).getByTestId('signing-dialog-confirm'));
    const alert = await screen.findByRole('dialog', { name: 'Profilul nu permite semnarea' });
    await user.click(within(alert).getByRole('button', { name: 'Mergeți la profil' }));
    expect(await screen.findByText('pagina profilului')).toBeInTheDocument();
  });

  it('lets staff add a signature image before the code is sent', async () => {
    server.use(http.put(START, () => envelope(buildStart())));
    const { user } = renderDialog({ allowCustomImage: true });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Imagine personalizată a semnăturii/)).toBeInTheDocument();
    expect(await sentRequests({ path: START })).toEqual([]);
    await user.click(within(dialog).getByTestId('signing-dialog-start'));
    await waitFor(async () => expect(await sentRequests({ path: START })).toHaveLength(1));
    expect(await within(dialog).findByTestId('signing-dialog-code')).toBeInTheDocument();
  });
});

describe('formatCountdown', () => {
  it('writes minutes and seconds', () => {
    expect(formatCountdown(299)).toBe('4:59');
    expect(formatCountdown(5)).toBe('0:05');
  });
});
