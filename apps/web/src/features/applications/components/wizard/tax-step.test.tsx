import type { Application, ApplicationTypeTaxRules, Tax } from '@ghiseu/domain';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppTestProviders, fakeSession } from '../../../../lib/testing/render-app';
import { envelope, http, server } from '../../../../test/msw';
import { loadApplicationTexts } from '../../test-support';
import { ReviewStep } from './review-step';
import { liveTaxSummary, taxInputErrors, type TaxInputsState } from './tax-logic';
import { LiveTaxSummary, TaxStep } from './tax-step';

beforeAll(loadApplicationTexts);

const tax = (overrides: Partial<Tax>): Tax => ({
  id: 1,
  organisation_id: 2,
  category_id: 10,
  category_name: 'Urbanism',
  name: 'Taxă',
  entry_into_force: '2026-01-01',
  justification: 'HCL 12/2025',
  decision_number: '12',
  decision_date: '2025-12-15',
  price_model: 'fixed',
  base: 'none',
  moment: 'application',
  purpose: null,
  fixed_value: null,
  percentage_value: null,
  ranges: [],
  status: 'active',
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  abilities: { canEdit: false, canDelete: false },
  ...overrides,
});

/**
 * The worked example: a certificate tax by land-area ranges (523 m² → 12 lei), the building-permit
 * tax of 0.5 % of the construction value for housing (250.000 lei → 1.250 lei), a fixed signing
 * tax of 10 lei (online signing) and a 50 % discount: (12 + 1.250 + 10) − 636 = 636 lei.
 */
const rules: ApplicationTypeTaxRules = {
  application_type_id: 3,
  category_ids: { construction: 11, land: 10, extra: 12 },
  rules: [
    tax({
      id: 1,
      name: 'Taxă certificat de urbanism',
      price_model: 'range',
      base: 'land_area',
      ranges: [
        { start: 0, end: 150, value: '6.00' },
        { start: 150, end: 250, value: '7.00' },
        { start: 250, end: 500, value: '9.00' },
        { start: 500, end: 750, value: '12.00' },
        { start: 750, end: 1000, value: '14.00' },
        { start: 1000, end: null, value: '15.00' },
      ],
    }),
    tax({
      id: 2,
      category_id: 11,
      name: 'Taxă autorizație de construire (locuințe)',
      price_model: 'percentage',
      base: 'construction_value',
      purpose: 'housing',
      percentage_value: '0.5',
    }),
    tax({
      id: 3,
      category_id: 11,
      name: 'Taxă autorizație de construire (alte construcții)',
      price_model: 'percentage',
      base: 'construction_value',
      purpose: 'other',
      percentage_value: '1',
    }),
    tax({ id: 4, category_id: 12, name: 'Taxă semnare online', moment: 'signing', fixed_value: '10.00' }),
  ],
  discounts: [{ name: 'Persoană cu handicap', percent: 50 }],
  needs_construction_value: true,
  needs_land_area: true,
};

const inputs: TaxInputsState = {
  construction_scope: 'new',
  construction_type: 'A_UTIL',
  construction_purpose: 'housing',
  surface: '120',
  construction_value: '250000',
};

const application = {
  id: 9,
  application_type_id: 3,
  application_type_name: 'Autorizație de construire',
  land_area: 523,
  beneficiaries: [],
  real_estates: [],
  attachments: [],
} as unknown as Application;

function renderWithApi(ui: React.ReactElement) {
  const user = userEvent.setup();
  render(<AppTestProviders session={fakeSession()}>{ui}</AppTestProviders>);
  return user;
}

