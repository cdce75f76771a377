import type {
  ControlType,
  ControlTypeCreateRequest,
  ControlTypePatchRequest,
  DocumentSeriesType,
  Organisation,
} from '@ghiseu/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type DataEnvelope, type ListEnvelope } from '../../../lib/api-client';

/**
 * Calls of /control-type (super administrator): the control types of the organisations
 * (`/control-types`), with the series types and organisations their modal picks from. The active
 * types of the user's organisation feed the control's type select.
 */

const ROOT = 'control-types' as const;
export const controlTypeKeys = {
  all: [ROOT] as const,
  list: (params: string) => [ROOT, 'list', params] as const,
  active: () => [ROOT, 'active'] as const,
  seriesTypes: () => [ROOT, 'series-types'] as const,
  organisations: () => [ROOT, 'organisations'] as const,
};

const withQuery = (path: string, params: string) => (params ? `${path}?${params}` : path);

export const useControlTypes = (params: string) =>
  useQuery({
    queryKey: controlTypeKeys.list(params),
    queryFn: ({ signal }) => api.get<ListEnvelope<ControlType>>(withQuery('/control-types', params), { signal }),
    placeholderData: keepPreviousData,
  });

/** The active types the user may choose for a control (their organisation's; a short list). */
export const useActiveControlTypes = (enabled = true) =>
  useQuery({
    queryKey: controlTypeKeys.active(),
    queryFn: async ({ signal }) =>
      (
        await api.get<ListEnvelope<ControlType>>('/control-types', {
          query: { status: 'active', limit: 100, sortKey: 'name' },
          signal,
        })
      ).data,
    staleTime: 60_000,
    enabled,
  });

/** Every series type (a short list): the series the entry code of a registered control comes from. */
export const useSeriesTypeOptions = (enabled: boolean) =>
  useQuery({
    queryKey: controlTypeKeys.seriesTypes(),
    queryFn: async ({ signal }) =>
      (await api.get<ListEnvelope<DocumentSeriesType>>('/document-series-types?limit=500&sortKey=name', { signal })).data,
    staleTime: 5 * 60_000,
    enabled,
  });

/** The organisations a super administrator assigns a type to. */
export const useOrganisationOptions = (enabled: boolean) =>
  useQuery({
    queryKey: controlTypeKeys.organisations(),
    queryFn: async ({ signal }) =>
      (await api.get<ListEnvelope<Organisation>>('/organisations?limit=100&sortKey=name', { signal })).data,
    staleTime: 5 * 60_000,
    enabled,
  });

function useControlTypeWrite<V, R>(fn: (variables: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    meta: { skipGlobalErrorHandler: true },
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: controlTypeKeys.all });
    },
  });
}

export const useCreateControlType = () =>
  useControlTypeWrite(
    async (body: ControlTypeCreateRequest) => (await api.post<DataEnvelope<ControlType>>('/control-types', body)).data,
  );

export const usePatchControlType = () =>
  useControlTypeWrite(
    async ({ id, patch }: { id: number; patch: ControlTypePatchRequest }) =>
      (await api.patch<DataEnvelope<ControlType>>(`/control-types/${id}`, patch)).data,
  );

export const useDeleteControlType = () =>
  useControlTypeWrite(async (id: number) => {
    await api.delete<void>(`/control-types/${id}`);
  });
