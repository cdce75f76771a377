import {
  type DocumentSeries,
  type DocumentSeriesType,
  type Organisation,
  ZDocumentSeries,
  ZDocumentSeriesType,
} from '@ghiseu/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type DataEnvelope, type ListEnvelope } from '../../../lib/api-client';
import { readContract } from '../../../lib/contract';
import type { SeriesCreateBody, SeriesPatchBody, SeriesTypeCreateBody, SeriesTypePatchBody } from '../form-model';

/**
 * Calls of /document-series-type: the series types (`/document-series-types`, super
 * administrator) and the numbered series of the organisations (`/document-series`).
 */

const ROOT = 'document-series' as const;
export const seriesKeys = {
  all: [ROOT] as const,
  types: () => [ROOT, 'types'] as const,
  typeList: (params: string) => [ROOT, 'types', 'list', params] as const,
  typeOptions: () => [ROOT, 'types', 'options'] as const,
  series: () => [ROOT, 'series'] as const,
  seriesList: (params: string) => [ROOT, 'series', 'list', params] as const,
  organisations: () => [ROOT, 'organisations'] as const,
};

const withQuery = (path: string, params: string) => (params ? `${path}?${params}` : path);

/* ───────────────────────────── Series types ───────────────────────────── */

export const getSeriesTypes = (params: string, signal?: AbortSignal) =>
  api.get<ListEnvelope<DocumentSeriesType>>(withQuery('/document-series-types', params), { signal });

export const useSeriesTypes = (params: string, enabled = true) =>
  useQuery({
    queryKey: seriesKeys.typeList(params),
    queryFn: ({ signal }) => getSeriesTypes(params, signal),
    placeholderData: keepPreviousData,
    enabled,
  });

/** Every series type (a short list), for the type select and filter. */
export const useSeriesTypeOptions = () =>
  useQuery({
    queryKey: seriesKeys.typeOptions(),
    queryFn: async ({ signal }) => (await getSeriesTypes('limit=500&sortKey=name', signal)).data,
    staleTime: 60_000,
  });

const readType = (body: DataEnvelope<unknown>, what: string) => readContract(ZDocumentSeriesType, body.data, what);

export const createSeriesType = async (body: SeriesTypeCreateBody) =>
  readType(await api.post<DataEnvelope<unknown>>('/document-series-types', body), 'POST document-series-types');

export const patchSeriesType = async ({ id, patch }: { id: number; patch: SeriesTypePatchBody }) =>
  readType(await api.patch<DataEnvelope<unknown>>(`/document-series-types/${id}`, patch), 'PATCH document-series-types/{id}');

export const deleteSeriesType = async (id: number): Promise<void> => {
  await api.delete<void>(`/document-series-types/${id}`);
};

/* ───────────────────────────── Series ───────────────────────────── */

export const getSeries = (params: string, signal?: AbortSignal) =>
  api.get<ListEnvelope<DocumentSeries>>(withQuery('/document-series', params), { signal });

export const useSeriesList = (params: string, enabled = true) =>
  useQuery({
    queryKey: seriesKeys.seriesList(params),
    queryFn: ({ signal }) => getSeries(params, signal),
    placeholderData: keepPreviousData,
    enabled,
  });

const readSeries = (body: DataEnvelope<unknown>, what: string) => readContract(ZDocumentSeries, body.data, what);

export const createSeries = async (body: SeriesCreateBody) =>
  readSeries(await api.post<DataEnvelope<unknown>>('/document-series', body), 'POST document-series');

export const patchSeries = async ({ id, patch }: { id: number; patch: SeriesPatchBody }) =>
  readSeries(await api.patch<DataEnvelope<unknown>>(`/document-series/${id}`, patch), 'PATCH document-series/{id}');

export const deleteSeries = async (id: number): Promise<void> => {
  await api.delete<void>(`/document-series/${id}`);
};

/** Organisations for the super administrator's select and filter (at most 100, spec §9). */
export const useOrganisationOptions = (enabled: boolean) =>
  useQuery({
    queryKey: seriesKeys.organisations(),
    queryFn: async ({ signal }) =>
      (await api.get<ListEnvelope<Organisation>>('/organisations?limit=100&sortKey=name', { signal })).data,
    staleTime: 5 * 60_000,
    enabled,
  });

/* ───────────────────────────── Mutations ───────────────────────────── */

/** A write refreshes both lists: a series changes the count of its type. */
function useSeriesWrite<V, R>(fn: (variables: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    meta: { skipGlobalErrorHandler: true },
    onSuccess: () => void client.invalidateQueries({ queryKey: seriesKeys.all }),
  });
}

export const useCreateSeriesType = () => useSeriesWrite(createSeriesType);
export const usePatchSeriesType = () => useSeriesWrite(patchSeriesType);
export const useDeleteSeriesType = () => useSeriesWrite(deleteSeriesType);
export const useCreateSeries = () => useSeriesWrite(createSeries);
export const usePatchSeries = () => useSeriesWrite(patchSeries);
export const useDeleteSeries = () => useSeriesWrite(deleteSeries);
