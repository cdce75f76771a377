import type { Department, StaffAccount, StaffApplication } from '@ghiseu/domain';
import { useQuery } from '@tanstack/react-query';
import { api, type DataEnvelope, type ListEnvelope } from '../../../lib/api-client';
import { uploadFileWithToken } from '../../../lib/files';
import { getCircularUploadToken } from './notifications';

/**
 * What the circular form reads besides its own calls: the application it is about (the staff
 * record), the organisation's departments and its staff (searched on the server). The lists are
 * the administration's (`/departments`, `/staff-accounts`), scoped by the server to the reader's
 * organisation. Their permission keys are the administration's (accountsRead…): a sender without
 * them gets a 403, and the form then offers the extra e-mail addresses alone (no toast).
 */

export const useCircularApplication = (id: number) =>
  useQuery({
    queryKey: ['notifications', 'circular-application', id],
    queryFn: async ({ signal }) => (await api.get<DataEnvelope<StaffApplication>>(`/staff-applications/${id}`, { signal })).data,
    enabled: Number.isInteger(id) && id > 0,
  });

export const useCircularDepartments = () =>
  useQuery({
    queryKey: ['notifications', 'circular-departments'],
    queryFn: async ({ signal }) =>
      (
        await api.get<ListEnvelope<Department>>('/departments', {
          query: { limit: 100, sortKey: 'name', 'status[eq]': 'active' },
          signal,
        })
      ).data,
    staleTime: 5 * 60_000,
    retry: false,
    meta: { skipGlobalErrorHandler: true },
  });

export const useCircularStaff = (search: string) =>
  useQuery({
    queryKey: ['notifications', 'circular-staff', search],
    queryFn: async ({ signal }) =>
      (
        await api.get<ListEnvelope<StaffAccount>>('/staff-accounts', {
          query: { limit: 30, 'status[eq]': 'active', ...(search.trim().length >= 2 ? { orLikeQuery: search.trim() } : {}) },
          signal,
        })
      ).data,
    staleTime: 60_000,
    retry: false,
    meta: { skipGlobalErrorHandler: true },
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
