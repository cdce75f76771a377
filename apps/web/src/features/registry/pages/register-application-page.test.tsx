import type { RegistryRecord } from '@ghiseu/domain';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { buildCurrentUser } from '../../../lib/testing/fixtures';
import { AppTestProviders, fakeSession, loadAllTexts } from '../../../lib/testing/render-app';
import { apiError, envelope, HttpResponse, http, sentRequests, server } from '../../../test/msw';
import { RegisterApplicationPage } from './register-application-page';

const UI_TEST_TIMEOUT = 30_000;

beforeAll(async () => {
  if (!('fonts' in document)) {
    const fonts = { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() };
    Object.defineProperty(document, 'fonts', { value: fonts, configurable: true });
  }
  await loadAllTexts();
  await i18n.loadNamespaces(['registry', 'form-renderer']);
});

const TYPE = {
  id: 5,
  name: 'Adrese și petiții',
  description: null,
  domain: 'urbanism',
  category: 'inbound',
  organisation_id: 2,
  organisation_name: 'Primăria Târgu Mureș',
  remaining_period: 30,
  list_order: 1,
  is_auto: false,
  uat_ids: [],
  citizen_form_id: 11,
};

const record = (overrides: Partial<RegistryRecord> = {}): RegistryRecord => ({
  id: 77,
  kind: 'document',
  identification_number: 'REG/12/2026',
  status: 'REGISTERED',
  status_label: 'Înregistrată',
  application_type_id: 5,
  application_type_name: 'Adrese și petiții',
  organisation_id: 2,
  application_date: '2026-11-24T09:00:00Z',
  purpose: 'Adresă privind avizul',
  form: {},
  sign_details: { isOnline: false, package: null },
  applicant: { id: 7, name: 'Dan Mureșan', is_placeholder: true },
  beneficiary: { name: 'Construct SRL', email: 'office@construct.ro' },
  external_number: '1234',
  external_date: '2026-11-18',
  subject: 'Adresă privind avizul',
  connected: [],
  document_file: { id: 41, name: 'scan.pdf', size: 1200, mime_type: 'application/pdf' },
  slip: { version: 1, generated_at: '2026-11-24T09:00:00Z', url: '/api/staff-applications/77/registry-slip' },
  sent_at: null,
  sent_to: null,
  invited_emails: [],
  registered_by: { id: 7, name: 'Dan Mureșan' },
  abilities: { canEditRegistry: true, canEditForm: false, canSend: true, canInvite: true },
  ...overrides,
});

beforeEach(() => {
  localStorage.clear();
  server.use(
    http.get('/api/application-types/organisation', () => envelope([TYPE])),
    http.get('/api/jurisdiction-territorial-administrative-units', () => HttpResponse.json({ data: [] })),
    http.get('/api/staff-applications/registry/assignees', () =>
      envelope([{ id: 9, name: 'Maria Colegu', email: 'maria@primarie.ro' }]),
    ),
  );
});

function setup() {
  const router = createMemoryRouter([{ path: '/register-application', element: <RegisterApplicationPage /> }], {
    initialEntries: ['/register-application'],
  });
  const user = userEvent.setup();
  const session = fakeSession({ user: buildCurrentUser({ user_type_name: 'admin', organisation_id: 2 }) });
  render(
    <AppTestProviders session={session}>
      <RouterProvider router={router} />
    </AppTestProviders>,
  );
  return { user };
}

async function fillDocument(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('radio', { name: 'Document intrat' }));
  await user.click(screen.getByRole('combobox', { name: /Registrul/ }));
  await user.click(await screen.findByRole('option', { name: 'Adrese și petiții' }));
  await user.click(screen.getByRole('radio', { name: 'Persoană juridică' }));
  await user.type(screen.getByRole('textbox', { name: /^Denumire/ }), 'Construct SRL');
  await user.type(screen.getByRole('textbox', { name: /CUI \/ CIF/ }), '18547290');
  await user.type(screen.getByRole('textbox', { name: /^E-mail/ }), 'office@construct.ro');
}

