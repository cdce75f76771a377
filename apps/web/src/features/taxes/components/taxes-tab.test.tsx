import type { Tax, TaxCategory } from '@ghiseu/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { buildCurrentUser } from '../../../lib/testing/fixtures';
import { AppTestProviders, fakeSession, loadAllTexts } from '../../../lib/testing/render-app';
import { apiError, HttpResponse, http, listEnvelope, sentRequests, server } from '../../../test/msw';
import { TaxesTab } from './taxes-tab';

const UI_TEST_TIMEOUT = 30_000;
const HOLE = 'Intervalele trebuie să fie consecutive, fără suprapuneri sau goluri.';
const INTERVALS = 'Intervalele sau valorile nu sunt valide.';

beforeAll(async () => {
  if (!('fonts' in document)) {
    const fonts = { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() };
    Object.defineProperty(document, 'fonts', { value: fonts, configurable: true });
  }
  await loadAllTexts();
  await i18n.loadNamespaces(['taxes']);
});

const category: TaxCategory = {
  id: 4,
  name: 'Taxe de construcție',
  status: 'active',
  taxes_count: 1,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  abilities: { canEdit: true, canDelete: true },
};

const tax = (overrides: Partial<Tax> = {}): Tax => ({
  id: 11,
  organisation_id: 2,
  category_id: 4,
  category_name: 'Taxe de construcție',
  name: 'Taxă certificat de urbanism',
  entry_into_force: '2026-01-01',
  justification: null,
  decision_number: '12',
  decision_date: '2025-12-15',
  price_model: 'range',
  base: 'land_area',
  moment: 'application',
  purpose: null,
  fixed_value: null,
  percentage_value: null,
  ranges: [
    { start: 0, end: 150, value: '6.00' },
    { start: 150, end: null, value: '7.00' },
  ],
  status: 'active',
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  abilities: { canEdit: true, canDelete: true },
  ...overrides,
});

beforeEach(() => {
  localStorage.clear();
  server.use(http.get('/api/tax-categories', () => listEnvelope([category])));
});

