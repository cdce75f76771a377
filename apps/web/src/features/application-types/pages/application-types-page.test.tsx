import type { ApplicationTypeRecord } from '@ghiseu/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { buildCurrentUser } from '../../../lib/testing/fixtures';
import { AppTestProviders, fakeSession, loadAllTexts } from '../../../lib/testing/render-app';
import { answersInTurn, apiError, envelope, http, listEnvelope, sentRequests, server } from '../../../test/msw';
import { ApplicationTypesPage } from './application-types-page';

const UI_TEST_TIMEOUT = 30_000;

beforeAll(async () => {
  if (!('fonts' in document)) {
    const fonts = { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() };
    Object.defineProperty(document, 'fonts', { value: fonts, configurable: true });
  }
  await loadAllTexts();
  await i18n.loadNamespaces(['application-types', 'taxes']);
});
beforeEach(() => {
  localStorage.clear();
  // The options the type modal loads: organisations, forms, series types, departments,
  // functions, the UATs of the organisation and the other types (for references).
  server.use(
    http.get('/api/organisations', () => listEnvelope([{ id: 2, name: 'Consiliul Județean Mureș' }])),
    http.get('/api/forms', () =>
      listEnvelope([
        { id: 11, name: 'Cerere CU', status: 'published', latest_version: 2 },
        { id: 12, name: 'Ciornă nouă', status: 'draft', latest_version: null },
      ]),
    ),
    http.get('/api/document-series-types', () => listEnvelope([{ id: 1, name: 'Intrări' }])),
    http.get('/api/tax-categories', () =>
      listEnvelope([
        { id: 4, name: 'Taxe de construcție' },
        { id: 5, name: 'Taxe de teren' },
      ]),
    ),
    http.get('/api/departments', () => listEnvelope([])),
    http.get('/api/functions', () => listEnvelope([])),
    http.get('/api/processes/published', () =>
      envelope([{ id: 3, name: 'Autorizare construire', organisation_id: null, status: 'published' }]),
    ),
    http.get('/api/document-templates/options', () =>
      envelope([
        { id: 12, name: 'Certificat de urbanism — răspuns', organisation_id: 2, system_type: 'certificat_urbanism' },
        { id: 13, name: 'Respingere', organisation_id: null, system_type: 'raspuns_respingere' },
      ]),
    ),
    http.get('/api/jurisdiction-territorial-administrative-units', () => listEnvelope([{ id: 114319, name: 'Târgu Mureș' }])),
  );
});

const record = (overrides: Partial<ApplicationTypeRecord> = {}): ApplicationTypeRecord => ({
  id: 5,
  name: 'Certificat de urbanism',
  description: null,
  status: 'active',
  domain: 'urbanism',
  category: 'inbound',
  organisation_id: 2,
  organisation_name: 'Consiliul Județean Mureș',
  citizen_form_id: 11,
  staff_form_id: null,
  reject_form_id: null,
  citizen_form: { id: 11, name: 'Cerere CU', status: 'published', published_version_id: 31, latest_version: 2 },
  staff_form: null,
  reject_form: null,
  document_template_ids: { staff: null, rejection: null, clarification: null, public: null, citizen: null },
  series_type_ids: { incoming: 1, outgoing: null, visa1: null, visa2: null, visa_rejection: null },
  tax_category_ids: { construction: null, land: null, extra: null },
  reference_type_ids: [],
  archive_document_type_code: null,
  workflow_id: null,
  is_auto: false,
  remaining_period: 30,
  list_order: 1,
  discounts: [],
  uat_ids: [],
  dynamic_form: true,
  digital_seal: false,
  custom_seal_file_id: null,
  related_clarification_type_id: null,
  related_internal_type_id: null,
  department_ids: [],
  function_ids: [],
  usage_categories: [],
  application_count: 4,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  abilities: { canEdit: true, canDelete: true },
  ...overrides,
});

/**
 * `GET /api/application-types`: the page's list, or the short option list of every type
 * (`unpaged=true`, for the reference types); one record by id.
 */
function serveTypes(rows: ApplicationTypeRecord[]) {
  server.use(
    http.get('/api/application-types', ({ request }) =>
      new URL(request.url).searchParams.get('unpaged') === 'true'
        ? listEnvelope([{ id: 5, name: 'Certificat de urbanism', organisation_id: 2 }])
        : listEnvelope(rows),
    ),
    http.get('/api/application-types/:id', ({ params }) =>
      envelope(rows.find((row) => row.id === Number(params.id)) ?? record()),
    ),
  );
}
/** Answers the writes of `method` in turn, one answer each. */
const answerWrites = (method: 'post' | 'patch' | 'delete', path: string, answers: (() => Response)[]) =>
  server.use(answersInTurn(method, path, ...answers));
const writes = async (method: string) =>
  (await sentRequests({ method })).map((r) => ({ path: r.path, body: r.body, type: r.headers.get('content-type') }));

