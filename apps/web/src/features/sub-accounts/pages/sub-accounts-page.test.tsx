import type { SubAccount } from '@ghiseu/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { i18n } from '../../../lib/i18n';
import { buildCurrentUser } from '../../../lib/testing/fixtures';
import { AppTestProviders, fakeSession, loadAllTexts } from '../../../lib/testing/render-app';
import { apiError, envelope, http, listEnvelope, sentRequests, server } from '../../../test/msw';
import { SubAccountsPage } from './sub-accounts-page';

/** Generous: these tests type and click a lot, and CI machines are shared. */
const UI_TEST_TIMEOUT = 20_000;

beforeAll(async () => {
  await loadAllTexts();
  await i18n.loadNamespaces(['sub-accounts']);
});
beforeEach(() => {
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

/** `GET /api/sub-accounts` answers these rows (and the total). */
const serveList = (rows: SubAccount[]) => server.use(http.get('/api/sub-accounts', () => listEnvelope(rows)));
/** `PATCH /api/sub-accounts/:id` answers the account with the patch applied. */
const serveUpdate = (rows: SubAccount[]) =>
  server.use(
    http.patch('/api/sub-accounts/:id', async ({ params, request }) => {
      const patch = (await request.json()) as Partial<SubAccount>;
      const row = rows.find((item) => item.id === Number(params.id)) ?? account();
      return envelope({ ...row, ...patch });
    }),
  );
const listCalls = () => sentRequests({ method: 'GET', path: '/api/sub-accounts' });
const patches = async () =>
  (await sentRequests({ method: 'PATCH' })).map((request) => ({
    path: request.path,
    body: request.body,
    type: request.headers.get('content-type'),
  }));

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
    serveList([account(), account({ id: 22, email: 'dan@example.ro', first_name: 'Dan', status: 'pending' })]);
    setup();
    const table = await screen.findByRole('table', { name: 'Lista subconturilor' });
    expect(await within(table).findByRole('row', { name: /Moldovan Elena/ })).toHaveTextContent('Editor');
    expect(within(table).getByRole('row', { name: /Moldovan Dan/ })).toHaveTextContent('Invitație trimisă');
    expect(within(table).getByRole('row', { name: /Moldovan Elena/ })).toHaveTextContent('Niciodată');
    expect(screen.getByText('Total 2 subconturi')).toBeInTheDocument();
    const [first] = await listCalls();
    expect(first.query.get('sortKey')).toBe('-created_at');
    expect(first.query.get('pagination')).toBe('true');
    expect(first.query.get('limit')).toBe('20');
  });

  it('says when there is nobody yet, and offers the invitation', async () => {
    serveList([]);
    setup();
    expect(await screen.findByText('Nu ați invitat încă niciun subcont')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Invitați un subcont' })).toHaveLength(2);
  });

  it('explains the refusal to anyone but the administrator of the professional account', async () => {
    server.use(http.get('/api/sub-accounts', () => apiError(403, 'FORBIDDEN')));
    setup();
    expect(await screen.findByText('Doar administratorul contului profesional poate gestiona subconturile.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Invitați un subcont' })).not.toBeInTheDocument();
  });

  it('shows a load failure with a retry', async () => {
    serveList([account()]);
    server.use(http.get('/api/sub-accounts', () => apiError(500, 'INTERNAL_ERROR'), { once: true }));
    const { user } = setup();
    expect(await screen.findByText('Subconturile nu au putut fi încărcate')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reîncercați' }));
    expect(await screen.findByRole('row', { name: /Moldovan Elena/ })).toBeInTheDocument();
    expect(await listCalls()).toHaveLength(2);
  });

  it('changes the role after a confirmation', async () => {
    serveList([account()]);
    serveUpdate([account()]);
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Acțiuni pentru subcontul Moldovan Elena' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Schimbați rolul în administrator' }));
    expect(await screen.findByText('Schimbați rolul lui Moldovan Elena în „Administrator”?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Nu' }));
    expect(await patches()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Acțiuni pentru subcontul Moldovan Elena' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Schimbați rolul în administrator' }));
    await user.click(await screen.findByRole('button', { name: 'Da' }));
    expect(await screen.findByText('Rolul a fost schimbat.')).toBeInTheDocument();
    expect(await patches()).toEqual([
      { path: '/api/sub-accounts/21', body: { role: 'administrator' }, type: 'application/merge-patch+json' },
    ]);
    // The list is asked again after the change.
    await waitFor(async () => expect(await listCalls()).toHaveLength(2));
  });

  it('deactivates, reactivates and re-invites according to the status', async () => {
    const rows = [
      account(),
      account({ id: 22, first_name: 'Dan', status: 'inactive' }),
      account({ id: 23, first_name: 'Ion', status: 'pending' }),
    ];
    serveList(rows);
    serveUpdate(rows);
    const { user } = setup();
    const openMenu = async (name: string) => {
      await user.click(await screen.findByRole('button', { name: `Acțiuni pentru subcontul ${name}` }));
      return (await screen.findAllByRole('menuitem')).map((item) => item.textContent);
    };
    expect(await openMenu('Moldovan Elena')).toEqual(['Schimbați rolul în administrator', 'Dezactivați']);
    await user.click(screen.getByRole('menuitem', { name: 'Dezactivați' }));
    expect(await screen.findByText(/Sesiunile deschise se închid/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Da' }));
    await waitFor(async () =>
      expect(await patches()).toEqual([expect.objectContaining({ path: '/api/sub-accounts/21', body: { status: 'inactive' } })]),
    );
    expect(await openMenu('Moldovan Dan')).toEqual(['Schimbați rolul în administrator', 'Activați']);
    await user.keyboard('{Escape}');
    expect(await openMenu('Moldovan Ion')).toEqual(['Schimbați rolul în administrator', 'Retrimiteți invitația', 'Dezactivați']);
    await user.click(screen.getByRole('menuitem', { name: 'Retrimiteți invitația' }));
    await user.click(await screen.findByRole('button', { name: 'Da' }));
    await waitFor(async () =>
      expect((await patches()).at(-1)).toEqual(
        expect.objectContaining({ path: '/api/sub-accounts/23', body: { status: 'active' } }),
      ),
    );
    expect(await screen.findByText('Invitația a fost retrimisă.')).toBeInTheDocument();
  });

  it('invites a sub-account, with the checks of the contract and of the server', async () => {
    serveList([]);
    const { user } = setup();
    await user.click((await screen.findAllByRole('button', { name: 'Invitați un subcont' }))[0]);
    const dialog = await screen.findByRole('dialog', { name: 'Invitarea unui subcont' });
    await user.click(within(dialog).getByRole('button', { name: 'Trimiteți invitația' }));
    expect(await within(dialog).findAllByText('Acest câmp este obligatoriu')).toHaveLength(3);
    expect(within(dialog).getByLabelText(/^Adresa de e-mail/)).toHaveFocus();

    server.use(http.post('/api/sub-accounts', () => apiError(409, 'USER_ALREADY_EXISTS'), { once: true }));
    await user.type(within(dialog).getByLabelText(/^Adresa de e-mail/), 'elena@example.ro');
    await user.type(within(dialog).getByLabelText(/^Nume/), 'Moldovan');
    await user.type(within(dialog).getByLabelText(/^Prenume/), 'Elena');
    await user.click(within(dialog).getByLabelText(/^Administrator/));
    await user.click(within(dialog).getByRole('button', { name: 'Trimiteți invitația' }));
    expect(await within(dialog).findByText('Există deja un utilizator cu această adresă de e-mail.')).toBeInTheDocument();

    server.use(http.post('/api/sub-accounts', () => envelope(account({ role: 'administrator', status: 'pending' }))));
    await user.clear(within(dialog).getByLabelText(/^Adresa de e-mail/));
    await user.type(within(dialog).getByLabelText(/^Adresa de e-mail/), 'elena2@example.ro');
    await user.click(within(dialog).getByRole('button', { name: 'Trimiteți invitația' }));
    expect(await screen.findByText('Invitația a fost trimisă la elena@example.ro.')).toBeInTheDocument();
    const posts = await sentRequests({ method: 'POST', path: '/api/sub-accounts' });
    expect(posts).toHaveLength(2);
    expect(posts[1].query.get('echo')).toBe('true');
    expect(posts[1].body).toEqual({
      email: 'elena2@example.ro',
      last_name: 'Moldovan',
      first_name: 'Elena',
      role: 'administrator',
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Invitarea unui subcont' })).not.toBeInTheDocument());
  });
});
