import type { DocumentSeries, DocumentSeriesType } from '@ghiseu/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { buildCurrentUser } from '../../../lib/testing/fixtures';
import { AppTestProviders, fakeSession, loadAllTexts } from '../../../lib/testing/render-app';
import { apiError, envelope, HttpResponse, http, listEnvelope, sentRequests, server } from '../../../test/msw';
import { DocumentSeriesPage } from './document-series-page';

const UI_TEST_TIMEOUT = 20_000;

beforeAll(async () => {
  if (!('fonts' in document)) {
    const fonts = { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() };
    Object.defineProperty(document, 'fonts', { value: fonts, configurable: true });
  }
  await loadAllTexts();
  await i18n.loadNamespaces(['document-series']);
});
beforeEach(() => {
  localStorage.clear();
  server.use(http.get('/api/organisations', () => listEnvelope([{ id: 2, name: 'Consiliul Județean Mureș' }])));
});

const seriesType = (overrides: Partial<DocumentSeriesType> = {}): DocumentSeriesType => ({
  id: 3,
  name: 'Intrări',
  description: 'Numerele cererilor primite',
  series_count: 1,
  created_at: '2026-01-01T00:00:00Z',
  abilities: { canEdit: true, canDelete: true },
  ...overrides,
});

const series = (overrides: Partial<DocumentSeries> = {}): DocumentSeries => ({
  id: 7,
  organisation_id: 2,
  organisation_name: 'Consiliul Județean Mureș',
  type_id: 3,
  type_name: 'Intrări',
  name: 'Registratură CJ Mureș',
  description: null,
  separator: '/',
  prefix: 'CJMS',
  rejected_prefix: 'RES',
  registers: ['Urbanism'],
  yearly_reset: true,
  active: true,
  year: 2026,
  current_index: 41,
  rejected_index: 0,
  next_number: 'CJMS/42/2026',
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  abilities: { canEdit: true, canDelete: true },
  ...overrides,
});

/** The API: the series types (list and options share the path) and the series. */
function serve({ types = [seriesType()], rows = [] as DocumentSeries[] } = {}) {
  server.use(
    http.get('/api/document-series-types', () => listEnvelope(types)),
    http.get('/api/document-series', () => listEnvelope(rows)),
  );
}
const patches = async () =>
  (await sentRequests({ method: 'PATCH' })).map((r) => ({ path: r.path, body: r.body, type: r.headers.get('content-type') }));

function setup(path: string, role: 'super_admin' | 'admin') {
  const router = createMemoryRouter([{ path: '/document-series-type', element: <DocumentSeriesPage /> }], {
    initialEntries: [path],
  });
  const user = userEvent.setup();
  const session = fakeSession({ user: buildCurrentUser({ user_type_name: role, organisation_id: 2 }) });
  render(
    <AppTestProviders session={session}>
      <RouterProvider router={router} />
    </AppTestProviders>,
  );
  return { user, router };
}

