import type { Tax } from '@ghiseu/domain';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { buildCurrentUser } from '../../../lib/testing/fixtures';
import { AppTestProviders, fakeSession, loadAllTexts } from '../../../lib/testing/render-app';
import { envelope, http, listEnvelope, server } from '../../../test/msw';
import { TaxCalculatorPage } from './tax-calculator-page';

const UI_TEST_TIMEOUT = 20_000;

beforeAll(async () => {
  if (!('fonts' in document)) {
    const fonts = { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() };
    Object.defineProperty(document, 'fonts', { value: fonts, configurable: true });
  }
  await loadAllTexts();
  await i18n.loadNamespaces(['taxes']);
});

const rule = (overrides: Partial<Tax>): Tax => ({
  id: 1,
  organisation_id: 2,
  category_id: 4,
  category_name: 'Taxe de construcție',
  name: 'Taxă',
  entry_into_force: '2020-01-01',
  justification: null,
  decision_number: null,
  decision_date: null,
  price_model: 'fixed',
  base: 'none',
  moment: 'application',
  purpose: null,
  fixed_value: null,
  percentage_value: null,
  ranges: [],
  status: 'active',
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  abilities: { canEdit: true, canDelete: true },
  ...overrides,
});

beforeEach(() => {
  server.use(
    http.get('/api/application-types', () => listEnvelope([{ id: 7, name: 'Autorizație de construire' }])),
    http.get('/api/application-types/:id/tax-rules', () =>
      envelope({
        application_type_id: 7,
        category_ids: { construction: 4, land: null, extra: null },
        rules: [
          rule({ id: 1, name: 'Taxă de eliberare', fixed_value: '20.00' }),
          rule({
            id: 2,
            name: 'Taxă autorizație locuință',
            price_model: 'percentage',
            base: 'construction_value',
            purpose: 'housing',
            percentage_value: '0.5',
          }),
          rule({ id: 3, name: 'Taxă semnare online', moment: 'signing', fixed_value: '5.00' }),
        ],
        discounts: [{ name: 'Pensionari', percent: 50 }],
        needs_construction_value: true,
        needs_land_area: false,
      }),
    ),
  );
});

const validator = () => screen.getByRole('region', { name: 'Taxa pentru autorizația de construire' });
const summary = () => screen.getByRole('region', { name: 'Taxele unui tip de cerere' });

function setup() {
  const router = createMemoryRouter([{ path: '/tax-calculator', element: <TaxCalculatorPage /> }], {
    initialEntries: ['/tax-calculator'],
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

describe('/tax-calculator', { timeout: UI_TEST_TIMEOUT }, () => {
  it('computes the worked example: new housing, A util, 100 m², 100.000 lei → 500,00 lei', async () => {
    const { user } = setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Calculator de taxe' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Tipul lucrărilor' })).toHaveValue('Construire');
    expect(screen.getByRole('combobox', { name: 'Tipul construcției' })).toHaveValue(
      'A util – Cadre din beton armat sau pereți din cărămidă arsă, cu instalații',
    );
    expect(screen.getByRole('combobox', { name: 'Destinația' })).toHaveValue('Locuință');
    await user.type(within(validator()).getByRole('textbox', { name: 'Suprafața construită' }), '100');
    await user.type(within(validator()).getByRole('textbox', { name: 'Valoarea lucrărilor' }), '100000');
    const result = screen.getByRole('table', { name: 'Rezultatul calculului' });
    expect(within(result).getByTestId('calc-minimum').textContent).toBe('100.000,00 lei');
    expect(within(result).getByTestId('calc-rate').textContent).toBe('0,5 %');
    expect(within(result).getByTestId('calc-tax').textContent).toBe('500,00 lei');

    // Other works pay 1 %.
    await user.click(screen.getByRole('combobox', { name: 'Destinația' }));
    await user.click(await screen.findByRole('option', { name: 'Alte construcții' }));
    expect(within(result).getByTestId('calc-rate').textContent).toBe('1 %');
    expect(within(result).getByTestId('calc-tax').textContent).toBe('1.000,00 lei');
  });

  it('says when the value is below the minimum or not a number', async () => {
    const { user } = setup();
    await user.type(await screen.findByRole('textbox', { name: 'Suprafața construită' }), '100');
    const value = within(validator()).getByRole('textbox', { name: 'Valoarea lucrărilor' });
    await user.type(value, '99999');
    expect(await screen.findByText('Valoarea introdusă este mai mică decat valoarea minimă!')).toBeInTheDocument();
    expect(screen.getByTestId('calc-tax').textContent).toBe('—');
    await user.clear(value);
    await user.type(value, 'abc');
    expect(await screen.findByText('Valoarea introdusă nu e validă')).toBeInTheDocument();
  });

  it("computes an application type's tax summary from its tax rules", async () => {
    const { user } = setup();
    await user.click(await screen.findByRole('combobox', { name: 'Tipul cererii' }));
    await user.click(await screen.findByRole('option', { name: 'Autorizație de construire' }));
    expect(await screen.findByText('Completați valoarea lucrărilor.')).toBeInTheDocument();
    expect(screen.getByTestId('summary-total').textContent).toBe('Total de plată: 20,00 lei');
    await user.type(within(summary()).getByRole('textbox', { name: 'Valoarea lucrărilor' }), '100000');
    expect(screen.getByTestId('summary-total').textContent).toBe('Total de plată: 520,00 lei');
    await user.click(screen.getByRole('checkbox', { name: /Semnare online/ }));
    expect(screen.getByTestId('summary-total').textContent).toBe('Total de plată: 525,00 lei');
    await user.click(screen.getByRole('combobox', { name: 'Reducere' }));
    await user.click(await screen.findByRole('option', { name: 'Pensionari (50 %)' }));
    expect(screen.getByTestId('summary-total').textContent).toBe('Total de plată: 262,50 lei');
  });
});
