import type { Application } from '@ghiseu/domain';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { gatewayNavigation } from '../../payments';
import { buildCurrentUser } from '../../../lib/testing/fixtures';
import { AppTestProviders, fakeSession } from '../../../lib/testing/render-app';
import { envelope, http, sentRequests, server } from '../../../test/msw';
import { loadApplicationTexts } from '../test-support';
import { ApplicationDetailsPage } from './application-details-page';

/** A submitted application as `GET /applications/{id}` answers its applicant. */
function buildApplication(overrides: Partial<Application> = {}): Application {
  return {
    id: 5,
    application_type_id: 3,
    application_type_name: 'Certificat de urbanism',
    organisation_id: 2,
    tenant_name: 'Primăria Târgu Mureș',
    identification_number: 'TGM/5/2026',
    status: 'PENDING',
    status_label: 'În lucru',
    purpose: null,
    created_at: '2026-11-02T09:00:00.000Z',
    updated_at: '2026-11-20T10:00:00.000Z',
    application_date: '2026-11-02T09:10:00.000Z',
    response_due_in_days: 30,
    cadastral_numbers: [],
    abilities: { canEdit: false, canDelete: false, canSubmit: false, canComment: true, canAnswerClarification: false },
    type: { id: 3, name: 'Certificat de urbanism', domain: 'urbanism', category: 'inbound' },
    application_type_is_inbound_category: true,
    application_type_is_outbound_category: false,
    application_type_is_internal_category: false,
    uat_id: null,
    uat_name: null,
    uat_type: null,
    real_estate_type: null,
    land_area: null,
    applicant_user_id: 11,
    applicant_name: 'Ion Popescu',
    created_by: 11,
    assignee_user_id: 21,
    parent_application_id: null,
    last_review_at: null,
    issued_date: null,
    resolved_at: null,
    response_due_date: '2026-12-16',
    remaining_response_days: 12,
    clock_paused_since: null,
    paused_working_days: 0,
    rejected_reason: null,
    is_paid: false,
    is_internal: false,
    total_tax: null,
    tax_summary: null,
    quick_search_values: '',
    form_version_id: null,
    form_definition: null,
    form: { real_estate_target: [], beneficiary_users: [], sign_details: { isOnline: true, package: null } },
    sign_details: { isOnline: true, package: null },
    beneficiaries: [],
    real_estates: [],
    files: [],
    attachments: [],
    identification_files: [],
    gis_files: [],
    comments: [],
    ...overrides,
  } as Application;
}

/** Serves the record; the clarification answer switches it to `answered`. */
function serve(record: Application, answered: Application = record) {
  let current = record;
  server.use(
    http.get('/api/applications/:id', () => envelope(current)),
    http.get('/api/applications/:id/history', () => envelope([])),
    http.post('/api/applications/:id/send-review', () => {
      current = answered;
      return envelope(answered);
    }),
  );
}

function renderPage(path = '/application/5') {
  const session = fakeSession({
    user: buildCurrentUser({ user_type_name: 'citizen', permissions: { applicationsRead: true } as never }),
  });
  const user = userEvent.setup();
  render(
    <AppTestProviders session={session}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/application/:id/:tab?" element={<ApplicationDetailsPage />} />
        </Routes>
      </MemoryRouter>
    </AppTestProviders>,
  );
  return user;
}

beforeAll(loadApplicationTexts);

const inClarifications = buildApplication({
  status: 'REVIEW',
  status_label: 'În clarificări',
  clock_paused_since: '2026-11-25',
  abilities: { canEdit: false, canDelete: false, canSubmit: false, canComment: true, canAnswerClarification: true },
  comments: [
    {
      id: 1,
      text: 'Completați planul de situație.',
      author_user_id: 21,
      author_name: 'Maria Pop',
      is_mine: false,
      is_clarification: false,
      created_at: '2026-11-25T10:00:00.000Z',
    },
  ],
});

describe('the applicant’s view of the legal clock', () => {
  it('says the term is stopped, and since when, while clarifications are awaited', async () => {
    serve(inClarifications);
    renderPage();
    expect(await screen.findByTestId('details-due')).toHaveTextContent('16.12.2026');
    expect(screen.getByTestId('details-clock-paused')).toHaveTextContent(
      'Termenul este oprit din 25.11.2026, până când răspundeți la solicitarea de clarificări.',
    );
    expect(screen.queryByTestId('details-clock-moved')).not.toBeInTheDocument();
  });

  it('shows the moved due date once the clarification is answered', async () => {
    serve(
      inClarifications,
      buildApplication({ response_due_date: '2026-12-19', paused_working_days: 3, remaining_response_days: 15 }),
    );
    const user = renderPage('/application/5/comments');
    const answer = await screen.findByRole('textbox', { name: /Răspunsul dumneavoastră/ });
    await user.type(answer, 'Am atașat planul.');
    await user.click(screen.getByRole('button', { name: 'Trimiteți răspunsul' }));
    expect(await screen.findByText('Răspunsul a fost trimis.')).toBeInTheDocument();
    expect(await sentRequests({ method: 'POST' })).toEqual([
      expect.objectContaining({ path: '/api/applications/5/send-review', body: { citizen_review: 'Am atașat planul.' } }),
    ]);

    await user.click(screen.getByRole('tab', { name: 'Detalii' }));
    const details = await screen.findByTestId('application-details');
    expect(within(details).getByTestId('details-due')).toHaveTextContent('19.12.2026');
    expect(within(details).getByTestId('details-clock-moved')).toHaveTextContent(
      'Termenul a fost prelungit cu 3 zile lucrătoare, cât a stat oprit pentru clarificări.',
    );
    expect(within(details).queryByTestId('details-clock-paused')).not.toBeInTheDocument();
  });

  it('says nothing about a pause when the clock never stopped', async () => {
    serve(buildApplication());
    renderPage();
    expect(await screen.findByTestId('details-due')).toHaveTextContent('16.12.2026');
    expect(screen.queryByTestId('details-clock-paused')).not.toBeInTheDocument();
    expect(screen.queryByTestId('details-clock-moved')).not.toBeInTheDocument();
  });
});

