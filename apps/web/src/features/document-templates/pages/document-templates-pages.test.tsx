import type { DocumentTemplateRecord, DocumentTemplateSummary, Placeholder } from '@ghiseu/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { buildCurrentUser } from '../../../lib/testing/fixtures';
import { AppTestProviders, fakeSession, loadAllTexts } from '../../../lib/testing/render-app';
import { apiError, envelope, HttpResponse, http, listEnvelope, noContent, sentRequests, server } from '../../../test/msw';
import { DocumentTemplateEditorPage } from './document-template-editor-page';
import { DocumentTemplatesPage } from './document-templates-page';

/**
 * The document templates screens (spec §2 /document-template*, §3, §5): the list with its states
 * and row actions, and the editor: a placeholder inserted from the picker into the TipTap
 * document, the signing-layout rules shown live and blocking the save, the server's refusal
 * shown with the catalogue's message, and the preview PDF. The real hooks run; MSW answers.
 */

const UI_TEST_TIMEOUT = 40_000;

beforeAll(async () => {
  await loadAllTexts();
  await i18n.loadNamespaces(['document-templates']);
});
beforeEach(() => {
  localStorage.clear();
});

const summary = (overrides: Partial<DocumentTemplateSummary> = {}): DocumentTemplateSummary => ({
  id: 5,
  name: 'Certificat de urbanism — răspuns',
  description: null,
  status: 'active',
  system_type: 'certificat_urbanism',
  system_type_label: 'Certificat de urbanism',
  organisation_id: 2,
  organisation_name: 'Consiliul Județean Mureș',
  application_type_count: 1,
  created_at: '2026-03-01T10:00:00Z',
  updated_at: '2026-03-02T10:00:00Z',
  abilities: { canEdit: true, canDelete: false },
  ...overrides,
});

const record = (overrides: Partial<DocumentTemplateRecord> = {}): DocumentTemplateRecord => ({
  ...summary(),
  content: {
    type: 'doc',
    content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Se certifică următoarele.' }] }],
  },
  signing_layout: {
    rows: [
      [{ index: 2, label: 'Președinte', signer: 'president', function_id: null, function_key: null, visa: null }],
      [{ index: 1, label: 'Întocmit', signer: 'assignee', function_id: null, function_key: null, visa: null }],
    ],
  },
  placeholder_keys: [],
  ...overrides,
});

const placeholders: Placeholder[] = [
  {
    key: 'document.output_number',
    label: 'Numărul de ieșire',
    group: 'document',
    group_label: 'Documentul',
    example: 'CJMS/45/2026',
  },
  {
    key: 'applicant.name',
    label: 'Numele solicitantului',
    group: 'applicant',
    group_label: 'Solicitantul',
    example: 'Ion Popescu',
  },
  {
    key: 'organisation.name',
    label: 'Denumirea instituției',
    group: 'organisation',
    group_label: 'Instituția',
    example: 'Consiliul Județean Mureș',
  },
  {
    key: 'control.offenders',
    label: 'Contravenienții (un rând de fiecare)',
    group: 'control',
    group_label: 'Controlul',
    example: 'Ion Popescu, CNP 1800101123456',
  },
];

function serveLookups() {
  server.use(
    http.get('/api/document-templates/placeholders', () => envelope(placeholders)),
    http.get('/api/functions', () => listEnvelope([])),
    http.get('/api/application-types', () => listEnvelope([{ id: 3, name: 'Certificat de urbanism', organisation_id: 2 }])),
  );
}

function setup(path: string, userType: 'admin' | 'super_admin' = 'admin') {
  const router = createMemoryRouter(
    [
      { path: '/document-template', element: <DocumentTemplatesPage /> },
      { path: '/document-template/new', element: <DocumentTemplateEditorPage /> },
      { path: '/document-template/:id', element: <DocumentTemplateEditorPage /> },
    ],
    { initialEntries: [path] },
  );
  const user = userEvent.setup();
  const session = fakeSession({ user: buildCurrentUser({ user_type_name: userType, organisation_id: 2 }) });
  render(
    <AppTestProviders session={session}>
      <RouterProvider router={router} />
    </AppTestProviders>,
  );
  return { user, router };
}

