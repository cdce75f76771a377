import { type AnafCheckResult, type Beneficiary, type BeneficiaryInput, ZBeneficiary } from '@ghiseu/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type DataEnvelope, type ListEnvelope } from '../../../lib/api-client';
import { readContract } from '../../../lib/contract';

/**
 * Calls of /beneficiaries (spec §7): the user's register (list with filters, one record, create,
 * replace, delete) and the tax-authority check of a CUI.
 */

const ROOT = 'beneficiaries' as const;
export const beneficiaryKeys = {
  all: [ROOT] as const,
  list: (params: string) => [ROOT, 'list', params] as const,
};

const withQuery = (path: string, params: string) => (params ? `${path}?${params}` : path);

export const getBeneficiaries = (params: string, signal?: AbortSignal) =>
  api.get<ListEnvelope<Beneficiary>>(withQuery('/beneficiaries', params), { signal });

export const useBeneficiaries = (params: string, enabled = true) =>
  useQuery({
    queryKey: beneficiaryKeys.list(params),
    queryFn: ({ signal }) => getBeneficiaries(params, signal),
    placeholderData: keepPreviousData,
    enabled,
  });

const readRecord = (body: DataEnvelope<unknown>, what: string) => readContract(ZBeneficiary, body.data, what);

export const createBeneficiary = async (body: BeneficiaryInput) =>
  readRecord(await api.post<DataEnvelope<unknown>>('/beneficiaries', body, { query: { echo: 'true' } }), 'POST beneficiaries');

export const replaceBeneficiary = async ({ id, body }: { id: number; body: BeneficiaryInput }) =>
  readRecord(await api.put<DataEnvelope<unknown>>(`/beneficiaries/${id}`, body), 'PUT beneficiaries/{id}');

export const deleteBeneficiary = async (id: number): Promise<undefined> => {
  await api.delete<void>(`/beneficiaries/${id}`);
  return undefined;
};

/** `POST /beneficiaries/interogate-anaf`: validated (with the company), invalid or unvalidated. */
export const checkCui = async (cui: string): Promise<AnafCheckResult> =>
  (await api.post<DataEnvelope<AnafCheckResult>>('/beneficiaries/interogate-anaf', { cui }, { query: { echo: 'true' } })).data;

function useBeneficiaryWrite<V, R>(fn: (variables: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    meta: { skipGlobalErrorHandler: true },
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: [ROOT, 'list'] });
    },
  });
}

export const useCreateBeneficiary = () => useBeneficiaryWrite(createBeneficiary);
export const useReplaceBeneficiary = () => useBeneficiaryWrite(replaceBeneficiary);
export const useDeleteBeneficiary = () => useBeneficiaryWrite(deleteBeneficiary);
export const useCheckCui = () => useMutation({ mutationFn: checkCui, meta: { skipGlobalErrorHandler: true } });