describe('/register-application', { timeout: UI_TEST_TIMEOUT }, () => {
  it('registers an incoming document with its scan and shows the number, then sends it on and invites', async () => {
    server.use(
      http.post('/api/files/upload-tokens', () => envelope({ token: 'up-1' })),
      http.post('/api/files', () => HttpResponse.json({ data: { id: 41 } }, { status: 201 })),
      http.post('/api/staff-applications/generate-registry-doc', () => envelope(record())),
      http.put('/api/staff-applications/:id/registry-send', () =>
        envelope(record({ status: 'PENDING', status_label: 'În verificare', sent_to: { id: 9, name: 'Maria Colegu' } })),
      ),
      http.post('/api/notifications/invite-beneficiary', () =>
        HttpResponse.json(
          { data: { email: 'office@construct.ro', application_id: 77, invited_at: '2026-11-24T09:01:00Z' } },
          { status: 201 },
        ),
      ),
    );
    const { user } = setup();
    await fillDocument(user);
    // The scan and the subject are required.
    await user.click(screen.getByRole('button', { name: 'Înregistrați' }));
    expect(await screen.findByText('Corectați câmpurile marcate.')).toBeInTheDocument();
    expect(await sentRequests({ method: 'POST', path: '/api/staff-applications/generate-registry-doc' })).toEqual([]);

    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    await user.upload(input as HTMLInputElement, new File(['%PDF-1.4'], 'scan.pdf', { type: 'application/pdf' }));
    expect(await screen.findByRole('button', { name: /Ștergeți fișierul scan\.pdf/ })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /^Obiect/ }), 'Adresă privind avizul');
    await user.type(screen.getByRole('textbox', { name: 'Număr extern' }), '1234');
    await user.click(screen.getByRole('button', { name: 'Înregistrați' }));

    const result = await screen.findByTestId('registration-result');
    expect(within(result).getByTestId('registry-number')).toHaveTextContent('REG/12/2026');
    expect(within(result).getByText(/solicitantul înregistrat sunteți dumneavoastră/)).toBeInTheDocument();
    const [sent] = await sentRequests({ method: 'POST', path: '/api/staff-applications/generate-registry-doc' });
    expect(sent.query.get('echo')).toBe('true');
    expect(sent.body).toMatchObject({
      application_type_id: 5,
      document_file_id: 41,
      beneficiary: { person_type: 'legal', company_name: 'Construct SRL', unique_registration_code: '18547290' },
      registry: { subject: 'Adresă privind avizul', external_number: '1234', connected_application_ids: [] },
    });
    const [token] = await sentRequests({ method: 'POST', path: '/api/files/upload-tokens' });
    expect(token.body).toEqual({ purpose: 'register' });

    await user.click(within(result).getByRole('button', { name: 'Trimiteți invitația' }));
    expect(await screen.findByText('Invitația a fost trimisă la office@construct.ro.')).toBeInTheDocument();

    await user.click(within(result).getByRole('combobox', { name: 'Funcționarul responsabil' }));
    await user.click(await screen.findByRole('option', { name: /Maria Colegu/ }));
    await user.click(within(result).getByRole('button', { name: 'Trimiteți' }));
    expect(await screen.findByTestId('registry-sent')).toHaveTextContent('Trimis la Maria Colegu.');
    const [put] = await sentRequests({ method: 'PUT' });
    expect(put).toMatchObject({ path: '/api/staff-applications/77/registry-send', body: { assignee_user_id: 9 } });

    await user.click(screen.getByRole('button', { name: 'Înregistrați alt document' }));
    expect(await screen.findByRole('button', { name: 'Înregistrați' })).toBeInTheDocument();
  });

  it('puts the server’s field errors under their inputs and stays on the form', async () => {
    server.use(
      http.post('/api/files/upload-tokens', () => envelope({ token: 'up-1' })),
      http.post('/api/files', () => HttpResponse.json({ data: { id: 41 } }, { status: 201 })),
      http.post('/api/staff-applications/generate-registry-doc', () =>
        apiError(400, 'VALIDATION_ERROR', {
          fields: [{ path: 'body.beneficiary.unique_registration_code', message: 'CUI-ul nu este valid' }],
        }),
      ),
    );
    const { user } = setup();
    await fillDocument(user);
    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    await user.upload(input as HTMLInputElement, new File(['%PDF-1.4'], 'scan.pdf', { type: 'application/pdf' }));
    await screen.findByRole('button', { name: /Ștergeți fișierul scan\.pdf/ });
    await user.type(screen.getByRole('textbox', { name: /^Obiect/ }), 'Adresă');
    await user.click(screen.getByRole('button', { name: 'Înregistrați' }));
    expect(await screen.findByText('CUI-ul nu este valid')).toBeInTheDocument();
    expect(screen.queryByTestId('registration-result')).not.toBeInTheDocument();
  });
});
