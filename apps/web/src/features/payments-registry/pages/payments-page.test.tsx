import type { PaymentTotals } from '@ghiseu/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { loadAllTexts } from '../../../lib/testing/render-app';
import { apiError, envelope, HttpResponse, http, listEnvelope, sentRequests, server } from '../../../test/msw';
import { renderAsStaff } from '../../staff-applications/test-support';
import { buildPayment, buildReconciliation } from '../test-support';
import { PaymentsPage } from './payments-page';

const UI_TEST_TIMEOUT = 20_000;

beforeAll(async () => {
  await loadAllTexts();
  await i18n.loadNamespaces(['payments-registry']);
});

const totals: PaymentTotals = {
  currency: 'RON',
  total: '1350.50',
  count: 3,
  by_type: [
    { type: 'CARD', type_label: 'Card', amount: '1200.50', count: 2 },
    { type: 'OFFICE', type_label: 'La ghișeu', amount: '150.00', count: 1 },
  ],
  by_period: [{ period: '2026-11-20', amount: '1350.50', count: 3 }],
};

beforeEach(() => {
  server.use(
    http.get('/api/organisations', () => listEnvelope([{ id: 2, name: 'Consiliul Județean Mureș' }])),
    http.get('/api/payments/all/totals', () => envelope(totals)),
    http.get('/api/payments/all', () =>
      listEnvelope([
        buildPayment({
          id: 40,
          type: 'CARD',
          type_label: 'Card',
          status: 'SUCCESSFUL',
          status_label: 'Reușită',
          amount: '1200.50',
          provider_transaction_id: 'BT-778',
        }),
      ]),
    ),
  );
});

const renderPage = (path = '/payments') => renderAsStaff(<PaymentsPage />, { path, route: '/payments', role: 'super_admin' });

describe('/payments', { timeout: UI_TEST_TIMEOUT }, () => {
  it('lists the payments with the totals by type and day', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Registrul de plăți' })).toBeInTheDocument();
    const row = await screen.findByRole('row', { name: /CJMS\/1\/2026/ });
    expect(row.textContent).toContain('1.200,50 lei');
    expect(row.textContent).toContain('Reușită');
    expect(row.textContent).toContain('BT-778');
    expect(within(row).getByRole('link', { name: 'CJMS/1/2026' })).toHaveAttribute('href', '/application/1/payments');
    expect((await screen.findByTestId('totals-all')).textContent).toContain('1.350,50 lei');
    expect(screen.getByTestId('totals-CARD').textContent).toContain('1.200,50 lei');
    expect(screen.getByTestId('totals-OFFICE').textContent).toContain('150,00 lei');
    expect(screen.getByTestId('totals-by-period').textContent).toContain('20.11.2026');
    const [totalsCall] = await sentRequests({ method: 'GET', path: '/api/payments/all/totals' });
    expect(totalsCall.query.get('period')).toBe('day');
  });

  it('sends the filters to the list, the totals and the export', async () => {
    server.use(
      http.get(
        '/api/payments/all/export.csv',
        () => new HttpResponse('id;suma\n40;1200.50\n', { headers: { 'content-type': 'text/csv' } }),
      ),
    );
    URL.createObjectURL ??= () => 'blob:csv';
    URL.revokeObjectURL ??= () => {};
    const { user } = renderPage();
    await screen.findByRole('row', { name: /CJMS\/1\/2026/ });
    await user.type(screen.getByRole('searchbox', { name: 'Plătitor' }), 'Mureșan');
    await user.click(screen.getByRole('combobox', { name: 'Tipul plății' }));
    await user.click(await screen.findByRole('option', { name: 'Card' }));
    await waitFor(async () => {
      const calls = await sentRequests({ method: 'GET', path: '/api/payments/all' });
      const last = calls.at(-1)!.query;
      expect(last.get('client_name[contains]')).toBe('Mureșan');
      expect(last.get('type[eq]')).toBe('CARD');
      expect(last.get('sortKey')).toBe('-created_at');
    });
    await waitFor(async () => {
      const last = (await sentRequests({ method: 'GET', path: '/api/payments/all/totals' })).at(-1)!.query;
      expect(last.get('client_name[contains]')).toBe('Mureșan');
      expect(last.get('type[eq]')).toBe('CARD');
    });
    await user.click(screen.getByRole('radio', { name: 'Luni' }));
    await waitFor(async () => {
      const last = (await sentRequests({ method: 'GET', path: '/api/payments/all/totals' })).at(-1)!.query;
      expect(last.get('period')).toBe('month');
    });
    await user.click(screen.getByRole('button', { name: 'Exportați CSV' }));
    await waitFor(async () => {
      const [exported] = await sentRequests({ method: 'GET', path: '/api/payments/all/export.csv' });
      expect(exported.query.get('client_name[contains]')).toBe('Mureșan');
      expect(exported.query.get('type[eq]')).toBe('CARD');
      expect(exported.query.get('skip')).toBeNull();
    });
  });

  it('says when there are no payments', async () => {
    server.use(http.get('/api/payments/all', () => listEnvelope([])));
    renderPage();
    expect(await screen.findByText('Nu există plăți.')).toBeInTheDocument();
  });

  it('shows a load failure of the totals with a retry', async () => {
    server.use(http.get('/api/payments/all/totals', () => apiError(500, 'INTERNAL_ERROR')));
    renderPage();
    expect(await screen.findByText('Totalurile nu au putut fi încărcate.')).toBeInTheDocument();
  });

  it('lists the reconciliations with their differences and reconciles a day now', async () => {
    server.use(
      http.get('/api/payments/reconciliations', () =>
        listEnvelope([
          buildReconciliation({
            ledger_balanced: false,
            differences: [
              {
                kind: 'missing_in_portal',
                order_id: 'ORD-991',
                payment_id: null,
                portal_status: null,
                gateway_status: 'successful',
                portal_amount: null,
                gateway_amount: '150.00',
              },
            ],
          }),
          buildReconciliation({ id: 4, day: '2026-11-22' }),
        ]),
      ),
      http.post('/api/payments/reconciliations', () => envelope(buildReconciliation({ id: 6, day: '2026-11-24' }))),
    );
    const { user } = renderPage('/payments?tab=reconciliations');
    const row = await screen.findByTestId('reconciliation-5');
    expect(row.textContent).toContain('23.11.2026');
    expect(row.textContent).toContain('300,00 lei');
    expect(row.textContent).toContain('450,00 lei');
    expect(row.textContent).toContain('Neechilibrat');
    expect(screen.getByTestId('reconciliation-4').textContent).toContain('Fără diferențe');
    const toggle = within(row).getByRole('button', { name: 'O diferență' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const details = screen.getByTestId('reconciliation-5-details');
    expect(details).toBeVisible();
    expect(details.textContent).toContain('Lipsește din portal');
    expect(details.textContent).toContain('ORD-991');
    expect(details.textContent).toContain('Reușită · 150,00 lei');

    await user.click(screen.getByRole('button', { name: 'Reconciliați acum' }));
    await waitFor(async () => {
      const [post] = await sentRequests({ method: 'POST', path: '/api/payments/reconciliations' });
      expect(post.body).toEqual({ day: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    });
  });

  it('says when no day was reconciled yet', async () => {
    server.use(http.get('/api/payments/reconciliations', () => listEnvelope([])));
    renderPage('/payments?tab=reconciliations');
    expect(await screen.findByText('Nu există reconcilieri.')).toBeInTheDocument();
  });
});
