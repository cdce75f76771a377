import type { Application } from '@ghiseu/domain';
import { screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../components/test-utils';
import { i18n } from '../../../../lib/i18n';
import { loadApplicationTexts } from '../../test-support';
import { ReviewStep, TaxSummary } from './review-step';

beforeAll(loadApplicationTexts);

const application = {
  application_type_name: 'Certificat de urbanism',
  beneficiaries: [{ display_name: 'Construct Mureș SRL' }],
  real_estates: [{ cadastral_number: '123410', uat_name: 'Târgu Mureș' }],
  attachments: [{ name: 'plan.pdf' }],
  tax_summary: null,
  total_tax: null,
} as unknown as Application;

const wrap = (ui: React.ReactElement) => renderWithProviders(<I18nextProvider i18n={i18n}>{ui}</I18nextProvider>);

describe('TaxSummary', () => {
  it('says the tax comes after registration when the server gives none', () => {
    wrap(<TaxSummary application={application} />);
    expect(screen.getByText('Taxa va fi calculată după înregistrare.')).toBeInTheDocument();
  });

  it('shows the total the server gives', () => {
    wrap(<TaxSummary application={{ tax_summary: { total: 120 }, total_tax: 120 }} />);
    expect(screen.getByText('Total: 120 lei')).toBeInTheDocument();
  });
});

describe('ReviewStep', () => {
  it('lists what was filled in and the problems of a refused submission by field', () => {
    wrap(
      <ReviewStep
        application={application}
        fields={null}
        values={{}}
        signOnline
        problems={[{ path: 'plan', label: 'Plan de situație', message: 'Încărcați cel puțin 1 fișier' }]}
        problemsMessage="Vă rugăm să completați toate câmpurile obligatorii."
      />,
    );
    expect(screen.getByTestId('submit-errors')).toHaveTextContent('Vă rugăm să completați toate câmpurile obligatorii.');
    expect(screen.getByText('Plan de situație: Încărcați cel puțin 1 fișier')).toBeInTheDocument();
    expect(screen.getByTestId('review-beneficiaries')).toHaveTextContent('Construct Mureș SRL');
    expect(screen.getByText('Online (cod SMS sau PIN)')).toBeInTheDocument();
  });
});
