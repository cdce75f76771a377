import type { FormRecord, FormSummary } from '@ghiseu/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { i18n } from '../../../lib/i18n';
import { buildCurrentUser } from '../../../lib/testing/fixtures';
import { AppTestProviders, fakeSession, loadAllTexts } from '../../../lib/testing/render-app';
import { apiError, envelope, HttpResponse, http, listEnvelope, sentRequests, server } from '../../../test/msw';
import { FormEditorPage } from './form-editor-page';
import { FormsPage } from './forms-page';

/** Generous: these tests type and click a lot, and CI machines are shared. */
const UI_TEST_TIMEOUT = 30_000;

beforeAll(async () => {
  await loadAllTexts();
  await i18n.loadNamespaces(['forms', 'form-renderer']);
  if (!('fonts' in document)) {
    const fonts = { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() };
    Object.defineProperty(document, 'fonts', { value: fonts, configurable: true });
  }
});
beforeEach(() => {
  localStorage.clear();
});

const summary = (overrides: Partial<FormSummary> = {}): FormSummary => ({
  id: 3,
  name: 'Certificat de urbanism',
  description: null,
  status: 'published',
  latest_version: 2,
  published_version_id: 8,
  field_count: 5,
  has_unpublished_changes: true,
  created_at: '2026-03-01T10:00:00Z',
  updated_at: '2026-03-02T10:00:00Z',
  ...overrides,
});

const record = (overrides: Partial<FormRecord> = {}): FormRecord => ({
  ...summary({ status: 'draft', latest_version: null, published_version_id: null, field_count: 1 }),
  definition: {
    fields: [
      {
        type: 'text',
        key: 'nume',
        label: 'Nume',
        required: true,
        width: 'full',
        maxLength: 255,
        mode: 'any',
      },
    ],
  },
  versions: [],
  usage: { application_types: 0, applications: 0 },
  abilities: { canEdit: true, canPublish: true, canDelete: true },
  ...overrides,
});

const serveList = (rows: FormSummary[]) => server.use(http.get('/api/forms', () => listEnvelope(rows)));
/** `GET /api/forms/:id` answers this record (whatever the id). */
const serveForm = (form: FormRecord) => server.use(http.get('/api/forms/:id', () => envelope(form)));
const sent = async (method: string) => (await sentRequests({ method })).map((r) => ({ path: r.path, body: r.body }));

function setup(path: string, userType: 'super_admin' | 'citizen' = 'super_admin') {
  const router = createMemoryRouter(
    [
      { path: '/forms', element: <FormsPage /> },
      { path: '/form/new', element: <FormEditorPage /> },
      { path: '/form/:id', element: <FormEditorPage /> },
    ],
    { initialEntries: [path] },
  );
  const user = userEvent.setup();
  const session = fakeSession({ user: buildCurrentUser({ user_type_name: userType }) });
  render(
    <AppTestProviders session={session}>
      <RouterProvider router={router} />
    </AppTestProviders>,
  );
  return { user, router };
}

