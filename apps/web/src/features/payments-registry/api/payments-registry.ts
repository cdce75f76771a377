import {
  type ApplicationPayments,
  type Payment,
  type PaymentTotals,
  type Reconciliation,
  ZApplicationPayments,
  ZPaymentTotals,
  ZReconciliation,
} from '@ghiseu/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type DataEnvelope, type ListEnvelope } from '../../../lib/api-client';
import { readContract } from '../../../lib/contract';

/**
 * Calls of the staff's payments (issue 13): the payments of one application with the staff's
 * actions (register, reject, payment link), the registry of every payment with its totals and
 * CSV export, and the daily reconciliations with the gateway.
 */

const ROOT = 'payments-registry' as const;
export const paymentKeys = {
  all: [ROOT] as const,
  application: (id: number) => [ROOT, 'application', id] as const,
  list: (params: string) => [ROOT, 'list', params] as const,
  totals: (params: string) => [ROOT, 'totals', params] as const,
  reconciliations: () => [ROOT, 'reconciliations'] as const,
};

const withQuery = (path: string, params: string) => (params ? `${path}?${params}` : path);

/** Saves a blob under a file name (the browser's download). */
function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/* ───────────────────────────── One application ───────────────────────────── */

/** GET /staff-applications/{id}/registry-check-payment-status: totals, attempts and what the clerk may do. */
export const getApplicationPayments = async (id: number, signal?: AbortSignal): Promise<ApplicationPayments> =>
  readContract(
    ZApplicationPayments,
    (await api.get<DataEnvelope<unknown>>(`/staff-applications/${id}/registry-check-payment-status`, { signal })).data,
    'GET staff-applications/{id}/registry-check-payment-status',
  );

export const useApplicationPayments = (id: number) =>
  useQuery({ queryKey: paymentKeys.application(id), queryFn: ({ signal }) => getApplicationPayments(id, signal) });

export interface RegisterPaymentBody {
  payment_id?: number;
  type: 'OP' | 'OFFICE';
  amount: string;
  document_number: string;
  paid_on: string;
}

/** A write on one application refreshes its payments, the registry and the staff record (is_paid). */
function useApplicationWrite<V>(fn: (variables: V) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    meta: { skipGlobalErrorHandler: true },
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: paymentKeys.all });
      void client.invalidateQueries({ queryKey: ['staff-applications'] });
    },
  });
}

export const useRegisterPayment = (id: number) =>
  useApplicationWrite((body: RegisterPaymentBody) => api.put<unknown>(`/staff-applications/${id}/register-payment`, body));

export const useRejectPayment = (id: number) =>
  useApplicationWrite((body: { payment_id: number; reason: string }) =>
    api.put<unknown>(`/staff-applications/${id}/reject-payment`, body),
  );

export const useCreatePaymentLink = (id: number) =>
  useApplicationWrite((body: { amount: string; email: string }) =>
    api.put<unknown>(`/staff-applications/${id}/create-payment-link`, body),
  );

/** GET /payments/{id}/receipt: the receipt PDF of a successful payment. */
export async function downloadReceipt(payment: Payment): Promise<void> {
  const blob = await api.get<Blob>(`/payments/${payment.id}/receipt`, { responseType: 'blob' });
  const number = (payment.application_number ?? String(payment.id)).replace(/[^\p{L}\p{N}-]+/gu, '-');
  saveBlob(blob, `chitanta-${number}-${payment.id}.pdf`);
}

/* ───────────────────────────── Registry ───────────────────────────── */

export const getPayments = (params: string, signal?: AbortSignal) =>
  api.get<ListEnvelope<Payment>>(withQuery('/payments/all', params), { signal });

export const usePayments = (params: string) =>
  useQuery({
    queryKey: paymentKeys.list(params),
    queryFn: ({ signal }) => getPayments(params, signal),
    placeholderData: keepPreviousData,
  });

/** GET /payments/all/totals with the list's filters and `period=day|month`. */
export const usePaymentTotals = (params: string) =>
  useQuery({
    queryKey: paymentKeys.totals(params),
    queryFn: async ({ signal }): Promise<PaymentTotals> =>
      readContract(
        ZPaymentTotals,
        (await api.get<DataEnvelope<unknown>>(withQuery('/payments/all/totals', params), { signal })).data,
        'GET payments/all/totals',
      ),
    placeholderData: keepPreviousData,
  });

/** GET /payments/all/export.csv with the list's filters. */
export async function downloadPaymentsCsv(params: string): Promise<void> {
  const blob = await api.get<Blob>(withQuery('/payments/all/export.csv', params), { responseType: 'blob' });
  saveBlob(blob, 'registru-plati.csv');
}

/* ───────────────────────────── Reconciliations ───────────────────────────── */

export const useReconciliations = () =>
  useQuery({
    queryKey: paymentKeys.reconciliations(),
    queryFn: async ({ signal }): Promise<Reconciliation[]> => {
      const body = await api.get<ListEnvelope<unknown>>('/payments/reconciliations', { signal });
      return body.data.map((row) => readContract(ZReconciliation, row, 'GET payments/reconciliations'));
    },
  });

export const useReconcile = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (day: string) => api.post<unknown>('/payments/reconciliations', { day }),
    meta: { skipGlobalErrorHandler: true },
    onSuccess: () => void client.invalidateQueries({ queryKey: paymentKeys.reconciliations() }),
  });
};
