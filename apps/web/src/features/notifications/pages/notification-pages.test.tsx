import type { NotificationType } from '@ghiseu/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiError, envelope, HttpResponse, http, listEnvelope, sentRequests, server } from '../../../test/msw';
import { buildTemplate, loadNotificationTexts, renderSignedIn } from '../test-support';
import { CircularMailPage, validateCircular } from './circular-mail-page';
import { NotificationPreferencesPage } from './notification-preferences-page';
import { NotificationTemplateEditPage } from './notification-template-edit-page';
import { NotificationTemplatesPage } from './notification-templates-page';

const UI_TEST_TIMEOUT = 20_000;

beforeAll(loadNotificationTexts);

const TYPES: NotificationType[] = [
  {
    type: 'application.submitted',
    group: 'application',
    label: 'Cerere depusă',
    recipients: 'Solicitantul și personalul care înregistrează cererile instituției',
    channels: ['email', 'sms', 'in_app'],
    configurable: true,
    placeholders: [],
  },
  {
    type: 'payment.succeeded',
    group: 'payment',
    label: 'Plată reușită',
    recipients: 'Plătitorul',
    channels: ['email', 'in_app'],
    configurable: true,
    placeholders: [],
  },
  {
    type: 'account.password_reset',
    group: 'account',
    label: 'Resetarea parolei',
    recipients: 'Titularul contului',
    channels: ['email'],
    configurable: false,
    placeholders: [],
  },
];

