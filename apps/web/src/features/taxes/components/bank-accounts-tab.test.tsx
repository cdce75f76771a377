import type { CollectorAccount } from '@ghiseu/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { buildCurrentUser } from '../../../lib/testing/fixtures';
import { AppTestProviders, fakeSession, loadAllTexts } from '../../../lib/testing/render-app';
import { envelope, HttpResponse, http, listEnvelope, sentRequests, server } from '../../../test/msw';
import { BankAccountsTab } from './bank-accounts-tab';

const UI_TEST_TIMEOUT = 30_000;

beforeAll(async () => {
  if (!('fonts' in document)) {
    const fonts = { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() };
    Object.defineProperty(document, 'fonts', { value: fonts, configurable: true });
  }
  await loadAllTexts();
  await i18n.loadNamespaces(['taxes']);
});
beforeEach(() => localStorage.clear());

const account = (overrides: Partial<CollectorAccount> = {}): CollectorAccount => ({
  id: 3,
  organisation_id: 2,
  name: 'Cont taxe urbanism',
  bank: 'Trezoreria Târgu Mureș',
  iban: 'RO49AAAA1B31007593840000',
  provider_username: 'cjmures',
  has_password: true,
  status: 'active',
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  abilities: { canEdit: true, canDelete: false },
  ...overrides,
});

function setup(role: 'admin' | 'super_admin' = 'admin') {
  const router = createMemoryRouter([{ path: '/institution', element: <BankAccountsTab organisationId={2} /> }], {
    initialEntries: ['/institution?id=2&tab=bank-accounts'],
  });
  const user = userEvent.setup();
  const session = fakeSession({ user: buildCurrentUser({ user_type_name: role, organisation_id: 2 }) });
  render(
    <AppTestProviders session={session}>
      <RouterProvider router={router} />
    </AppTestProviders>,
  );
  return { user };
}

describe('the bank accounts tab of /institution', { timeout: UI_TEST_TIMEOUT }, () => {
  it('lists the accounts (the password only as stored or missing); an administrator cannot delete', async () => {
    server.use(http.get('/api/collector-accounts', () => listEnvelope([account()])));
    const { user } = setup();
    const table = await screen.findByRole('table', { name: 'Lista conturilor bancare ale instituției' });
    const row = await within(table).findByRole('row', { name: /Cont taxe urbanism/ });
    expect(row.textContent).toContain('RO49AAAA1B31007593840000');
    expect(row.textContent).toContain('Salvată');
    const [call] = await sentRequests({ method: 'GET', path: '/api/collector-accounts' });
    expect(call?.query.get('organisation_id[eq]')).toBe('2');
    await user.click(screen.getByRole('button', { name: 'Acțiuni pentru contul Cont taxe urbanism' }));
    expect(await screen.findByRole('menuitem', { name: 'Modificați' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Ștergeți' })).not.toBeInTheDocument();
  });

  it('asks the password on creation and sends it only when it is changed', async () => {
    server.use(
      http.get('/api/collector-accounts', () => listEnvelope([account()])),
      http.post('/api/collector-accounts', () =>
        HttpResponse.json({ data: account({ id: 4, name: 'Cont nou' }) }, { status: 201 }),
      ),
      http.patch('/api/collector-accounts/:id', () => envelope(account())),
    );
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Cont bancar nou' }));
    let dialog = await screen.findByRole('dialog', { name: 'Cont bancar nou' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Denumire/ }), 'Cont nou');
    await user.type(within(dialog).getByRole('textbox', { name: /^Banca/ }), 'BCR');
    await user.type(within(dialog).getByRole('textbox', { name: /^IBAN/ }), 'ro49 aaaa 1b31 0075 9384 0000');
    await user.type(within(dialog).getByRole('textbox', { name: /^Utilizator/ }), 'cjms');
    await user.click(within(dialog).getByRole('button', { name: 'Salvați' }));
    expect(await within(dialog).findByText('Acest câmp este obligatoriu')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/^Parola la procesatorul de plăți/), 'secret-1');
    await user.click(within(dialog).getByRole('button', { name: 'Salvați' }));
    expect(await screen.findByText('Contul „Cont nou” a fost creat.')).toBeInTheDocument();
    const [post] = await sentRequests({ method: 'POST' });
    expect(post?.body).toEqual({
      name: 'Cont nou',
      bank: 'BCR',
      iban: 'RO49AAAA1B31007593840000',
      provider_username: 'cjms',
      status: 'active',
      provider_password: 'secret-1',
    });

    await user.click(await screen.findByRole('button', { name: 'Acțiuni pentru contul Cont taxe urbanism' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Modificați' }));
    dialog = await screen.findByRole('dialog', { name: 'Modificare cont bancar' });
    expect(within(dialog).queryByLabelText(/^Parola la procesatorul de plăți/)).not.toBeInTheDocument();
    const bank = within(dialog).getByRole('textbox', { name: /^Banca/ });
    await user.clear(bank);
    await user.type(bank, 'Trezoreria Reghin');
    await user.click(within(dialog).getByRole('button', { name: 'Salvați' }));
    await waitFor(async () =>
      expect((await sentRequests({ method: 'PATCH' })).map((r) => r.body)).toEqual([{ bank: 'Trezoreria Reghin' }]),
    );

    await user.click(await screen.findByRole('button', { name: 'Acțiuni pentru contul Cont taxe urbanism' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Modificați' }));
    dialog = await screen.findByRole('dialog', { name: 'Modificare cont bancar' });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Schimbați parola' }));
    await user.type(within(dialog).getByLabelText(/^Parola la procesatorul de plăți/), 'secret-2');
    await user.click(within(dialog).getByRole('button', { name: 'Salvați' }));
    await waitFor(async () =>
      expect((await sentRequests({ method: 'PATCH' })).map((r) => r.body)).toEqual([
        { bank: 'Trezoreria Reghin' },
        { provider_password: 'secret-2' },
      ]),
    );
  });
});
