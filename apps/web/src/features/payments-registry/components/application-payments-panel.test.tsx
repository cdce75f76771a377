import type { StaffApplication } from '@ghiseu/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { apiError, envelope, http, listEnvelope, sentRequests, server } from '../../../test/msw';
import { StaffApplicationPage } from '../../staff-applications/pages/staff-application-page';
import { buildStaffApplication, loadStaffTexts, renderAsStaff } from '../../staff-applications/test-support';
import { buildApplicationPayments, buildPayment } from '../test-support';

const UI_TEST_TIMEOUT = 20_000;

beforeAll(async () => {
  await loadStaffTexts();
  await i18n.loadNamespaces(['payments-registry']);
});

/** Serves the record and its payments; the payments answer `payments` (a function: per call). */
function serve(payments: () => Response, record: StaffApplication = buildStaffApplication()) {
  server.use(
    http.get('/api/applications/:id/history', () => envelope([])),
    http.get('/api/application-types', () => listEnvelope([])),
    http.get('/api/staff-applications/:id/document', () => envelope({ document: null, history: [] })),
    http.get('/api/staff-applications/:id/registry-check-payment-status', payments),
    http.get('/api/staff-applications/:id', () => envelope(record)),
  );
}

const renderTab = () =>
  renderAsStaff(<StaffApplicationPage />, { path: '/application/1/payments', route: '/application/:id/:tab?' });

