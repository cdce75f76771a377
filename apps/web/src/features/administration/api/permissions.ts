import { type PermissionRecord, ZPermissionRecord, type ZPermissionPatchRequest } from '@ghiseu/domain';
import type { z } from 'zod';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type DataEnvelope, type ListEnvelope } from '../../../lib/api-client';
import { readContract } from '../../../lib/contract';
import { adminKeys, withQuery } from './keys';

/** A merge patch of a permission record. */
export type PermissionPatchBody = z.input<typeof ZPermissionPatchRequest>;

/** The permission catalogue with its editable records (spec §3 permission; super administrator). */

export async function getPermissions(params: string, signal?: AbortSignal) {
  return api.get<ListEnvelope<PermissionRecord>>(withQuery('/permissions', params), { signal });
}

export const usePermissionRecords = (params: string) =>
  useQuery({
    queryKey: adminKeys.permissionList(params),
    queryFn: ({ signal }) => getPermissions(params, signal),
    placeholderData: keepPreviousData,
  });

export async function patchPermission({ key, patch }: { key: string; patch: PermissionPatchBody }): Promise<PermissionRecord> {
  const { data } = await api.patch<DataEnvelope<unknown>>(`/permissions/${encodeURIComponent(key)}`, patch);
  return readContract(ZPermissionRecord, data, 'PATCH permissions/{key}');
}

export function usePatchPermission() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: patchPermission,
    meta: { skipGlobalErrorHandler: true },
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: adminKeys.permissions() });
      // Names and organisations of permissions feed the responsibility picker.
      void client.invalidateQueries({ queryKey: adminKeys.assignablePermissions() });
    },
  });
}
