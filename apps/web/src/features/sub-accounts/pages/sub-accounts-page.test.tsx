import type { SubAccount } from '@ghiseu/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { i18n } from '../../../lib/i18n';
import { buildCurrentUser } from '../../../lib/testing/fixtures';
import { AppTestProviders, fakeSession, loadAllTexts } from '../../../lib/testing/render-app';
import { SubAccountsPage } from './sub-accounts-page';

/** Generous: these tests type and click a lot, and CI machines are shared. */
const UI_TEST_TIMEOUT = 20_000;

const mocks = vi.hoisted(() => ({ list: vi.fn(), create: vi.fn(), update: vi.fn() }));
vi.mock('../api/sub-accounts', async () => {
  const { useMutation, useQuery, useQueryClient } = await import('@tanstack/react-query');
  const useInvalidating = (mutationFn: (body: never) => Promise<unknown>) => {
    const client = useQueryClient();
    return useMutation({ mutationFn, onSuccess: () => client.invalidateQueries({ queryKey: ['sub-accounts'] }) });
  };
  return {
    useSubAccounts: (params: string) => useQuery({ queryKey: ['sub-accounts', params], queryFn: () => mocks.list(params) }),
    useCreateSubAccount: () => useInvalidating(mocks.create),
    useUpdateSubAccount: () => useInvalidating(mocks.update),
  };
});

beforeAll(async () => {
  await loadAllTexts();
  await i18n.loadNamespaces(['sub-accounts']);
});
beforeEach(() => {
  for (const mock of Object.values(mocks)) mock.mockReset();
  localStorage.clear();
});

const account = (overrides: Partial<SubAccount> = {}): SubAccount => ({
  id: 21,
  email: 'elena@example.ro',
  first_name: 'Elena',
  last_name: 'Moldovan',
  role: 'editor',
  status: 'active',
  created_by: 4,
  created_at: '2026-03-01T10:00:00Z',
  last_login_at: null,
  ...overrides,
});

function setup() {
  const router = createMemoryRouter([{ path: '/sub-accounts', element: <SubAccountsPage /> }], {
    initialEntries: ['/sub-accounts'],
  });
  const user = userEvent.setup();
  const session = fakeSession({ user: buildCurrentUser({ user_type_name: 'legal_entity', account_type: 'professional' }) });
  render(
    <AppTestProviders session={session}>
      <RouterProvider router={router} />
    </AppTestProviders>,
  );
  return { user };
}

