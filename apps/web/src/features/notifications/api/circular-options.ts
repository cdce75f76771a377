import type { CircularRecipients, CircularRecord, StaffApplication } from '@ghiseu/domain';
import { useQuery } from '@tanstack/react-query';
import { api, type DataEnvelope, type ListEnvelope } from '../../../lib/api-client';
import { uploadFileWithToken } from '../../../lib/files';
import { getCircularUploadToken } from './notifications';

/**
 * What the circular form reads besides its own calls: the application it is about (the staff
 * record), and whom the sender may choose — the organisation's active departments and its staff,
 * by name, searched on the server (`GET /notifications/circular/recipients`, the sender's own
 * permission: no administration rights needed).
 */

export const useCircularApplication = (id: number) =>
  useQuery({
    queryKey: ['notifications', 'circular-application', id],
    queryFn: async ({ signal }) => (await api.get<DataEnvelope<StaffApplication>>(`/staff-applications/${id}`, { signal })).data,
    enabled: Number.isInteger(id) && id > 0,
  });

/** Whom the sender may choose: the organisation's departments and its staff matching `search`. */
const recipientsQuery = (applicationId: number, search: string) => ({
  queryKey: ['notifications', 'circular-recipients', applicationId, search],
  queryFn: async ({ signal }: { signal: AbortSignal }) =>
    (
      await api.get<DataEnvelope<CircularRecipients>>('/notifications/circular/recipients', {
        query: { application_id: applicationId, ...(search ? { search } : {}) },
        signal,
      })
    ).data,
  staleTime: 60_000,
  enabled: Number.isInteger(applicationId) && applicationId > 0,
});

export const useCircularDepartments = (applicationId: number) =>
  useQuery({ ...recipientsQuery(applicationId, ''), select: (data: CircularRecipients) => data.departments });

export const useCircularStaff = (applicationId: number, search: string) =>
  useQuery({ ...recipientsQuery(applicationId, search.trim()), select: (data: CircularRecipients) => data.users });

/** The circulars already sent about the application, newest first (the page's history). */
export const useCircularHistory = (applicationId: number) =>
  useQuery({
    queryKey: ['notifications', 'circulars', applicationId],
    queryFn: async ({ signal }) =>
      (
        await api.get<ListEnvelope<CircularRecord>>('/notifications/circulars', {
          query: { 'application_id[eq]': applicationId, limit: 20 },
          signal,
        })
      ).data,
    enabled: Number.isInteger(applicationId) && applicationId > 0,
  });

let token: { value: string; expiresAt: number } | null = null;

/** Sends one attachment under the circular's upload token (asked once, again when it expires). */
export async function uploadCircularFile(file: File, onProgress: (percent: number) => void): Promise<{ id: number }> {
  if (!token || token.expiresAt - Date.now() < 30_000) {
    const fresh = await getCircularUploadToken();
    token = { value: fresh.token, expiresAt: Date.parse(fresh.expires_at) || Date.now() + 5 * 60_000 };
  }
  return uploadFileWithToken(token.value, file, onProgress);
}
