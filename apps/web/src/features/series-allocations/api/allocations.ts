import type {
  Allocation,
  AllocationCreateRequest,
  AllocationForExtension,
  AllocationGroup,
  AllocationPatch,
} from '@ghiseu/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type DataEnvelope, type ListEnvelope } from '../../../lib/api-client';

/**
 * Calls of the reserved series (spec §7): the allocations grouped by creator, create, edit,
 * delete, the CSV export, the active series of a manual allocation and the extension search.
 */

/** A series of `GET /document-series?fields=name,type_id,type_name`. */
export interface ActiveSeries {
  id: number;
  name?: string;
  type_id?: number;
  type_name?: string;
}

const ROOT = 'allocations' as const;
export const allocationKeys = {
  all: [ROOT] as const,
  groups: (series: string) => [ROOT, 'groups', series] as const,
  series: [ROOT, 'active-series'] as const,
  extension: (series: string) => [ROOT, 'extension', series] as const,
};

export const useAllocationGroups = (series: string) =>
  useQuery({
    queryKey: allocationKeys.groups(series),
    queryFn: ({ signal }) =>
      api.get<DataEnvelope<AllocationGroup[]>>('/allocations', {
        query: { group_by: 'created_by', ...(series ? { 'series[contains]': series } : {}) },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** `GET /document-series?active[eq]=true&limit=500&fields=type_id,type_name`: what a number can be taken from. */
export const useActiveSeries = (enabled: boolean) =>
  useQuery({
    queryKey: allocationKeys.series,
    queryFn: ({ signal }) =>
      api.get<ListEnvelope<ActiveSeries>>('/document-series', {
        query: { 'active[eq]': 'true', limit: 500, fields: 'name,type_id,type_name' },
        signal,
      }),
    enabled,
    staleTime: 60_000,
  });

export const useExtensionSearch = (series: string) =>
  useQuery({
    queryKey: allocationKeys.extension(series),
    queryFn: ({ signal }) =>
      api.get<DataEnvelope<AllocationForExtension[]>>('/allocations-public/list-allocations-for-extension', {
        query: series ? { series } : {},
        signal,
      }),
    enabled: series.length >= 2,
  });

function useAllocationWrite<V, R>(fn: (variables: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    meta: { skipGlobalErrorHandler: true },
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: [ROOT, 'groups'] });
    },
  });
}

export const useCreateAllocation = () =>
  useAllocationWrite(
    async (body: AllocationCreateRequest) => (await api.post<DataEnvelope<Allocation>>('/allocations', body)).data,
  );
export const usePatchAllocation = () =>
  useAllocationWrite(
    async ({ id, body }: { id: number; body: AllocationPatch }) =>
      (await api.patch<DataEnvelope<Allocation>>(`/allocations/${id}`, body)).data,
  );
export const useDeleteAllocation = () =>
  useAllocationWrite(async (id: number) => {
    await api.delete<void>(`/allocations/${id}`);
  });

/** `POST /allocations/export`: downloads the CSV of the allocations matching `series`. */
export async function exportAllocations(series: string): Promise<void> {
  const blob = await api.post<Blob>('/allocations/export', series ? { series } : {}, { responseType: 'blob' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = 'alocari-serii.csv';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
