import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { loadAllTexts } from '../../../lib/testing/render-app';
import { apiError, http, listEnvelope, sentRequests, server } from '../../../test/msw';
import { renderAsStaff } from '../../staff-applications/test-support';
import { buildPayment } from '../test-support';
import { PaymentOrderPage } from './payment-order-page';

const UI_TEST_TIMEOUT = 20_000;

beforeAll(async () => {
  await loadAllTexts();
  await i18n.loadNamespaces(['payments-registry']);
});

const renderPage = () => renderAsStaff(<PaymentOrderPage />, { path: '/payment-order', route: '/payment-order' });

describe('/payment-order', { timeout: UI_TEST_TIMEOUT }, () => {
  it('lists the pending payment orders with their proof, linking to the record', async () => {
    server.use(
      http.get('/api/payments/all', () =>
        listEnvelope([
          buildPayment(),
          buildPayment({ id: 42, application_id: 2, application_number: 'CJMS/2/2026', has_proof: false, amount: '75.50' }),
        ]),
      ),
    );
    const { user } = renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Ordine de plată' })).toBeInTheDocument();
    const first = await screen.findByRole('row', { name: /CJMS\/1\/2026/ });
    expect(first.textContent).toContain('Dovadă încărcată');
    expect(first.textContent).toContain('150,00 lei');
    expect(within(first).getByRole('link', { name: 'CJMS/1/2026' })).toHaveAttribute('href', '/application/1/payments');
    const second = screen.getByRole('row', { name: /CJMS\/2\/2026/ });
    expect(second.textContent).toContain('Fără dovadă încărcată');
    const [call] = await sentRequests({ method: 'GET', path: '/api/payments/all' });
    expect(call.query.get('type[eq]')).toBe('OP');
    expect(call.query.get('status[eq]')).toBe('CREATED');

    await user.type(screen.getByRole('searchbox', { name: 'Numărul cererii' }), 'CJMS/2');
    await waitFor(async () => {
      const last = (await sentRequests({ method: 'GET', path: '/api/payments/all' })).at(-1)!.query;
      expect(last.get('application_number[contains]')).toBe('CJMS/2');
      expect(last.get('type[eq]')).toBe('OP');
    });
  });

  it('says when no order waits', async () => {
    server.use(http.get('/api/payments/all', () => listEnvelope([])));
    renderPage();
    expect(await screen.findByText('Nu există ordine de plată în așteptare.')).toBeInTheDocument();
  });

  it('shows a load failure', async () => {
    server.use(http.get('/api/payments/all', () => apiError(500, 'INTERNAL_ERROR')));
    renderPage();
    expect(await screen.findByText(/Lista nu a putut fi încărcată\./)).toBeInTheDocument();
  });
});
