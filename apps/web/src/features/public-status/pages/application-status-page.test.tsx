import type { PublicApplicationStatus } from '@ghiseu/domain';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { i18n } from '../../../lib/i18n';
import { AppTestProviders, fakeSession, loadAllTexts } from '../../../lib/testing/render-app';
import { apiError, envelope, HttpResponse, http, sentRequests, server } from '../../../test/msw';
import { ApplicationStatusPage } from './application-status-page';

/**
 * The public status page's flow (spec §2 /qr/:id, §8 'Public SMS check'): phone, code, status;
 * every error with its own Romanian message; loading, empty and error states; focus moving to
 * each step's heading. The real hooks run; the API answers at the HTTP boundary (MSW).
 */

type Answer = () => Response | Promise<Response>;
/**
 * The public endpoints (`/api/qr/:id/request-code`, `verify-code`, `status`): each answers the
 * next queued answer of its kind, else its default (a code sent, access granted, the status).
 */
const answers = { request: [] as Answer[], verify: [] as Answer[], status: [] as Answer[] };
const defaults: Record<keyof typeof answers, Answer> = {
  request: () => envelope({}),
  verify: () => envelope({}),
  status: () => envelope({}),
};
const next = (kind: keyof typeof answers) => (answers[kind].shift() ?? defaults[kind])();
const calls = async (kind: 'request-code' | 'verify-code' | 'status') =>
  sentRequests({ path: new RegExp(`^/api/qr/\\d+/${kind}$`) });

beforeAll(async () => {
  await loadAllTexts();
  await i18n.loadNamespaces('public-status');
});
beforeEach(() => {
  for (const queue of Object.values(answers)) queue.length = 0;
  defaults.request = () => envelope({ expires_in: 600, resend_after: 30 });
  defaults.verify = () => envelope({ token: 'acces-1', expires_in: 1800 });
  defaults.status = () => envelope(statusFixture());
  server.use(
    http.post('/api/qr/:id/request-code', () => next('request')),
    http.post('/api/qr/:id/verify-code', () => next('verify')),
    http.get('/api/qr/:id/status', () => next('status')),
  );
});

function statusFixture(overrides: Partial<PublicApplicationStatus> = {}): PublicApplicationStatus {
  return {
    id: 42,
    identification_number: 'CJMS/12/2026',
    status: 'PENDING',
    status_label: 'În verificare',
    application_type_name: 'Certificat de urbanism',
    organisation_name: 'Consiliul Județean Mureș',
    application_date: '2026-03-05T08:30:00.000Z',
    response_due_date: '2026-04-04',
    documents: [
      {
        file_id: 7,
        name: 'Certificat de urbanism semnat.pdf',
        mime_type: 'application/pdf',
        size: 245_760,
        created_at: '2026-03-20T10:00:00.000Z',
        url: '/api/files/7?token=abc',
      },
    ],
    download_expires_in: 300,
    ...overrides,
  };
}

function renderStatusPage(path = '/qr/42') {
  const router = createMemoryRouter([{ path: '/qr/:id', element: <ApplicationStatusPage /> }], { initialEntries: [path] });
  const user = userEvent.setup();
  render(
    <AppTestProviders session={fakeSession()}>
      <RouterProvider router={router} />
    </AppTestProviders>,
  );
  return { user };
}

const phoneInput = () => screen.getByRole('textbox', { name: /^Număr de telefon/ });
const codeInput = () => screen.getByRole('textbox', { name: /^Codul primit prin SMS/ });

async function toCodeStep(phone = '0740123456') {
  const rendered = renderStatusPage();
  await rendered.user.type(phoneInput(), phone);
  await rendered.user.click(screen.getByRole('button', { name: 'Trimiteți codul' }));
  expect(await screen.findByRole('heading', { level: 2, name: 'Codul primit prin SMS' })).toBeInTheDocument();
  return rendered;
}

async function submitCode(user: ReturnType<typeof userEvent.setup>, code: string) {
  await user.clear(codeInput());
  await user.type(codeInput(), code);
  await user.click(screen.getByRole('button', { name: 'Verificați codul' }));
}

