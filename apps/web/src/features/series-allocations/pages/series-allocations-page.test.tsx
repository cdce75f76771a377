import type { Allocation } from '@ghiseu/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { buildCurrentUser } from '../../../lib/testing/fixtures';
import { AppTestProviders, fakeSession, loadAllTexts } from '../../../lib/testing/render-app';
import { apiError, envelope, http, HttpResponse, listEnvelope, noContent, sentRequests, server } from '../../../test/msw';
import { SeriesAllocationsPage } from './series-allocations-page';

const UI_TEST_TIMEOUT = 30_000;

beforeAll(async () => {
  if (!('fonts' in document)) {
    const fonts = { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() };
    Object.defineProperty(document, 'fonts', { value: fonts, configurable: true });
  }
  await loadAllTexts();
  await i18n.loadNamespaces(['seriesAllocations']);
});
beforeEach(() => localStorage.clear());

const allocation = (overrides: Partial<Allocation> = {}): Allocation => ({
  id: 9,
  organisation_id: 2,
  created_by: { id: 7, name: 'Ioana Mureșan' },
  allocation_date: '2026-03-02',
  series: 'CU/15/2026',
  source: 'series',
  series_type_id: 4,
  series_type_name: 'Certificate de urbanism',
  document_series_id: 3,
  file: null,
  issue_date: '2026-03-10',
  location: 'Str. Gheorghe Doja nr. 5',
  uat_id: 114319,
  uat_name: 'Târgu Mureș',
  tax_lei: 1234.5,
  validity_months: 24,
  execution_duration_months: 12,
  start_date: null,
  extension_date: null,
  investment_value: 250000,
  location_type: 'land_registry',
  created_at: '2026-03-02T10:00:00Z',
  updated_at: '2026-03-02T10:00:00Z',
  abilities: { can_edit: true, can_delete: true },
  ...overrides,
});

function serve(groups: { id: number; name: string; rows: Allocation[] }[]) {
  server.use(
    http.get('/api/allocations', () =>
      envelope(groups.map((g) => ({ created_by: { id: g.id, name: g.name }, total: g.rows.length, allocations: g.rows }))),
    ),
    http.get('/api/document-series', () =>
      listEnvelope([{ id: 3, name: 'Certificate', type_id: 4, type_name: 'Certificate de urbanism' }]),
    ),
    http.get('/api/jurisdiction-territorial-administrative-units', () => listEnvelope([])),
  );
}

function setup(role: 'staff' | 'super_admin' = 'staff') {
  const router = createMemoryRouter([{ path: '/document-series-allocation', element: <SeriesAllocationsPage /> }], {
    initialEntries: ['/document-series-allocation'],
  });
  const user = userEvent.setup();
  const session = fakeSession({ user: buildCurrentUser({ user_type_name: role, organisation_id: 2 }) });
  render(
    <AppTestProviders session={session}>
      <RouterProvider router={router} />
    </AppTestProviders>,
  );
  return { user };
}

describe('/document-series-allocation', { timeout: UI_TEST_TIMEOUT }, () => {
  it('groups the allocations by creator with Romanian dates and amounts', async () => {
    serve([
      { id: 7, name: 'Ioana Mureșan', rows: [allocation()] },
      { id: 8, name: 'Dan Pop', rows: [allocation({ id: 10, series: 'EXT-1', source: 'external', tax_lei: null })] },
    ]);
    setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Alocare serii de documente' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Numerele rezervate de Ioana Mureșan' });
    const row = within(table).getByRole('row', { name: /CU\/15\/2026/ });
    expect(row).toHaveTextContent('10.03.2026');
    expect(row.textContent?.replace(/\s/g, ' ')).toContain('1.234,50 RON');
    expect(row).toHaveTextContent('24 de luni');
    expect(screen.getByRole('table', { name: 'Numerele rezervate de Dan Pop' })).toBeInTheDocument();
    const [first] = await sentRequests({ method: 'GET', path: '/api/allocations' });
    expect(first.query.get('group_by')).toBe('created_by');
  });

  it('reserves a number allocated outside, with the server’s field message first', async () => {
    serve([]);
    let attempts = 0;
    server.use(
      http.post('/api/allocations', () =>
        ++attempts === 1
          ? apiError(400, 'VALIDATION_ERROR', {
              fields: [{ path: 'body.series', message: 'Acest număr este deja rezervat în instituție.' }],
            })
          : HttpResponse.json({ data: allocation({ id: 11, series: 'EXT-9', source: 'external' }) }, { status: 201 }),
      ),
    );
    const { user } = setup();
    expect(await screen.findByText('Nu există încă numere rezervate.')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Rezervați un număr' })[0]);
    const dialog = await screen.findByRole('dialog', { name: 'Rezervare număr' });
    await user.click(within(dialog).getByRole('radio', { name: 'Număr alocat în afara portalului' }));
    await user.click(within(dialog).getByRole('button', { name: 'Salvați' }));
    expect(await within(dialog).findByText('Introduceți numărul alocat.')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /^Număr/ }), 'EXT-9');
    await user.click(within(dialog).getAllByLabelText(/Tipul seriei/)[0]);
    await user.click(await screen.findByRole('option', { name: 'Certificate de urbanism' }));
    await user.type(within(dialog).getByRole('textbox', { name: /Taxă/ }), '1234,5');
    await user.click(within(dialog).getByRole('button', { name: 'Salvați' }));
    expect(await within(dialog).findByText('Acest număr este deja rezervat în instituție.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Salvați' }));
    expect(await screen.findByText('Numărul EXT-9 a fost rezervat.')).toBeInTheDocument();
    const posts = await sentRequests({ method: 'POST', path: '/api/allocations' });
    expect(posts.at(-1)?.body).toMatchObject({ source: 'external', series: 'EXT-9', series_type_id: 4, tax_lei: 1234.5 });
  });

  it('deletes after a question and exports the CSV', async () => {
    serve([{ id: 7, name: 'Ioana Mureșan', rows: [allocation()] }]);
    server.use(
      http.delete('/api/allocations/9', () => noContent()),
      http.post(
        '/api/allocations/export',
        () => new HttpResponse('\uFEFFCreat de;Data\r\n', { headers: { 'content-type': 'text/csv' } }),
      ),
    );
    const created: string[] = [];
    URL.createObjectURL = (() => {
      created.push('blob');
      return 'blob:csv';
    }) as typeof URL.createObjectURL;
    URL.revokeObjectURL = () => {};
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Ștergeți numărul CU/15/2026' }));
    const question = await screen.findByRole('dialog', { name: 'Ștergere număr rezervat' });
    await user.click(within(question).getByRole('button', { name: 'Ștergeți' }));
    expect(await screen.findByText('Numărul CU/15/2026 a fost șters.')).toBeInTheDocument();
    expect(await sentRequests({ method: 'DELETE' })).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Exportați CSV' }));
    await waitFor(() => expect(created).toHaveLength(1));
    expect((await sentRequests({ method: 'POST', path: '/api/allocations/export' }))[0].body).toEqual({});
  });

  it('lets the super administrator read without write buttons', async () => {
    serve([{ id: 7, name: 'Ioana Mureșan', rows: [allocation({ abilities: { can_edit: false, can_delete: false } })] }]);
    setup('super_admin');
    expect(await screen.findByRole('table', { name: 'Numerele rezervate de Ioana Mureșan' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Rezervați un număr' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Ștergeți numărul/ })).not.toBeInTheDocument();
  });
});