describe('the payments tab', () => {
  const payment = (overrides: Record<string, unknown>) => ({
    application_id: 5,
    application_number: 'TGM/5/2026',
    application_type_id: 3,
    application_type_name: 'Certificat de urbanism',
    organisation_id: 2,
    created_at: '2026-11-20T10:00:00.000Z',
    settled_at: null,
    amount: '636.00',
    currency: 'RON',
    description: 'Taxe cerere TGM/5/2026',
    type: 'CARD',
    type_label: 'Card online',
    status: 'FAILED',
    status_label: 'Eșuată',
    client_name: 'Ion Popescu',
    email: 'ion@example.ro',
    personal_code: '1********1234',
    provider_transaction_id: 'SBX-1',
    document_number: null,
    failure_reason: 'Card refuzat',
    has_proof: false,
    has_receipt: false,
    ...overrides,
  });

  it('lists the attempts with the totals and starts a card payment at the gateway', async () => {
    const redirect = vi.spyOn(gatewayNavigation, 'assign').mockImplementation(() => {});
    serve(buildApplication());
    server.use(
      http.get('/api/applications/5/payments', () =>
        envelope({
          application_id: 5,
          currency: 'RON',
          total: '1272.00',
          paid: '636.00',
          due: '636.00',
          is_paid: false,
          tax_summary: null,
          payment_type: null,
          transaction_number: null,
          abilities: {
            canPayCard: true,
            canContinueCard: false,
            canPayOrder: true,
            canRegisterPayment: false,
            canCreateLink: false,
          },
          payments: [
            payment({ id: 71 }),
            payment({
              id: 72,
              status: 'SUCCESSFUL',
              status_label: 'Reușită',
              failure_reason: null,
              has_receipt: true,
              settled_at: '2026-11-21T10:00:00.000Z',
            }),
          ],
        }),
      ),
      http.post('/api/applications/5/pay', () =>
        envelope({
          payment: payment({ id: 73, status: 'CREATED' }),
          redirect_url: 'http://localhost/api/sandbox-gateway/pay/73',
        }),
      ),
    );
    const user = renderPage('/application/5/payments');
    expect(await screen.findByTestId('payments-total')).toHaveTextContent('1.272,00 lei');
    expect(screen.getByTestId('payments-paid')).toHaveTextContent('636,00 lei');
    expect(screen.getByTestId('payments-due')).toHaveTextContent('636,00 lei');
    const table = screen.getByRole('table', { name: 'Plățile cererii' });
    expect(within(table).getByText('Eșuată')).toBeInTheDocument();
    expect(within(table).getByText('Reușită')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Descărcați chitanța plății din 20.11.2026/ })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Plătiți acum cu cardul' }));
    await vi.waitFor(() => expect(redirect).toHaveBeenCalledWith('http://localhost/api/sandbox-gateway/pay/73'));
    expect(await sentRequests({ method: 'POST' })).toEqual([expect.objectContaining({ path: '/api/applications/5/pay' })]);
    redirect.mockRestore();
  });

  it('says there is nothing to pay for an application without taxes', async () => {
    serve(buildApplication());
    server.use(
      http.get('/api/applications/5/payments', () =>
        envelope({
          application_id: 5,
          currency: 'RON',
          total: '0.00',
          paid: '0.00',
          due: '0.00',
          is_paid: true,
          tax_summary: null,
          payment_type: null,
          transaction_number: null,
          abilities: {
            canPayCard: false,
            canContinueCard: false,
            canPayOrder: false,
            canRegisterPayment: false,
            canCreateLink: false,
          },
          payments: [],
        }),
      ),
    );
    renderPage('/application/5/payments');
    expect(await screen.findByTestId('nothing-to-pay')).toHaveTextContent('Această cerere nu are taxe de plătit.');
    expect(screen.getByText('Nu există încă nicio plată pentru această cerere.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Plătiți/ })).not.toBeInTheDocument();
  });
});
