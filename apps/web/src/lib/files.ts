import type { UploadPurpose } from '@ghiseu/domain';
import { API_BASE_URL, ApiError, api, type DataEnvelope, parseErrorBody } from './api-client';
import { getStoredLanguage, getStoredToken } from './storage';

/**
 * Uploads and downloads of every screen (attachments, logos, seals, ID documents):
 * `POST /files/upload-tokens {purpose}` then `POST /files` (multipart, token in
 * `x-file-upload-access-token`). The transfer uses XMLHttpRequest because `fetch` reports no
 * upload progress, and the Upload field shows a progress bar per file (DESIGN.md §7).
 */

/** `POST /files/upload-tokens`: a short-lived token for one purpose's type and size rules. */
export async function getUploadToken(purpose: UploadPurpose): Promise<string> {
  const { data } = await api.post<DataEnvelope<{ token: string }>>('/files/upload-tokens', { purpose });
  return data.token;
}

/** Sends one file with progress; resolves with the stored file's id, rejects with an {@link ApiError}. */
export async function uploadFile(
  purpose: UploadPurpose,
  file: File,
  onProgress: (percent: number) => void = () => {},
): Promise<{ id: number }> {
  return uploadFileWithToken(await getUploadToken(purpose), file, onProgress);
}

/**
 * Sends one file under an upload token the caller already holds (tokens some routes hand out
 * themselves: the signature image, the offline-signed PDF); resolves with the stored file's id.
 */
export function uploadFileWithToken(
  token: string,
  file: File,
  onProgress: (percent: number) => void = () => {},
): Promise<{ id: number }> {
  const form = new FormData();
  form.append('file', file, file.name);
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `${API_BASE_URL}/files`);
    request.setRequestHeader('Accept', 'application/json');
    request.setRequestHeader('Accept-Language', getStoredLanguage());
    request.setRequestHeader('x-file-upload-access-token', token);
    const session = getStoredToken();
    if (session) request.setRequestHeader('Authorization', `Bearer ${session}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress((event.loaded / event.total) * 100);
    };
    request.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        body = undefined;
      }
      if (request.status === 201 || request.status === 200) {
        onProgress(100);
        resolve({ id: (body as DataEnvelope<{ id: number }>).data.id });
        return;
      }
      const { code, data } = parseErrorBody(body);
      // The Upload field shows `error.message` through the catalogue: keep the code there.
      reject(new ApiError(request.status, code, data));
    };
    request.onerror = () => reject(new ApiError(undefined, 'NETWORK_ERROR'));
    request.send(form);
  });
}

/** `POST /files/{id}/download-tokens`: an address that shows the file for a few minutes. */
export async function getFileUrl(fileId: number): Promise<string> {
  const { data } = await api.post<DataEnvelope<{ url: string }>>(`/files/${fileId}/download-tokens`);
  return data.url;
}