function setup() {
  const router = createMemoryRouter([{ path: '/application-type', element: <ApplicationTypesPage /> }], {
    initialEntries: ['/application-type'],
  });
  const user = userEvent.setup();
  const session = fakeSession({ user: buildCurrentUser({ user_type_name: 'super_admin', organisation_id: 2 }) });
  render(
    <AppTestProviders session={session}>
      <RouterProvider router={router} />
    </AppTestProviders>,
  );
  return { user };
}

describe('/application-type', { timeout: UI_TEST_TIMEOUT }, () => {
  it('lists the types with their form version, period and count', async () => {
    serveTypes([
      record(),
      record({
        id: 6,
        name: 'Aviz',
        domain: 'approvals',
        citizen_form: { id: 12, name: 'Ciornă nouă', status: 'draft', published_version_id: null, latest_version: null },
      }),
    ]);
    setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Tipuri de cereri' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Lista tipurilor de cereri' });
    const row = await within(table).findByRole('row', { name: /Certificat de urbanism/ });
    expect(row).toHaveTextContent('Cerere CU');
    expect(row).toHaveTextContent('v2');
    expect(row).toHaveTextContent('30 de zile');
    expect(row).toHaveTextContent('Intrare');
    expect(within(table).getByRole('row', { name: /Aviz/ })).toHaveTextContent('fără versiune publicată');
    expect(screen.getByText('Total 2 tipuri de cereri')).toBeInTheDocument();
    const [list] = await sentRequests({ method: 'GET', path: '/api/application-types' });
    expect(list.query.get('pagination')).toBe('true');
  });

  it('says when there are no types', async () => {
    serveTypes([]);
    setup();
    expect(await screen.findByText('Nu există tipuri de cereri.')).toBeInTheDocument();
  });

  it('shows a load failure with a retry', async () => {
    serveTypes([record()]);
    server.use(http.get('/api/application-types', () => apiError(500, 'INTERNAL_ERROR'), { once: true }));
    const { user } = setup();
    expect(await screen.findByText(/Lista nu a putut fi încărcată\./)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reîncercați' }));
    expect(await screen.findByRole('row', { name: /Certificat de urbanism/ })).toBeInTheDocument();
  });

  it('toggles the status and explains a refused delete', async () => {
    serveTypes([record()]);
    answerWrites('patch', '/api/application-types/:id', [() => envelope(record({ status: 'inactive' }))]);
    answerWrites('delete', '/api/application-types/:id', [() => apiError(409, 'CONFLICT', { reason: 'referenced' })]);
    const { user } = setup();
    await user.click(await screen.findByRole('switch', { name: 'Tip de cerere activ: Certificat de urbanism' }));
    expect(await screen.findByText('Tipul de cerere „Certificat de urbanism” a fost dezactivat.')).toBeInTheDocument();
    expect(await writes('PATCH')).toEqual([
      { path: '/api/application-types/5', body: { status: 'inactive' }, type: 'application/merge-patch+json' },
    ]);
    await user.click(screen.getByRole('button', { name: 'Acțiuni pentru tipul de cerere Certificat de urbanism' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Ștergeți' }));
    await user.click(await screen.findByRole('button', { name: 'Ștergeți' }));
    expect(
      await screen.findByText('Tipul de cerere nu poate fi șters deoarece există cereri de acest tip. Dezactivați-l.'),
    ).toBeInTheDocument();
    expect((await writes('DELETE')).map((w) => w.path)).toEqual(['/api/application-types/5']);
  });

  it('creates a type; a duplicate name and a server field problem land under their inputs', async () => {
    serveTypes([]);
    answerWrites('post', '/api/application-types', [
      () => apiError(409, 'APPLICATION_TYPE_EXISTS'),
      () =>
        apiError(400, 'VALIDATION_ERROR', {
          fields: [{ path: 'body.citizen_form_id', message: 'Formularul nu are o versiune publicată' }],
        }),
      () => envelope(record({ id: 9, name: 'Tip test' })),
    ]);
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Tip de cerere nou' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tip de cerere nou' });
    expect(within(dialog).getByText(/Seria de intrare dă numărul de înregistrare/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Salvați' }));
    expect(await within(dialog).findByText('Acest câmp este obligatoriu')).toBeInTheDocument();
    expect(await writes('POST')).toEqual([]);

    await user.type(within(dialog).getByRole('textbox', { name: /^Denumire/ }), 'Tip test');
    await user.click(within(dialog).getByRole('button', { name: 'Salvați' }));
    expect(await within(dialog).findByText('Tipul de cerere există deja.')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Salvați' }));
    expect(await within(dialog).findByText('Formularul nu are o versiune publicată')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Salvați' }));
    expect(await screen.findByText('Tipul de cerere „Tip test” a fost creat.')).toBeInTheDocument();
    const posts = await writes('POST');
    expect(posts).toHaveLength(3);
    expect(posts[2].path).toBe('/api/application-types');
    expect(posts[2].body).toMatchObject({
      name: 'Tip test',
      organisation_id: 2,
      remaining_period: 30,
      domain: 'urbanism',
      category: 'inbound',
      series_type_ids: {},
    });
  });

  it('clears and disables the reference types of an automatic type', async () => {
    serveTypes([record({ id: 6, name: 'Autorizație', reference_type_ids: [5] })]);
    answerWrites('patch', '/api/application-types/:id', [() => envelope(record({ id: 6 }))]);
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Acțiuni pentru tipul de cerere Autorizație' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Modificați' }));
    const dialog = await screen.findByRole('dialog', { name: 'Modificare tip de cerere' });
    await user.click(within(dialog).getByRole('switch', { name: /Tip automat/ }));
    await waitFor(() => expect(dialog.querySelector('#at-reference-type')).toBeDisabled());
    await user.click(within(dialog).getByRole('button', { name: 'Salvați' }));
    await waitFor(async () =>
      expect(await writes('PATCH')).toEqual([
        {
          path: '/api/application-types/6',
          body: { is_auto: true, reference_type_ids: [] },
          type: 'application/merge-patch+json',
        },
      ]),
    );
  });

  it('attaches a published process of the organisation to the type', async () => {
    serveTypes([record({ id: 6, name: 'Autorizație' })]);
    answerWrites('patch', '/api/application-types/:id', [() => envelope(record({ id: 6, workflow_id: 3 }))]);
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Acțiuni pentru tipul de cerere Autorizație' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Modificați' }));
    const dialog = await screen.findByRole('dialog', { name: 'Modificare tip de cerere' });
    await user.click(dialog.querySelector('#at-workflow') as HTMLElement);
    await user.click(await screen.findByRole('option', { name: 'Autorizare construire' }));
    await user.click(within(dialog).getByRole('button', { name: 'Salvați' }));
    await waitFor(async () =>
      expect(await writes('PATCH')).toEqual([
        { path: '/api/application-types/6', body: { workflow_id: 3 }, type: 'application/merge-patch+json' },
      ]),
    );
    const [published] = await sentRequests({ method: 'GET', path: '/api/processes/published' });
    expect(published.query.get('organisation_id')).toBe('2');
  });

  it('chooses the answer and rejection templates among the active ones of the organisation', async () => {
    serveTypes([record({ id: 6, name: 'Autorizație' })]);
    answerWrites('patch', '/api/application-types/:id', [() => envelope(record({ id: 6 }))]);
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Acțiuni pentru tipul de cerere Autorizație' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Modificați' }));
    const dialog = await screen.findByRole('dialog', { name: 'Modificare tip de cerere' });
    expect(within(dialog).queryByText(/Șabloane de documente \(identificatori/)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox', { name: 'Șablonul răspunsului (aprobare)' }));
    await user.click(await screen.findByRole('option', { name: 'Certificat de urbanism — răspuns' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Șablonul respingerii' }));
    await user.click(await screen.findByRole('option', { name: 'Respingere' }));
    await user.click(within(dialog).getByRole('button', { name: 'Salvați' }));
    await waitFor(async () =>
      expect(await writes('PATCH')).toEqual([
        {
          path: '/api/application-types/6',
          body: { document_template_ids: { staff: 12, rejection: 13 } },
          type: 'application/merge-patch+json',
        },
      ]),
    );
    const [options] = await sentRequests({ method: 'GET', path: '/api/document-templates/options' });
    expect(options.query.get('organisation_id')).toBe('2');
  });

  it('chooses the construction and land tax categories among the active ones', async () => {
    serveTypes([record({ id: 6, name: 'Autorizație', tax_category_ids: { construction: null, land: null, extra: 9 } })]);
    answerWrites('patch', '/api/application-types/:id', [() => envelope(record({ id: 6 }))]);
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Acțiuni pentru tipul de cerere Autorizație' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Modificați' }));
    const dialog = await screen.findByRole('dialog', { name: 'Modificare tip de cerere' });
    // A category chosen before and since deactivated stays visible.
    expect(within(dialog).getByRole('combobox', { name: 'Categoria taxelor suplimentare' })).toHaveValue(
      'Categoria #9 (inactivă sau indisponibilă)',
    );
    await user.click(within(dialog).getByRole('combobox', { name: 'Categoria taxelor de construcție' }));
    await user.click(await screen.findByRole('option', { name: 'Taxe de construcție' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Categoria taxelor de teren' }));
    await user.click(await screen.findByRole('option', { name: 'Taxe de teren' }));
    await user.click(within(dialog).getByRole('button', { name: 'Salvați' }));
    await waitFor(async () =>
      expect(await writes('PATCH')).toEqual([
        {
          path: '/api/application-types/6',
          body: { tax_category_ids: { construction: 4, land: 5 } },
          type: 'application/merge-patch+json',
        },
      ]),
    );
    const [categories] = await sentRequests({ method: 'GET', path: '/api/tax-categories' });
    expect(categories.query.get('status[eq]')).toBe('active');
  });
});
