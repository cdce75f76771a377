import type { DocumentSeries, DocumentSeriesType } from '@ghiseu/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { i18n } from '../../../lib/i18n';
import { buildCurrentUser } from '../../../lib/testing/fixtures';
import { AppTestProviders, fakeSession, loadAllTexts } from '../../../lib/testing/render-app';
import { DocumentSeriesPage } from './document-series-page';

const UI_TEST_TIMEOUT = 20_000;

const mocks = vi.hoisted(() => ({
  types: vi.fn(),
  series: vi.fn(),
  typeOptions: vi.fn(),
  organisations: vi.fn(),
  createType: vi.fn(),
  patchType: vi.fn(),
  deleteType: vi.fn(),
  createSeries: vi.fn(),
  patchSeries: vi.fn(),
  deleteSeries: vi.fn(),
}));
vi.mock('../api/document-series', async () => {
  const { useMutation, useQuery, useQueryClient } = await import('@tanstack/react-query');
  const useWrite = (mutationFn: (body: never) => Promise<unknown>) => {
    const client = useQueryClient();
    return useMutation({ mutationFn, onSuccess: () => client.invalidateQueries({ queryKey: ['ds'] }) });
  };
  return {
    useSeriesTypes: (params: string) => useQuery({ queryKey: ['ds', 'types', params], queryFn: () => mocks.types(params) }),
    useSeriesList: (params: string) => useQuery({ queryKey: ['ds', 'series', params], queryFn: () => mocks.series(params) }),
    useSeriesTypeOptions: () => useQuery({ queryKey: ['ds', 'options'], queryFn: () => mocks.typeOptions() }),
    useOrganisationOptions: (enabled: boolean) =>
      useQuery({ queryKey: ['ds', 'organisations'], queryFn: () => mocks.organisations(), enabled }),
    useCreateSeriesType: () => useWrite(mocks.createType),
    usePatchSeriesType: () => useWrite(mocks.patchType),
    useDeleteSeriesType: () => useWrite(mocks.deleteType),
    useCreateSeries: () => useWrite(mocks.createSeries),
    usePatchSeries: () => useWrite(mocks.patchSeries),
    useDeleteSeries: () => useWrite(mocks.deleteSeries),
  };
});