describe('/forms', { timeout: UI_TEST_TIMEOUT }, () => {
  it('lists the forms with status, version, field count and unpublished changes', async () => {
    serveList([
      summary(),
      summary({ id: 4, name: 'Autorizație', status: 'draft', latest_version: null, has_unpublished_changes: true }),
    ]);
    setup('/forms');
    expect(screen.getByRole('heading', { level: 1, name: 'Formulare' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Lista formularelor' });
    const row = await within(table).findByRole('row', { name: /Certificat de urbanism/ });
    expect(row).toHaveTextContent('Publicat');
    expect(row).toHaveTextContent('Modificări nepublicate');
    expect(within(table).getByRole('row', { name: /Autorizație/ })).toHaveTextContent('Ciornă');
    expect(screen.getByText('Total 2 formulare')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Formular nou' })).toHaveAttribute('href', '/form/new');
    const [list] = await sentRequests({ method: 'GET', path: '/api/forms' });
    expect(list.query.get('sortKey')).toBe('name');
    expect(list.query.get('pagination')).toBe('true');
  });

  it('shows the loading state, then the empty state', async () => {
    let resolve: () => void = () => {};
    const answered = new Promise<void>((r) => (resolve = r));
    server.use(
      http.get('/api/forms', async () => {
        await answered;
        return listEnvelope([]);
      }),
    );
    setup('/forms');
    expect(await screen.findByRole('table', { name: 'Lista formularelor' })).toHaveAttribute('aria-busy', 'true');
    resolve();
    expect(await screen.findByText('Nu există încă niciun formular')).toBeInTheDocument();
  });

  it('shows a load failure with a retry', async () => {
    serveList([summary()]);
    server.use(http.get('/api/forms', () => apiError(500, 'INTERNAL_ERROR'), { once: true }));
    const { user } = setup('/forms');
    expect(await screen.findByText(/Formularele nu au putut fi încărcate/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reîncercați' }));
    expect(await screen.findByRole('row', { name: /Certificat de urbanism/ })).toBeInTheDocument();
  });

  it('says which usage keeps a form from being deleted', async () => {
    serveList([summary()]);
    server.use(
      http.delete('/api/forms/:id', () =>
        apiError(409, 'CONFLICT', { reason: 'referenced', application_types: 2, applications: 1 }),
      ),
    );
    const { user } = setup('/forms');
    await user.click(await screen.findByRole('button', { name: /Acțiuni pentru formularul Certificat de urbanism/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Ștergeți' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Ștergere formular' })).getByRole('button', { name: 'Ștergeți' }),
    );
    expect(
      await screen.findByText('Formularul nu poate fi șters deoarece este folosit de 2 tipuri de cereri și o cerere depusă.'),
    ).toBeInTheDocument();
    expect(await sent('DELETE')).toEqual([{ path: '/api/forms/3', body: undefined }]);
  });
});

describe('/form/new', { timeout: UI_TEST_TIMEOUT }, () => {
  it('creates the form and opens the builder', async () => {
    const created = record({ id: 9, name: 'Formular test', definition: { fields: [] } });
    server.use(http.post('/api/forms', () => HttpResponse.json({ data: created }, { status: 201 })));
    serveForm(created);
    const { user, router } = setup('/form/new');
    await user.click(screen.getByRole('button', { name: 'Creați formularul' }));
    expect(await screen.findByText('Acest câmp este obligatoriu')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Denumire/ }), 'Formular test');
    await user.click(screen.getByRole('button', { name: 'Creați formularul' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/form/9'));
    expect(await sent('POST')).toEqual([{ path: '/api/forms', body: { name: 'Formular test', description: null } }]);
    expect(await screen.findByText(/nu are încă niciun câmp/)).toBeInTheDocument();
  });

  it('puts a taken name on the name field', async () => {
    server.use(http.post('/api/forms', () => apiError(409, 'NAME_NOT_UNIQUE')));
    const { user } = setup('/form/new');
    await user.type(screen.getByRole('textbox', { name: /Denumire/ }), 'Certificat');
    await user.click(screen.getByRole('button', { name: 'Creați formularul' }));
    expect(await screen.findByText('Denumirea este deja folosită.')).toBeInTheDocument();
  });
});

describe('/form/:id builder', { timeout: UI_TEST_TIMEOUT }, () => {
  it('adds a field, edits its label, shows an issue, and saves the definition', async () => {
    serveForm(record());
    server.use(
      http.patch('/api/forms/:id', async ({ request }) => {
        const patch = (await request.json()) as { definition: FormRecord['definition'] };
        return envelope(record({ definition: patch.definition }));
      }),
    );
    const { user } = setup('/form/3');
    expect((await sentRequests({ method: 'GET' })).map((r) => r.path)).toContain('/api/forms/3');
    expect(await screen.findByRole('heading', { level: 1, name: 'Certificat de urbanism' })).toBeInTheDocument();
    expect(screen.getByTestId('form-save')).toBeDisabled();

    await user.click(screen.getByTestId('palette-radio'));
    const label = screen.getByTestId('field-label');
    expect(label).toHaveValue('Alegere unică');
    expect(screen.getByTestId('field-key')).toHaveValue('alegere_unica');
    await user.clear(label);
    await user.type(label, 'Tip lucrare');
    expect(screen.getByTestId('field-key')).toHaveValue('tip_lucrare');
    expect(screen.getByText('Modificări nesalvate')).toBeInTheDocument();

    // An empty option label is a problem, shown under the input and on the list item.
    const optionLabel = screen.getByRole('textbox', { name: 'Eticheta opțiunii 1' });
    await user.clear(optionLabel);
    expect(await screen.findAllByText('Vă rugăm să completați toate câmpurile obligatorii.')).not.toHaveLength(0);
    expect(screen.getByTestId('field-item-fields.1')).toHaveAttribute('data-invalid', 'true');
    expect(screen.getByTestId('form-issues')).toHaveTextContent('Formularul are o problemă');
    await user.click(screen.getByTestId('form-save'));
    expect(await sent('PATCH')).toEqual([]);

    await user.type(optionLabel, 'Construire');
    await waitFor(() => expect(screen.queryByTestId('form-issues')).not.toBeInTheDocument());
    await user.click(screen.getByTestId('form-save'));
    await waitFor(async () => expect(await sentRequests({ method: 'PATCH' })).toHaveLength(1));
    const [request] = await sentRequests({ method: 'PATCH' });
    expect(request.path).toBe('/api/forms/3');
    expect(request.headers.get('content-type')).toBe('application/merge-patch+json');
    const patch = request.body as { name?: string; definition: { fields: { key: string; options?: unknown[] }[] } };
    expect(patch.name).toBeUndefined();
    expect(patch.definition.fields.map((f) => f.key)).toEqual(['nume', 'tip_lucrare']);
    expect(patch.definition.fields[1].options?.[0]).toEqual({ value: 'optiunea_1', label: 'Construire' });
    expect(await screen.findByText('Ciorna a fost salvată.')).toBeInTheDocument();
    expect(screen.queryByText('Modificări nesalvate')).not.toBeInTheDocument();
  });

  it('publishes a saved draft after a confirmation', async () => {
    serveForm(record());
    const published = record({
      status: 'published',
      latest_version: 1,
      has_unpublished_changes: false,
      abilities: { canEdit: true, canPublish: false, canDelete: true },
      versions: [{ id: 1, version: 1, published_at: '2026-03-03T10:00:00Z', published_by: 1 }],
    });
    server.use(http.post('/api/forms/:id/publish', () => envelope(published)));
    const { user } = setup('/form/3');
    await user.click(await screen.findByTestId('form-publish'));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Publicare formular' })).getByRole('button', { name: 'Publicați' }),
    );
    expect(await screen.findByText('Versiunea 1 a fost publicată.')).toBeInTheDocument();
    expect(await sent('POST')).toEqual([{ path: '/api/forms/3/publish', body: undefined }]);
    expect(await screen.findByText('Versiunea publicată: 1')).toBeInTheDocument();
    expect(screen.getByTestId('form-publish')).toBeDisabled();
  });

  it('previews the draft and verifies it as a citizen would', async () => {
    serveForm(record());
    const { user } = setup('/form/3');
    await user.click(await screen.findByRole('tab', { name: 'Previzualizare' }));
    await user.click(screen.getByRole('button', { name: 'Verificați' }));
    expect(await screen.findByText('Un câmp trebuie corectat.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Nume/ }), 'Ion');
    expect(await screen.findByText('Formularul este completat corect.')).toBeInTheDocument();
  });

  it('is read-only without formsCreate', async () => {
    serveForm(record({ abilities: { canEdit: false, canPublish: false, canDelete: false } }));
    setup('/form/3', 'citizen');
    expect(await screen.findByText('Puteți doar vizualiza acest formular.')).toBeInTheDocument();
    expect(screen.queryByTestId('form-save')).not.toBeInTheDocument();
    expect(screen.queryByTestId('field-palette')).not.toBeInTheDocument();
    expect(screen.getByTestId('field-label')).toBeDisabled();
  });

  it('says when the form does not exist', async () => {
    server.use(http.get('/api/forms/:id', () => apiError(404, 'NOT_FOUND')));
    setup('/form/77');
    expect(await screen.findByText('Formularul nu a fost găsit')).toBeInTheDocument();
  });
});
