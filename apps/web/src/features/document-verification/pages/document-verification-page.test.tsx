import { createHash } from 'node:crypto';
import type { DocumentVerification } from '@ghiseu/domain';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { AppTestProviders, fakeSession, loadAllTexts } from '../../../lib/testing/render-app';
import { apiError, envelope, http, sentRequests, server } from '../../../test/msw';
import { DocumentVerificationPage } from './document-verification-page';

/**
 * The public verification page of an issued document (/verificare/:code, reached from the QR
 * code): a valid document with its public facts, an unknown or not issued one (404), and the
 * visitor's PDF checked against the SHA-256 in the browser (match and mismatch, nothing sent).
 */

const CODE = 'Qm9uam91ci1sYS12ZXJpZg';
const PDF = '%PDF-1.7 Certificat de urbanism nr. 45';
const SHA = createHash('sha256').update(PDF).digest('hex');

beforeAll(async () => {
  await loadAllTexts();
  await i18n.loadNamespaces('document-verification');
});

const verification = (overrides: Partial<DocumentVerification> = {}): DocumentVerification => ({
  output_number: 'CJMS/45/2026',
  document_name: 'Certificat de urbanism',
  issuer: 'Consiliul Județean Mureș',
  issued_at: '2026-03-20T09:15:00.000Z',
  sha256: SHA,
  state: 'issued',
  ...overrides,
});

function setup(path = `/verificare/${CODE}`) {
  const router = createMemoryRouter([{ path: '/verificare/:code', element: <DocumentVerificationPage /> }], {
    initialEntries: [path],
  });
  const user = userEvent.setup();
  render(
    <AppTestProviders session={fakeSession()}>
      <RouterProvider router={router} />
    </AppTestProviders>,
  );
  return { user };
}

describe('/verificare/:code', () => {
  it('shows a valid issued document with its public facts', async () => {
    server.use(http.get('/api/public/documents/:code', () => envelope(verification())));
    setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Verificarea unui document emis' })).toBeInTheDocument();
    expect(await screen.findByTestId('verification-valid')).toHaveTextContent('Document valid');
    const page = screen.getByTestId('document-verification-page');
    expect(within(page).getByText('CJMS/45/2026')).toBeInTheDocument();
    expect(within(page).getByText('Certificat de urbanism')).toBeInTheDocument();
    expect(within(page).getByText('Consiliul Județean Mureș')).toBeInTheDocument();
    expect(within(page).getByText('20.03.2026')).toBeInTheDocument();
    expect(screen.getByTestId('verification-sha256')).toHaveTextContent(SHA);
    const [sent] = await sentRequests({ method: 'GET', path: `/api/public/documents/${CODE}` });
    expect(sent).toBeDefined();
  });

  it('says so when the code belongs to no issued document', async () => {
    server.use(http.get('/api/public/documents/:code', () => apiError(404, 'DOCUMENT_NOT_FOUND')));
    setup();
    expect(await screen.findByTestId('verification-not-found')).toHaveTextContent('Documentul nu a fost găsit');
    expect(screen.queryByTestId('file-check')).not.toBeInTheDocument();
  });

  it('does not look up an address that is not a verification code', async () => {
    setup('/verificare/x');
    expect(await screen.findByTestId('verification-not-found')).toBeInTheDocument();
    expect(await sentRequests({ path: /^\/api\/public\/documents/ })).toHaveLength(0);
  });

  it('shows a load error with a retry', async () => {
    server.use(http.get('/api/public/documents/:code', () => envelope(verification())));
    server.use(http.get('/api/public/documents/:code', () => apiError(503, 'SERVICE_UNAVAILABLE'), { once: true }));
    const { user } = setup();
    expect(await screen.findByText('Verificarea nu a putut fi făcută acum')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reîncercați' }));
    expect(await screen.findByTestId('verification-valid')).toBeInTheDocument();
  });

  it('checks the visitor’s PDF in the browser: the same file matches, another does not', async () => {
    server.use(http.get('/api/public/documents/:code', () => envelope(verification())));
    const { user } = setup();
    // Mantine's FileInput is a labelled button over a hidden file input.
    expect(await screen.findByRole('button', { name: /Fișierul PDF pe care îl dețineți/ })).toBeInTheDocument();
    const input = screen.getByTestId('file-check').querySelector('input[type="file"]') as HTMLInputElement;
    const before = (await sentRequests()).length;

    await user.upload(input, new File([PDF], 'certificat.pdf', { type: 'application/pdf' }));
    const result = screen.getByTestId('file-check-result');
    expect(await within(result).findByText('Fișierul corespunde documentului emis')).toBeInTheDocument();
    expect(result).toHaveTextContent(SHA);
    // The chosen file can be cleared by a named button (axe: button-name).
    expect(screen.getByRole('button', { name: 'Ștergeți fișierul ales' })).toBeInTheDocument();

    await user.upload(input, new File([`${PDF} modificat`], 'altul.pdf', { type: 'application/pdf' }));
    expect(await within(result).findByText('Fișierul nu corespunde documentului emis')).toBeInTheDocument();
    // Nothing is uploaded: no request after the page's own look-up.
    expect(await sentRequests()).toHaveLength(before);
  });
});