describe('/sub-accounts', { timeout: UI_TEST_TIMEOUT }, () => {
  it('lists the sub-accounts with the total, sorted newest first', async () => {
    mocks.list.mockResolvedValue({
      data: [account(), account({ id: 22, email: 'dan@example.ro', first_name: 'Dan', status: 'pending' })],
      pagination: { total: 2, skip: 0, limit: 20 },
    });
    setup();
    const table = await screen.findByRole('table', { name: 'Lista subconturilor' });
    expect(await within(table).findByRole('row', { name: /Moldovan Elena/ })).toHaveTextContent('Editor');
    expect(within(table).getByRole('row', { name: /Moldovan Dan/ })).toHaveTextContent('Invitație trimisă');
    expect(within(table).getByRole('row', { name: /Moldovan Elena/ })).toHaveTextContent('Niciodată');
    expect(screen.getByText('Total 2 subconturi')).toBeInTheDocument();
    expect(mocks.list.mock.calls[0][0]).toContain('sortKey=-created_at');
    expect(mocks.list.mock.calls[0][0]).toContain('pagination=true');
  });

  it('says when there is nobody yet, and offers the invitation', async () => {
    mocks.list.mockResolvedValue({ data: [], pagination: { total: 0, skip: 0, limit: 20 } });
    setup();
    expect(await screen.findByText('Nu ați invitat încă niciun subcont')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Invitați un subcont' })).toHaveLength(2);
  });

  it('explains the refusal to anyone but the administrator of the professional account', async () => {
    mocks.list.mockImplementation(async () => {
      throw new ApiError(403, 'FORBIDDEN');
    });
    setup();
    expect(await screen.findByText('Doar administratorul contului profesional poate gestiona subconturile.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Invitați un subcont' })).not.toBeInTheDocument();
  });

  it('shows a load failure with a retry', async () => {
    mocks.list.mockImplementationOnce(async () => {
      throw new ApiError(500, 'INTERNAL_ERROR');
    });
    mocks.list.mockResolvedValue({ data: [account()], pagination: { total: 1, skip: 0, limit: 20 } });
    const { user } = setup();
    expect(await screen.findByText('Subconturile nu au putut fi încărcate')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reîncearcă' }));
    expect(await screen.findByRole('row', { name: /Moldovan Elena/ })).toBeInTheDocument();
  });

  it('changes the role after a confirmation', async () => {
    mocks.list.mockResolvedValue({ data: [account()], pagination: { total: 1, skip: 0, limit: 20 } });
    mocks.update.mockResolvedValue(account({ role: 'administrator' }));
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Acțiuni pentru subcontul Moldovan Elena' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Schimbați rolul în administrator' }));
    expect(await screen.findByText('Schimbați rolul lui Moldovan Elena în „Administrator”?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Nu' }));
    expect(mocks.update).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Acțiuni pentru subcontul Moldovan Elena' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Schimbați rolul în administrator' }));
    await user.click(await screen.findByRole('button', { name: 'Da' }));
    expect(await screen.findByText('Rolul a fost schimbat.')).toBeInTheDocument();
    expect(mocks.update.mock.calls[0][0]).toEqual({ id: 21, role: 'administrator' });
    await waitFor(() => expect(mocks.list).toHaveBeenCalledTimes(2));
  });

  it('deactivates, reactivates and re-invites according to the status', async () => {
    mocks.list.mockResolvedValue({
      data: [
        account(),
        account({ id: 22, first_name: 'Dan', status: 'inactive' }),
        account({ id: 23, first_name: 'Ion', status: 'pending' }),
      ],
      pagination: { total: 3, skip: 0, limit: 20 },
    });
    mocks.update.mockResolvedValue(account());
    const { user } = setup();
    const openMenu = async (name: string) => {
      await user.click(await screen.findByRole('button', { name: `Acțiuni pentru subcontul ${name}` }));
      return (await screen.findAllByRole('menuitem')).map((item) => item.textContent);
    };
    expect(await openMenu('Moldovan Elena')).toEqual(['Schimbați rolul în administrator', 'Dezactivați']);
    await user.click(screen.getByRole('menuitem', { name: 'Dezactivați' }));
    expect(await screen.findByText(/Sesiunile deschise se închid/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Da' }));
    await waitFor(() => expect(mocks.update).toHaveBeenCalledWith({ id: 21, status: 'inactive' }, expect.anything()));
    expect(await openMenu('Moldovan Dan')).toEqual(['Schimbați rolul în administrator', 'Activați']);
    await user.keyboard('{Escape}');
    expect(await openMenu('Moldovan Ion')).toEqual(['Schimbați rolul în administrator', 'Retrimiteți invitația', 'Dezactivați']);
    await user.click(screen.getByRole('menuitem', { name: 'Retrimiteți invitația' }));
    await user.click(await screen.findByRole('button', { name: 'Da' }));
    await waitFor(() => expect(mocks.update).toHaveBeenCalledWith({ id: 23, status: 'active' }, expect.anything()));
    expect(await screen.findByText('Invitația a fost retrimisă.')).toBeInTheDocument();
  });

  it('invites a sub-account, with the checks of the contract and of the server', async () => {
    mocks.list.mockResolvedValue({ data: [], pagination: { total: 0, skip: 0, limit: 20 } });
    const { user } = setup();
    await user.click((await screen.findAllByRole('button', { name: 'Invitați un subcont' }))[0]);
    const dialog = await screen.findByRole('dialog', { name: 'Invitarea unui subcont' });
    await user.click(within(dialog).getByRole('button', { name: 'Trimiteți invitația' }));
    expect(await within(dialog).findAllByText('Acest câmp este obligatoriu')).toHaveLength(3);
    expect(within(dialog).getByLabelText(/^Adresa de e-mail/)).toHaveFocus();

    mocks.create.mockImplementationOnce(async () => {
      throw new ApiError(409, 'USER_ALREADY_EXISTS');
    });
    await user.type(within(dialog).getByLabelText(/^Adresa de e-mail/), 'elena@example.ro');
    await user.type(within(dialog).getByLabelText(/^Nume/), 'Moldovan');
    await user.type(within(dialog).getByLabelText(/^Prenume/), 'Elena');
    await user.click(within(dialog).getByLabelText(/^Administrator/));
    await user.click(within(dialog).getByRole('button', { name: 'Trimiteți invitația' }));
    expect(await within(dialog).findByText('Există deja un utilizator cu această adresă de e-mail.')).toBeInTheDocument();

    mocks.create.mockResolvedValue(account({ role: 'administrator', status: 'pending' }));
    await user.clear(within(dialog).getByLabelText(/^Adresa de e-mail/));
    await user.type(within(dialog).getByLabelText(/^Adresa de e-mail/), 'elena2@example.ro');
    await user.click(within(dialog).getByRole('button', { name: 'Trimiteți invitația' }));
    expect(await screen.findByText('Invitația a fost trimisă la elena@example.ro.')).toBeInTheDocument();
    expect(mocks.create.mock.calls[1][0]).toEqual({
      email: 'elena2@example.ro',
      last_name: 'Moldovan',
      first_name: 'Elena',
      role: 'administrator',
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Invitarea unui subcont' })).not.toBeInTheDocument());
  });
});
