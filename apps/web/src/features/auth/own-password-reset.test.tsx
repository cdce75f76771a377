import { screen } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../components/test-utils';
import { ApiError } from '../../lib/api-client';
import { loadAllTexts } from '../../lib/testing/render-app';
import { resetOwnPassword } from './own-password-reset';

/** Generous: these tests type and click a lot, and CI machines are shared. */
const UI_TEST_TIMEOUT = 20_000;

const mocks = vi.hoisted(() => ({ request: vi.fn(), handle: vi.fn() }));
vi.mock('./api/passwords', () => ({ requestOwnPasswordReset: mocks.request }));
vi.mock('../../lib/api-client', async (original) => ({
  ...(await original<typeof import('../../lib/api-client')>()),
  handleApiError: mocks.handle,
}));

beforeAll(loadAllTexts);
beforeEach(() => {
  mocks.request.mockReset();
  mocks.handle.mockReset();
});

describe("the user panel's password reset", { timeout: UI_TEST_TIMEOUT }, () => {
  it('asks the server for a reset link, then shows a success alert', async () => {
    mocks.request.mockResolvedValue(undefined);
    const { user } = renderWithProviders(<div />);
    const done = resetOwnPassword();
    const dialog = await screen.findByRole('dialog', { name: 'Resetare parolă' });
    expect(dialog).toHaveTextContent('V-am trimis pe e-mail un link pentru alegerea unei parole noi.');
    expect(dialog.querySelector('[data-alert-type="success"]')).not.toBeNull();
    await user.click(screen.getByRole('button', { name: 'Închide' }));
    await done;
    expect(mocks.request).toHaveBeenCalledTimes(1);
  });

  it('leaves a failure to the generic error handler', async () => {
    const error = new ApiError(500, 'INTERNAL_ERROR');
    mocks.request.mockImplementation(async () => {
      throw error;
    });
    renderWithProviders(<div />);
    await resetOwnPassword();
    expect(mocks.handle).toHaveBeenCalledWith(error);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
