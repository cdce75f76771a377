import type { IssuedDocument } from '@ghiseu/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { buildCurrentUser } from '../../../lib/testing/fixtures';
import { AppTestProviders, fakeSession, loadAllTexts } from '../../../lib/testing/render-app';
import { answersInTurn, apiError, envelope, http, listEnvelope, sentRequests, server } from '../../../test/msw';
import { IssuedDocumentsPage } from './issued-documents-page';

const UI_TEST_TIMEOUT = 30_000;

beforeAll(async () => {
  if (!('fonts' in document)) {
    const fonts = { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() };
    Object.defineProperty(document, 'fonts', { value: fonts, configurable: true });
  }
  await loadAllTexts();
  await i18n.loadNamespaces(['issuedDocuments']);
});
beforeEach(() => localStorage.clear());

const doc = (overrides: Partial<IssuedDocument> = {}): IssuedDocument => ({
  id: 11,
  application_id: 5,
  identification_number: 'CU/12/2026',
  application_type_id: 3,
  application_type_name: 'Certificat de urbanism',
  organisation_id: 2,
  organisation_name: 'Consiliul Județean Mureș',
  output_number: 'CU-E/15/2026',
  kind: 'answer',
  kind_label: 'Răspuns',
  issued_at: '2026-03-10T10:00:00Z',
  applicant_name: 'Ion Popescu',
  file: { id: 77, name: 'CU-E-15-2026.pdf', size: 2048 },
  ...overrides,
});

function setup(role: 'staff' | 'citizen' = 'citizen') {
  const router = createMemoryRouter([{ path: '/issued-documents', element: <IssuedDocumentsPage /> }], {
    initialEntries: ['/issued-documents'],
  });
  const user = userEvent.setup();
  const session = fakeSession({ user: buildCurrentUser({ user_type_name: role, organisation_id: role === 'staff' ? 2 : null }) });
  render(
    <AppTestProviders session={session}>
      <RouterProvider router={router} />
    </AppTestProviders>,
  );
  return { user };
}

describe('/issued-documents', { timeout: UI_TEST_TIMEOUT }, () => {
  it('shows a citizen their issued documents, newest first, and opens the PDF', async () => {
    server.use(
      http.get('/api/issued-documents', () =>
        listEnvelope([doc(), doc({ id: 12, output_number: 'R/3/2026', kind: 'rejection', kind_label: 'Respingere' })]),
      ),
      http.post('/api/files/77/download-tokens', () => envelope({ token: 'x', url: '/api/files/77?token=x', expires_in: 300 })),
    );
    const opened = { location: { href: '' }, opener: {}, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(opened as unknown as Window);
    const { user } = setup('citizen');
    expect(await screen.findByRole('heading', { level: 1, name: 'Documentele mele emise' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Documentele mele emise' });
    const row = await within(table).findByRole('row', { name: /CU-E\/15\/2026/ });
    expect(row).toHaveTextContent('10.03.2026');
    expect(row).toHaveTextContent('Răspuns');
    expect(within(table).queryByText('Ion Popescu')).not.toBeInTheDocument();
    const [first] = await sentRequests({ method: 'GET', path: '/api/issued-documents' });
    expect(first.query.get('sortKey')).toBe('-issued_at');

    await user.click(within(row).getByRole('button', { name: 'Deschideți documentul CU-E/15/2026 (PDF)' }));
    await waitFor(() => expect(opened.location.href).toBe('/api/files/77?token=x'));
    open.mockRestore();

    await user.type(screen.getByRole('searchbox', { name: 'Număr document conține' }), 'CU-E');
    await waitFor(async () => {
      const calls = await sentRequests({ method: 'GET', path: '/api/issued-documents' });
      expect(calls.at(-1)?.query.get('output_number[contains]')).toBe('CU-E');
    });
  });

  it('shows staff the general register with the applicant', async () => {
    server.use(http.get('/api/issued-documents', () => listEnvelope([doc()])));
    setup('staff');
    expect(await screen.findByRole('heading', { level: 1, name: 'Registrul general de documente emise' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Registrul general de documente emise' });
    expect(await within(table).findByText('Ion Popescu')).toBeInTheDocument();
  });

  it('says when there is nothing issued yet, and when the list fails', async () => {
    server.use(
      answersInTurn(
        'get',
        '/api/issued-documents',
        () => apiError(500, 'INTERNAL_ERROR'),
        () => listEnvelope([]),
      ),
    );
    const { user } = setup('citizen');
    expect(await screen.findByText(/Documentele emise nu au putut fi încărcate\./)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reîncercați' }));
    expect(await screen.findByText(/Nu aveți încă documente emise/)).toBeInTheDocument();
  });
});
