import {
  type CircularRequest,
  type CircularResult,
  type CircularUploadToken,
  type NotificationDelivery,
  type NotificationPreferences,
  type NotificationTemplate,
  type NotificationTemplatePatch,
  type NotificationTemplatePreview,
  type NotificationType,
  ZCircularResult,
  ZCircularUploadToken,
  ZNotificationPreferences,
  ZNotificationTemplate,
  ZNotificationTemplatePreview,
  ZNotificationType,
} from '@ghiseu/domain';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type DataEnvelope, type ListEnvelope } from '../../../lib/api-client';
import { readContract } from '../../../lib/contract';

/**
 * Calls of the notification screens (issue 14; contracts/notifications.ts): the event types, the
 * user's preferences, the templates with their preview, the delivery log and the circulars.
 * Mutations show their own messages (`skipGlobalErrorHandler`).
 */

const ROOT = 'notifications' as const;
export const notificationKeys = {
  all: [ROOT] as const,
  types: () => [ROOT, 'types'] as const,
  preferences: () => [ROOT, 'preferences'] as const,
  templates: () => [ROOT, 'templates'] as const,
  templateList: (params: string) => [ROOT, 'templates', 'list', params] as const,
  template: (id: number) => [ROOT, 'templates', 'one', id] as const,
  deliveries: (params: string) => [ROOT, 'deliveries', params] as const,
  circulars: (applicationId: number) => [ROOT, 'circulars', applicationId] as const,
};

const withQuery = (path: string, params: string) => (params ? `${path}?${params}` : path);

/* ───────────────────────────── Types and preferences ───────────────────────────── */

export const notificationTypesQueryOptions = queryOptions({
  queryKey: notificationKeys.types(),
  queryFn: async ({ signal }): Promise<NotificationType[]> => {
    const body = await api.get<DataEnvelope<unknown[]>>('/notifications/types', { signal });
    return body.data.map((row) => readContract(ZNotificationType, row, 'GET notifications/types'));
  },
  staleTime: 10 * 60_000,
});
export const useNotificationTypes = () => useQuery(notificationTypesQueryOptions);

export const useNotificationPreferences = () =>
  useQuery({
    queryKey: notificationKeys.preferences(),
    queryFn: async ({ signal }): Promise<NotificationPreferences> =>
      readContract(
        ZNotificationPreferences,
        (await api.get<DataEnvelope<unknown>>('/notifications/preferences', { signal })).data,
        'GET notifications/preferences',
      ),
  });

export function useSaveNotificationPreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: NotificationPreferences) =>
      readContract(
        ZNotificationPreferences,
        (await api.put<DataEnvelope<unknown>>('/notifications/preferences', body)).data,
        'PUT notifications/preferences',
      ),
    meta: { skipGlobalErrorHandler: true },
    onSuccess: (saved) => client.setQueryData(notificationKeys.preferences(), saved),
  });
}

/* ───────────────────────────── Templates ───────────────────────────── */

export const useNotificationTemplates = (params: string) =>
  useQuery({
    queryKey: notificationKeys.templateList(params),
    queryFn: ({ signal }) =>
      api.get<ListEnvelope<NotificationTemplate>>(withQuery('/notifications/templates', params), { signal }),
    placeholderData: keepPreviousData,
  });

export const useNotificationTemplate = (id: number) =>
  useQuery({
    queryKey: notificationKeys.template(id),
    queryFn: async ({ signal }): Promise<NotificationTemplate> =>
      readContract(
        ZNotificationTemplate,
        (await api.get<DataEnvelope<unknown>>(`/notifications/templates/${id}`, { signal })).data,
        'GET notifications/templates/{id}',
      ),
    // A failed load goes to /404 (spec): no toast, no retry.
    meta: { skipGlobalErrorHandler: true },
    retry: false,
    enabled: Number.isInteger(id) && id > 0,
  });

export function useSaveNotificationTemplate(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (patch: NotificationTemplatePatch) =>
      readContract(
        ZNotificationTemplate,
        (await api.patch<DataEnvelope<unknown>>(`/notifications/templates/${id}`, patch)).data,
        'PATCH notifications/templates/{id}',
      ),
    meta: { skipGlobalErrorHandler: true },
    onSuccess: (saved) => {
      client.setQueryData(notificationKeys.template(id), saved);
      void client.invalidateQueries({ queryKey: notificationKeys.templates() });
    },
  });
}

export const usePreviewNotificationTemplate = (id: number) =>
  useMutation({
    mutationFn: async (body: { subject?: string | null; message?: string }): Promise<NotificationTemplatePreview> =>
      readContract(
        ZNotificationTemplatePreview,
        (await api.post<DataEnvelope<unknown>>(`/notifications/templates/${id}/preview`, body)).data,
        'POST notifications/templates/{id}/preview',
      ),
    meta: { skipGlobalErrorHandler: true },
  });

/* ───────────────────────────── Delivery log ───────────────────────────── */

export const useNotificationDeliveries = (params: string) =>
  useQuery({
    queryKey: notificationKeys.deliveries(params),
    queryFn: ({ signal }) =>
      api.get<ListEnvelope<NotificationDelivery>>(withQuery('/notifications/deliveries', params), { signal }),
    placeholderData: keepPreviousData,
  });

/* ───────────────────────────── Circulars ───────────────────────────── */

/** `GET /notifications/circular/token`: the upload token of the circular's attachments. */
export async function getCircularUploadToken(): Promise<CircularUploadToken> {
  return readContract(
    ZCircularUploadToken,
    (await api.get<DataEnvelope<unknown>>('/notifications/circular/token')).data,
    'GET notifications/circular/token',
  );
}

export function useSendCircular() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: CircularRequest): Promise<CircularResult> =>
      readContract(
        ZCircularResult,
        (await api.post<DataEnvelope<unknown>>('/notifications/circular', body)).data,
        'POST notifications/circular',
      ),
    meta: { skipGlobalErrorHandler: true },
    onSuccess: () => void client.invalidateQueries({ queryKey: [ROOT, 'circulars'] }),
  });
}