function setup(role: 'admin' | 'super_admin' = 'admin') {
  const router = createMemoryRouter([{ path: '/institution', element: <TaxesTab organisationId={2} /> }], {
    initialEntries: ['/institution?id=2&tab=taxes'],
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

describe('the taxes tab of /institution', { timeout: UI_TEST_TIMEOUT }, () => {
  it("lists the organisation's taxes with their price model, value and decision", async () => {
    server.use(
      http.get('/api/taxes', () =>
        listEnvelope([
          tax(),
          tax({
            id: 12,
            name: 'Taxă avizare',
            price_model: 'fixed',
            base: 'none',
            fixed_value: '25.50',
            ranges: [],
            decision_number: null,
            decision_date: null,
          }),
        ]),
      ),
    );
    setup();
    const table = await screen.findByRole('table', { name: 'Lista taxelor instituției' });
    const row = await within(table).findByRole('row', { name: /Taxă certificat de urbanism/ });
    expect(row.textContent).toContain('Pe intervale');
    expect(row.textContent).toContain('2 intervale');
    expect(row.textContent).toContain('01.01.2026');
    expect(row.textContent).toContain('12 / 15.12.2025');
    expect(within(table).getByRole('row', { name: /Taxă avizare/ }).textContent).toContain('25,50 lei');
    const [call] = await sentRequests({ method: 'GET', path: '/api/taxes' });
    expect(call?.query.get('organisation_id[eq]')).toBe('2');
  });

  it('switches the value fields with the price model and checks the ranges live', async () => {
    server.use(
      http.get('/api/taxes', () => listEnvelope([])),
      http.post('/api/taxes', () => HttpResponse.json({ data: tax({ id: 13, name: 'Taxă teren' }) }, { status: 201 })),
    );
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Taxă nouă' }));
    const dialog = await screen.findByRole('dialog', { name: 'Taxă nouă' });
    // Fixed (the default): one value, no ranges, no base.
    expect(within(dialog).getByRole('textbox', { name: /Valoare fixă/ })).toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox', { name: /Început interval 1/ })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('combobox', { name: /Baza de calcul/ })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('combobox', { name: /Mod de calcul/ }));
    await user.click(await screen.findByRole('option', { name: 'Pe intervale' }));
    expect(within(dialog).queryByRole('textbox', { name: /Valoare fixă/ })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /Început interval 1/ })).toHaveValue('0');

    await user.type(within(dialog).getByRole('textbox', { name: /Sfârșit interval 1/ }), '100');
    await user.type(within(dialog).getByRole('textbox', { name: /Valoare interval 1/ }), '5');
    await user.click(within(dialog).getByRole('button', { name: 'Adăugați un interval' }));
    const start2 = within(dialog).getByRole('textbox', { name: /Început interval 2/ });
    expect(start2).toHaveValue('100');
    expect(within(dialog).queryByText(HOLE)).not.toBeInTheDocument();
    // A hole between 100 and 150: the rule of @ghiseu/domain says so at once.
    await user.clear(start2);
    await user.type(start2, '150');
    expect(await within(dialog).findByText(HOLE)).toBeInTheDocument();
    expect(within(dialog).getByText(INTERVALS)).toBeInTheDocument();
    await user.clear(start2);
    await user.type(start2, '100');
    await waitFor(() => expect(within(dialog).queryByText(HOLE)).not.toBeInTheDocument());
    await user.type(within(dialog).getByRole('textbox', { name: /Valoare interval 2/ }), '7,50');

    await user.type(within(dialog).getByRole('textbox', { name: /^Denumire/ }), 'Taxă teren');
    await user.click(within(dialog).getByRole('combobox', { name: /Categorie/ }));
    await user.click(await screen.findByRole('option', { name: 'Taxe de construcție' }));
    await user.type(within(dialog).getByRole('textbox', { name: /Intră în vigoare/ }), '01.02.2026');
    await user.click(within(dialog).getByRole('button', { name: 'Salvați' }));
    // A range tax needs its base.
    expect(await within(dialog).findByText('Alegeți baza de calcul a taxei.')).toBeInTheDocument();
    expect(await sentRequests({ method: 'POST' })).toEqual([]);
    await user.click(within(dialog).getByRole('combobox', { name: /Baza de calcul/ }));
    await user.click(await screen.findByRole('option', { name: 'Suprafața terenului (m²)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Salvați' }));
    expect(await screen.findByText('Taxa „Taxă teren” a fost creată.')).toBeInTheDocument();
    const [post] = await sentRequests({ method: 'POST', path: '/api/taxes' });
    expect(post?.body).toEqual({
      category_id: 4,
      name: 'Taxă teren',
      entry_into_force: '2026-02-01',
      decision_number: null,
      decision_date: null,
      justification: null,
      price_model: 'range',
      base: 'land_area',
      moment: 'application',
      purpose: null,
      fixed_value: null,
      percentage_value: null,
      ranges: [
        { start: 0, end: 100, value: '5.00' },
        { start: 100, end: null, value: '7.50' },
      ],
      status: 'active',
    });
  });

  it("puts the server's field problems back on the fields and names a duplicate", async () => {
    server.use(
      http.get('/api/taxes', () => listEnvelope([tax()])),
      http.patch(
        '/api/taxes/:id',
        () =>
          apiError(400, 'VALIDATION_ERROR', {
            fields: [{ path: 'body.ranges.1.value', message: 'Valoarea nu este validă.' }],
          }),
        { once: true },
      ),
      http.patch('/api/taxes/:id', () => apiError(409, 'TAX_ALREADY_EXISTS')),
    );
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Acțiuni pentru taxa Taxă certificat de urbanism' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Modificați' }));
    const dialog = await screen.findByRole('dialog', { name: 'Modificare taxă' });
    const value2 = within(dialog).getByRole('textbox', { name: /Valoare interval 2/ });
    expect(value2).toHaveValue('7,00');
    await user.clear(value2);
    await user.type(value2, '8');
    await user.click(within(dialog).getByRole('button', { name: 'Salvați' }));
    expect(await within(dialog).findByText('Valoarea nu este validă.')).toBeInTheDocument();
    const [patch] = await sentRequests({ method: 'PATCH' });
    expect(patch?.body).toEqual({
      ranges: [
        { start: 0, end: 150, value: '6.00' },
        { start: 150, end: null, value: '8.00' },
      ],
    });
    await user.click(within(dialog).getByRole('button', { name: 'Salvați' }));
    expect(
      await within(dialog).findByText('Există deja o taxă cu această denumire, categorie și dată de intrare în vigoare.'),
    ).toBeInTheDocument();
  });
});
