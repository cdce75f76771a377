import { type ControlDetail, cnpControlDigit } from '@ghiseu/domain';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { buildCurrentUser } from '../../../lib/testing/fixtures';
import { AppTestProviders, fakeSession, loadAllTexts } from '../../../lib/testing/render-app';
import { apiError, envelope, HttpResponse, http, listEnvelope, sentRequests, server } from '../../../test/msw';
import { buildControl } from '../test-support';
import { ControlPage } from './control-page';

const UI_TEST_TIMEOUT = 30_000;
/** A valid CNP (born 1980-05-12, county 40). */
const validCnp = `180051240123${cnpControlDigit('180051240123')}`;

beforeAll(async () => {
  if (!('fonts' in document)) {
    const fonts = { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() };
    Object.defineProperty(document, 'fonts', { value: fonts, configurable: true });
  }
  await loadAllTexts();
  await i18n.loadNamespaces(['controls']);
});
beforeEach(() => localStorage.clear());

/** The look-ups of the preparation form: active types, the jurisdiction's UATs and their villages. */
const lookups = [
  http.get('/api/control-types', () =>
    listEnvelope([
      {
        id: 3,
        name: 'Disciplina în construcții',
        status: 'active',
        series_type_id: null,
        series_type_name: null,
        organisation_id: 1,
        organisation_name: 'Primăria Demo',
        control_count: 1,
        created_at: '2026-01-01T00:00:00Z',
        updated_at: '2026-01-01T00:00:00Z',
        abilities: { can_edit: false, can_delete: false },
      },
    ]),
  ),
  http.get('/api/jurisdiction-territorial-administrative-units', () => listEnvelope([{ id: 11, name: 'Târgu Mureș' }])),
  http.get('/api/villages', () => listEnvelope([])),
];

function setup(control: ControlDetail, path = `/control/${control.id}`, extra: Parameters<typeof server.use> = []) {
  server.use(
    ...extra,
    ...lookups,
    http.get('/api/controls/:id', () => envelope(control)),
    http.get('/api/controls/:id/activities', () => listEnvelope([])),
  );
  const router = createMemoryRouter(
    [
      { path: '/control/new', element: <ControlPage /> },
      { path: '/control/:id', element: <ControlPage /> },
      { path: '/controls', element: <p>Lista controalelor</p> },
    ],
    { initialEntries: [path] },
  );
  const user = userEvent.setup();
  const session = fakeSession({
    user: buildCurrentUser({ user_type_name: 'staff', organisation_id: 1, first_name: 'Ana', last_name: 'Popescu' }),
  });
  render(
    <AppTestProviders session={session}>
      <RouterProvider router={router} />
    </AppTestProviders>,
  );
  return { user, router };
}

