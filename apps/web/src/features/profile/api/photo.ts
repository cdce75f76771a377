import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type DataEnvelope } from '../../../lib/api-client';

/**
 * The user's photo is an uploaded image file (`POST /files` with an upload token), then set on
 * the account with `PATCH /users {photo_file_id}`. Showing it needs a short-lived download token.
 */

/** `POST /files/upload-tokens {purpose}` then `POST /files` (multipart): the stored file's id. */
export async function uploadPhoto(file: File): Promise<number> {
  const { data: upload } = await api.post<DataEnvelope<{ token: string }>>('/files/upload-tokens', { purpose: 'default' });
  const form = new FormData();
  form.append('file', file, file.name);
  const { data } = await api.post<DataEnvelope<{ id: number }>>('/files', form, {
    headers: { 'x-file-upload-access-token': upload.token },
  });
  return data.id;
}

/** `POST /files/{id}/download-tokens`: an address that shows the file for a few minutes. */
export async function getPhotoUrl(fileId: string): Promise<string> {
  const { data } = await api.post<DataEnvelope<{ url: string; token: string }>>(`/files/${fileId}/download-tokens`);
  return data.url;
}

export const photoUrlQueryOptions = (fileId: string) =>
  queryOptions({
    queryKey: ['files', fileId, 'photo-url'],
    queryFn: () => getPhotoUrl(fileId),
    // Download tokens are short-lived (minutes): refresh before they lapse.
    staleTime: 2 * 60_000,
    meta: { skipGlobalErrorHandler: true },
  });

/** The address of the user's photo, or undefined while none or while loading. */
export const usePhotoUrl = (fileId: string | null) =>
  useQuery({ ...photoUrlQueryOptions(fileId ?? ''), enabled: fileId !== null }).data;
