import type {
  ApplicationPayments,
  Checkout,
  Payment,
  PaymentOrderDetails,
  ZPaymentReturnCheck,
  ZPublicPaymentLink,
} from '@ghiseu/domain';
import type { z } from 'zod';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type DataEnvelope } from '../../../lib/api-client';

/**
 * The citizen's payment calls (spec §4 payment flow, §7 payments): the application's payments,
 * card checkout (pay, or refresh the gateway address of an attempt already initiated), payment
 * orders with their proof, the return check after the gateway and the public payment links.
 */

export const paymentKeys = {
  all: ['payments'] as const,
  application: (id: number) => ['payments', 'application', id] as const,
  order: (applicationId: number, paymentId: number) => ['payments', 'order', applicationId, paymentId] as const,
  returnCheck: (id: number) => ['payments', 'return-check', id] as const,
  link: (token: string) => ['payments', 'link', token] as const,
};

/** GET /public/payment-links/{token}. */
export type PublicPaymentLink = z.infer<typeof ZPublicPaymentLink>;
/** GET /payments/application/{id}/bt-url-check: the state after the gateway sent the browser back. */
export type PaymentReturnCheck = z.infer<typeof ZPaymentReturnCheck>;

/** `GET /applications/{id}/payments`: totals, attempts and what the reader may do. */
export const applicationPaymentsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: paymentKeys.application(id),
    queryFn: async ({ signal }) =>
      (await api.get<DataEnvelope<ApplicationPayments>>(`/applications/${id}/payments`, { signal })).data,
  });
export const useApplicationPayments = (id: number) => useQuery(applicationPaymentsQueryOptions(id));

/**
 * Sends the browser to the gateway's hosted card page. An object (not a bare function) so that
 * tests can watch the redirect: jsdom's `location.assign` cannot be replaced.
 */
export const gatewayNavigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};

/**
 * `POST /applications/{id}/pay`, or `/refresh-payment-url` when a card attempt is already
 * initiated; then the browser goes to the gateway (CANNOT_INIT_PAYMENT, PAYMENT_NOT_ALLOWED reject).
 */
export async function startCardPayment(applicationId: number, resume = false): Promise<Checkout> {
  const path = `/applications/${applicationId}/${resume ? 'refresh-payment-url' : 'pay'}`;
  const { data } = await api.post<DataEnvelope<Checkout>>(path);
  gatewayNavigation.assign(data.redirect_url);
  return data;
}

export function useStartCardPayment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ applicationId, resume }: { applicationId: number; resume?: boolean }) =>
      startCardPayment(applicationId, resume),
    meta: { skipGlobalErrorHandler: true },
    onSettled: (_data, _error, { applicationId }) =>
      void client.invalidateQueries({ queryKey: paymentKeys.application(applicationId) }),
  });
}

/** `POST /applications/{id}/payment-orders`: a payment order (OP) for the amount due. */
export function useCreatePaymentOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (applicationId: number) =>
      (await api.post<DataEnvelope<PaymentOrderDetails>>(`/applications/${applicationId}/payment-orders`)).data,
    meta: { skipGlobalErrorHandler: true },
    onSuccess: (order, applicationId) => {
      client.setQueryData(paymentKeys.order(applicationId, order.payment.id), order);
      void client.invalidateQueries({ queryKey: paymentKeys.application(applicationId) });
    },
  });
}

/** `GET /applications/{id}/payment-orders/{paymentId}`. */
export const usePaymentOrder = (applicationId: number, paymentId: number) =>
  useQuery({
    queryKey: paymentKeys.order(applicationId, paymentId),
    queryFn: async ({ signal }) =>
      (
        await api.get<DataEnvelope<PaymentOrderDetails>>(`/applications/${applicationId}/payment-orders/${paymentId}`, {
          signal,
        })
      ).data,
    enabled: applicationId > 0 && paymentId > 0,
  });

/** `PUT /applications/{id}/payments/{paymentId}/proof {file_id}`: the proof of a payment order. */
export function useSubmitProof() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ applicationId, paymentId, fileId }: { applicationId: number; paymentId: number; fileId: number }) =>
      (
        await api.put<DataEnvelope<Payment> | undefined>(`/applications/${applicationId}/payments/${paymentId}/proof`, {
          file_id: fileId,
        })
      )?.data,
    meta: { skipGlobalErrorHandler: true },
    onSuccess: (_payment, { applicationId, paymentId }) => {
      void client.invalidateQueries({ queryKey: paymentKeys.order(applicationId, paymentId) });
      void client.invalidateQueries({ queryKey: paymentKeys.application(applicationId) });
    },
  });
}

/** How many times the return page asks again while the gateway's answer has not arrived. */
export const RETURN_CHECK_ATTEMPTS = 5;
export const RETURN_CHECK_INTERVAL_MS = 2000;

/** `GET /payments/application/{id}/bt-url-check`: the state after the gateway sent the browser back. */
export const usePaymentReturnCheck = (applicationId: number, intervalMs = RETURN_CHECK_INTERVAL_MS) =>
  useQuery({
    queryKey: paymentKeys.returnCheck(applicationId),
    queryFn: async ({ signal }) =>
      (await api.get<DataEnvelope<PaymentReturnCheck>>(`/payments/application/${applicationId}/bt-url-check`, { signal })).data,
    enabled: applicationId > 0,
    // Still processing (the callback has not arrived yet): ask a few more times.
    refetchInterval: (query) => {
      const data = query.state.data;
      const pending = data && !data.is_paid && data.payment?.status === 'CREATED';
      return pending && query.state.dataUpdateCount < RETURN_CHECK_ATTEMPTS ? intervalMs : false;
    },
  });

/** `GET /public/payment-links/{token}`: what the payer sees before paying (no account needed). */
export const usePublicPaymentLink = (token: string) =>
  useQuery({
    queryKey: paymentKeys.link(token),
    queryFn: async ({ signal }) =>
      (await api.get<DataEnvelope<PublicPaymentLink>>(`/public/payment-links/${encodeURIComponent(token)}`, { signal })).data,
    enabled: token !== '',
  });

/** `POST /public/payment-links/{token}/pay`, then to the gateway. */
export function usePayPublicLink() {
  return useMutation({
    mutationFn: async (token: string) => {
      const { data } = await api.post<DataEnvelope<Checkout>>(`/public/payment-links/${encodeURIComponent(token)}/pay`);
      gatewayNavigation.assign(data.redirect_url);
      return data;
    },
    meta: { skipGlobalErrorHandler: true },
  });
}

/** `GET /payments/{id}/receipt`: the receipt PDF of a successful payment, saved as a file. */
export async function downloadPaymentReceipt(payment: Pick<Payment, 'id'>): Promise<void> {
  const blob = await api.get<Blob>(`/payments/${payment.id}/receipt`, { responseType: 'blob' });
  saveBlob(blob, `chitanta-plata-${payment.id}.pdf`);
}

/** Saves a blob under a file name (a temporary link the browser downloads). */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
