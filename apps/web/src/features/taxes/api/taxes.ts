import {
  type CollectorAccount,
  type Tax,
  type TaxCategory,
  ZApplicationTypeTaxRules,
  ZCollectorAccount,
  ZTax,
  ZTaxCategory,
} from '@ghiseu/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type DataEnvelope, type ListEnvelope } from '../../../lib/api-client';
import { readContract } from '../../../lib/contract';

/**
 * Calls of the taxes capability: tax categories (/tax-categories, super administrator), the
 * taxes of an organisation (/taxes) and its collector (bank) accounts (/collector-accounts).
 */

const ROOT = 'taxes' as const;
export const taxKeys = {
  all: [ROOT] as const,
  categories: (params: string) => [ROOT, 'categories', params] as const,
  categoryOptions: () => [ROOT, 'categories', 'options'] as const,
  taxes: (params: string) => [ROOT, 'taxes', params] as const,
  accounts: (params: string) => [ROOT, 'accounts', params] as const,
};

const withQuery = (path: string, params: string) => (params ? `${path}?${params}` : path);
/** Adds the organisation's filter (`organisation_id[eq]`) to a list query. */
export const forOrganisation = (params: string, organisationId: number) => {
  const next = new URLSearchParams(params);
  next.set('organisation_id[eq]', String(organisationId));
  return next.toString();
};

/* ───────────────────────────── Tax categories ───────────────────────────── */

export interface TaxCategoryBody {
  name: string;
  status: 'active' | 'inactive';
}

export const useTaxCategories = (params: string) =>
  useQuery({
    queryKey: taxKeys.categories(params),
    queryFn: ({ signal }) => api.get<ListEnvelope<TaxCategory>>(withQuery('/tax-categories', params), { signal }),
    placeholderData: keepPreviousData,
  });

/** The active categories (at most 100, spec §9) for the tax's category select. */
export const useTaxCategoryOptions = (enabled = true) =>
  useQuery({
    queryKey: taxKeys.categoryOptions(),
    queryFn: async ({ signal }) =>
      (await api.get<ListEnvelope<TaxCategory>>('/tax-categories?status[eq]=active&limit=100&sortKey=name', { signal })).data,
    staleTime: 60_000,
    enabled,
  });

const readCategory = (body: DataEnvelope<unknown>, what: string) => readContract(ZTaxCategory, body.data, what);

export const createTaxCategory = async (body: TaxCategoryBody) =>
  readCategory(await api.post<DataEnvelope<unknown>>('/tax-categories', body), 'POST tax-categories');
export const patchTaxCategory = async ({ id, patch }: { id: number; patch: Partial<TaxCategoryBody> }) =>
  readCategory(await api.patch<DataEnvelope<unknown>>(`/tax-categories/${id}`, patch), 'PATCH tax-categories/{id}');
export const deleteTaxCategory = async (id: number): Promise<void> => {
  await api.delete<void>(`/tax-categories/${id}`);
};

/* ───────────────────────────── Taxes ───────────────────────────── */

export const useTaxes = (params: string) =>
  useQuery({
    queryKey: taxKeys.taxes(params),
    queryFn: ({ signal }) => api.get<ListEnvelope<Tax>>(withQuery('/taxes', params), { signal }),
    placeholderData: keepPreviousData,
  });

const readTax = (body: DataEnvelope<unknown>, what: string) => readContract(ZTax, body.data, what);

export const createTax = async (body: Record<string, unknown>) =>
  readTax(await api.post<DataEnvelope<unknown>>('/taxes', body), 'POST taxes');
export const patchTax = async ({ id, patch }: { id: number; patch: Record<string, unknown> }) =>
  readTax(await api.patch<DataEnvelope<unknown>>(`/taxes/${id}`, patch), 'PATCH taxes/{id}');
export const deleteTax = async (id: number): Promise<void> => {
  await api.delete<void>(`/taxes/${id}`);
};

/* ───────────────────────────── Collector accounts ───────────────────────────── */

export const useCollectorAccounts = (params: string) =>
  useQuery({
    queryKey: taxKeys.accounts(params),
    queryFn: ({ signal }) => api.get<ListEnvelope<CollectorAccount>>(withQuery('/collector-accounts', params), { signal }),
    placeholderData: keepPreviousData,
  });

const readAccount = (body: DataEnvelope<unknown>, what: string) => readContract(ZCollectorAccount, body.data, what);

export const createCollectorAccount = async (body: Record<string, unknown>) =>
  readAccount(await api.post<DataEnvelope<unknown>>('/collector-accounts', body), 'POST collector-accounts');
export const patchCollectorAccount = async ({ id, patch }: { id: number; patch: Record<string, unknown> }) =>
  readAccount(await api.patch<DataEnvelope<unknown>>(`/collector-accounts/${id}`, patch), 'PATCH collector-accounts/{id}');
export const deleteCollectorAccount = async (id: number): Promise<void> => {
  await api.delete<void>(`/collector-accounts/${id}`);
};

/* ───────────────────────────── Mutations ───────────────────────────── */

/** A write refreshes every list of the capability (a tax changes its category's count). */
function useTaxWrite<V, R>(fn: (variables: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    meta: { skipGlobalErrorHandler: true },
    onSuccess: () => void client.invalidateQueries({ queryKey: taxKeys.all }),
  });
}

export const useCreateTaxCategory = () => useTaxWrite(createTaxCategory);
export const usePatchTaxCategory = () => useTaxWrite(patchTaxCategory);
export const useDeleteTaxCategory = () => useTaxWrite(deleteTaxCategory);
export const useCreateTax = () => useTaxWrite(createTax);
export const usePatchTax = () => useTaxWrite(patchTax);
export const useDeleteTax = () => useTaxWrite(deleteTax);
export const useCreateCollectorAccount = () => useTaxWrite(createCollectorAccount);
export const usePatchCollectorAccount = () => useTaxWrite(patchCollectorAccount);
export const useDeleteCollectorAccount = () => useTaxWrite(deleteCollectorAccount);

/* ───────────────────────────── Calculator: application types and their tax rules ───────────────────────────── */

export interface ApplicationTypeChoice {
  id: number;
  name: string;
}

/** Every application type (id and name), for the calculator's type select. */
export const useCalculatorTypes = (enabled: boolean) =>
  useQuery({
    queryKey: [ROOT, 'calculator', 'types'] as const,
    queryFn: async ({ signal }) =>
      (await api.get<ListEnvelope<ApplicationTypeChoice>>('/application-types?unpaged=true&fields=id,name', { signal })).data,
    staleTime: 60_000,
    retry: false,
    enabled,
  });

/** GET /application-types/{id}/tax-rules: the type's active taxes and discounts. */
export const useApplicationTypeTaxRules = (id: number | null) =>
  useQuery({
    queryKey: [ROOT, 'calculator', 'rules', id] as const,
    queryFn: async ({ signal }) =>
      readContract(
        ZApplicationTypeTaxRules,
        (await api.get<DataEnvelope<unknown>>(`/application-types/${id}/tax-rules`, { signal })).data,
        'GET application-types/{id}/tax-rules',
      ),
    enabled: id !== null,
  });