describe('the live tax summary', () => {
  it('computes the worked example exactly, in bani', () => {
    const summary = liveTaxSummary(rules, {
      landArea: 523,
      inputs,
      signOnline: true,
      discountName: 'Persoană cu handicap',
      date: '2026-11-24',
    });
    expect(summary.application_tax_values.map((line) => [line.name, line.amount])).toEqual([
      ['Taxă certificat de urbanism', '12.00'],
      ['Taxă autorizație de construire (locuințe)', '1250.00'],
    ]);
    expect(summary.signing_tax_values.map((line) => line.amount)).toEqual(['10.00']);
    expect(summary.gross).toBe('1272.00');
    expect(summary.discount).toEqual({ name: 'Persoană cu handicap', discount_percent_value: 50, diff_value: '636.00' });
    expect(summary.total).toBe('636.00');
  });

  it('shows the right total in the review step, from the type’s rules', async () => {
    server.use(http.get('/api/application-types/3/tax-rules', () => envelope(rules)));
    renderWithApi(
      <ReviewStep
        application={application}
        fields={null}
        values={{}}
        signOnline
        problems={[]}
        problemsMessage={null}
        onEdit={() => {}}
        taxes={
          <LiveTaxSummary
            application={application}
            context={{ inputs, discountName: 'Persoană cu handicap', signOnline: true }}
          />
        }
      />,
    );
    const summary = await screen.findByTestId('tax-summary');
    expect(summary).toHaveTextContent('Taxă certificat de urbanism12,00 lei');
    expect(summary).toHaveTextContent('Taxă autorizație de construire (locuințe)1.250,00 lei');
    expect(summary).toHaveTextContent('Taxe pentru semnarea onlineTaxă semnare online10,00 lei');
    expect(screen.getByTestId('tax-discount')).toHaveTextContent('Reducere: Persoană cu handicap (50%)−636,00 lei');
    expect(screen.getByTestId('tax-total')).toHaveTextContent('636,00 lei');
    expect(screen.getByRole('button', { name: 'Modificați pasul Taxe' })).toBeInTheDocument();
  });

  it('leaves out the signing tax when the applicant signs offline', () => {
    const summary = liveTaxSummary(rules, { landArea: 523, inputs, signOnline: false, discountName: null, date: '2026-11-24' });
    expect(summary.signing_tax_values).toEqual([]);
    expect(summary.total).toBe('1262.00');
  });
});

function ControlledTaxStep({ initial }: { initial: TaxInputsState }) {
  const [state, setState] = useState(initial);
  const [discountName, setDiscountName] = useState<string | null>(null);
  return (
    <TaxStep
      application={application}
      context={{ inputs: state, discountName, signOnline: false }}
      errors={taxInputErrors(state, false)}
      onInputsChange={setState}
      onDiscountChange={setDiscountName}
    />
  );
}

describe('the tax validator fields', () => {
  it('shows the validator’s exact messages as the applicant types, and the total once they are valid', async () => {
    server.use(http.get('/api/application-types/3/tax-rules', () => envelope(rules)));
    const user = renderWithApi(<ControlledTaxStep initial={{ ...inputs, surface: '', construction_value: '' }} />);
    const surface = await screen.findByRole('textbox', { name: /Suprafața construită desfășurată/ });
    const value = screen.getByRole('textbox', { name: /Valoarea lucrărilor/ });

    await user.type(surface, 'abc');
    expect(screen.getByText('Valoarea introdusă nu e validă')).toBeInTheDocument();
    await user.clear(surface);
    await user.type(surface, '120');
    expect(screen.queryByText('Valoarea introdusă nu e validă')).not.toBeInTheDocument();

    // 120 m² of type A with utilities: at least 120.000 lei.
    await user.type(value, '50000');
    expect(screen.getByText('Valoarea introdusă este mai mică decat valoarea minimă!')).toBeInTheDocument();
    expect(screen.getByTestId('tax-summary')).toHaveTextContent('Se calculează după completarea datelor');

    await user.clear(value);
    await user.type(value, '250000');
    expect(screen.queryByText('Valoarea introdusă este mai mică decat valoarea minimă!')).not.toBeInTheDocument();
    expect(screen.getByTestId('tax-land-area')).toHaveTextContent('523 mp');
    expect(screen.getByTestId('tax-total')).toHaveTextContent('1.262,00 lei');
  });

  it('asks for every field when the step is left empty', () => {
    const errors = taxInputErrors(
      { construction_scope: null, construction_type: null, construction_purpose: null, surface: '', construction_value: '' },
      true,
    );
    expect(Object.values(errors)).toEqual(Array(5).fill('Acest câmp este obligatoriu'));
  });
});