beforeAll(async () => {
  if (!('fonts' in document)) {
    const fonts = { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() };
    Object.defineProperty(document, 'fonts', { value: fonts, configurable: true });
  }
  await loadAllTexts();
  await i18n.loadNamespaces(['document-series']);
});
beforeEach(() => {
  for (const mock of Object.values(mocks)) mock.mockReset();
  localStorage.clear();
  mocks.typeOptions.mockResolvedValue([seriesType()]);
  mocks.organisations.mockResolvedValue([{ id: 2, name: 'Consiliul Județean Mureș' }]);
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

const page = <T,>(data: T[]) => ({ data, pagination: { total: data.length, skip: 0, limit: 20 } });

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
    mocks.types.mockResolvedValue(page([seriesType()]));
    setup('/document-series-type', 'super_admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Tipuri de serii de documente' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Tipuri de serii' })).toHaveAttribute('aria-selected', 'true');
    const table = await screen.findByRole('table', { name: 'Lista tipurilor de serii' });
    expect(await within(table).findByRole('row', { name: /Intrări/ })).toHaveTextContent('Numerele cererilor primite');
  });

  it('shows an administrator only the series tab, even when the types are asked', async () => {
    mocks.series.mockResolvedValue(page([series()]));
    setup('/document-series-type?tab=types', 'admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Serii de documente' })).toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    const row = await screen.findByRole('row', { name: /Registratură CJ Mureș/ });
    expect(row).toHaveTextContent('CJMS/42/2026');
    expect(row).not.toHaveTextContent('Consiliul Județean Mureș');
    expect(mocks.types).not.toHaveBeenCalled();
  });

  it('says when there are no series', async () => {
    mocks.series.mockResolvedValueOnce(page([]));
    setup('/document-series-type?tab=series', 'admin');
    expect(await screen.findByText('Nu există serii de documente.')).toBeInTheDocument();
  });

  it('shows a load failure with a retry', async () => {
    mocks.series.mockRejectedValueOnce(new ApiError(500, 'INTERNAL_ERROR'));
    mocks.series.mockResolvedValue(page([series()]));
    const { user } = setup('/document-series-type?tab=series', 'admin');
    expect(await screen.findByText(/Lista nu a putut fi încărcată\./)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reîncearcă' }));
    expect(await screen.findByRole('row', { name: /Registratură CJ Mureș/ })).toBeInTheDocument();
  });

  it('creates a series type', async () => {
    mocks.types.mockResolvedValue(page([]));
    mocks.createType.mockResolvedValue(seriesType({ id: 9, name: 'Ieșiri' }));
    const { user } = setup('/document-series-type?tab=types', 'super_admin');
    expect(await screen.findByText(/Nu există tipuri de serii/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Tip de serie nou' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tip de serie nou' });
    await user.click(within(dialog).getByRole('button', { name: 'Salvează' }));
    expect(await within(dialog).findByText('Acest câmp este obligatoriu')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Denumire/), 'Ieșiri');
    await user.click(within(dialog).getByRole('button', { name: 'Salvează' }));
    expect(await screen.findByText('Tipul de serie „Ieșiri” a fost creat.')).toBeInTheDocument();
    expect(mocks.createType.mock.calls[0][0]).toEqual({ name: 'Ieșiri', description: null });
  });

  it('edits a series: previews the next number and refuses a lower index', async () => {
    mocks.series.mockResolvedValue(page([series()]));
    mocks.patchSeries.mockRejectedValueOnce(new ApiError(400, 'INDEX_CANNOT_BE_LOWER_THAN_CURRENT_VALUE', { current: 45 }));
    const { user } = setup('/document-series-type?tab=series', 'admin');
    await user.click(await screen.findByRole('button', { name: 'Acțiuni pentru seria Registratură CJ Mureș' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Modifică' }));
    const dialog = await screen.findByRole('dialog', { name: 'Modificare serie de documente' });
    expect(within(dialog).getByTestId('series-preview')).toHaveTextContent('CJMS/42/');
    const index = within(dialog).getByLabelText('Index curent');
    await user.clear(index);
    await user.type(index, '40');
    await user.click(within(dialog).getByRole('button', { name: 'Salvează' }));
    expect(await within(dialog).findByText('Indexul nu poate fi mai mic decât valoarea curentă.')).toBeInTheDocument();
    expect(mocks.patchSeries).not.toHaveBeenCalled();
    await user.clear(index);
    await user.type(index, '44');
    expect(within(dialog).getByTestId('series-preview')).toHaveTextContent('CJMS/45/');
    await user.click(within(dialog).getByRole('button', { name: 'Salvează' }));
    // Someone numbered in the meantime: the server's refusal lands under the input.
    expect(await within(dialog).findByText('Indexul nu poate fi mai mic decât valoarea curentă.')).toBeInTheDocument();
    expect(mocks.patchSeries.mock.calls[0][0]).toEqual({ id: 7, patch: { current_index: 44 } });
  });

  it('toggles a series inactive', async () => {
    mocks.series.mockResolvedValue(page([series()]));
    mocks.patchSeries.mockResolvedValue(series({ active: false }));
    const { user } = setup('/document-series-type?tab=series', 'admin');
    await user.click(await screen.findByRole('switch', { name: 'Serie activă: Registratură CJ Mureș' }));
    expect(await screen.findByText('Seria „Registratură CJ Mureș” a fost dezactivată.')).toBeInTheDocument();
    await waitFor(() => expect(mocks.patchSeries.mock.calls[0][0]).toEqual({ id: 7, patch: { active: false } }));
  });
});
