import type { Application } from '@ghiseu/domain';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildCurrentUser } from '../../../lib/testing/fixtures';
import { AppTestProviders, fakeSession } from '../../../lib/testing/render-app';
import { envelope, http, sentRequests, server } from '../../../test/msw';
import { loadApplicationTexts } from '../test-support';
import { ApplicationConfirmationPage } from './application-confirmation-page';

beforeAll(loadApplicationTexts);

const application = {
  id: 5,
  application_type_name: 'Certificat de urbanism',
  identification_number: 'TGM/5/2026',
  application_date: '2026-11-24T09:10:00.000Z',
  status: 'PENDING',
  tenant_name: 'Primăria Târgu Mureș',
  response_due_in_days: 30,
  response_due_date: '2026-12-16',
} as unknown as Application;

const payments = (total: string, abilities = { canPayCard: true, canPayOrder: true }) => ({
  application_id: 5,
  currency: 'RON',
  total,
  paid: '0.00',
  due: total,
  is_paid: total === '0.00',
  tax_summary: null,
  payment_type: null,
  transaction_number: null,
  abilities: { canContinueCard: false, canRegisterPayment: false, canCreateLink: false, ...abilities },
  payments: [],
});

function Where() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

function renderPage() {
  const user = userEvent.setup();
  render(
    <AppTestProviders session={fakeSession({ user: buildCurrentUser({ user_type_name: 'citizen' }) })}>
      <MemoryRouter initialEntries={['/application-confirmation/5']}>
        <Routes>
          <Route path="/application-confirmation/:id" element={<ApplicationConfirmationPage />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </AppTestProviders>,
  );
  return user;
}

describe('the confirmation’s offer to pay', () => {
  it('shows the total due and opens a payment order', async () => {
    server.use(
      http.get('/api/applications/5', () => envelope(application)),
      http.get('/api/applications/5/payments', () => envelope(payments('636.00'))),
      http.post('/api/applications/5/payment-orders', () =>
        envelope({
          payment: { id: 81, type: 'OP', status: 'CREATED', amount: '636.00' },
          organisation_name: 'Primăria Târgu Mureș',
          payment_order_details: null,
          reference: 'TGM/5/2026',
          amount: '636.00',
        }),
      ),
    );
    const user = renderPage();
    expect(await screen.findByTestId('pay-now-due')).toHaveTextContent('636,00 lei');
    expect(screen.getByRole('button', { name: 'Plătiți acum cu cardul' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Plătiți prin ordin de plată' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/application-payment/5/81');
    expect(await sentRequests({ method: 'POST' })).toEqual([
      expect.objectContaining({ path: '/api/applications/5/payment-orders' }),
    ]);
  });

  it('offers nothing to pay when the total is zero', async () => {
    server.use(
      http.get('/api/applications/5', () => envelope(application)),
      http.get('/api/applications/5/payments', () => envelope(payments('0.00', { canPayCard: false, canPayOrder: false }))),
    );
    renderPage();
    expect(await screen.findByTestId('nothing-to-pay')).toHaveTextContent('Această cerere nu are taxe de plătit.');
    expect(screen.queryByRole('button', { name: /Plătiți/ })).not.toBeInTheDocument();
  });
});
