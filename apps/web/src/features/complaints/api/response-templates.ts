import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type DataEnvelope, type ListEnvelope } from '../../../lib/api-client';
import type { ResponseTemplateCategory, ResponseTemplatePatch, ResponseTemplateRecord, ResponseTemplateWrite } from './types';

/** Calls of /response-templates (spec §7): the list, create, merge-patch, delete; the picker's list. */

const ROOT = 'response-templates' as const;
export const responseTemplateKeys = {
  all: [ROOT] as const,
  list: (params: string) => [ROOT, 'list', params] as const,
  category: (category: ResponseTemplateCategory) => [ROOT, 'category', category] as const,
};

const withQuery = (path: string, params: string) => (params ? `${path}?${params}` : path);

export const useResponseTemplates = (params: string) =>
  useQuery({
    queryKey: responseTemplateKeys.list(params),
    queryFn: ({ signal }) => api.get<ListEnvelope<ResponseTemplateRecord>>(withQuery('/response-templates', params), { signal }),
    placeholderData: keepPreviousData,
  });

/** The templates of one category (the resolve dialog's picker). */
export const useTemplatesOfCategory = (category: ResponseTemplateCategory, enabled: boolean) =>
  useQuery({
    queryKey: responseTemplateKeys.category(category),
    queryFn: async ({ signal }) =>
      (
        await api.get<ListEnvelope<ResponseTemplateRecord>>('/response-templates', {
          query: { 'category[eq]': category, limit: 500, sortKey: 'title' },
          signal,
        })
      ).data,
    enabled,
    staleTime: 60_000,
    meta: { skipGlobalErrorHandler: true },
  });

function useTemplateWrite<V, R>(fn: (variables: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    meta: { skipGlobalErrorHandler: true },
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: [ROOT] });
    },
  });
}

export const useCreateResponseTemplate = () =>
  useTemplateWrite(
    async (body: ResponseTemplateWrite) =>
      (await api.post<DataEnvelope<ResponseTemplateRecord>>('/response-templates', body)).data,
  );
export const usePatchResponseTemplate = () =>
  useTemplateWrite(
    async ({ id, body }: { id: number; body: ResponseTemplatePatch }) =>
      (await api.patch<DataEnvelope<ResponseTemplateRecord>>(`/response-templates/${id}`, body)).data,
  );
export const useDeleteResponseTemplate = () =>
  useTemplateWrite(async (id: number) => {
    await api.delete<void>(`/response-templates/${id}`);
  });
