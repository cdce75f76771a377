import type { ProcessRecord, ProcessSummary } from '@ghiseu/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { buildCurrentUser } from '../../../lib/testing/fixtures';
import { AppTestProviders, fakeSession, loadAllTexts } from '../../../lib/testing/render-app';
import { apiError, envelope, HttpResponse, http, listEnvelope, sentRequests, server } from '../../../test/msw';
import { ProcessEditorPage } from './process-editor-page';
import { ProcessesPage } from './processes-page';

/** Generous: these tests type and click a lot, and CI machines are shared. */
const UI_TEST_TIMEOUT = 30_000;

beforeAll(async () => {
  await loadAllTexts();
  await i18n.loadNamespaces(['processes']);
});
beforeEach(() => {
  localStorage.clear();
});

const summary = (overrides: Partial<ProcessSummary> = {}): ProcessSummary => ({
  id: 5,
  name: 'Autorizare construire',
  description: null,
  status: 'published',
  organisation_id: null,
  organisation_name: null,
  step_count: 3,
  application_type_count: 1,
  published_at: '2026-03-02T10:00:00Z',
  created_at: '2026-03-01T10:00:00Z',
  updated_at: '2026-03-02T10:00:00Z',
  abilities: { canEdit: false, canPublish: false, canDelete: false },
  ...overrides,
});

const step = (
  key: string,
  name: string,
  extra: Partial<ProcessRecord['steps'][number]> = {},
): ProcessRecord['steps'][number] => ({
  id: key.length,
  position: 0,
  key,
  name,
  is_start: false,
  action_type: 'staff_action',
  action_name: 'approve',
  next_step_key: null,
  conditions: [],
  return_step_key: null,
  file_type: null,
  file_status: null,
  extra_document_template_id: null,
  generated_file_public: false,
  function_id: null,
  sign_by_assigned_user: false,
  application_status: null,
  sign_with_visa: false,
  visa_series_type_id: null,
  gis_mappings: [],
  ...extra,
});

const record = (overrides: Partial<ProcessRecord> = {}): ProcessRecord => ({
  ...summary({ status: 'draft', step_count: 1, application_type_count: 0, published_at: null }),
  abilities: { canEdit: true, canPublish: true, canDelete: true },
  steps: [step('verificare', 'Verificare dosar', { is_start: true, action_name: 'assign' })],
  problems: [],
  usage: { application_types: 0, runs: 0 },
  ...overrides,
});

function serveLookups() {
  server.use(
    http.get('/api/organisations', () => listEnvelope([])),
    http.get('/api/functions', () => listEnvelope([])),
  );
}

function setup(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/process-editor', element: <ProcessesPage /> },
      { path: '/process/new', element: <ProcessEditorPage /> },
      { path: '/process/:id', element: <ProcessEditorPage /> },
    ],
    { initialEntries: [path] },
  );
  const user = userEvent.setup();
  const session = fakeSession({ user: buildCurrentUser({ user_type_name: 'super_admin' }) });
  render(
    <AppTestProviders session={session}>
      <RouterProvider router={router} />
    </AppTestProviders>,
  );
  return { user, router };
}

