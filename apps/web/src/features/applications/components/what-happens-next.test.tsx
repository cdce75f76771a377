import { screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../components/test-utils';
import { i18n } from '../../../lib/i18n';
import { loadApplicationTexts } from '../test-support';
import { isInProgress, WhatHappensNext } from './what-happens-next';

beforeAll(loadApplicationTexts);

const submitted = {
  id: 4,
  tenant_name: 'Consiliul Județean Mureș',
  response_due_in_days: 30,
  response_due_date: '2026-04-01',
  identification_number: 'CJMS/4/2026',
};
const wrap = (ui: React.ReactElement) =>
  renderWithProviders(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>{ui}</MemoryRouter>
    </I18nextProvider>,
  );

describe('WhatHappensNext', () => {
  it('says who handles the application, the legal term and how to follow it', () => {
    wrap(<WhatHappensNext application={submitted} showDetailsLink />);
    expect(screen.getByTestId('next-handler')).toHaveTextContent('Cererea este analizată de Consiliul Județean Mureș.');
    expect(screen.getByTestId('next-deadline')).toHaveTextContent('30 de zile, până la 01.04.2026');
    expect(screen.getByRole('link', { name: 'Deschideți pagina cererii' })).toHaveAttribute('href', '/application/4');
  });

  it('writes the term in correct Romanian for few days and says when none is set', () => {
    wrap(<WhatHappensNext application={{ ...submitted, response_due_in_days: 15, response_due_date: null }} />);
    expect(screen.getByTestId('next-deadline')).toHaveTextContent('15 zile de la înregistrare');
  });

  it('is for submitted applications still being handled', () => {
    expect(isInProgress({ status: 'REGISTERED', resolved_at: null })).toBe(true);
    expect(isInProgress({ status: 'DRAFT', resolved_at: null })).toBe(false);
    expect(isInProgress({ status: 'RESOLVED', resolved_at: '2026-04-01' })).toBe(false);
  });
});
