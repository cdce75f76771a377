import type { TaxCategory } from '@ghiseu/domain';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { buildCurrentUser } from '../../../lib/testing/fixtures';
import { AppTestProviders, fakeSession, loadAllTexts } from '../../../lib/testing/render-app';
import { apiError, HttpResponse, http, listEnvelope, sentRequests, server } from '../../../test/msw';
import { TaxCategoriesPage } from './tax-categories-page';

const UI_TEST_TIMEOUT = 20_000;

beforeAll(async () => {
  if (!('fonts' in document)) {
    const fonts = { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() };
    Object.defineProperty(document, 'fonts', { value: fonts, configurable: true });
  }
  await loadAllTexts();
  await i18n.loadNamespaces(['taxes']);
});
beforeEach(() => localStorage.clear());

const category = (overrides: Partial<TaxCategory> = {}): TaxCategory => ({
  id: 4,
  name: 'Taxe de construcție',
  status: 'active',
  taxes_count: 3,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  abilities: { canEdit: true, canDelete: true },
  ...overrides,
});

function setup() {
  const router = createMemoryRouter([{ path: '/tax-category', element: <TaxCategoriesPage /> }], {
    initialEntries: ['/tax-category'],
  });
  const user = userEvent.setup();
  const session = fakeSession({ user: buildCurrentUser({ user_type_name: 'super_admin', organisation_id: 1 }) });
  render(
    <AppTestProviders session={session}>
      <RouterProvider router={router} />
    </AppTestProviders>,
  );
  return { user };
}

describe('/tax-category', { timeout: UI_TEST_TIMEOUT }, () => {
  it('lists the categories with their status and taxes count, filtered by name', async () => {
    server.use(
      http.get('/api/tax-categories', () =>
        listEnvelope([category(), category({ id: 5, name: 'Taxe de teren', status: 'inactive', taxes_count: 0 })]),
      ),
    );
    const { user } = setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Categorii de taxe' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Lista categoriilor de taxe' });
    const row = await within(table).findByRole('row', { name: /Taxe de construcție/ });
    expect(row.textContent).toContain('3');
    expect(within(table).getByRole('row', { name: /Taxe de teren/ }).textContent).toContain('0');
    const search = screen.getByRole('searchbox', { name: 'Căutați după denumire' });
    await user.type(search, 'teren');
    await expect
      .poll(async () =>
        (await sentRequests({ method: 'GET', path: '/api/tax-categories' })).some((r) => r.query.toString().includes('teren')),
      )
      .toBe(true);
  });

  it('says when there are no categories', async () => {
    server.use(http.get('/api/tax-categories', () => listEnvelope([])));
    setup();
    expect(await screen.findByText('Nu există categorii de taxe. Adăugați prima categorie.')).toBeInTheDocument();
  });

  it('creates a category', async () => {
    server.use(
      http.get('/api/tax-categories', () => listEnvelope([])),
      http.post('/api/tax-categories', () =>
        HttpResponse.json({ data: category({ id: 9, name: 'Taxe suplimentare', taxes_count: 0 }) }, { status: 201 }),
      ),
    );
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Categorie nouă' }));
    const dialog = await screen.findByRole('dialog', { name: 'Categorie de taxe nouă' });
    await user.click(within(dialog).getByRole('button', { name: 'Salvați' }));
    expect(await within(dialog).findByText('Acest câmp este obligatoriu')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Denumire/), 'Taxe suplimentare');
    await user.click(within(dialog).getByRole('button', { name: 'Salvați' }));
    expect(await screen.findByText('Categoria „Taxe suplimentare” a fost creată.')).toBeInTheDocument();
    const posts = await sentRequests({ method: 'POST' });
    expect(posts.map((r) => [r.path, r.body])).toEqual([
      ['/api/tax-categories', { name: 'Taxe suplimentare', status: 'active' }],
    ]);
  });

  it('refuses to delete a category that has taxes (CATEGORY_NOT_EMPTY)', async () => {
    server.use(
      http.get('/api/tax-categories', () => listEnvelope([category()])),
      http.delete('/api/tax-categories/:id', () => apiError(409, 'CATEGORY_NOT_EMPTY')),
    );
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Acțiuni pentru categoria Taxe de construcție' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Ștergeți' }));
    await user.click(await screen.findByRole('button', { name: 'Ștergeți' }));
    expect(
      await screen.findByText('Categoria nu poate fi ștearsă deoarece are taxe. Ștergeți sau mutați mai întâi taxele ei.'),
    ).toBeInTheDocument();
    expect((await sentRequests({ method: 'DELETE' })).map((r) => r.path)).toEqual(['/api/tax-categories/4']);
  });
});