describe('/qr/:id', () => {
  it('asks for a valid Romanian phone before sending anything', async () => {
    const { user } = renderStatusPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Starea cererii' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Numărul de telefon' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Trimiteți codul' }));
    expect(await screen.findByText('Acest câmp este obligatoriu')).toBeInTheDocument();
    await user.type(phoneInput(), '0123');
    await user.click(screen.getByRole('button', { name: 'Trimiteți codul' }));
    expect(await screen.findByText('Numărul de telefon nu este valid')).toBeInTheDocument();
    expect(phoneInput()).toHaveAttribute('aria-invalid', 'true');
    expect(phoneInput()).toHaveFocus();
    expect(await calls('request-code')).toEqual([]);
  });

  it('goes from the phone to the code to the status, focusing each step, and shows the documents', async () => {
    const { user } = await toCodeStep();
    expect((await calls('request-code')).map((r) => [r.path, r.body])).toEqual([
      ['/api/qr/42/request-code', { phone: '0740123456' }],
    ]);
    expect(screen.getByRole('heading', { level: 2, name: 'Codul primit prin SMS' })).toHaveFocus();
    expect(screen.getByText('0740123456')).toBeInTheDocument();

    answers.verify.push(() => apiError(400, 'PUBLIC_CODE_INVALID', { remaining_attempts: 4 }));
    await submitCode(user, '111111');
    const wrong = await screen.findByText('Codul introdus nu este corect. Mai aveți 4 încercări.');
    expect(wrong).toHaveAttribute('role', 'alert');
    expect(codeInput()).toHaveAttribute('aria-invalid', 'true');

    await submitCode(user, '123456');
    await waitFor(async () =>
      expect((await calls('verify-code')).map((r) => [r.path, r.body])).toEqual([
        ['/api/qr/42/verify-code', { phone: '0740123456', code: '111111' }],
        ['/api/qr/42/verify-code', { phone: '0740123456', code: '123456' }],
      ]),
    );
    const heading = await screen.findByRole('heading', { level: 2, name: 'Stadiul cererii' });
    await waitFor(() => expect(heading).toHaveFocus());
    // The status is asked with the access token of the right code, in its header.
    const [status] = await calls('status');
    expect(status.path).toBe('/api/qr/42/status');
    expect(status.headers.get('x-public-status-token')).toBe('acces-1');
    expect(screen.getByTestId('public-status-number')).toHaveTextContent('CJMS/12/2026');
    expect(screen.getByTestId('public-status-state')).toHaveTextContent('În verificare');
    expect(screen.getByTestId('public-status-type')).toHaveTextContent('Certificat de urbanism');
    expect(screen.getByTestId('public-status-organisation')).toHaveTextContent('Consiliul Județean Mureș');
    expect(screen.getByTestId('public-status-date')).toHaveTextContent('05.03.2026');
    expect(screen.getByTestId('public-status-due')).toHaveTextContent('04.04.2026');
    const link = screen.getByRole('link', { name: 'Descărcați Certificat de urbanism semnat.pdf' });
    expect(link.getAttribute('href')).toMatch(/\/api\/files\/7\?token=abc&download=true$/);
    expect(screen.getByText(/240 KB/)).toBeInTheDocument();
  });

  it('says when nothing is public', async () => {
    defaults.status = () => envelope(statusFixture({ documents: [] }));
    const { user } = await toCodeStep();
    await submitCode(user, '123456');
    expect(await screen.findByText('Nu există documente publice')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Descărcați/ })).not.toBeInTheDocument();
  });

  it('shows a loader while the status loads, and an error with a retry when it fails', async () => {
    let fail!: () => void;
    const failed = new Promise<void>((resolve) => (fail = resolve));
    answers.status.push(async () => {
      await failed;
      return apiError(500, 'INTERNAL_ERROR');
    });
    const { user } = await toCodeStep();
    await submitCode(user, '123456');
    expect(await screen.findByRole('status', { name: 'Se încarcă stadiul cererii…' })).toBeInTheDocument();
    fail();
    expect(await screen.findByText('Stadiul cererii nu a putut fi încărcat')).toBeInTheDocument();
    expect(screen.getByText('A apărut o eroare tehnică. Vă rugăm să reîncercați mai târziu.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reîncercați' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Stadiul cererii' })).toBeInTheDocument();
  });

  it('goes back to the phone when the access has expired', async () => {
    answers.status.push(() => apiError(403, 'DOWNLOAD_TOKEN_INVALID'));
    const { user } = await toCodeStep();
    await submitCode(user, '123456');
    expect(
      await screen.findByText('Accesul la stadiul cererii a expirat. Confirmați din nou numărul de telefon.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Numărul de telefon' })).toHaveFocus();
  });

  it('says the phone is blocked, with the minutes left', async () => {
    answers.request.push(() => apiError(429, 'PUBLIC_PHONE_BLOCKED', { minutes: 4 }));
    const { user } = renderStatusPage();
    await user.type(phoneInput(), '0740123456');
    await user.click(screen.getByRole('button', { name: 'Trimiteți codul' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Numărul de telefon a fost blocat după 5 coduri greșite. Încercați din nou peste 4 minute.');
  });

  it('says the phone is blocked after the fifth wrong code', async () => {
    const { user } = await toCodeStep();
    answers.verify.push(() => apiError(429, 'PUBLIC_PHONE_BLOCKED', { minutes: 5 }));
    await submitCode(user, '111111');
    expect(await screen.findByRole('alert')).toHaveTextContent('Încercați din nou peste 5 minute.');
    answers.verify.push(() => apiError(429, 'PUBLIC_PHONE_BLOCKED', { minutes: 1 }));
    await submitCode(user, '111111');
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Încercați din nou peste un minut.'));
  });

  it('says the phone does not belong to the applicant or a beneficiary', async () => {
    answers.request.push(() => apiError(400, 'PUBLIC_PHONE_NOT_ALLOWED'));
    const { user } = renderStatusPage();
    await user.type(phoneInput(), '0722000000');
    await user.click(screen.getByRole('button', { name: 'Trimiteți codul' }));
    expect(
      await screen.findByText('Numărul de telefon nu aparține solicitantului sau unui beneficiar al acestei cereri.'),
    ).toBeInTheDocument();
    expect(phoneInput()).toHaveAttribute('aria-invalid', 'true');
    expect(phoneInput()).toHaveFocus();
  });

  it('says the application was not found', async () => {
    answers.request.push(() => apiError(404, 'NOT_FOUND'));
    const { user } = renderStatusPage();
    await user.type(phoneInput(), '0740123456');
    await user.click(screen.getByRole('button', { name: 'Trimiteți codul' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Cererea nu a fost găsită. Verificați adresa paginii sau codul QR scanat.',
    );
  });

  it('says an expired code expired', async () => {
    const { user } = await toCodeStep();
    answers.verify.push(() => apiError(400, 'PUBLIC_CODE_EXPIRED'));
    await submitCode(user, '123456');
    expect(await screen.findByText('Codul a expirat. Cereți un cod nou cu „Retrimiteți codul”.')).toBeInTheDocument();
    expect(codeInput()).toHaveFocus();
  });

  it('reports a technical error, with or without an answer from the server', async () => {
    answers.request.push(() => apiError(500, 'INTERNAL_ERROR'));
    const { user } = renderStatusPage();
    await user.type(phoneInput(), '0740123456');
    await user.click(screen.getByRole('button', { name: 'Trimiteți codul' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('A apărut o eroare tehnică. Vă rugăm să reîncercați mai târziu.');
    answers.request.push(() => HttpResponse.error());
    await user.click(screen.getByRole('button', { name: 'Trimiteți codul' }));
    await waitFor(async () => expect(await calls('request-code')).toHaveLength(2));
    expect(screen.getByRole('alert')).toHaveTextContent('A apărut o eroare tehnică.');
  });

  it('checks the code’s format, waits before a new code, and lets the phone be changed', async () => {
    const { user } = await toCodeStep();
    await submitCode(user, '123');
    expect(await screen.findByText('Codul trebuie să conțină 6 cifre')).toBeInTheDocument();
    expect(await calls('verify-code')).toEqual([]);

    const resend = screen.getByRole('button', { name: /^Retrimiteți codul \(\d+ s\)$/ });
    expect(resend).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Schimbați numărul de telefon' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Numărul de telefon' })).toHaveFocus();
    expect(phoneInput()).toHaveValue('0740123456');
  });

  it('sends a new code once the wait is over', async () => {
    defaults.request = () => envelope({ expires_in: 600, resend_after: 0 });
    const { user } = await toCodeStep();
    await user.click(screen.getByRole('button', { name: 'Retrimiteți codul' }));
    expect(await screen.findByText('Am trimis un cod nou. Folosiți ultimul cod primit.')).toBeInTheDocument();
    expect(await calls('request-code')).toHaveLength(2);
    answers.request.push(() => apiError(429, 'RATE_LIMITED', { retry_after_seconds: 12 }));
    await user.click(screen.getByRole('button', { name: 'Retrimiteți codul' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Puteți cere un cod nou peste 12 secunde.');
  });

  it('refuses an address without a valid id', async () => {
    renderStatusPage('/qr/abc');
    expect(screen.getByRole('alert')).toHaveTextContent('Adresa paginii nu este corectă.');
    expect(screen.queryByLabelText(/^Număr de telefon/)).not.toBeInTheDocument();
  });
});
