import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type DataEnvelope, type ListEnvelope } from '../../../lib/api-client';
import type { ComplaintTypePatch, ComplaintTypeRecord, ComplaintTypeWrite } from './types';

/** Calls of /complain-type: the list, create, merge-patch, delete and the form's look-ups. */

const ROOT = 'complaint-types' as const;
export const complaintTypeKeys = {
  all: [ROOT] as const,
  list: (params: string) => [ROOT, 'list', params] as const,
  options: () => [ROOT, 'options'] as const,
  organisations: () => [ROOT, 'lookups', 'organisations'] as const,
  seriesTypes: () => [ROOT, 'lookups', 'series-types'] as const,
};

const withQuery = (path: string, params: string) => (params ? `${path}?${params}` : path);

export const useComplaintTypes = (params: string) =>
  useQuery({
    queryKey: complaintTypeKeys.list(params),
    queryFn: ({ signal }) => api.get<ListEnvelope<ComplaintTypeRecord>>(withQuery('/complaint-types', params), { signal }),
    placeholderData: keepPreviousData,
  });

/** Every type the user can see (id and name), for the list filter. */
export const useComplaintTypeOptions = (enabled: boolean) =>
  useQuery({
    queryKey: complaintTypeKeys.options(),
    queryFn: async ({ signal }) =>
      (await api.get<ListEnvelope<ComplaintTypeRecord>>('/complaint-types?limit=500&sortKey=name', { signal })).data,
    staleTime: 60_000,
    enabled,
    meta: { skipGlobalErrorHandler: true },
  });

export const useOrganisationOptions = (enabled: boolean) =>
  useQuery({
    queryKey: complaintTypeKeys.organisations(),
    queryFn: async ({ signal }) =>
      (await api.get<ListEnvelope<{ id: number; name: string }>>('/organisations?limit=100&sortKey=name', { signal })).data,
    staleTime: 5 * 60_000,
    enabled,
  });

export const useSeriesTypeOptions = (enabled: boolean) =>
  useQuery({
    queryKey: complaintTypeKeys.seriesTypes(),
    queryFn: async ({ signal }) =>
      (await api.get<ListEnvelope<{ id: number; name: string }>>('/document-series-types?limit=500&sortKey=name', { signal }))
        .data,
    staleTime: 60_000,
    enabled,
  });

function useTypeWrite<V, R>(fn: (variables: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    meta: { skipGlobalErrorHandler: true },
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: [ROOT] });
    },
  });
}

export const useCreateComplaintType = () =>
  useTypeWrite(
    async (body: ComplaintTypeWrite) => (await api.post<DataEnvelope<ComplaintTypeRecord>>('/complaint-types', body)).data,
  );
export const usePatchComplaintType = () =>
  useTypeWrite(
    async ({ id, body }: { id: number; body: ComplaintTypePatch }) =>
      (await api.patch<DataEnvelope<ComplaintTypeRecord>>(`/complaint-types/${id}`, body)).data,
  );
export const useDeleteComplaintType = () =>
  useTypeWrite(async (id: number) => {
    await api.delete<void>(`/complaint-types/${id}`);
  });