describe('/notifications', { timeout: UI_TEST_TIMEOUT }, () => {
  it('shows one row per configurable event and saves language, channels and frequency', async () => {
    server.use(
      http.get('/api/notifications/types', () => envelope(TYPES)),
      http.get('/api/notifications/preferences', () =>
        envelope({
          language: 'ro',
          items: [{ event_type: 'application.submitted', email: true, sms: false, in_app: true, frequency: 'immediately' }],
        }),
      ),
      http.put('/api/notifications/preferences', async ({ request }) => envelope((await request.json()) as never)),
    );
    const { user } = renderSignedIn(<NotificationPreferencesPage />);
    const table = await screen.findByTestId('notification-preferences');
    expect(within(table).queryByText('Resetarea parolei')).not.toBeInTheDocument();
    const payment = screen.getByTestId('preference-payment.succeeded');
    expect(within(payment).queryByRole('checkbox', { name: /^SMS/ })).not.toBeInTheDocument();
    expect(within(payment).getByText('Indisponibil')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Confirmați numărul în profil' })).toHaveAttribute('href', '/profile');

    await user.selectOptions(screen.getByRole('combobox', { name: /Limba mesajelor/ }), 'hu');
    await user.click(screen.getByRole('checkbox', { name: 'SMS – Cerere depusă' }));
    await user.click(screen.getByRole('checkbox', { name: 'E-mail – Plată reușită' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Frecvență – Plată reușită' }), 'weekly');
    await user.click(screen.getByRole('button', { name: 'Salvați preferințele' }));
    await waitFor(async () => expect(await sentRequests({ method: 'PUT' })).toHaveLength(1));
    const [put] = await sentRequests({ method: 'PUT', path: '/api/notifications/preferences' });
    expect(put.body).toEqual({
      language: 'hu',
      items: [
        { event_type: 'application.submitted', email: true, sms: true, in_app: true, frequency: 'immediately' },
        // Not stored yet: the catalogue's defaults, then the user's changes.
        { event_type: 'payment.succeeded', email: false, sms: false, in_app: true, frequency: 'weekly' },
      ],
    });
    expect(await screen.findByText('Preferințele de notificare au fost salvate.')).toBeInTheDocument();
  });

  it('shows a refused save in words', async () => {
    server.use(
      http.get('/api/notifications/types', () => envelope(TYPES)),
      http.get('/api/notifications/preferences', () => envelope({ language: 'ro', items: [] })),
      http.put('/api/notifications/preferences', () =>
        apiError(400, 'VALIDATION_ERROR', {
          fields: [{ path: 'body.items.0.sms', message: 'Notificarea „Plată reușită” nu se poate trimite prin canalul SMS.' }],
        }),
      ),
    );
    const { user } = renderSignedIn(<NotificationPreferencesPage />);
    await user.click(await screen.findByRole('button', { name: 'Salvați preferințele' }));
    expect(await screen.findByTestId('notification-preferences-error')).toHaveTextContent(
      'Notificarea „Plată reușită” nu se poate trimite prin canalul SMS.',
    );
  });
});

describe('/notifications-templates', { timeout: UI_TEST_TIMEOUT }, () => {
  it('lists 10 templates per page with the filters; the title opens the editor', async () => {
    server.use(
      http.get('/api/notifications/types', () => envelope(TYPES)),
      http.get('/api/notifications/templates', () => listEnvelope([buildTemplate()], 31)),
    );
    const { user } = renderSignedIn(<NotificationTemplatesPage />, { role: 'super_admin' });
    const link = await screen.findByRole('link', { name: 'Cerere înregistrată (e-mail)' });
    expect(link).toHaveAttribute('href', '/notifications-templates/5/edit');
    const [first] = await sentRequests({ path: '/api/notifications/templates' });
    expect(first.query.get('limit')).toBe('10');
    await user.click(screen.getByRole('combobox', { name: 'Canal' }));
    await user.click(await screen.findByRole('option', { name: 'SMS' }));
    await waitFor(async () => {
      const last = (await sentRequests({ path: '/api/notifications/templates' })).at(-1)!;
      expect(last.query.get('channel[eq]')).toBe('sms');
    });
  });

  it('shows the delivery log with status, attempts and last error', async () => {
    server.use(
      http.get('/api/notifications/deliveries', () =>
        listEnvelope([
          {
            id: 3,
            channel: 'sms',
            to: '+40712345678',
            subject: null,
            event_type: 'application.clarification_requested',
            status: 'failed',
            attempts: 5,
            last_error: 'SMS_PROVIDER_503',
            created_at: '2026-11-20T10:00:00.000Z',
            sent_at: null,
            failed_at: '2026-11-20T11:00:00.000Z',
            delivered_at: null,
          },
        ]),
      ),
    );
    renderSignedIn(<NotificationTemplatesPage />, { path: '/t?tab=deliveries', route: '/t', role: 'super_admin' });
    const row = await screen.findByRole('row', { name: /\+40712345678/ });
    expect(row.textContent).toContain('Eșuat');
    expect(row.textContent).toContain('5');
    expect(row.textContent).toContain('SMS_PROVIDER_503');
  });
});

describe('/notifications-templates/:id/edit', { timeout: UI_TEST_TIMEOUT }, () => {
  const renderEditor = (id = 5) =>
    renderSignedIn(<NotificationTemplateEditPage />, {
      path: `/notifications-templates/${id}/edit`,
      route: '/notifications-templates/:id/edit',
      role: 'super_admin',
    });

  it('goes to /404 when the template cannot be loaded', async () => {
    server.use(http.get('/api/notifications/templates/:id', () => apiError(404, 'NOT_FOUND')));
    renderEditor(77);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/404'));
  });

  it('counts an SMS as the provider does: diacritics switch it to UCS-2', async () => {
    server.use(
      http.get('/api/notifications/templates/:id', () =>
        envelope(buildTemplate({ channel: 'sms', subject: null, message: 'Cererea a fost inregistrata.', character_limit: 70 })),
      ),
    );
    const { user } = renderEditor();
    const counter = await screen.findByTestId('sms-counter');
    expect(counter).toHaveTextContent('28 / 70 caractere · 1 SMS · GSM-7');
    expect(screen.queryByLabelText('Subiect')).not.toBeInTheDocument();
    const message = screen.getByRole('textbox', { name: /Mesaj/ });
    await user.clear(message);
    await user.type(message, 'Cererea a fost înregistrată.');
    expect(counter).toHaveTextContent('28 / 70 caractere · 1 SMS · UCS-2');
    expect(counter).toHaveTextContent('Diacriticele');
    await user.type(message, ' Vă rugăm să verificați portalul și să răspundeți azi.');
    expect(counter).toHaveTextContent('82 / 70 caractere · 2 SMS · UCS-2');
    expect(screen.getByText('Mesajul depășește limita de 70 de caractere.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Salvați șablonul' }));
    expect(await sentRequests({ method: 'PATCH' })).toHaveLength(0);
  });

  it('refuses unknown placeholders before saving and inserts the accepted ones', async () => {
    server.use(
      http.get('/api/notifications/templates/:id', () => envelope(buildTemplate())),
      http.patch('/api/notifications/templates/:id', async ({ request }) =>
        envelope(buildTemplate({ ...((await request.json()) as object), updated_at: '2026-11-24T10:00:00.000Z' })),
      ),
    );
    const { user } = renderEditor();
    await user.click(await screen.findByRole('radio', { name: 'Sursă HTML' }));
    const message = await screen.findByRole('textbox', { name: /Mesaj/ });
    await user.clear(message);
    await user.type(message, 'Plata {{{{amount}} este gata. ');
    expect(await screen.findByText(/Câmpuri necunoscute în șablon: \{\{amount\}\}/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Salvați șablonul' }));
    expect(await sentRequests({ method: 'PATCH' })).toHaveLength(0);

    await user.clear(message);
    await user.type(message, 'Cererea ');
    await user.click(screen.getByRole('button', { name: 'Inserați câmpul application_number' }));
    expect(message).toHaveValue('Cererea {{application_number}}');
    await user.click(screen.getByRole('button', { name: 'Salvați șablonul' }));
    await waitFor(async () => expect(await sentRequests({ method: 'PATCH' })).toHaveLength(1));
    const [patch] = await sentRequests({ method: 'PATCH', path: '/api/notifications/templates/5' });
    expect(patch.body).toEqual({
      title: 'Cerere înregistrată (e-mail)',
      subject: 'Cererea {{application_number}} a fost înregistrată',
      message: 'Cererea {{application_number}}',
      character_limit: null,
    });
    expect(await screen.findByText('Șablonul a fost salvat.')).toBeInTheDocument();
  });

  it('edits an e-mail in the visual editor and inserts a placeholder at the cursor', async () => {
    server.use(
      http.get('/api/notifications/templates/:id', () => envelope(buildTemplate())),
      http.patch('/api/notifications/templates/:id', async ({ request }) =>
        envelope(buildTemplate({ ...((await request.json()) as object), updated_at: '2026-11-24T10:00:00.000Z' })),
      ),
    );
    const { user } = renderEditor();
    const editor = await screen.findByTestId('template-message-editor');
    expect(editor).toHaveAccessibleName('Mesaj');
    await waitFor(() => expect(editor).toHaveTextContent('Bună ziua, {{recipient_name}}!'));
    expect(screen.getByRole('toolbar', { name: 'Formatarea textului' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Inserați câmpul application_number' }));
    await waitFor(() => expect(editor).toHaveTextContent('{{application_number}}'));
    await user.click(screen.getByRole('button', { name: 'Salvați șablonul' }));
    await waitFor(async () => expect(await sentRequests({ method: 'PATCH' })).toHaveLength(1));
    const [patch] = await sentRequests({ method: 'PATCH', path: '/api/notifications/templates/5' });
    expect((patch.body as { message: string }).message).toMatch(/^<p>.*\{\{application_number\}\}.*<\/p>$/);
    expect((patch.body as { message: string }).message).toContain('{{recipient_name}}');
  });

  it('shows the server refusal (too long) in words', async () => {
    server.use(
      http.get('/api/notifications/templates/:id', () => envelope(buildTemplate())),
      http.patch('/api/notifications/templates/:id', () =>
        apiError(400, 'NOTIFICATION_TEMPLATE_TOO_LONG', { length: 200, limit: 160 }),
      ),
    );
    const { user } = renderEditor();
    await user.click(await screen.findByRole('button', { name: 'Salvați șablonul' }));
    const alert = await screen.findByTestId('template-save-error');
    expect(alert.textContent).toMatch(/200/);
    expect(alert.textContent).toMatch(/160/);
  });

  it('previews the unsaved text with sample data', async () => {
    server.use(
      http.get('/api/notifications/templates/:id', () => envelope(buildTemplate())),
      http.post('/api/notifications/templates/:id/preview', () =>
        envelope({
          subject: 'Cererea CU-1234/2026 a fost înregistrată',
          message: '<p>Bună ziua, Ioana Popescu!</p>',
          length: 26,
          sms: null,
          unknown_placeholders: [],
        }),
      ),
    );
    const { user } = renderEditor();
    await user.click(await screen.findByRole('button', { name: 'Previzualizare' }));
    const preview = await screen.findByTestId('template-preview');
    expect(within(preview).getByTestId('template-preview-subject')).toHaveTextContent('Cererea CU-1234/2026 a fost înregistrată');
    expect(within(preview).getByTestId('template-preview-message')).toHaveTextContent('Bună ziua, Ioana Popescu!');
    const [call] = await sentRequests({ method: 'POST', path: '/api/notifications/templates/5/preview' });
    expect(call.body).toEqual({
      subject: 'Cererea {{application_number}} a fost înregistrată',
      message: '<p>Bună ziua, {{recipient_name}}!</p>',
    });
  });
});

describe('/application-circular-mail/:id', { timeout: UI_TEST_TIMEOUT }, () => {
  it('checks recipients and extra e-mails before sending', () => {
    const base = { departmentIds: [], userIds: [], extraEmails: '', subject: 'Program', message: 'Text' };
    expect(validateCircular(base).recipients).toBe('Circulara trebuie să aibă cel puțin un destinatar.');
    expect(validateCircular({ ...base, extraEmails: 'ana@example.ro, gresit@, x@y' }).extraEmails).toBe(
      'Adresele de e-mail suplimentare nu sunt valide: gresit@, x@y.',
    );
    expect(validateCircular({ ...base, departmentIds: ['3'] })).toEqual({});
  });

  const renderCircular = () => {
    server.use(
      http.get('/api/staff-applications/:id', () =>
        envelope({ id: 12, identification_number: 'CJMS/12/2026', application_type_name: 'Certificat de urbanism' }),
      ),
      http.get('/api/notifications/circular/recipients', () =>
        envelope({ departments: [{ id: 3, name: 'Urbanism', user_count: 4 }], users: [{ id: 21, name: 'Mihai Ionescu' }] }),
      ),
      http.get('/api/notifications/circulars', () =>
        listEnvelope([
          {
            id: 7,
            application_id: 12,
            subject: 'Ședința comisiei',
            message: '<p>Vă invităm.</p>',
            department_ids: [3],
            user_ids: [],
            extra_emails_count: 0,
            file_ids: [],
            recipient_users: 4,
            recipient_emails: 4,
            created_by: { id: 2, name: 'Vasile Pop' },
            created_at: '2026-11-20T10:00:00.000Z',
          },
        ]),
      ),
    );
    return renderSignedIn(<CircularMailPage />, {
      path: '/application-circular-mail/12',
      route: '/application-circular-mail/:id',
      role: 'staff',
    });
  };

  it('says a recipient is needed and names the bad e-mails, without sending', async () => {
    const { user } = renderCircular();
    expect(await screen.findByText('Cererea CJMS/12/2026 · Certificat de urbanism')).toBeInTheDocument();
    // The circulars already sent about it.
    expect(await screen.findByText('Ședința comisiei')).toBeInTheDocument();
    expect(screen.getByText(/Vasile Pop · 4 utilizatori, 4 e-mailuri/)).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Subiect/ }), 'Program de lucru');
    await user.type(screen.getByRole('textbox', { name: /Mesaj/ }), 'Programul se schimbă.');
    await user.click(screen.getByRole('button', { name: 'Trimiteți circulara' }));
    expect(await screen.findByText('Circulara trebuie să aibă cel puțin un destinatar.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Adrese de e-mail suplimentare/ }), 'ana@example.ro, ana@');
    await user.click(screen.getByRole('button', { name: 'Trimiteți circulara' }));
    expect(await screen.findByText('Adresele de e-mail suplimentare nu sunt valide: ana@.')).toBeInTheDocument();
    expect(screen.queryByText('Circulara trebuie să aibă cel puțin un destinatar.')).not.toBeInTheDocument();
    expect(await sentRequests({ method: 'POST' })).toHaveLength(0);
  });

  it('sends to a department and extra addresses, then goes back to the application', async () => {
    server.use(
      http.post('/api/notifications/circular', () =>
        HttpResponse.json({ data: { id: 1, users: 4, emails: 5 } }, { status: 201 }),
      ),
    );
    const { user } = renderCircular();
    await screen.findByText('Cererea CJMS/12/2026 · Certificat de urbanism');
    await user.click(screen.getByRole('combobox', { name: /Departamente/ }));
    await user.click(await screen.findByRole('option', { name: 'Urbanism' }));
    await user.type(screen.getByRole('textbox', { name: /Adrese de e-mail suplimentare/ }), 'ana@example.ro , ion@example.ro');
    await user.type(screen.getByRole('textbox', { name: /Subiect/ }), 'Program de lucru');
    await user.type(screen.getByRole('textbox', { name: /Mesaj/ }), 'Programul se schimbă.');
    await user.click(screen.getByRole('button', { name: 'Trimiteți circulara' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/application/12'));
    const [post] = await sentRequests({ method: 'POST', path: '/api/notifications/circular' });
    expect(post.body).toEqual({
      application_id: 12,
      department_ids: [3],
      user_ids: [],
      extra_emails: 'ana@example.ro, ion@example.ro',
      subject: 'Program de lucru',
      message: 'Programul se schimbă.',
      file_ids: [],
    });
  });

  it('offers the extra addresses alone when the recipients cannot be loaded', async () => {
    server.use(
      http.get('/api/staff-applications/:id', () =>
        envelope({ id: 12, identification_number: 'CJMS/12/2026', application_type_name: 'Certificat de urbanism' }),
      ),
      http.get('/api/notifications/circular/recipients', () => apiError(500, 'INTERNAL_ERROR')),
      http.get('/api/notifications/circulars', () => listEnvelope([])),
      http.post('/api/notifications/circular', () =>
        HttpResponse.json({ data: { id: 2, users: 0, emails: 1 } }, { status: 201 }),
      ),
    );
    const { user } = renderSignedIn(<CircularMailPage />, {
      path: '/application-circular-mail/12',
      route: '/application-circular-mail/:id',
      role: 'staff',
    });
    expect(await screen.findByText(/Lista departamentelor nu a putut fi încărcată/)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /Departamente/ })).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: /Adrese de e-mail suplimentare/ }), 'ana@example.ro');
    await user.type(screen.getByRole('textbox', { name: /Subiect/ }), 'Program');
    await user.type(screen.getByRole('textbox', { name: /Mesaj/ }), 'Text');
    await user.click(screen.getByRole('button', { name: 'Trimiteți circulara' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/application/12'));
  });
});
