import type { FormRecord, FormSummary } from '@ghiseu/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { i18n } from '../../../lib/i18n';
import { buildCurrentUser } from '../../../lib/testing/fixtures';
import { AppTestProviders, fakeSession, loadAllTexts } from '../../../lib/testing/render-app';
import { FormEditorPage } from './form-editor-page';
import { FormsPage } from './forms-page';

/** Generous: these tests type and click a lot, and CI machines are shared. */
const UI_TEST_TIMEOUT = 30_000;

const mocks = vi.hoisted(() => ({
  list: vi.fn(),
  get: vi.fn(),
  create: vi.fn(),
  patch: vi.fn(),
  publish: vi.fn(),
  remove: vi.fn(),
  version: vi.fn(),
}));
vi.mock('../api/forms', async () => {
  const { useMutation, useQuery, useQueryClient } = await import('@tanstack/react-query');
  const useWrite = (fn: (v: never) => Promise<FormRecord>) => {
    const client = useQueryClient();
    return useMutation({ mutationFn: fn, onSuccess: (record) => client.setQueryData(['forms', 'one', record.id], record) });
  };
  return {
    useForms: (params: string) => useQuery({ queryKey: ['forms', 'list', params], queryFn: () => mocks.list(params) }),
    useForm: (id: number | null) =>
      useQuery({ queryKey: ['forms', 'one', id], queryFn: () => mocks.get(id), enabled: id !== null }),
    useFormVersion: (id: number, version: number | null) =>
      useQuery({ queryKey: ['forms', 'one', id, version], queryFn: () => mocks.version(id, version), enabled: version !== null }),
    useCreateForm: () => useWrite(mocks.create),
    usePatchForm: () => useWrite(mocks.patch),
    usePublishForm: () => useWrite(mocks.publish),
    useDeleteForm: () => useMutation({ mutationFn: mocks.remove }),
  };
});