describe('the payments tab of the staff record', { timeout: UI_TEST_TIMEOUT }, () => {
  it('shows what is due and the attempts, with the receipt of a paid one', async () => {
    serve(() =>
      envelope(
        buildApplicationPayments({
          paid: '100.00',
          due: '1150.50',
          payments: [
            buildPayment({
              id: 40,
              type: 'CARD',
              type_label: 'Card',
              status: 'SUCCESSFUL',
              status_label: 'Reușită',
              amount: '100.00',
              provider_transaction_id: 'BT-778',
              has_receipt: true,
              has_proof: false,
            }),
            buildPayment(),
          ],
        }),
      ),
    );
    renderTab();
    expect(await screen.findByRole('tab', { name: 'Plăți' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByTestId('payments-due')).toHaveTextContent('1.150,50 lei');
    expect(screen.getByTestId('payments-total')).toHaveTextContent('1.250,50 lei');
    const table = screen.getByRole('table', { name: 'Plățile cererii, cele mai noi primele' });
    const cardRow = within(table).getByTestId('payment-row-40');
    expect(cardRow.textContent).toContain('20.11.2026');
    expect(cardRow.textContent).toContain('100,00 lei');
    expect(cardRow.textContent).toContain('BT-778');
    expect(within(cardRow).getByRole('button', { name: /Descărcați chitanța plății din 20\.11\.2026/ })).toBeInTheDocument();
    // The pending OP waits with its proof.
    expect(screen.getByTestId('pending-order-41').textContent).toContain('Dovadă încărcată');
  });

  it('registers a payment taken at the office (the PUT body) and refreshes the payments', async () => {
    let paid = false;
    serve(() =>
      envelope(paid ? buildApplicationPayments({ paid: '1250.50', due: '0.00', is_paid: true }) : buildApplicationPayments()),
    );
    server.use(
      http.put('/api/staff-applications/:id/register-payment', () => {
        paid = true;
        return envelope(buildPayment({ type: 'OFFICE', status: 'SUCCESSFUL' }));
      }),
    );
    const { user } = renderTab();
    await user.click(await screen.findByRole('button', { name: 'Înregistrați plata' }));
    const dialog = await screen.findByRole('dialog', { name: 'Înregistrați plata' });
    const amount = within(dialog).getByRole('textbox', { name: /Suma \(lei\)/ });
    expect(amount).toHaveValue('1250,50');
    await user.clear(amount);
    await user.type(amount, '1250,5');
    await user.type(within(dialog).getByRole('textbox', { name: /Numărul chitanței/ }), 'CH-2026-17');
    await user.click(within(dialog).getByRole('button', { name: 'Înregistrați plata' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [put] = await sentRequests({ method: 'PUT', path: '/api/staff-applications/1/register-payment' });
    expect(put.body).toEqual({
      type: 'OFFICE',
      amount: '1250.5',
      document_number: 'CH-2026-17',
      paid_on: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    expect(await screen.findByText('Achitată')).toBeInTheDocument();
  });

  it('registers the pending OP by its id and shows PAYMENT_AMOUNT_INVALID in Romanian', async () => {
    serve(() => envelope(buildApplicationPayments({ payments: [buildPayment()] })));
    server.use(
      http.put('/api/staff-applications/:id/register-payment', () => apiError(400, 'PAYMENT_AMOUNT_INVALID', { due: '1250.50' })),
    );
    const { user } = renderTab();
    const order = await screen.findByTestId('pending-order-41');
    await user.click(within(order).getByRole('button', { name: 'Înregistrați' }));
    const dialog = await screen.findByRole('dialog', { name: 'Înregistrați ordinul de plată' });
    expect(within(dialog).getByRole('textbox', { name: /Suma \(lei\)/ })).toHaveValue('150,00');
    await user.type(within(dialog).getByRole('textbox', { name: /Numărul ordinului de plată/ }), 'OP 1182');
    await user.click(within(dialog).getByRole('button', { name: 'Înregistrați plata' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('Suma nu este validă pentru această cerere (de plată: 1250.50 lei).');
    const [put] = await sentRequests({ method: 'PUT', path: '/api/staff-applications/1/register-payment' });
    expect(put.body).toMatchObject({ payment_id: 41, type: 'OP', amount: '150.00', document_number: 'OP 1182' });
  });

  it('rejects a pending OP with a reason and sends a payment link', async () => {
    serve(() => envelope(buildApplicationPayments({ payments: [buildPayment()] })), buildStaffApplication());
    server.use(
      http.put('/api/staff-applications/:id/reject-payment', () => envelope(buildPayment({ status: 'FAILED' }))),
      http.put('/api/staff-applications/:id/create-payment-link', () => envelope(buildPayment({ type: 'LINK' }))),
    );
    const { user } = renderTab();
    const order = await screen.findByTestId('pending-order-41');
    await user.click(within(order).getByRole('button', { name: 'Respingeți' }));
    const dialog = await screen.findByRole('dialog', { name: 'Respingeți ordinul de plată' });
    await user.type(within(dialog).getByRole('textbox', { name: /Motivul respingerii/ }), 'Suma nu apare în extras');
    await user.click(within(dialog).getByRole('button', { name: 'Respingeți' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [reject] = await sentRequests({ method: 'PUT', path: '/api/staff-applications/1/reject-payment' });
    expect(reject.body).toEqual({ payment_id: 41, reason: 'Suma nu apare în extras' });

    await user.click(screen.getByRole('button', { name: 'Trimiteți link de plată' }));
    const linkDialog = await screen.findByRole('dialog', { name: 'Trimiteți link de plată' });
    await user.type(within(linkDialog).getByRole('textbox', { name: /Adresa de e-mail/ }), 'plata@example.ro');
    await user.click(within(linkDialog).getByRole('button', { name: 'Trimiteți linkul' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [link] = await sentRequests({ method: 'PUT', path: '/api/staff-applications/1/create-payment-link' });
    expect(link.body).toEqual({ amount: '1250.50', email: 'plata@example.ro' });
  });

  it('shows a load failure with a retry, and no actions without abilities', async () => {
    let calls = 0;
    serve(() =>
      calls++ === 0
        ? apiError(500, 'INTERNAL_ERROR')
        : envelope(
            buildApplicationPayments({
              abilities: {
                canPayCard: false,
                canContinueCard: false,
                canPayOrder: false,
                canRegisterPayment: false,
                canCreateLink: false,
              },
            }),
          ),
    );
    const { user } = renderTab();
    expect(await screen.findByText('Plățile nu au putut fi încărcate.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reîncercați' }));
    expect(await screen.findByText('Nu există plăți pentru această cerere.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Înregistrați plata' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Verificați starea plăților' })).toBeInTheDocument();
  });
});