describe('/document-series-type', { timeout: UI_TEST_TIMEOUT }, () => {
  it('shows the super admin both tabs, the types first', async () => {
    serve();
    setup('/document-series-type', 'super_admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Tipuri de serii de documente' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Tipuri de serii' })).toHaveAttribute('aria-selected', 'true');
    const table = await screen.findByRole('table', { name: 'Lista tipurilor de serii' });
    expect(await within(table).findByRole('row', { name: /Intrări/ })).toHaveTextContent('Numerele cererilor primite');
  });

  it('shows an administrator only the series tab, even when the types are asked', async () => {
    serve({ rows: [series()] });
    setup('/document-series-type?tab=types', 'admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Serii de documente' })).toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    const row = await screen.findByRole('row', { name: /Registratură CJ Mureș/ });
    expect(row).toHaveTextContent('CJMS/42/2026');
    expect(row).not.toHaveTextContent('Consiliul Județean Mureș');
    // Only the type options of the filter are asked (limit=500), never the types' list.
    const typeCalls = await sentRequests({ method: 'GET', path: '/api/document-series-types' });
    expect(typeCalls.every((call) => call.query.get('limit') === '500')).toBe(true);
    const [seriesCall] = await sentRequests({ method: 'GET', path: '/api/document-series' });
    expect(seriesCall.query.get('pagination')).toBe('true');
  });

  it('says when there are no series', async () => {
    serve();
    setup('/document-series-type?tab=series', 'admin');
    expect(await screen.findByText('Nu există serii de documente.')).toBeInTheDocument();
  });

  it('shows a load failure with a retry', async () => {
    serve({ rows: [series()] });
    server.use(http.get('/api/document-series', () => apiError(500, 'INTERNAL_ERROR'), { once: true }));
    const { user } = setup('/document-series-type?tab=series', 'admin');
    expect(await screen.findByText(/Lista nu a putut fi încărcată\./)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reîncercați' }));
    expect(await screen.findByRole('row', { name: /Registratură CJ Mureș/ })).toBeInTheDocument();
  });

  it('creates a series type', async () => {
    serve({ types: [] });
    server.use(
      http.post('/api/document-series-types', () =>
        HttpResponse.json({ data: seriesType({ id: 9, name: 'Ieșiri' }) }, { status: 201 }),
      ),
    );
    const { user } = setup('/document-series-type?tab=types', 'super_admin');
    expect(await screen.findByText(/Nu există tipuri de serii/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Tip de serie nou' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tip de serie nou' });
    await user.click(within(dialog).getByRole('button', { name: 'Salvați' }));
    expect(await within(dialog).findByText('Acest câmp este obligatoriu')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Denumire/), 'Ieșiri');
    await user.click(within(dialog).getByRole('button', { name: 'Salvați' }));
    expect(await screen.findByText('Tipul de serie „Ieșiri” a fost creat.')).toBeInTheDocument();
    const posts = await sentRequests({ method: 'POST' });
    expect(posts.map((r) => [r.path, r.body])).toEqual([['/api/document-series-types', { name: 'Ieșiri', description: null }]]);
  });

  it('edits a series: previews the next number and refuses a lower index', async () => {
    serve({ rows: [series()] });
    server.use(
      http.patch('/api/document-series/:id', () => apiError(400, 'INDEX_CANNOT_BE_LOWER_THAN_CURRENT_VALUE', { current: 45 })),
    );
    const { user } = setup('/document-series-type?tab=series', 'admin');
    await user.click(await screen.findByRole('button', { name: 'Acțiuni pentru seria Registratură CJ Mureș' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Modificați' }));
    const dialog = await screen.findByRole('dialog', { name: 'Modificare serie de documente' });
    expect(within(dialog).getByTestId('series-preview')).toHaveTextContent('CJMS/42/');
    const index = within(dialog).getByLabelText('Index curent');
    await user.clear(index);
    await user.type(index, '40');
    await user.click(within(dialog).getByRole('button', { name: 'Salvați' }));
    expect(await within(dialog).findByText('Indexul nu poate fi mai mic decât valoarea curentă.')).toBeInTheDocument();
    expect(await patches()).toEqual([]);
    await user.clear(index);
    await user.type(index, '44');
    expect(within(dialog).getByTestId('series-preview')).toHaveTextContent('CJMS/45/');
    await user.click(within(dialog).getByRole('button', { name: 'Salvați' }));
    // Someone numbered in the meantime: the server's refusal lands under the input.
    expect(await within(dialog).findByText('Indexul nu poate fi mai mic decât valoarea curentă.')).toBeInTheDocument();
    expect(await patches()).toEqual([
      { path: '/api/document-series/7', body: { current_index: 44 }, type: 'application/merge-patch+json' },
    ]);
  });

  it('toggles a series inactive', async () => {
    serve({ rows: [series()] });
    server.use(http.patch('/api/document-series/:id', () => envelope(series({ active: false }))));
    const { user } = setup('/document-series-type?tab=series', 'admin');
    await user.click(await screen.findByRole('switch', { name: 'Serie activă: Registratură CJ Mureș' }));
    expect(await screen.findByText('Seria „Registratură CJ Mureș” a fost dezactivată.')).toBeInTheDocument();
    await waitFor(async () =>
      expect(await patches()).toEqual([
        { path: '/api/document-series/7', body: { active: false }, type: 'application/merge-patch+json' },
      ]),
    );
  });
});
