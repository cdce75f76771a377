import type { StaffApplication } from '@ghiseu/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiError, envelope, http, listEnvelope, sentRequests, server } from '../../../test/msw';
import { ACTION_BUTTONS } from '../components/actions-bar';
import { checkResponseDays } from '../components/response-days-edit';
import { buildStaffApplication, loadStaffTexts, NO_ABILITIES, renderAsStaff } from '../test-support';
import { StaffApplicationPage } from './staff-application-page';

/** Serves one record; each action answers `after` (or the same record), the history is empty. */
function serve(record: StaffApplication, after: StaffApplication = record) {
  let current = record;
  server.use(
    http.get('/api/applications/:id/history', () => envelope([])),
    http.get('/api/application-types', () => listEnvelope([{ id: 3, name: 'Certificat de urbanism' }])),
    http.get('/api/staff-applications/candidates', ({ request }) =>
      envelope(
        new URL(request.url).searchParams.get('role') === 'consultant'
          ? [{ id: 31, name: 'Cora Consultant', email: 'cora@example.ro', user_type_name: 'consultant' }]
          : [{ id: 21, name: 'Maria Pop', email: 'maria@example.ro', user_type_name: 'staff' }],
      ),
    ),
    http.get('/api/staff-applications/:id/document', () => envelope({ document: null, history: [] })),
    http.get('/api/staff-applications/:id', () => envelope(current)),
    http.patch('/api/staff-applications/:id/:action', () => {
      current = after;
      return envelope(after);
    }),
    http.put('/api/staff-applications/:id/:action', () => {
      current = after;
      return envelope(after);
    }),
  );
}

const renderPage = (path = '/application/1') =>
  renderAsStaff(<StaffApplicationPage />, { path, route: '/application/:id/:tab?' });

const allAbilities = Object.fromEntries(Object.keys(NO_ABILITIES).map((key) => [key, true])) as typeof NO_ABILITIES;

beforeAll(loadStaffTexts);