beforeAll(async () => {
  await loadAllTexts();
  await i18n.loadNamespaces(['forms', 'form-renderer']);
  if (!('fonts' in document)) {
    const fonts = { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() };
    Object.defineProperty(document, 'fonts', { value: fonts, configurable: true });
  }
});
beforeEach(() => {
  for (const mock of Object.values(mocks)) mock.mockReset();
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
    mocks.list.mockResolvedValue({
      data: [
        summary(),
        summary({ id: 4, name: 'Autorizație', status: 'draft', latest_version: null, has_unpublished_changes: true }),
      ],
      pagination: { total: 2, skip: 0, limit: 20 },
    });
    setup('/forms');
    expect(screen.getByRole('heading', { level: 1, name: 'Formulare' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Lista formularelor' });
    const row = await within(table).findByRole('row', { name: /Certificat de urbanism/ });
    expect(row).toHaveTextContent('Publicat');
    expect(row).toHaveTextContent('Modificări nepublicate');
    expect(within(table).getByRole('row', { name: /Autorizație/ })).toHaveTextContent('Ciornă');
    expect(screen.getByText('Total 2 formulare')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Formular nou' })).toHaveAttribute('href', '/form/new');
    expect(mocks.list.mock.calls[0][0]).toContain('sortKey=name');
  });

  it('shows the loading state, then the empty state', async () => {
    let resolve: (value: unknown) => void = () => {};
    mocks.list.mockReturnValue(new Promise((r) => (resolve = r)));
    setup('/forms');
    expect(await screen.findByRole('table', { name: 'Lista formularelor' })).toHaveAttribute('aria-busy', 'true');
    resolve({ data: [], pagination: { total: 0, skip: 0, limit: 20 } });
    expect(await screen.findByText('Nu există încă niciun formular')).toBeInTheDocument();
  });

  it('shows a load failure with a retry', async () => {
    mocks.list.mockRejectedValueOnce(new ApiError(500, 'INTERNAL_ERROR'));
    mocks.list.mockResolvedValue({ data: [summary()], pagination: { total: 1, skip: 0, limit: 20 } });
    const { user } = setup('/forms');
    expect(await screen.findByText(/Formularele nu au putut fi încărcate/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reîncearcă' }));
    expect(await screen.findByRole('row', { name: /Certificat de urbanism/ })).toBeInTheDocument();
  });

  it('says which usage keeps a form from being deleted', async () => {
    mocks.list.mockResolvedValue({ data: [summary()], pagination: { total: 1, skip: 0, limit: 20 } });
    mocks.remove.mockRejectedValue(
      new ApiError(409, 'CONFLICT', { reason: 'referenced', application_types: 2, applications: 1 }),
    );
    const { user } = setup('/forms');
    await user.click(await screen.findByRole('button', { name: /Acțiuni pentru formularul Certificat de urbanism/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Șterge' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Ștergere formular' })).getByRole('button', { name: 'Șterge' }),
    );
    expect(
      await screen.findByText('Formularul nu poate fi șters deoarece este folosit de 2 tipuri de cereri și o cerere depusă.'),
    ).toBeInTheDocument();
    expect(mocks.remove).toHaveBeenCalledWith(3, expect.anything());
  });
});

describe('/form/new', { timeout: UI_TEST_TIMEOUT }, () => {
  it('creates the form and opens the builder', async () => {
    mocks.create.mockResolvedValue(record({ id: 9, name: 'Formular test', definition: { fields: [] } }));
    mocks.get.mockResolvedValue(record({ id: 9, name: 'Formular test', definition: { fields: [] } }));
    const { user, router } = setup('/form/new');
    await user.click(screen.getByRole('button', { name: 'Creează formularul' }));
    expect(await screen.findByText('Acest câmp este obligatoriu')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Denumire/ }), 'Formular test');
    await user.click(screen.getByRole('button', { name: 'Creează formularul' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/form/9'));
    expect(mocks.create.mock.calls[0][0]).toEqual({ name: 'Formular test', description: null });
    expect(await screen.findByText(/nu are încă niciun câmp/)).toBeInTheDocument();
  });

  it('puts a taken name on the name field', async () => {
    mocks.create.mockRejectedValue(new ApiError(409, 'NAME_NOT_UNIQUE'));
    const { user } = setup('/form/new');
    await user.type(screen.getByRole('textbox', { name: /Denumire/ }), 'Certificat');
    await user.click(screen.getByRole('button', { name: 'Creează formularul' }));
    expect(await screen.findByText('Denumirea este deja folosită.')).toBeInTheDocument();
  });
});

describe('/form/:id builder', { timeout: UI_TEST_TIMEOUT }, () => {
  it('adds a field, edits its label, shows an issue, and saves the definition', async () => {
    mocks.get.mockResolvedValue(record());
    mocks.patch.mockImplementation(async ({ patch }: { patch: { definition: FormRecord['definition'] } }) =>
      record({ definition: patch.definition }),
    );
    const { user } = setup('/form/3');
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
    expect(mocks.patch).not.toHaveBeenCalled();

    await user.type(optionLabel, 'Construire');
    await waitFor(() => expect(screen.queryByTestId('form-issues')).not.toBeInTheDocument());
    await user.click(screen.getByTestId('form-save'));
    await waitFor(() => expect(mocks.patch).toHaveBeenCalled());
    const { id, patch } = mocks.patch.mock.calls[0][0];
    expect(id).toBe(3);
    expect(patch.name).toBeUndefined();
    expect(patch.definition.fields.map((f: { key: string }) => f.key)).toEqual(['nume', 'tip_lucrare']);
    expect(patch.definition.fields[1].options[0]).toEqual({ value: 'optiunea_1', label: 'Construire' });
    expect(await screen.findByText('Ciorna a fost salvată.')).toBeInTheDocument();
    expect(screen.queryByText('Modificări nesalvate')).not.toBeInTheDocument();
  });

  it('publishes a saved draft after a confirmation', async () => {
    mocks.get.mockResolvedValue(record());
    mocks.publish.mockResolvedValue(
      record({
        status: 'published',
        latest_version: 1,
        has_unpublished_changes: false,
        abilities: { canEdit: true, canPublish: false, canDelete: true },
        versions: [{ id: 1, version: 1, published_at: '2026-03-03T10:00:00Z', published_by: 1 }],
      }),
    );
    const { user } = setup('/form/3');
    await user.click(await screen.findByTestId('form-publish'));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Publicare formular' })).getByRole('button', { name: 'Publică' }),
    );
    expect(await screen.findByText('Versiunea 1 a fost publicată.')).toBeInTheDocument();
    expect(mocks.publish).toHaveBeenCalledWith(3, expect.anything());
    expect(await screen.findByText('Versiunea publicată: 1')).toBeInTheDocument();
    expect(screen.getByTestId('form-publish')).toBeDisabled();
  });

  it('previews the draft and verifies it as a citizen would', async () => {
    mocks.get.mockResolvedValue(record());
    const { user } = setup('/form/3');
    await user.click(await screen.findByRole('tab', { name: 'Previzualizare' }));
    await user.click(screen.getByRole('button', { name: 'Verifică' }));
    expect(await screen.findByText('Un câmp trebuie corectat.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Nume/ }), 'Ion');
    expect(await screen.findByText('Formularul este completat corect.')).toBeInTheDocument();
  });

  it('is read-only without formsCreate', async () => {
    mocks.get.mockResolvedValue(record({ abilities: { canEdit: false, canPublish: false, canDelete: false } }));
    setup('/form/3', 'citizen');
    expect(await screen.findByText('Puteți doar vizualiza acest formular.')).toBeInTheDocument();
    expect(screen.queryByTestId('form-save')).not.toBeInTheDocument();
    expect(screen.queryByTestId('field-palette')).not.toBeInTheDocument();
    expect(screen.getByTestId('field-label')).toBeDisabled();
  });

  it('says when the form does not exist', async () => {
    mocks.get.mockRejectedValue(new ApiError(404, 'NOT_FOUND'));
    setup('/form/77');
    expect(await screen.findByText('Formularul nu a fost găsit')).toBeInTheDocument();
  });
});