describe('/process-editor', { timeout: UI_TEST_TIMEOUT }, () => {
  it('lists the processes with their status, organisation, steps and types', async () => {
    server.use(
      http.get('/api/processes', () =>
        listEnvelope([
          summary(),
          summary({ id: 6, name: 'Aviz drumuri', status: 'not_published', organisation_name: 'Primăria Reghin' }),
        ]),
      ),
    );
    setup('/process-editor');
    expect(screen.getByRole('heading', { level: 1, name: 'Editor de procese' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Lista proceselor' });
    const row = await within(table).findByRole('row', { name: /Autorizare construire/ });
    expect(row).toHaveTextContent('Publicat');
    expect(row).toHaveTextContent('Comun tuturor instituțiilor');
    expect(within(table).getByRole('row', { name: /Aviz drumuri/ })).toHaveTextContent('Nepublicat (eroare)');
    expect(screen.getByText('Total 2 procese')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Proces nou' })).toHaveAttribute('href', '/process/new');
    const [list] = await sentRequests({ method: 'GET', path: '/api/processes' });
    expect(list.query.get('sortKey')).toBe('name');
  });

  it('shows the empty state', async () => {
    server.use(http.get('/api/processes', () => listEnvelope([])));
    setup('/process-editor');
    expect(await screen.findByText('Nu există încă niciun proces')).toBeInTheDocument();
  });

  it('shows the load error with a retry', async () => {
    server.use(http.get('/api/processes', () => listEnvelope([summary()])));
    server.use(http.get('/api/processes', () => apiError(500, 'INTERNAL_ERROR'), { once: true }));
    const { user } = setup('/process-editor');
    expect(await screen.findByText(/Lista proceselor nu a putut fi încărcată/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reîncercați' }));
    expect(await screen.findByRole('row', { name: /Autorizare construire/ })).toBeInTheDocument();
  });
});

describe('/process/new and /process/{id}', { timeout: UI_TEST_TIMEOUT }, () => {
  it('creates a process and shows the name conflict on the field', async () => {
    serveLookups();
    server.use(http.post('/api/processes', () => apiError(409, 'WORKFLOW_EXISTS')));
    const { user } = setup('/process/new');
    await user.click(await screen.findByRole('button', { name: 'Creați procesul' }));
    expect(await screen.findByText('Completați denumirea procesului')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Denumire/ }), 'Autorizare');
    await user.click(screen.getByRole('button', { name: 'Creați procesul' }));
    expect(await screen.findByText('Un proces cu această denumire există deja')).toBeInTheDocument();
    const [sent] = await sentRequests({ method: 'POST', path: '/api/processes' });
    expect(sent.body).toEqual({ name: 'Autorizare', description: null, organisation_id: null });
  });

  it('adds a step, saves the whole list, and publishes after a confirmation', async () => {
    serveLookups();
    let current = record();
    server.use(
      http.get('/api/processes/:id', () => envelope(current)),
      http.put('/api/processes/:id/steps', async ({ request }) => {
        const body = (await request.json()) as { steps: ProcessRecord['steps'] };
        current = record({ steps: body.steps.map((s, i) => step(s.key, s.name, { ...s, id: i + 1, position: i })) });
        return envelope(current);
      }),
      http.post('/api/processes/:id/publish', () => {
        current = { ...current, status: 'published', abilities: { canEdit: false, canPublish: false, canDelete: false } };
        return envelope(current);
      }),
    );
    const { user } = setup('/process/5');
    expect(await screen.findByRole('heading', { level: 1, name: 'Autorizare construire' })).toBeInTheDocument();
    expect(screen.getByTestId('process-status')).toHaveTextContent('Ciornă');
    await user.click(screen.getByRole('tab', { name: /Pași/ }));
    expect(screen.getByTestId('step-verificare')).toHaveTextContent('Verificare dosar');

    await user.click(screen.getByRole('button', { name: 'Adăugați un pas' }));
    const dialog = await screen.findByRole('dialog');
    const name = within(dialog).getByRole('textbox', { name: /Denumirea pasului/ });
    await user.clear(name);
    await user.type(name, 'Aprobare');
    // A staff step needs its action.
    await user.click(within(dialog).getByRole('button', { name: 'Aplicați' }));
    expect(await within(dialog).findByText('Completați acest câmp')).toBeInTheDocument();
    await user.click(within(dialog).getAllByLabelText(/Acțiunea de la finalul pasului/)[0]);
    await user.click(await screen.findByRole('option', { name: 'Aprobare' }));
    await user.click(within(dialog).getByRole('button', { name: 'Aplicați' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByTestId('step-pas-2')).toHaveTextContent('Aprobare');
    expect(screen.getByTestId('step-verificare')).toHaveTextContent('Următorul: Aprobare');
    expect(screen.getByTestId('process-unsaved')).toBeInTheDocument();
    expect(screen.getByTestId('process-publish')).toBeDisabled();

    await user.click(screen.getByTestId('process-save'));
    await waitFor(() => expect(screen.queryByTestId('process-unsaved')).not.toBeInTheDocument());
    const [saved] = await sentRequests({ method: 'PUT', path: '/api/processes/5/steps' });
    expect((saved.body as { steps: { key: string; next_step_key: string | null; action_name: string }[] }).steps).toMatchObject([
      { key: 'verificare', next_step_key: 'pas-2', action_name: 'assign' },
      { key: 'pas-2', next_step_key: null, action_name: 'approve' },
    ]);

    await user.click(screen.getByTestId('process-publish'));
    const confirm = await screen.findByRole('dialog', { name: 'Publicați procesul?' });
    await user.click(within(confirm).getByRole('button', { name: 'Publicați' }));
    expect(await screen.findByText('Procesul a fost publicat.')).toBeInTheDocument();
    expect(await sentRequests({ method: 'POST', path: '/api/processes/5/publish' })).toHaveLength(1);
  });

  it('stores the GIS settings of a step from its dialog', async () => {
    serveLookups();
    server.use(http.get('/api/processes/:id', () => envelope(record())));
    const { user } = setup('/process/5');
    await user.click(await screen.findByRole('tab', { name: /Pași/ }));
    await user.click(screen.getByRole('button', { name: 'Setări de intersecție GIS pentru pasul Verificare dosar' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Adăugați o setare' }));
    await user.type(within(dialog).getByRole('textbox', { name: /^Strat/ }), 'PUG');
    await user.type(within(dialog).getByRole('textbox', { name: /Atribut GIS/ }), 'cod_utr');
    await user.type(within(dialog).getByRole('textbox', { name: /Denumirea metadatei/ }), 'utr');
    await user.click(within(dialog).getByRole('button', { name: 'Aplicați' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByTestId('step-verificare')).toHaveTextContent('o setare GIS');
  });

  it('shows what blocks the publication and the refusal of the server', async () => {
    serveLookups();
    const steps = [step('a', 'Verificare'), step('b', 'Aprobare', { is_start: true })];
    server.use(
      http.get('/api/processes/:id', () => envelope(record({ steps }))),
      http.post('/api/processes/:id/publish', () =>
        apiError(409, 'WORKFLOW_START_STEP_NOT_FIRST', {
          problems: [{ code: 'start_step_not_first', path: 'steps.1.is_start' }],
        }),
      ),
    );
    const { user } = setup('/process/5');
    const problems = await screen.findByTestId('process-problems');
    expect(problems).toHaveTextContent('Aprobare: Pasul de start trebuie să fie primul');
    await user.click(screen.getByTestId('process-publish'));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Publicați' }));
    expect(await screen.findByText('Procesul nu poate fi publicat: pasul de start trebuie să fie primul.')).toBeInTheDocument();
  });

  it('keeps a published process read-only and shows the not-found state', async () => {
    serveLookups();
    server.use(
      http.get('/api/processes/5', () =>
        envelope(record({ status: 'published', abilities: { canEdit: false, canPublish: false, canDelete: false } })),
      ),
    );
    server.use(http.get('/api/processes/9', () => HttpResponse.json({ message: 'NOT_FOUND' }, { status: 404 })));
    setup('/process/5');
    expect(await screen.findByText(/Procesul este publicat: nu mai poate fi modificat/)).toBeInTheDocument();
    expect(screen.queryByTestId('process-save')).not.toBeInTheDocument();
  });

  it('answers a process that does not exist', async () => {
    serveLookups();
    server.use(http.get('/api/processes/9', () => HttpResponse.json({ message: 'NOT_FOUND' }, { status: 404 })));
    setup('/process/9');
    expect(await screen.findByText('Procesul nu există')).toBeInTheDocument();
  });
});
