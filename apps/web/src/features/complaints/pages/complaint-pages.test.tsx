import type { Complaint } from '@ghiseu/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { buildCurrentUser } from '../../../lib/testing/fixtures';
import { AppTestProviders, fakeSession, loadAllTexts } from '../../../lib/testing/render-app';
import { apiError, envelope, http, HttpResponse, listEnvelope, sentRequests, server } from '../../../test/msw';
import { ComplaintNewPage } from './complaint-new-page';
import { ComplaintPage } from './complaint-page';
import { ComplaintTypesPage } from './complaint-types-page';
import { ComplaintsPage } from './complaints-page';
import { ResponseTemplatesPage } from './response-templates-page';

const UI_TEST_TIMEOUT = 30_000;

beforeAll(async () => {
  if (!('fonts' in document)) {
    const fonts = { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() };
    Object.defineProperty(document, 'fonts', { value: fonts, configurable: true });
  }
  await loadAllTexts();
  await i18n.loadNamespaces(['complaints', 'routes']);
});
beforeEach(() => localStorage.clear());

const complaint = (overrides: Partial<Complaint> = {}): Complaint => ({
  id: 5,
  entry_code: 'SES/12/2026',
  status: 'NEW',
  status_label: 'Nouă',
  complaint_type: { id: 3, name: 'Iluminat public' },
  organisation: { id: 2, name: 'Primăria Târgu Mureș' },
  uat: { id: 114319, name: 'Târgu Mureș' },
  locality: null,
  address: 'Str. Trandafirilor nr. 3',
  solver: null,
  created_at: '2026-03-02T10:00:00Z',
  updated_at: '2026-03-02T10:00:00Z',
  address_details: 'Bloc A2',
  location: null,
  description: 'Stâlpul de iluminat din fața blocului nu funcționează.',
  contact_name: 'Ana Pop',
  contact_phone: '0722123456',
  contact_email: 'ana@exemplu.ro',
  reporter: { id: 7, name: 'Ana Pop' },
  response: null,
  response_template_id: null,
  responded_at: null,
  responded_by: null,
  files: [
    {
      id: 1,
      file_id: 11,
      name: 'stalp.png',
      kind: 'photo',
      mime_type: 'image/png',
      size: 2048,
      created_at: '2026-03-02T10:00:00Z',
    },
  ],
  comments: [],
  history: [{ from_status: null, to_status: 'NEW', actor_name: 'Ana Pop', created_at: '2026-03-02T10:00:00Z' }],
  abilities: {
    can_assign: false,
    can_comment: true,
    can_comment_internal: false,
    can_resolve: false,
    can_reject: false,
    can_dismiss: false,
    can_prepare_control: false,
  },
  ...overrides,
});

function setup(path: string, routes: { path: string; element: React.ReactNode }[], role: 'citizen' | 'staff' | 'super_admin') {
  const router = createMemoryRouter([...routes, { path: '/complain/:id', element: <div>Pagina sesizării</div> }], {
    initialEntries: [path],
  });
  const user = userEvent.setup();
  const session = fakeSession({
    user: buildCurrentUser({ user_type_name: role, organisation_id: role === 'citizen' ? null : 2 }),
  });
  render(
    <AppTestProviders session={session}>
      <RouterProvider router={router} />
    </AppTestProviders>,
  );
  return { user, router };
}

