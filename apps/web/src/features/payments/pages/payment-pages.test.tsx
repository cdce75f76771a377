import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildCurrentUser } from '../../../lib/testing/fixtures';
import { AppTestProviders, fakeSession } from '../../../lib/testing/render-app';
import { apiError, envelope, HttpResponse, http, sentRequests, server } from '../../../test/msw';
import { gatewayNavigation } from '../api/payments';
import { buildPayment, loadPaymentTexts } from '../test-support';
import { ApplicationNotifyPage } from './application-notify-page';
import { ApplicationPaymentPage } from './application-payment-page';
import { PublicPaymentPage } from './public-payment-page';

beforeAll(loadPaymentTexts);
afterEach(() => vi.restoreAllMocks());

function Where() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

function renderAt(path: string, signedIn = true) {
  const session = fakeSession(
    signedIn ? { user: buildCurrentUser({ user_type_name: 'citizen', permissions: { applicationsRead: true } as never }) } : {},
  );
  const user = userEvent.setup();
  render(
    <AppTestProviders session={session}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/application-notify/:id" element={<ApplicationNotifyPage />} />
          <Route path="/application-payment/:applicationId/:opPaymentId" element={<ApplicationPaymentPage />} />
          <Route path="/plata/:token" element={<PublicPaymentPage />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </AppTestProviders>,
  );
  return user;
}

const watchRedirect = () => vi.spyOn(gatewayNavigation, 'assign').mockImplementation(() => {});

describe('/application-notify/:id (back from the gateway)', () => {
  it('says the payment succeeded', async () => {
    server.use(
      http.get('/api/payments/application/5/bt-url-check', () =>
        envelope({
          application_id: 5,
          is_paid: true,
          payment: buildPayment({ status: 'SUCCESSFUL', status_label: 'Reușită', settled_at: '2026-11-20T10:01:00.000Z' }),
        }),
      ),
    );
    renderAt('/application-notify/5');
    expect(await screen.findByTestId('notify-success')).toHaveTextContent('Plata de 636,00 lei a fost primită.');
    expect(screen.getByRole('link', { name: 'Mergeți la cerere' })).toHaveAttribute('href', '/application/5/payments');
  });

  it('says the payment failed and tries again at the gateway', async () => {
    const redirect = watchRedirect();
    server.use(
      http.get('/api/payments/application/5/bt-url-check', () =>
        envelope({
          application_id: 5,
          is_paid: false,
          payment: buildPayment({ status: 'FAILED', status_label: 'Eșuată', failure_reason: 'Card refuzat' }),
        }),
      ),
      http.post('/api/applications/5/pay', () =>
        envelope({ payment: buildPayment({ id: 72 }), redirect_url: 'http://localhost/api/sandbox-gateway/pay/72' }),
      ),
    );
    const user = renderAt('/application-notify/5');
    const failed = await screen.findByTestId('notify-failed');
    expect(failed).toHaveTextContent('Plata nu a fost efectuată.');
    expect(failed).toHaveTextContent('Motivul: Card refuzat');
    await user.click(screen.getByRole('button', { name: 'Încercați din nou' }));
    await vi.waitFor(() => expect(redirect).toHaveBeenCalledWith('http://localhost/api/sandbox-gateway/pay/72'));
    expect(await sentRequests({ method: 'POST' })).toEqual([expect.objectContaining({ path: '/api/applications/5/pay' })]);
  });

  it('asks again while the gateway has not answered yet', async () => {
    let calls = 0;
    server.use(
      http.get('/api/payments/application/5/bt-url-check', () => {
        calls += 1;
        return envelope({
          application_id: 5,
          is_paid: calls > 1,
          payment: buildPayment(calls > 1 ? { status: 'SUCCESSFUL', status_label: 'Reușită' } : {}),
        });
      }),
    );
    renderAt('/application-notify/5');
    expect(await screen.findByTestId('notify-processing')).toHaveTextContent('Pagina se actualizează singură.');
    expect(await screen.findByTestId('notify-success', {}, { timeout: 4000 })).toBeInTheDocument();
  });
});

describe('/application-payment/:applicationId/:opPaymentId (payment order)', () => {
  const order = (overrides = {}) => ({
    payment: buildPayment({ id: 81, type: 'OP', type_label: 'Ordin de plată', ...overrides }),
    organisation_name: 'Primăria Târgu Mureș',
    payment_order_details: 'Beneficiar: Municipiul Târgu Mureș\nIBAN: RO49TREZ4765070XXX000000\nCUI: 4322823',
    reference: 'TGM/5/2026',
    amount: '636.00',
  });

  it('shows what to write on the order and uploads the proof', async () => {
    let current = order();
    server.use(
      http.get('/api/applications/5/payment-orders/81', () => envelope(current)),
      http.post('/api/files/upload-tokens', () => envelope({ token: 'up-1' })),
      http.post('/api/files', () => HttpResponse.json({ data: { id: 41 } }, { status: 201 })),
      http.put('/api/applications/5/payments/81/proof', () => {
        current = order({ has_proof: true });
        return envelope(current.payment);
      }),
      http.get('/api/applications/5/payments', () => apiError(404, 'NOT_FOUND')),
    );
    const user = renderAt('/application-payment/5/81');
    expect(await screen.findByTestId('order-amount')).toHaveTextContent('636,00 lei');
    expect(screen.getByTestId('order-reference')).toHaveTextContent('TGM/5/2026');
    expect(screen.getByTestId('order-details')).toHaveTextContent('IBAN: RO49TREZ4765070XXX000000');
    expect(screen.getByRole('button', { name: 'Descărcați detaliile' })).toBeInTheDocument();

    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    await user.upload(input as HTMLInputElement, new File(['%PDF-1.4'], 'ordin.pdf', { type: 'application/pdf' }));
    expect(await screen.findByTestId('proof-on-file')).toHaveTextContent('Dovada plății a fost trimisă.');
    expect(await sentRequests({ method: 'PUT' })).toEqual([
      expect.objectContaining({ path: '/api/applications/5/payments/81/proof', body: { file_id: 41 } }),
    ]);
  });

  it('shows an error with a retry when the order cannot be loaded', async () => {
    server.use(http.get('/api/applications/5/payment-orders/81', () => apiError(409, 'PAYMENT_NOT_ALLOWED')));
    renderAt('/application-payment/5/81');
    expect(await screen.findByText('Ordinul de plată nu a putut fi încărcat.')).toBeInTheDocument();
    expect(screen.getByText('Plata nu este permisă în starea actuală a cererii.')).toBeInTheDocument();
  });
});

describe('/plata/:token (public payment link)', () => {
  const link = {
    organisation_name: 'Primăria Târgu Mureș',
    application_number: 'TGM/5/2026',
    description: 'Taxă certificat de urbanism',
    amount: '120.50',
    currency: 'RON',
    status: 'CREATED',
    status_label: 'Inițiată',
  };

  it('shows what the link pays and pays it at the gateway', async () => {
    const redirect = watchRedirect();
    server.use(
      http.get('/api/public/payment-links/tok-1', () => envelope(link)),
      http.post('/api/public/payment-links/tok-1/pay', () =>
        envelope({
          payment: buildPayment({ id: 90, type: 'LINK' }),
          redirect_url: 'http://localhost/api/sandbox-gateway/pay/90',
        }),
      ),
    );
    const user = renderAt('/plata/tok-1', false);
    expect(await screen.findByText('Taxă certificat de urbanism')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Plătiți 120,50 lei' }));
    await vi.waitFor(() => expect(redirect).toHaveBeenCalledWith('http://localhost/api/sandbox-gateway/pay/90'));
    expect(await sentRequests({ method: 'POST' })).toEqual([
      expect.objectContaining({ path: '/api/public/payment-links/tok-1/pay' }),
    ]);
  });

  it('says when the link was already paid', async () => {
    server.use(
      http.get('/api/public/payment-links/tok-1', () => envelope({ ...link, status: 'SUCCESSFUL', status_label: 'Reușită' })),
    );
    renderAt('/plata/tok-1', false);
    expect(await screen.findByTestId('public-link-paid')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Plătiți/ })).not.toBeInTheDocument();
  });

  it('offers to try again after a declined card (the gateway sends the payer back here)', async () => {
    server.use(
      http.get('/api/public/payment-links/tok-1', () => envelope({ ...link, status: 'FAILED', status_label: 'Eșuată' })),
    );
    renderAt('/plata/tok-1', false);
    expect(await screen.findByTestId('public-link-failed')).toHaveTextContent('Puteți încerca din nou.');
    expect(screen.getByRole('button', { name: 'Încercați din nou' })).toBeInTheDocument();
  });

  it('says an unknown link is not valid', async () => {
    server.use(http.get('/api/public/payment-links/nope', () => apiError(404, 'NOT_FOUND')));
    renderAt('/plata/nope', false);
    expect(await screen.findByTestId('public-link-invalid')).toHaveTextContent('Linkul de plată nu este valid sau a expirat.');
  });
});