describe('/document-template', { timeout: UI_TEST_TIMEOUT }, () => {
  it('lists the templates with status, system type, organisation and date, and filters by name', async () => {
    server.use(
      http.get('/api/document-templates', () =>
        listEnvelope([
          summary(),
          summary({
            id: 6,
            name: 'Respingere',
            status: 'inactive',
            system_type: null,
            system_type_label: null,
            organisation_id: null,
            organisation_name: null,
            application_type_count: 0,
            abilities: { canEdit: true, canDelete: true },
          }),
        ]),
      ),
    );
    const { user } = setup('/document-template');
    expect(screen.getByRole('heading', { level: 1, name: 'Șabloane de documente' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Lista șabloanelor de documente' });
    const row = await within(table).findByRole('row', { name: /Certificat de urbanism — răspuns/ });
    expect(row).toHaveTextContent('Activ');
    expect(row).toHaveTextContent('Consiliul Județean Mureș');
    expect(row).toHaveTextContent('01.03.2026');
    const other = within(table).getByRole('row', { name: /Respingere/ });
    expect(other).toHaveTextContent('Inactiv');
    expect(other).toHaveTextContent('Comun tuturor instituțiilor');
    expect(screen.getByText('Total 2 șabloane')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Șablon nou' })).toHaveAttribute('href', '/document-template/new');
    const [first] = await sentRequests({ method: 'GET', path: '/api/document-templates' });
    expect(first.query.get('sortKey')).toBe('-created_at');

    await user.type(screen.getByRole('textbox', { name: 'Căutați după denumire' }), 'Resp');
    await waitFor(async () => {
      const sent = await sentRequests({ method: 'GET', path: '/api/document-templates' });
      expect(sent.at(-1)?.query.get('name[contains]')).toBe('Resp');
    });
  });

  it('deactivates a template and deletes one after a confirmation', async () => {
    let rows = [summary(), summary({ id: 6, name: 'Respingere', abilities: { canEdit: true, canDelete: true } })];
    server.use(
      http.get('/api/document-templates', () => listEnvelope(rows)),
      http.patch('/api/document-templates/:id', () => envelope(record({ status: 'inactive' }))),
      http.delete('/api/document-templates/:id', ({ params }) => {
        rows = rows.filter((r) => String(r.id) !== params.id);
        return noContent();
      }),
    );
    const { user } = setup('/document-template');
    const table = await screen.findByRole('table', { name: 'Lista șabloanelor de documente' });
    const row = await within(table).findByRole('row', { name: /Certificat de urbanism — răspuns/ });
    await user.click(within(row).getByRole('button', { name: /Acțiuni/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Dezactivați' }));
    expect(await screen.findByText('Șablonul „Certificat de urbanism — răspuns” a fost dezactivat.')).toBeInTheDocument();
    const [patched] = await sentRequests({ method: 'PATCH', path: '/api/document-templates/5' });
    expect(patched.body).toEqual({ status: 'inactive' });

    // Deleting is offered only where the server allows it (no application type uses the template).
    await user.click(within(row).getByRole('button', { name: /Acțiuni/ }));
    expect(screen.queryByRole('menuitem', { name: 'Ștergeți' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    const other = within(table).getByRole('row', { name: /Respingere/ });
    await user.click(within(other).getByRole('button', { name: /Acțiuni/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Ștergeți' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ștergeți șablonul?' });
    await user.click(within(dialog).getByRole('button', { name: 'Ștergeți' }));
    expect(await screen.findByText('Șablonul „Respingere” a fost șters.')).toBeInTheDocument();
    expect(await sentRequests({ method: 'DELETE', path: '/api/document-templates/6' })).toHaveLength(1);
  });

  it('shows the empty state', async () => {
    server.use(http.get('/api/document-templates', () => listEnvelope([])));
    setup('/document-template');
    expect(await screen.findByText('Nu există încă niciun șablon de document')).toBeInTheDocument();
  });

  it('shows the load error with a retry', async () => {
    server.use(http.get('/api/document-templates', () => listEnvelope([summary()])));
    server.use(http.get('/api/document-templates', () => apiError(500, 'INTERNAL_ERROR'), { once: true }));
    const { user } = setup('/document-template');
    expect(await screen.findByText(/Lista șabloanelor nu a putut fi încărcată/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reîncercați' }));
    expect(await screen.findByRole('row', { name: /Certificat de urbanism — răspuns/ })).toBeInTheDocument();
  });
});

describe('/document-template/new and /document-template/{id}', { timeout: UI_TEST_TIMEOUT }, () => {
  it('creates a template with a placeholder inserted from the picker and the default layout', async () => {
    serveLookups();
    server.use(http.post('/api/document-templates', () => envelope(record({ id: 9, name: 'Aviz de principiu' }))));
    server.use(http.get('/api/document-templates/9', () => envelope(record({ id: 9, name: 'Aviz de principiu' }))));
    const { user, router } = setup('/document-template/new');
    await user.type(await screen.findByRole('textbox', { name: /Denumire/ }), 'Aviz de principiu');
    const content = await screen.findByRole('textbox', { name: 'Textul șablonului' });
    expect(content).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Inserați un substituent' }));
    const picker = await screen.findByRole('dialog', { name: 'Inserați un substituent' });
    await user.type(within(picker).getByRole('textbox', { name: 'Căutați un substituent' }), 'iesire');
    expect(within(picker).queryByRole('button', { name: 'Inserați Numele solicitantului' })).not.toBeInTheDocument();
    await user.click(within(picker).getByRole('button', { name: 'Inserați Numărul de ieșire' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(content).toHaveTextContent('{{Numărul de ieșire}}');

    await user.click(screen.getByRole('button', { name: 'Creați șablonul' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/document-template/9'));
    const [sent] = await sentRequests({ method: 'POST', path: '/api/document-templates' });
    const body = sent.body as {
      name: string;
      status: string;
      content: { type: string; content: { type: string; content?: { type: string; attrs?: { key: string } }[] }[] };
      signing_layout: unknown;
    };
    expect(body.name).toBe('Aviz de principiu');
    expect(body.status).toBe('active');
    expect(body.content.type).toBe('doc');
    const inline = body.content.content.flatMap((node) => node.content ?? []);
    expect(inline).toContainEqual({ type: 'placeholder', attrs: { key: 'document.output_number' } });
    expect(body.signing_layout).toEqual({
      rows: [
        [{ index: 2, label: 'Președinte', signer: 'president', function_id: null, function_key: null, visa: null }],
        [{ index: 1, label: 'Întocmit', signer: 'assignee', function_id: null, function_key: null, visa: null }],
      ],
    });
  });

  it('shows the layout problems live and blocks the save until they are fixed', async () => {
    serveLookups();
    const withPlaceholder = record({
      content: {
        type: 'doc',
        content: [
          {
            type: 'paragraph',
            content: [
              { type: 'text', text: 'Emis pentru ' },
              { type: 'placeholder', attrs: { key: 'applicant.name' } },
              { type: 'text', text: '.' },
            ],
          },
        ],
      },
      placeholder_keys: ['applicant.name'],
    });
    // The catalogue comes after the editor: the chip first shows the key, then the label.
    let release: () => void = () => {};
    const catalogue = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.get('/api/document-templates/placeholders', async () => {
        await catalogue;
        return envelope(placeholders);
      }),
      http.get('/api/document-templates/5', () => envelope(withPlaceholder)),
      http.patch('/api/document-templates/5', () => envelope(withPlaceholder)),
    );
    const { user } = setup('/document-template/5');
    // The stored placeholder shows the catalogue's label once the catalogue is in.
    const content = await screen.findByRole('textbox', { name: 'Textul șablonului' });
    expect(content).toHaveTextContent('Emis pentru {{applicant.name}}.');
    release();
    await waitFor(() => expect(content).toHaveTextContent('Emis pentru {{Numele solicitantului}}.'));
    const layout = await screen.findByTestId('signing-layout');
    expect(screen.queryByTestId('layout-problems')).not.toBeInTheDocument();

    // The president's order lowered under the clerk's: he must sign last.
    const president = within(layout).getByTestId('layout-cell-1-1');
    const index = within(president).getByRole('textbox', { name: /Ordinea semnării/ });
    await user.clear(index);
    await user.type(index, '1');
    const problems = await screen.findByTestId('layout-problems');
    expect(problems).toHaveTextContent('Ordinea 1 este folosită de mai multe semnături.');
    expect(problems).toHaveTextContent('Președintele semnează ultimul');

    await user.click(screen.getByTestId('template-save'));
    expect(await screen.findByTestId('template-save-blocked')).toHaveTextContent(
      'Șablonul nu poate fi salvat până nu corectați problemele machetării semnăturilor.',
    );
    expect(await sentRequests({ method: 'PATCH', path: '/api/document-templates/5' })).toHaveLength(0);

    await user.clear(index);
    await user.type(index, '3');
    await waitFor(() => expect(screen.queryByTestId('layout-problems')).not.toBeInTheDocument());
    await user.click(screen.getByTestId('template-save'));
    expect(await screen.findByText('Modificările au fost salvate.')).toBeInTheDocument();
    const [patched] = await sentRequests({ method: 'PATCH', path: '/api/document-templates/5' });
    expect(patched.body).toEqual({
      signing_layout: {
        rows: [
          [{ index: 3, label: 'Președinte', signer: 'president', function_id: null, function_key: null, visa: null }],
          [{ index: 1, label: 'Întocmit', signer: 'assignee', function_id: null, function_key: null, visa: null }],
        ],
      },
    });
  });

  it('adds a function cell on a new row and asks for its function and caption', async () => {
    serveLookups();
    server.use(
      http.get('/api/document-templates/5', () => envelope(record())),
      http.get('/api/functions', () =>
        listEnvelope([{ id: 41, organisation_id: 2, name: 'Arhitect-șef', is_system: true, system_key: 'chief_architect' }]),
      ),
    );
    const { user } = setup('/document-template/5');
    await user.click(await screen.findByRole('button', { name: 'Adăugați un rând' }));
    const cell = await screen.findByTestId('layout-cell-3-1');
    await user.click(within(cell).getByRole('combobox', { name: /Semnatar/ }));
    await user.click(await screen.findByRole('option', { name: 'Funcție' }));
    const problems = await screen.findByTestId('layout-problems');
    expect(problems).toHaveTextContent('Semnătura 1 de pe rândul 3 nu are legendă.');
    expect(problems).toHaveTextContent('trebuie să aibă o funcție aleasă');
    await user.type(within(cell).getByRole('textbox', { name: /Legendă/ }), 'Arhitect-șef');
    await user.click(within(cell).getByRole('combobox', { name: /Funcția/ }));
    await user.click(await screen.findByRole('option', { name: 'Arhitect-șef' }));
    // Its order (3) is above the president's (2): the president must sign last.
    await waitFor(() => expect(screen.getByTestId('layout-problems')).toHaveTextContent('Președintele semnează ultimul'));
    expect(screen.getByTestId('layout-problems')).not.toHaveTextContent('nu are legendă');
    await user.click(screen.getByRole('button', { name: 'Mutați rândul 3 mai sus' }));
    expect(screen.getByTestId('layout-cell-2-1')).toHaveTextContent('Semnătura 1 de pe rândul 2');
  });

  it('shows the server refusal with the catalogue message and the name conflict on the field', async () => {
    serveLookups();
    server.use(
      http.get('/api/document-templates/5', () => envelope(record())),
      http.patch('/api/document-templates/5', () => apiError(409, 'DUPLICATE_DOCUMENT_TEMPLATE_NAME')),
    );
    const { user } = setup('/document-template/5');
    const name = await screen.findByRole('textbox', { name: /Denumire/ });
    await user.clear(name);
    await user.type(name, 'Respingere');
    await user.click(screen.getByTestId('template-save'));
    expect(await screen.findByTestId('template-server-error')).toHaveTextContent(
      'Există deja un șablon de document cu această denumire.',
    );
    expect(screen.getByRole('textbox', { name: /Denumire/ })).toHaveAccessibleDescription(
      'Există deja un șablon de document cu această denumire.',
    );
  });

  it('names the unknown placeholder the server refused', async () => {
    serveLookups();
    server.use(
      http.get('/api/document-templates/5', () => envelope(record())),
      http.patch('/api/document-templates/5', () => apiError(400, 'UNKNOWN_PLACEHOLDER', { key: 'form.suprafata' })),
    );
    const { user } = setup('/document-template/5');
    await user.type(await screen.findByRole('textbox', { name: /Descriere/ }), 'Răspuns standard');
    await user.click(screen.getByTestId('template-save'));
    expect(await screen.findByTestId('template-server-error')).toHaveTextContent('Substituentul „form.suprafata” nu există.');
  });

  it('offers a control closing report (raport_control) only the organisation and control placeholders', async () => {
    serveLookups();
    const paragraph = (key: string) => ({ type: 'paragraph', content: [{ type: 'placeholder', attrs: { key } }] });
    server.use(
      http.get('/api/document-templates/7', () =>
        envelope(
          record({
            id: 7,
            name: 'Proces-verbal de control',
            system_type: 'raport_control',
            system_type_label: 'Raport de închidere a controlului',
            application_type_count: 0,
            content: { type: 'doc', content: [paragraph('control.offenders'), paragraph('applicant.name')] },
            placeholder_keys: ['control.offenders', 'applicant.name'],
          }),
        ),
      ),
    );
    const { user } = setup('/document-template/7');
    const content = await screen.findByRole('textbox', { name: 'Textul șablonului' });
    await waitFor(() => expect(content).toHaveTextContent('{{Contravenienții (un rând de fiecare)}}'));
    // The application placeholder left in the text is named before the save.
    expect(await screen.findByTestId('template-foreign-placeholders')).toHaveTextContent(
      'Textul folosește substituenți care nu sunt permiși pentru tipul „Raport de închidere a controlului”: Numele solicitantului.',
    );
    expect(screen.getByTestId('template-preview-control')).toHaveTextContent('raportul se generează din pagina controlului');

    await user.click(screen.getByRole('button', { name: 'Inserați un substituent' }));
    const picker = await screen.findByRole('dialog', { name: 'Inserați un substituent' });
    expect(within(picker).queryAllByLabelText(/Tipul de cerere/)).toHaveLength(0);
    expect(await within(picker).findByRole('button', { name: 'Inserați Denumirea instituției' })).toBeInTheDocument();
    expect(within(picker).getByRole('button', { name: 'Inserați Contravenienții (un rând de fiecare)' })).toBeInTheDocument();
    expect(within(picker).queryByRole('button', { name: 'Inserați Numele solicitantului' })).not.toBeInTheDocument();
    expect(within(picker).queryByRole('button', { name: 'Inserați Numărul de ieșire' })).not.toBeInTheDocument();
  });

  it('keeps the control placeholders out of the other types’ picker', async () => {
    serveLookups();
    server.use(http.get('/api/document-templates/5', () => envelope(record())));
    const { user } = setup('/document-template/5');
    await screen.findByRole('textbox', { name: 'Textul șablonului' });
    expect(screen.queryByTestId('template-foreign-placeholders')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Inserați un substituent' }));
    const picker = await screen.findByRole('dialog', { name: 'Inserați un substituent' });
    expect(await within(picker).findByRole('button', { name: 'Inserați Numele solicitantului' })).toBeInTheDocument();
    expect(within(picker).getAllByLabelText(/Tipul de cerere/).length).toBeGreaterThan(0);
    expect(within(picker).queryByRole('button', { name: /Contravenienții/ })).not.toBeInTheDocument();
  });

  it('asks before leaving with unsaved changes', async () => {
    serveLookups();
    server.use(
      http.get('/api/document-templates/5', () => envelope(record())),
      http.get('/api/document-templates', () => listEnvelope([summary()])),
    );
    const { user, router } = setup('/document-template/5');
    await user.type(await screen.findByRole('textbox', { name: /Descriere/ }), 'x');
    expect(screen.getByTestId('template-unsaved')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Înapoi la șabloane' }));
    const dialog = await screen.findByRole('dialog', { name: 'Părăsiți pagina?' });
    await user.click(within(dialog).getByRole('button', { name: 'Rămâneți' }));
    expect(router.state.location.pathname).toBe('/document-template/5');
    await user.click(screen.getByRole('link', { name: 'Înapoi la șabloane' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Părăsiți pagina?' })).getByRole('button', { name: 'Părăsiți pagina' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/document-template'));
  });

  it('previews the saved template on an application in a titled frame', async () => {
    serveLookups();
    server.use(
      http.get('/api/document-templates/5', () => envelope(record())),
      http.get('/api/staff-applications', () =>
        listEnvelope([
          {
            id: 77,
            identification_number: 'CJMS/12/2026',
            application_type_name: 'Certificat de urbanism',
            beneficiaries: [{ id: 1, person_type: 'individual', display_name: 'Ion Popescu' }],
          },
        ]),
      ),
      http.post(
        '/api/document-templates/5/preview',
        () => new HttpResponse(new TextEncoder().encode('%PDF-1.7'), { headers: { 'Content-Type': 'application/pdf' } }),
      ),
    );
    const created: string[] = [];
    URL.createObjectURL = (blob: Blob) => {
      created.push(blob.type);
      return 'blob:preview-1';
    };
    URL.revokeObjectURL = () => {};
    const { user } = setup('/document-template/5');
    const panel = await screen.findByTestId('template-preview');
    await user.click(within(panel).getByRole('combobox', { name: 'Cererea' }));
    await user.click(await screen.findByRole('option', { name: /CJMS\/12\/2026/ }));
    await user.click(within(panel).getByRole('button', { name: 'Previzualizați PDF' }));
    const dialog = await screen.findByRole('dialog', { name: 'Previzualizarea documentului' });
    expect(within(dialog).getByTitle(/Previzualizarea documentului pentru CJMS\/12\/2026/)).toHaveAttribute(
      'src',
      'blob:preview-1',
    );
    expect(within(dialog).getByRole('link', { name: 'Deschideți PDF-ul într-o filă nouă' })).toHaveAttribute(
      'href',
      'blob:preview-1',
    );
    const [sent] = await sentRequests({ method: 'POST', path: '/api/document-templates/5/preview' });
    expect(sent.body).toEqual({ application_id: 77 });
  });

  it('lets a super administrator (no staff lists) preview by the application number and shows a refusal', async () => {
    serveLookups();
    server.use(
      http.get('/api/document-templates/5', () => envelope(record({ organisation_id: null, organisation_name: null }))),
      http.post('/api/document-templates/5/preview', () =>
        apiError(400, 'VALIDATION_ERROR', {
          fields: [{ path: 'body.application_id', message: 'Șablonul aparține altei instituții decât cererea.' }],
        }),
      ),
    );
    const { user } = setup('/document-template/5', 'super_admin');
    const panel = await screen.findByTestId('template-preview');
    expect(within(panel).queryByRole('combobox', { name: 'Cererea' })).not.toBeInTheDocument();
    await user.type(within(panel).getByRole('textbox', { name: /Numărul cererii în portal/ }), '4a2');
    expect(within(panel).getByRole('textbox', { name: /Numărul cererii în portal/ })).toHaveValue('42');
    await user.click(within(panel).getByRole('button', { name: 'Previzualizați PDF' }));
    expect(await within(panel).findByText(/Șablonul aparține altei instituții decât cererea./)).toBeInTheDocument();
    const [sent] = await sentRequests({ method: 'POST', path: '/api/document-templates/5/preview' });
    expect(sent.body).toEqual({ application_id: 42 });
  });

  it('answers a template that does not exist', async () => {
    serveLookups();
    server.use(http.get('/api/document-templates/9', () => HttpResponse.json({ message: 'NOT_FOUND' }, { status: 404 })));
    setup('/document-template/9');
    expect(await screen.findByText('Șablonul nu există')).toBeInTheDocument();
  });
});
