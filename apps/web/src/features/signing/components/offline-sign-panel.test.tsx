import { notifications } from '@mantine/notifications';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, HttpResponse, http, sentRequests, server } from '../../../test/msw';
import { buildDocument, buildStart, loadSigningTexts, REQUEST_ID, renderSigning } from '../test-support';
import { ApplicantDocumentCard } from './applicant-document-card';

const INIT = {
  request_id: REQUEST_ID,
  document_id: 40,
  file_id: 90,
  download_token: 'dl',
  download_url: '/api/files/90?token=dl',
  upload_token: 'up-token',
  expires_at: new Date(Date.now() + 30 * 60_000).toISOString(),
};

const SIGNATURE = {
  signer_name: 'Ion Popescu',
  certificate_serial: '01AB',
  chain: 'external' as const,
  signing_time: '2026-11-24T12:00:00.000Z',
  timestamp: 'none' as const,
  covers_whole_document: true,
  digest_ok: true,
  signature_ok: true,
  certificate_valid_at_signing: true,
};

/** The applicant's application awaiting their signature, with its document. */
function serveAwaiting() {
  server.use(
    http.get('/api/applications/5/check-generation-status', () =>
      envelope({
        state: 'applicant_signing',
        progress: 100,
        error_code: null,
        document: buildDocument({
          application_id: 5,
          state: 'applicant_signing',
          state_label: 'Așteaptă semnătura solicitantului',
        }),
      }),
    ),
    http.post('/api/applications/5/initialize-offline-sign', () => envelope(INIT)),
    http.post('/api/files', () => HttpResponse.json({ data: { id: 77 } }, { status: 201 })),
  );
}

const renderCard = () =>
  renderSigning(<ApplicantDocumentCard application={{ id: 5, status: 'SIGN_APPLICANT_USER_PENDING' }} />, { role: 'citizen' });

/** Downloads, uploads a signed PDF and asks for the check. */
async function uploadSigned(user: ReturnType<typeof renderCard>['user']) {
  await user.click(await screen.findByTestId('applicant-offline'));
  await user.click(screen.getByTestId('offline-download'));
  const input = await vi.waitFor(() => {
    const found = document.querySelector<HTMLInputElement>('input[type="file"]');
    if (!found) throw new Error('no file input yet');
    return found;
  });
  await user.upload(input, new File(['%PDF-1.7 signed'], 'semnat.pdf', { type: 'application/pdf' }));
  await user.click(await screen.findByTestId('offline-check'));
}

const open = vi.fn();
beforeAll(() => loadSigningTexts());
beforeEach(() => {
  notifications.clean();
  vi.stubGlobal('open', open);
});
afterEach(() => {
  vi.unstubAllGlobals();
  open.mockReset();
});

describe("the applicant's document awaiting their signature", () => {
  it('offers online and offline signing; online opens the signing dialog for the output document', async () => {
    serveAwaiting();
    server.use(http.put('/api/applications/5/sign-output-document', () => envelope(buildStart())));
    const { user } = renderCard();
    expect(await screen.findByTestId('applicant-awaits-signature')).toBeInTheDocument();
    expect(screen.getByTestId('applicant-output-number')).toHaveTextContent('CJMS-CU/15/2026');
    await user.click(screen.getByTestId('applicant-sign'));
    const dialog = await screen.findByRole('dialog', { name: 'Semnați documentul emis' });
    expect(await within(dialog).findByTestId('applicant-signing-dialog-code')).toBeInTheDocument();
  });

  it('signs offline: download, upload, a report in plain Romanian, finish, then locked', async () => {
    serveAwaiting();
    server.use(
      http.post('/api/applications/5/check-offline-sign', () =>
        envelope({ ok: true, code: null, message: null, signatures: [SIGNATURE] }),
      ),
      http.post('/api/applications/5/finish-offline-sign/77', () =>
        envelope({ success: true, document_state: 'issued', application_status: 'RESOLVED' }),
      ),
    );
    const { user } = renderCard();
    await uploadSigned(user);
    expect(open).toHaveBeenCalledWith('/api/files/90?token=dl', '_blank', 'noopener');
    const report = await screen.findByTestId('offline-report');
    expect(report).toHaveTextContent('Documentul semnat este valid');
    expect(report).toHaveTextContent('Semnătura 1: Ion Popescu');
    expect(report).toHaveTextContent('altă autoritate de certificare (extern)');
    expect(report).toHaveTextContent('Semnătura acoperă întregul document: da.');
    const [upload] = await sentRequests({ method: 'POST', path: '/api/files' });
    expect(upload.headers.get('x-file-upload-access-token')).toBe('up-token');
    expect((await sentRequests({ path: '/api/applications/5/check-offline-sign' }))[0].body).toEqual({
      new_pdf_id: 77,
      request_id: REQUEST_ID,
    });
    await user.click(screen.getByTestId('offline-finish'));
    expect(await screen.findByTestId('offline-locked')).toHaveTextContent(
      'Cererea a fost semnată și nu mai poate fi modificată.',
    );
  });

  it('refuses a tampered upload with the reason and no way to finish', async () => {
    serveAwaiting();
    server.use(
      http.post('/api/applications/5/check-offline-sign', () =>
        envelope({ ok: false, code: 'NOT_OK', message: null, signatures: [{ ...SIGNATURE, chain: 'yes', digest_ok: false }] }),
      ),
    );
    const { user } = renderCard();
    await uploadSigned(user);
    const report = await screen.findByTestId('offline-report');
    expect(report).toHaveTextContent('Documentul încărcat nu poate fi acceptat');
    expect(report).toHaveTextContent('Verificați dacă documentele sunt semnate.');
    expect(report).toHaveTextContent('Conținutul nu a fost modificat după semnare: nu.');
    expect(screen.queryByTestId('offline-finish')).not.toBeInTheDocument();
  });

  it('shows the issued document with its number and date once issued', async () => {
    server.use(
      http.get('/api/applications/5/check-generation-status', () =>
        envelope({
          state: 'issued',
          progress: 100,
          error_code: null,
          document: buildDocument({
            application_id: 5,
            state: 'issued',
            state_label: 'Emis',
            issued_at: '2026-11-24T13:00:00.000Z',
          }),
        }),
      ),
    );
    renderSigning(<ApplicantDocumentCard application={{ id: 5, status: 'RESOLVED' }} />, { role: 'citizen' });
    expect(await screen.findByRole('heading', { name: 'Documentul emis' })).toBeInTheDocument();
    expect(screen.getByText('24.11.2026 13:00', { exact: false })).toBeInTheDocument();
    expect(screen.getByTestId('applicant-download')).toHaveTextContent('Descărcați documentul');
    expect(screen.queryByTestId('applicant-sign')).not.toBeInTheDocument();
  });
});
