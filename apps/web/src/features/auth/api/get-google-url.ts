import { api, type DataEnvelope } from '../../../lib/api-client';

/** `GET /auth/google/url`: the provider's authorisation address for social sign-in. */
export async function getGoogleUrl(): Promise<string> {
  const body = await api.get<DataEnvelope<{ url: string }> | { url: string }>('/auth/google/url', { skipSessionCheck: true });
  return 'data' in body ? body.data.url : body.url;
}
