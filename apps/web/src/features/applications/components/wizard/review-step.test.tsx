import type { Application } from '@ghiseu/domain';
import type { FormField } from '@ghiseu/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../components/test-utils';
import { i18n } from '../../../../lib/i18n';
import { loadApplicationTexts } from '../../test-support';
import { TaxSummary } from '../tax-summary';
import { ReviewStep } from './review-step';

beforeAll(loadApplicationTexts);

const application = {
  application_type_name: 'Certificat de urbanism',
  beneficiaries: [{ display_name: 'Construct Mureș SRL' }],
  real_estates: [{ cadastral_number: '123410', uat_name: 'Târgu Mureș', area: 523, registry_area: 523 }],
  attachments: [{ name: 'plan.pdf' }],
  tax_summary: null,
  total_tax: null,
} as unknown as Application;

const wrap = (ui: React.ReactElement) => renderWithProviders(<I18nextProvider i18n={i18n}>{ui}</I18nextProvider>);

describe('TaxSummary', () => {
  it('says the tax comes after registration when there is no summary', () => {
    wrap(<TaxSummary summary={null} />);
    expect(screen.getByText('Taxa va fi calculată după înregistrare.')).toBeInTheDocument();
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
        onEdit={() => {}}
      />,
    );
    expect(screen.getByTestId('submit-errors')).toHaveTextContent('Vă rugăm să completați toate câmpurile obligatorii.');
    expect(screen.getByText('Plan de situație: Încărcați cel puțin 1 fișier')).toBeInTheDocument();
    expect(screen.getByTestId('review-beneficiaries')).toHaveTextContent('Construct Mureș SRL');
    expect(screen.getByText('Online (cod SMS sau PIN)')).toBeInTheDocument();
  });
});

const fields = [
  { key: 'date', type: 'section_title', label: 'Date despre solicitare' },
  {
    key: 'scop',
    type: 'select',
    label: 'Scopul solicitării',
    required: true,
    options: [{ value: 'informare', label: 'Informare' }],
  },
  { key: 'suprafata_terenului', type: 'decimal', label: 'Suprafața terenului', unit: 'mp', required: true, decimals: 2 },
  { key: 'data', type: 'date', label: 'Data certificatului', required: false },
] as unknown as FormField[];

describe('ReviewStep as check-your-answers', () => {
  it('shows the answers in words, not inputs, with a Modificați link to each step', async () => {
    const onEdit = vi.fn();
    wrap(
      <ReviewStep
        application={application}
        fields={fields}
        values={{ scop: 'informare', suprafata_terenului: 523, data: '2026-03-02' }}
        signOnline
        problems={[]}
        problemsMessage={null}
        onEdit={onEdit}
      />,
    );
    const answers = screen.getByTestId('answers-summary');
    expect(answers).toHaveTextContent('Scopul solicităriiInformare');
    expect(answers).toHaveTextContent('Suprafața terenului523 mp');
    expect(answers).toHaveTextContent('Data certificatului02.03.2026');
    expect(screen.queryAllByRole('textbox')).toHaveLength(0);
    expect(screen.queryByTestId('area-difference')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Modificați pasul Formular' }));
    expect(onEdit).toHaveBeenCalledWith('form');
    await userEvent.click(screen.getByRole('button', { name: 'Modificați pasul Imobile' }));
    expect(onEdit).toHaveBeenLastCalledWith('realEstates');
  });

  it('shows the land areas when the form, the real estates and the cadastre disagree', () => {
    wrap(
      <ReviewStep
        application={application}
        fields={fields}
        values={{ scop: 'informare', suprafata_terenului: 450 }}
        signOnline={false}
        problems={[]}
        problemsMessage={null}
        onEdit={() => {}}
      />,
    );
    expect(screen.getByTestId('area-difference')).toHaveTextContent('în formular 450 mp; la imobile 523 mp; în cadastru 523 mp.');
  });
});