describe('the staff view of an application', () => {
  it('shows the header with the legal clock and no action without abilities', async () => {
    serve(
      buildStaffApplication({
        clock_paused: true,
        deadline: {
          registered_at: '2026-11-20T11:00:00.000Z',
          response_due_in_days: 30,
          response_due_date: '2027-01-08',
          remaining_response_days: 12,
          clock_paused_since: '2026-12-01',
          paused_working_days: 2,
        },
      }),
    );
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Cererea CJMS/1/2026' })).toBeInTheDocument();
    expect(screen.getByTestId('deadline-due')).toHaveTextContent('08.01.2027');
    expect(screen.getByTestId('deadline-remaining')).toHaveTextContent('12 zile lucrătoare rămase');
    expect(screen.getByTestId('deadline-paused')).toHaveTextContent('Termen oprit');
    expect(screen.getByTestId('deadline-paused-since')).toHaveTextContent('Oprit din 01.12.2026');
    expect(screen.getByTestId('response-days')).toHaveTextContent('30 de zile lucrătoare');
    expect(screen.queryByTestId('response-days-edit')).not.toBeInTheDocument();
    expect(screen.queryByTestId('staff-actions')).not.toBeInTheDocument();
    // Staff may send a circular about the application (circularNotificationsCreate, issue 14).
    expect(screen.getByRole('link', { name: 'Trimiteți o circulară' })).toHaveAttribute('href', '/application-circular-mail/1');
  });

  it('shows one button per ability, in order, and nothing the server did not allow', async () => {
    serve(buildStaffApplication({ abilities: { ...NO_ABILITIES, canRegister: true, canReject: true, canClose: true } }));
    renderPage();
    const bar = await screen.findByTestId('staff-actions');
    expect(
      within(bar)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Înregistrați', 'Respingeți', 'Închideți']);
  });

  it('shows every action when every ability is on, "Realocați" once someone is assigned', async () => {
    serve(buildStaffApplication({ abilities: allAbilities, assignee: { id: 21, name: 'Maria Pop' } }));
    renderPage();
    const bar = await screen.findByTestId('staff-actions');
    // The output document's buttons (features/signing) follow the staff actions.
    const staffButtons = within(bar)
      .getAllByRole('button')
      .filter((button) => !button.dataset.testid?.startsWith('action-document-'));
    expect(staffButtons).toHaveLength(ACTION_BUTTONS.length);
    expect(within(bar).getByTestId('action-document-sign')).toBeInTheDocument();
    expect(within(bar).getByRole('button', { name: 'Realocați' })).toBeInTheDocument();
    expect(within(bar).queryByRole('button', { name: 'Alocați' })).not.toBeInTheDocument();
  });

  it('registers after a confirmation and shows the fresh record', async () => {
    serve(
      buildStaffApplication({ status: 'NEW', abilities: { ...NO_ABILITIES, canRegister: true } }),
      buildStaffApplication({ status: 'REGISTERED' }),
    );
    const { user } = renderPage();
    await user.click(await screen.findByTestId('action-register'));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Înregistrați' }));
    expect(await screen.findByText('Cererea a fost înregistrată.')).toBeInTheDocument();
    expect(await sentRequests({ method: 'PATCH' })).toEqual([
      expect.objectContaining({ path: '/api/staff-applications/1/register' }),
    ]);
    await waitFor(() => expect(screen.queryByTestId('staff-actions')).not.toBeInTheDocument());
  });

  it('assigns to a clerk picked from the candidates', async () => {
    serve(buildStaffApplication({ abilities: { ...NO_ABILITIES, canAssign: true } }));
    const { user } = renderPage();
    await user.click(await screen.findByTestId('action-assign'));
    const dialog = await screen.findByRole('dialog', { name: 'Alocați' });
    // Nothing chosen: the field says so and nothing is sent.
    await user.click(within(dialog).getByTestId('action-assign-submit'));
    expect(await within(dialog).findByText('Acest câmp este obligatoriu')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox', { name: /Funcționar/ }));
    await user.click(await screen.findByRole('option', { name: /Maria Pop/ }));
    await user.click(within(dialog).getByTestId('action-assign-submit'));
    expect(await screen.findByText('Cererea a fost alocată lui Maria Pop.')).toBeInTheDocument();
    const [call] = await sentRequests({ method: 'PATCH' });
    expect(call).toMatchObject({ path: '/api/staff-applications/1/assign', body: { assignee_user_id: 21 } });
  });

  it('asks for clarifications with a required message', async () => {
    serve(buildStaffApplication({ status: 'PENDING', abilities: { ...NO_ABILITIES, canRequestClarification: true } }));
    const { user } = renderPage();
    await user.click(await screen.findByTestId('action-request-clarification'));
    const dialog = await screen.findByRole('dialog', { name: 'Solicitați clarificări' });
    await user.click(within(dialog).getByTestId('action-request-clarification-submit'));
    expect(await within(dialog).findByText('Acest câmp este obligatoriu')).toBeInTheDocument();
    expect(await sentRequests({ method: 'PATCH' })).toEqual([]);
    await user.type(within(dialog).getByTestId('action-request-clarification-text'), 'Lipsește planul de situație.');
    await user.click(within(dialog).getByTestId('action-request-clarification-submit'));
    expect(await screen.findByText('Solicitarea de clarificări a fost trimisă; termenul este oprit.')).toBeInTheDocument();
    const [call] = await sentRequests({ method: 'PATCH' });
    expect(call).toMatchObject({
      path: '/api/staff-applications/1/request-clarification',
      body: { message: 'Lipsește planul de situație.' },
    });
  });

  it('generates the document from the actions bar and opens the "Document emis" tab', async () => {
    serve(buildStaffApplication({ status: 'APPROVED', abilities: { ...NO_ABILITIES, canGenerateDocument: true } }));
    server.use(http.put('/api/staff-applications/:id/approve/generate-document', () => envelope({})));
    const { user } = renderPage();
    await user.click(await screen.findByTestId('action-document-generate'));
    expect(await screen.findByTestId('document-panel')).toBeInTheDocument();
    expect(screen.getByTestId('tab-document')).toHaveAttribute('aria-selected', 'true');
    expect(await sentRequests({ method: 'PUT' })).toEqual([
      expect.objectContaining({ path: '/api/staff-applications/1/approve/generate-document' }),
    ]);
  });

  it('approves only after the confirmation step, and shows a 409 in Romanian', async () => {
    serve(buildStaffApplication({ status: 'PENDING', abilities: { ...NO_ABILITIES, canApprove: true } }));
    server.use(http.put('/api/staff-applications/:id/approve', () => apiError(409, 'APPLICATION_ACTION_NOT_ALLOWED')));
    const { user } = renderPage();
    await user.click(await screen.findByTestId('action-approve'));
    const dialog = await screen.findByRole('dialog', { name: 'Aprobați cererea' });
    await user.click(within(dialog).getByTestId('action-approve-submit'));
    expect(within(dialog).getByTestId('action-approve-confirm')).toHaveTextContent('Aprobarea nu mai poate fi anulată.');
    expect(await sentRequests({ method: 'PUT' })).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Da, Aprobați' }));
    expect(await within(dialog).findByTestId('action-approve-error')).toHaveTextContent(
      'Acțiunea nu este permisă în starea actuală a cererii. Reîncărcați pagina.',
    );
    expect(await sentRequests({ method: 'PUT' })).toEqual([
      expect.objectContaining({ path: '/api/staff-applications/1/approve', body: { comment: null } }),
    ]);
  });

  it('rejects with the reason and the type’s rejection form, checked before sending', async () => {
    serve(
      buildStaffApplication({
        status: 'PENDING',
        abilities: { ...NO_ABILITIES, canReject: true },
        reject_form_definition: {
          form_id: 9,
          form_version_id: 19,
          version: 1,
          definition: {
            fields: [{ key: 'temei', type: 'textarea', label: 'Temeiul legal', required: true, width: 'full' }],
          },
        },
      }),
    );
    const { user } = renderPage();
    await user.click(await screen.findByTestId('action-reject'));
    const dialog = await screen.findByRole('dialog', { name: 'Respingeți cererea' });
    await user.type(within(dialog).getByTestId('action-reject-reason'), 'Documentația este incompletă.');
    await user.click(within(dialog).getByTestId('action-reject-submit'));
    // The rejection form's required field stops it.
    expect(await within(dialog).findByText(/completați toate câmpurile obligatorii/)).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /Temeiul legal/ }), 'Legea 50/1991');
    await user.click(within(dialog).getByTestId('action-reject-submit'));
    await user.click(within(dialog).getByTestId('action-reject-submit'));
    expect(await screen.findByText('Cererea a fost respinsă.')).toBeInTheDocument();
    expect(await sentRequests({ method: 'PUT' })).toEqual([
      expect.objectContaining({
        path: '/api/staff-applications/1/reject',
        body: { rejected_reason: 'Documentația este incompletă.', reject_form: { temei: 'Legea 50/1991' } },
      }),
    ]);
  });

  it('says when the type has no rejection form instead of offering an empty one', async () => {
    serve(buildStaffApplication({ status: 'PENDING', abilities: { ...NO_ABILITIES, canReject: true } }));
    const { user } = renderPage();
    await user.click(await screen.findByTestId('action-reject'));
    expect(await screen.findByTestId('reject-form-missing')).toHaveTextContent('nu are un formular de respingere');
  });

  it('offers to complete without an issued document after APPLICATION_NO_OUTPUT_DOCUMENT', async () => {
    serve(buildStaffApplication({ status: 'APPROVED', abilities: { ...NO_ABILITIES, canManualComplete: true } }));
    server.use(
      http.patch('/api/staff-applications/:id/manual-completion', ({ request }) =>
        new URL(request.url).searchParams.get('force') === 'true'
          ? envelope(buildStaffApplication({ status: 'RESOLVED' }))
          : apiError(409, 'APPLICATION_NO_OUTPUT_DOCUMENT'),
      ),
    );
    const { user } = renderPage();
    await user.click(await screen.findByTestId('action-manual-completion'));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Finalizați' }));
    const force = await screen.findByRole('dialog', { name: 'Finalizați fără document emis?' });
    await user.click(within(force).getByRole('button', { name: 'Finalizați fără document' }));
    expect(await screen.findByText('Cererea a fost finalizată.')).toBeInTheDocument();
    const calls = await sentRequests({ method: 'PATCH' });
    expect(calls.map((call) => call.query.get('force'))).toEqual([null, 'true']);
  });

  it('goes to the 404 page for an application outside the clerk’s scope', async () => {
    server.use(http.get('/api/staff-applications/:id', () => apiError(404, 'NOT_FOUND')));
    renderPage('/application/77');
    expect(await screen.findByText('pagina 404')).toBeInTheDocument();
  });
});