async function choose(user: ReturnType<typeof userEvent.setup>, label: RegExp, option: string) {
  await user.click(screen.getAllByLabelText(label)[0]);
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('/complain', { timeout: UI_TEST_TIMEOUT }, () => {
  it('lists the citizen’s complaints newest first with their status and a link to each', async () => {
    server.use(
      http.get('/api/complaints', () =>
        listEnvelope([
          {
            id: 5,
            entry_code: 'SES/12/2026',
            status: 'PENDING',
            status_label: 'În lucru',
            complaint_type: { id: 3, name: 'Iluminat public' },
            organisation: { id: 2, name: 'Primăria Târgu Mureș' },
            uat: { id: 114319, name: 'Târgu Mureș' },
            locality: null,
            address: 'Str. Trandafirilor nr. 3',
            solver: null,
            created_at: '2026-03-02T10:00:00Z',
            updated_at: '2026-03-02T10:00:00Z',
          },
        ]),
      ),
    );
    setup('/complain', [{ path: '/complain', element: <ComplaintsPage /> }], 'citizen');
    expect(await screen.findByRole('link', { name: 'SES/12/2026' })).toHaveAttribute('href', '/complain/5');
    expect(screen.getByTestId('complaint-status-5')).toHaveTextContent('În lucru');
    expect(screen.getAllByRole('link', { name: 'Sesizare nouă' })[0]).toHaveAttribute('href', '/complain/new');
    const [first] = await sentRequests({ method: 'GET', path: '/api/complaints' });
    expect(first.query.get('sortKey')).toBe('-created_at');
  });
});

describe('/complain/new', { timeout: UI_TEST_TIMEOUT }, () => {
  function serveForm() {
    server.use(
      http.get('/api/profiles/me', () =>
        envelope({
          first_name: 'Ana',
          last_name: 'Pop',
          email: 'ana@exemplu.ro',
          phone: '0722123456',
          county_id: 26,
          locality_id: null,
        }),
      ),
      http.get('/api/counties', () => listEnvelope([{ id: 26, code: 'MS', name: 'Mureș', uat_id: null }])),
      http.get('/api/territorial-units', () =>
        listEnvelope([
          {
            id: 114319,
            name: 'Târgu Mureș',
            type: 'municipiu',
            county_id: 26,
            county_code: 'MS',
            is_county_seat: true,
            environment: 'urban',
          },
        ]),
      ),
      http.get('/api/villages', () => listEnvelope([])),
      http.get('/api/complaint-types/available', () =>
        envelope([
          { id: 3, name: 'Iluminat public', organisation_id: 2, organisation_name: 'Primăria Târgu Mureș' },
          { id: 4, name: 'Drumuri', organisation_id: 2, organisation_name: 'Primăria Târgu Mureș' },
        ]),
      ),
    );
  }

  it('asks for the missing fields, then files the complaint and opens it', async () => {
    serveForm();
    server.use(http.post('/api/complaints', () => HttpResponse.json({ data: complaint() }, { status: 201 })));
    const { user, router } = setup('/complain/new', [{ path: '/complain/new', element: <ComplaintNewPage /> }], 'citizen');
    // The contact person comes from the profile.
    await waitFor(() => expect(screen.getByTestId('complaint-contact-name')).toHaveValue('Ana Pop'));
    expect(screen.getByTestId('complaint-contact-email')).toHaveValue('ana@exemplu.ro');

    await user.click(screen.getByTestId('complaint-submit'));
    expect(await screen.findByText('Vă rugăm să corectați câmpurile marcate.')).toBeInTheDocument();
    expect(screen.getByText('Alegeți unitatea administrativ-teritorială.')).toBeInTheDocument();
    expect(screen.getAllByText('Acest câmp este obligatoriu').length).toBeGreaterThanOrEqual(2);
    expect(await sentRequests({ method: 'POST', path: '/api/complaints' })).toHaveLength(0);

    await choose(user, /Localitate \(UAT\)/, 'Târgu Mureș');
    await choose(user, /Tipul sesizării/, 'Iluminat public');
    await user.type(screen.getByTestId('complaint-address'), 'Str. Trandafirilor nr. 3');
    await user.type(screen.getByTestId('complaint-description'), 'Stâlpul de iluminat nu funcționează.');
    await user.click(screen.getByTestId('complaint-submit'));

    await waitFor(() => expect(router.state.location.pathname).toBe('/complain/5'));
    const [sent] = await sentRequests({ method: 'POST', path: '/api/complaints' });
    expect(sent.body).toMatchObject({
      complaint_type_id: 3,
      uat_id: 114319,
      locality_id: null,
      address: 'Str. Trandafirilor nr. 3',
      description: 'Stâlpul de iluminat nu funcționează.',
      contact_name: 'Ana Pop',
      contact_phone: '0722123456',
      contact_email: 'ana@exemplu.ro',
      photo_file_ids: [],
      document_file_ids: [],
    });
    const [types] = await sentRequests({ method: 'GET', path: '/api/complaint-types/available' });
    expect(types.query.get('uat_id')).toBe('114319');
  });

  it('puts the server’s field messages under the fields', async () => {
    serveForm();
    server.use(
      http.post('/api/complaints', () =>
        apiError(400, 'VALIDATION_ERROR', {
          fields: [
            {
              path: 'body.complaint_type_id',
              message: 'Tipul de sesizare nu există, nu este activ sau nu privește această localitate.',
            },
          ],
        }),
      ),
    );
    const { user } = setup('/complain/new', [{ path: '/complain/new', element: <ComplaintNewPage /> }], 'citizen');
    await waitFor(() => expect(screen.getByTestId('complaint-contact-name')).toHaveValue('Ana Pop'));
    await choose(user, /Localitate \(UAT\)/, 'Târgu Mureș');
    await choose(user, /Tipul sesizării/, 'Drumuri');
    await user.type(screen.getByTestId('complaint-address'), 'Str. Lungă 1');
    await user.type(screen.getByTestId('complaint-description'), 'Groapă mare în carosabil.');
    await user.click(screen.getByTestId('complaint-submit'));
    expect(
      await screen.findByText('Tipul de sesizare nu există, nu este activ sau nu privește această localitate.'),
    ).toBeInTheDocument();
  });
});

describe('/complain/:id', { timeout: UI_TEST_TIMEOUT }, () => {
  it('shows the citizen the answer and no staff action', async () => {
    server.use(
      http.get('/api/complaints/5', () =>
        envelope(
          complaint({
            status: 'RESOLVED',
            response: '<p>Stâlpul a fost <strong>reparat</strong>.</p>',
            responded_at: '2026-03-05T09:00:00Z',
            responded_by: { id: 9, name: 'Dan Funcționar' },
            abilities: { ...complaint().abilities, can_comment: false },
          }),
        ),
      ),
    );
    setup('/complain/5', [{ path: '/complain/:id', element: <ComplaintPage /> }], 'citizen');
    const answer = await screen.findByTestId('complaint-answer');
    expect(within(answer).getByText('reparat')).toBeInTheDocument();
    expect(answer).toHaveTextContent('Soluționată la 05.03.2026');
    expect(screen.getByTestId('complaint-status')).toHaveTextContent('Soluționată');
    expect(screen.getByRole('table', { name: 'Fotografii și documente' })).toHaveTextContent('stalp.png');
    expect(screen.queryByTestId('complaint-resolve')).not.toBeInTheDocument();
    expect(screen.queryByTestId('complaint-dismiss')).not.toBeInTheDocument();
    expect(screen.queryByTestId('complaint-comment-add')).not.toBeInTheDocument();
  });

  it('lets the citizen add a public comment on an open complaint', async () => {
    server.use(
      http.get('/api/complaints/5', () => envelope(complaint())),
      http.post('/api/complaints/5/comments', () => HttpResponse.json({ data: complaint() }, { status: 201 })),
    );
    const { user } = setup('/complain/5', [{ path: '/complain/:id', element: <ComplaintPage /> }], 'citizen');
    await user.click(await screen.findByTestId('complaint-comment-add'));
    expect(await screen.findByText('Scrieți comentariul.')).toBeInTheDocument();
    expect(screen.queryByTestId('complaint-comment-internal')).not.toBeInTheDocument();
    await user.type(screen.getByTestId('complaint-comment-text'), 'Problema persistă.');
    await user.click(screen.getByTestId('complaint-comment-add'));
    expect(await screen.findByText('Comentariul a fost adăugat.')).toBeInTheDocument();
    const [sent] = await sentRequests({ method: 'POST', path: '/api/complaints/5/comments' });
    expect(sent.body).toEqual({ text: 'Problema persistă.', is_internal: false });
  });

  it('says when the complaint is not found (another organisation’s)', async () => {
    server.use(http.get('/api/complaints/9', () => apiError(404, 'NOT_FOUND')));
    setup('/complain/9', [{ path: '/complain/:id', element: <ComplaintPage /> }], 'staff');
    expect(await screen.findByText('Sesizarea nu a fost găsită')).toBeInTheDocument();
  });

  it('lets a clerk resolve with a response template filled with the complaint’s values', async () => {
    server.use(
      http.get('/api/complaints/5', () =>
        envelope(
          complaint({
            status: 'PENDING',
            abilities: {
              can_assign: true,
              can_comment: true,
              can_comment_internal: true,
              can_resolve: true,
              can_reject: true,
              can_dismiss: true,
              can_prepare_control: true,
            },
          }),
        ),
      ),
      http.get('/api/response-templates', () =>
        listEnvelope([
          {
            id: 8,
            title: 'Lucrare efectuată',
            category: 'complaints',
            category_label: 'Sesizări',
            message: '<p>Sesizarea {{entry_code}} a fost rezolvată de {{organisation}}.</p>',
            created_at: '2026-01-01T00:00:00Z',
            updated_at: '2026-01-01T00:00:00Z',
            abilities: { can_edit: true, can_delete: true },
          },
        ]),
      ),
      http.post('/api/complaints/5/resolve', () => envelope(complaint({ status: 'RESOLVED' }))),
    );
    const { user } = setup('/complain/5', [{ path: '/complain/:id', element: <ComplaintPage /> }], 'staff');
    expect(await screen.findByTestId('complaint-prepare-control')).toHaveAttribute('href', '/control/new?complaint_id=5');
    expect(screen.getByTestId('complaint-comment-internal')).toBeChecked();

    await user.click(screen.getByTestId('complaint-resolve'));
    const dialog = await screen.findByRole('dialog', { name: 'Soluționarea sesizării SES/12/2026' });
    // An empty answer is refused before any call.
    await user.click(within(dialog).getByTestId('response-submit'));
    expect(await within(dialog).findByText('Scrieți răspunsul pentru cetățean.')).toBeInTheDocument();

    await user.click(within(dialog).getAllByLabelText(/Șablon de răspuns/)[0]);
    await user.click(await screen.findByRole('option', { name: 'Lucrare efectuată' }));
    await waitFor(() =>
      expect(within(dialog).getByTestId('response-editor')).toHaveTextContent(
        'Sesizarea SES/12/2026 a fost rezolvată de Primăria Târgu Mureș.',
      ),
    );
    await user.click(within(dialog).getByTestId('response-submit'));
    const confirm = await screen.findByRole('dialog', { name: 'Soluționați sesizarea?' });
    await user.click(within(confirm).getByRole('button', { name: 'Da, soluționați' }));
    expect(await screen.findByText('Sesizarea SES/12/2026 a fost soluționată.')).toBeInTheDocument();
    const [sent] = await sentRequests({ method: 'POST', path: '/api/complaints/5/resolve' });
    expect(sent.body).toEqual({
      response: '<p>Sesizarea SES/12/2026 a fost rezolvată de Primăria Târgu Mureș.</p>',
      response_template_id: 8,
    });
  });
});

describe('/complain/:id dismissal', { timeout: UI_TEST_TIMEOUT }, () => {
  it('dismisses without an answer after the question', async () => {
    server.use(
      http.get('/api/complaints/5', () =>
        envelope(complaint({ abilities: { ...complaint().abilities, can_dismiss: true, can_reject: true } })),
      ),
      http.get('/api/response-templates', () => listEnvelope([])),
      http.post('/api/complaints/5/dismiss', () => envelope(complaint({ status: 'DISMISSED' }))),
    );
    const { user } = setup('/complain/5', [{ path: '/complain/:id', element: <ComplaintPage /> }], 'staff');
    await user.click(await screen.findByTestId('complaint-dismiss'));
    const dialog = await screen.findByRole('dialog', { name: 'Clasarea sesizării SES/12/2026' });
    await user.click(within(dialog).getByTestId('response-submit'));
    const confirm = await screen.findByRole('dialog', { name: 'Clasați sesizarea?' });
    await user.click(within(confirm).getByRole('button', { name: 'Da, clasați' }));
    expect(await screen.findByText('Sesizarea SES/12/2026 a fost clasată.')).toBeInTheDocument();
    const [sent] = await sentRequests({ method: 'POST', path: '/api/complaints/5/dismiss' });
    expect(sent.body).toEqual({ response: null, response_template_id: null });
  });
});

describe('/complain-type', { timeout: UI_TEST_TIMEOUT }, () => {
  it('shows a duplicate name under the name field', async () => {
    server.use(
      http.get('/api/complaint-types', () => listEnvelope([])),
      http.get('/api/organisations', () => listEnvelope([{ id: 2, name: 'Primăria Târgu Mureș' }])),
      http.get('/api/document-series-types', () => listEnvelope([{ id: 1, name: 'Intrări' }])),
      http.post('/api/complaint-types', () => apiError(409, 'DUPLICATE_COMPLAIN_TYPE_NAME')),
    );
    const { user } = setup('/complain-type', [{ path: '/complain-type', element: <ComplaintTypesPage /> }], 'super_admin');
    expect(await screen.findByText('Nu există încă tipuri de sesizări.')).toBeInTheDocument();
    await user.click(screen.getByTestId('complaint-type-create'));
    const dialog = await screen.findByRole('dialog', { name: 'Tip de sesizare nou' });
    await user.type(within(dialog).getByTestId('complaint-type-name'), 'Iluminat public');
    await user.click(within(dialog).getAllByLabelText(/Instituția/)[0]);
    await user.click(await screen.findByRole('option', { name: 'Primăria Târgu Mureș' }));
    await user.click(within(dialog).getByTestId('complaint-type-save'));
    expect(await within(dialog).findByText('Există deja un tip de sesizare cu această denumire.')).toBeInTheDocument();
    const [sent] = await sentRequests({ method: 'POST', path: '/api/complaint-types' });
    expect(sent.body).toEqual({ name: 'Iluminat public', status: 'active', series_type_id: null, organisation_id: 2 });
  });
});

describe('/response-templates', { timeout: UI_TEST_TIMEOUT }, () => {
  it('lists the templates by category and shows a duplicate title under the title field', async () => {
    server.use(
      http.get('/api/response-templates', () =>
        listEnvelope([
          {
            id: 8,
            title: 'Lucrare efectuată',
            category: 'complaints',
            category_label: 'Sesizări',
            message: '<p>Sesizarea {{entry_code}} a fost <strong>rezolvată</strong>.</p>',
            created_at: '2026-01-01T00:00:00Z',
            updated_at: '2026-01-02T08:00:00Z',
            abilities: { can_edit: true, can_delete: true },
          },
        ]),
      ),
      http.post('/api/response-templates', () => apiError(409, 'DUPLICATE_RESPONSE_TEMPLATE_NAME')),
    );
    const { user } = setup(
      '/response-templates',
      [{ path: '/response-templates', element: <ResponseTemplatesPage /> }],
      'super_admin',
    );
    const row = await screen.findByRole('row', { name: /Lucrare efectuată/ });
    expect(row).toHaveTextContent('Sesizări');
    expect(row).toHaveTextContent('Sesizarea {{entry_code}} a fost rezolvată.');

    await user.click(screen.getByTestId('response-template-create'));
    const dialog = await screen.findByRole('dialog', { name: 'Șablon de răspuns nou' });
    expect(within(dialog).getByTestId('placeholder-reporter_name')).toHaveTextContent('Numele celui care a depus sesizarea');
    // Title and message are asked for before any call.
    await user.click(within(dialog).getByTestId('response-template-save'));
    expect(await within(dialog).findByText('Introduceți titlul.')).toBeInTheDocument();
    expect(within(dialog).getByText('Scrieți mesajul șablonului.')).toBeInTheDocument();
    expect(await sentRequests({ method: 'POST', path: '/api/response-templates' })).toHaveLength(0);

    await user.type(within(dialog).getByTestId('response-template-title'), 'Lucrare efectuată');
    await user.click(await within(dialog).findByTestId('response-template-message'));
    await user.keyboard('Vă mulțumim.');
    await user.click(within(dialog).getByTestId('response-template-save'));
    expect(await within(dialog).findByText('Există deja un șablon de răspuns cu această denumire.')).toBeInTheDocument();
    const [sent] = await sentRequests({ method: 'POST', path: '/api/response-templates' });
    expect(sent.body).toEqual({ title: 'Lucrare efectuată', category: 'complaints', message: '<p>Vă mulțumim.</p>' });
  });
});