describe('/control/:id', { timeout: UI_TEST_TIMEOUT }, () => {
  it('shows a locked control read-only, with the banner and the closing report', async () => {
    setup(
      buildControl({
        status: 'generated',
        entry_code: 'CTRL-1/2026',
        locked: true,
        generated_at: '2026-11-21T10:00:00Z',
        closing_report: { file_id: 90, name: 'raport.pdf' },
        abilities: {
          can_edit: false,
          can_register: false,
          can_resolve: false,
          can_generate: false,
          can_close: true,
          can_delete: false,
        },
      }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Controlul CTRL-1/2026' })).toBeInTheDocument();
    expect(screen.getByTestId('control-locked')).toHaveTextContent('nu mai poate fi modificat');
    expect(screen.getByRole('button', { name: 'Descărcați raportul de închidere' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Adresa/)).toBeDisabled();
    expect(screen.queryByTestId('control-save')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Adăugați inspector' })).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Colectarea datelor' }));
    expect(await screen.findByText('Nu ați adăugat încă niciun contravenient sau martor.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Adăugați contravenient' })).not.toBeInTheDocument();
  });

  it('asks to save unsaved changes before generating the report, then asks to confirm', async () => {
    const control = buildControl({
      status: 'registered',
      entry_code: 'CTRL-2/2026',
      abilities: {
        can_edit: true,
        can_register: false,
        can_resolve: true,
        can_generate: true,
        can_close: true,
        can_delete: false,
      },
    });
    const { user } = setup(control);
    server.use(
      http.post('/api/controls/:id/generate-report', () =>
        envelope({ ...control, status: 'generated', locked: true, version: 3 } as never),
      ),
    );
    const address = await screen.findByLabelText(/^Adresa/);
    await user.type(address, ' bis');
    expect(await screen.findByTestId('control-unsaved')).toBeInTheDocument();
    await user.click(screen.getByTestId('action-generate'));
    const alert = await screen.findByRole('dialog', { name: /Salvați modificările mai întâi/ });
    await user.click(within(alert).getByRole('button', { name: 'Închideți' }));
    expect(await sentRequests({ method: 'POST' })).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Anulați modificările' }));
    await user.click(screen.getByTestId('action-generate'));
    const confirm = await screen.findByRole('dialog', { name: 'Generarea raportului de închidere' });
    await user.click(within(confirm).getByRole('button', { name: 'Generați raportul' }));
    expect(await screen.findByText('Raportul de închidere a fost generat. Controlul este acum blocat.')).toBeInTheDocument();
    const posts = await sentRequests({ method: 'POST' });
    expect(posts.map((r) => [r.path, r.body])).toEqual([['/api/controls/7/generate-report', { version: 2 }]]);
    expect(await screen.findByTestId('control-locked')).toBeInTheDocument();
  });

  it('shows a duplicate CNP on the CNP field', async () => {
    const { user } = setup(buildControl(), '/control/7', [
      http.post('/api/controls/:id/persons', () => apiError(409, 'DUPLICATE_CONTROL_PERSON')),
    ]);
    await user.click(await screen.findByRole('tab', { name: 'Colectarea datelor' }));
    await user.click(await screen.findByRole('button', { name: 'Adăugați contravenient' }));
    const dialog = await screen.findByRole('dialog', { name: 'Persoană nouă' });
    await user.type(within(dialog).getByLabelText(/^Numele/), 'Pop');
    await user.type(within(dialog).getByLabelText(/^Prenumele/), 'Ion');
    await user.type(within(dialog).getByLabelText(/^CNP/), validCnp);
    await user.click(within(dialog).getByRole('button', { name: 'Salvați' }));
    expect(
      await within(dialog).findByText('Persoana cu acest CNP sau pașaport este deja adăugată la control.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^CNP/)).toHaveAttribute('aria-invalid', 'true');
    const [post] = await sentRequests({ method: 'POST' });
    expect(post.body).toMatchObject({ version: 2, role: 'offender', personal_numeric_code: validCnp });
  });

  it('says why the report failed and offers to generate it again', async () => {
    setup(
      buildControl({
        status: 'error',
        entry_code: 'CTRL-3/2026',
        report_error: 'CLOSING_REPORT_GENERATION_ERROR',
        abilities: {
          can_edit: true,
          can_register: false,
          can_resolve: false,
          can_generate: true,
          can_close: false,
          can_delete: false,
        },
      }),
    );
    expect(await screen.findByTestId('control-report-error')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reîncercați generarea' })).toBeInTheDocument();
    expect(screen.queryByTestId('action-generate')).not.toBeInTheDocument();
  });

  it('answers a control of another organisation with the not-found page', async () => {
    server.use(
      ...lookups,
      http.get('/api/controls/:id', () => apiError(404, 'NOT_FOUND')),
    );
    const router = createMemoryRouter(
      [
        { path: '/control/:id', element: <ControlPage /> },
        { path: '/404', element: <p>Pagina nu există</p> },
      ],
      { initialEntries: ['/control/99'] },
    );
    render(
      <AppTestProviders session={fakeSession({ user: buildCurrentUser({ user_type_name: 'staff', organisation_id: 1 }) })}>
        <RouterProvider router={router} />
      </AppTestProviders>,
    );
    expect(await screen.findByText('Pagina nu există')).toBeInTheDocument();
  });

  it('attaches an uploaded document to the control with its description', async () => {
    const control = buildControl();
    const { user } = setup(control, '/control/7', [
      http.post('/api/files/upload-tokens', () => envelope({ token: 'up-1' })),
      http.post('/api/files', () => HttpResponse.json({ data: { id: 55 } }, { status: 201 })),
      http.post('/api/controls/:id/files', () =>
        envelope({
          ...control,
          version: 3,
          files: [
            {
              id: 1,
              file_id: 55,
              name: 'proces-verbal.pdf',
              kind: 'upload',
              description: 'Fotografii',
              size: 3,
              created_at: '2026-11-20T09:00:00Z',
            },
          ],
        } as never),
      ),
    ]);
    await user.click(await screen.findByRole('tab', { name: 'Documente' }));
    expect(await screen.findByText('Controlul nu are încă documente.')).toBeInTheDocument();
    await user.type(screen.getByTestId('document-description'), 'Fotografii');
    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    await user.upload(input as HTMLInputElement, new File(['pdf'], 'proces-verbal.pdf', { type: 'application/pdf' }));
    const table = await screen.findByRole('table', { name: 'Documentele controlului' });
    expect(within(table).getByRole('row', { name: /proces-verbal\.pdf/ })).toHaveTextContent('Document încărcat');
    const [attach] = await sentRequests({ method: 'POST', path: '/api/controls/7/files' });
    expect(attach.body).toEqual({ file_id: 55, description: 'Fotografii', version: 2 });
    expect(screen.getByRole('button', { name: 'Ștergeți documentul proces-verbal.pdf' })).toBeInTheDocument();
  });

  it('asks before leaving the control with unsaved changes', async () => {
    const { user, router } = setup(buildControl());
    await user.type(await screen.findByLabelText(/^Adresa/), ' bis');
    await user.click(screen.getByRole('tab', { name: 'Documente' }));
    await user.click(screen.getByRole('tab', { name: 'Pregătirea controlului' }));
    expect(screen.getByLabelText(/^Adresa/)).toHaveValue('Str. Trandafirilor nr. 3 bis');
    await user.click(screen.getByRole('link', { name: 'Înapoi la controale' }));
    let dialog = await screen.findByRole('dialog', { name: 'Modificări nesalvate' });
    await user.click(within(dialog).getByRole('button', { name: 'Rămâneți' }));
    expect(router.state.location.pathname).toBe('/control/7');
    await user.click(screen.getByRole('link', { name: 'Înapoi la controale' }));
    dialog = await screen.findByRole('dialog', { name: 'Modificări nesalvate' });
    await user.click(within(dialog).getByRole('button', { name: 'Părăsiți pagina' }));
    await expect.poll(() => router.state.location.pathname).toBe('/controls');
  });

  it('closes (classes) the control after the question; cancelling sends nothing', async () => {
    const control = buildControl({
      status: 'resolved',
      entry_code: 'CTRL-4/2026',
      version: 5,
      abilities: {
        can_edit: true,
        can_register: false,
        can_resolve: false,
        can_generate: true,
        can_close: true,
        can_delete: false,
      },
    });
    const { user } = setup(control, '/control/7', [
      http.post('/api/controls/:id/close', () =>
        envelope({
          ...control,
          status: 'closed',
          locked: true,
          closed_at: '2026-11-22T12:00:00Z',
          version: 6,
          abilities: { ...control.abilities, can_edit: false, can_generate: false, can_close: false },
        } as never),
      ),
    ]);
    await user.click(await screen.findByTestId('action-close'));
    let question = await screen.findByRole('dialog', { name: 'Închiderea (clasarea) controlului' });
    await user.click(within(question).getByRole('button', { name: 'Renunțați' }));
    expect(await sentRequests({ method: 'POST' })).toEqual([]);
    await user.click(screen.getByTestId('action-close'));
    question = await screen.findByRole('dialog', { name: 'Închiderea (clasarea) controlului' });
    await user.click(within(question).getByRole('button', { name: 'Închideți controlul' }));
    expect(await screen.findByTestId('control-locked')).toHaveTextContent('a fost închis (clasat)');
    expect(screen.getByTestId('control-status')).toHaveTextContent('Închis (clasat)');
    expect(screen.queryByTestId('control-actions')).not.toBeInTheDocument();
    const [post] = await sentRequests({ method: 'POST' });
    expect([post.path, post.body]).toEqual(['/api/controls/7/close', { version: 5 }]);
  });
});

describe('/control/new', { timeout: UI_TEST_TIMEOUT }, () => {
  it('starts from the complaint of ?complaint_id= and opens the saved draft', async () => {
    const created = buildControl({ id: 12, complaint: { id: 4, entry_code: 'SES-4/2026' } });
    const { user, router } = setup(created, '/control/new?complaint_id=4', [
      http.get('/api/controls/complaint-options', () =>
        envelope([
          {
            id: 4,
            entry_code: 'SES-4/2026',
            status: 'NEW',
            uat: { id: 11, name: 'Târgu Mureș' },
            locality: null,
            address: 'Str. Lungă 1',
          },
        ]),
      ),
      http.post('/api/controls', () => HttpResponse.json({ data: created }, { status: 201 })),
    ]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Control nou' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab')).toHaveLength(1);
    expect(screen.getByLabelText(/^Adresa/)).toHaveValue('Str. Lungă 1');
    await user.click(screen.getByTestId('control-save'));
    expect(await screen.findAllByText('Acest câmp este obligatoriu.')).not.toHaveLength(0);
    expect(await sentRequests({ method: 'POST' })).toEqual([]);

    await user.click(screen.getByTestId('control-type-select'));
    await user.click(await screen.findByRole('option', { name: 'Disciplina în construcții' }));
    await user.type(screen.getByTestId('staff-function-0'), 'Inspector');
    await user.type(screen.getByTestId('staff-body-0'), 'Poliția locală');
    await user.type(screen.getByTestId('staff-id-0'), 'L-12');
    await user.click(screen.getByTestId('control-save'));
    await expect.poll(() => router.state.location.pathname).toBe('/control/12');
    const [post] = await sentRequests({ method: 'POST', path: '/api/controls' });
    expect(post.body).toMatchObject({
      control_type_id: 3,
      uat_id: 11,
      address: 'Str. Lungă 1',
      complaint_id: 4,
      staff: [{ user_id: 7, name: 'Ana Popescu', function: 'Inspector', control_body: 'Poliția locală', id_number: 'L-12' }],
    });
  });

  it('finds a complaint by its number and takes its place into an empty address', async () => {
    const { user } = setup(buildControl(), '/control/new', [
      http.get('/api/controls/complaint-options', ({ request }) =>
        envelope(
          new URL(request.url).searchParams.get('search') === 'SES-9'
            ? [
                {
                  id: 9,
                  entry_code: 'SES-9/2026',
                  status: 'PENDING',
                  uat: { id: 11, name: 'Târgu Mureș' },
                  locality: null,
                  address: 'Str. Morii 5',
                },
              ]
            : [],
        ),
      ),
    ]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Control nou' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Adresa/)).toHaveValue('');
    await user.click(screen.getByRole('button', { name: /Sesizarea de referință/ }));
    await user.type(await screen.findByRole('textbox', { name: 'Căutați în Sesizarea de referință' }), 'SES-9');
    await user.click(await screen.findByRole('option', { name: 'SES-9/2026 – Str. Morii 5' }));
    expect(screen.getByLabelText(/^Adresa/)).toHaveValue('Str. Morii 5');
  });
});