describe('the inline response-days edit', () => {
  it.each(['', 'abc', '-1', '10000', '2.5', '1e3'])('refuses %j with the spec’s message', (value) => {
    expect(checkResponseDays(value)).toEqual({ error: 'Introdu un numar' });
  });

  it.each([
    ['0', 0],
    ['30', 30],
    [' 9999 ', 9999],
  ])('accepts %j', (value, days) => {
    expect(checkResponseDays(value)).toEqual({ days });
  });

  it('goes view → edit → validated → saved', async () => {
    serve(
      buildStaffApplication({ abilities: { ...NO_ABILITIES, canEditResponseDays: true } }),
      buildStaffApplication({
        abilities: { ...NO_ABILITIES, canEditResponseDays: true },
        deadline: {
          registered_at: '2026-11-20T11:00:00.000Z',
          response_due_in_days: 45,
          response_due_date: '2027-01-29',
          remaining_response_days: 27,
          clock_paused_since: null,
          paused_working_days: 0,
        },
      }),
    );
    const { user } = renderPage();
    await user.click(await screen.findByTestId('response-days-edit'));
    const input = screen.getByTestId('response-days-input');
    await user.clear(input);
    await user.type(input, 'treizeci');
    await user.click(screen.getByTestId('response-days-save'));
    expect(await screen.findByText('Introdu un numar')).toBeInTheDocument();
    expect(await sentRequests({ method: 'PATCH' })).toEqual([]);
    await user.clear(input);
    await user.type(input, '45');
    await user.click(screen.getByTestId('response-days-save'));
    expect(await screen.findByTestId('response-days')).toHaveTextContent('45 de zile lucrătoare');
    expect(screen.getByTestId('deadline-due')).toHaveTextContent('29.01.2027');
    expect(await sentRequests({ method: 'PATCH' })).toEqual([
      expect.objectContaining({
        path: '/api/staff-applications/1/response-due-in-days',
        body: { application_type_remaining_period: 45 },
      }),
    ]);
  });
});
