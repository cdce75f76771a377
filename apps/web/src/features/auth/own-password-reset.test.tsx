import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../components/test-utils';
import { loadAllTexts } from '../../lib/testing/render-app';
import { apiError, http, noContent, sentRequests, server } from '../../test/msw';
import { resetOwnPassword } from './own-password-reset';

/** Generous: these tests type and click a lot, and CI machines are shared. */
const UI_TEST_TIMEOUT = 20_000;

beforeAll(loadAllTexts);

const resetRequests = () => sentRequests({ method: 'POST', path: '/api/users/me/password-reset' });

describe("the user panel's password reset", { timeout: UI_TEST_TIMEOUT }, () => {
  it('asks the server for a reset link, then shows a success alert', async () => {
    server.use(http.post('/api/users/me/password-reset', noContent));
    const { user } = renderWithProviders(<div />);
    const done = resetOwnPassword();
    const dialog = await screen.findByRole('dialog', { name: 'Resetare parolă' });
    expect(dialog).toHaveTextContent('V-am trimis pe e-mail un link pentru alegerea unei parole noi.');
    expect(dialog.querySelector('[data-alert-type="success"]')).not.toBeNull();
    await user.click(screen.getByRole('button', { name: 'Închideți' }));
    await done;
    const sent = await resetRequests();
    expect(sent).toHaveLength(1);
    expect(sent[0].body).toBeUndefined();
  });

  it('leaves a failure to the generic error handler: its toast, no success alert', async () => {
    server.use(http.post('/api/users/me/password-reset', () => apiError(500, 'INTERNAL_ERROR')));
    renderWithProviders(<div />);
    await resetOwnPassword();
    expect(await screen.findByText('A apărut o eroare, vă rugăm reîncercați')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await resetRequests()).toHaveLength(1);
  });
});
