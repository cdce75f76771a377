import { type DocumentVerification, ZDocumentVerification } from '@ghiseu/domain';
import { useQuery } from '@tanstack/react-query';
import { api, type DataEnvelope } from '../../../lib/api-client';
import { readContract } from '../../../lib/contract';

export const verificationKeys = {
  one: (code: string) => ['document-verification', code] as const,
};

/** `GET /public/documents/{code}` (no sign-in): the issued document's public facts, 404 otherwise. */
export async function getDocumentVerification(code: string, signal?: AbortSignal): Promise<DocumentVerification> {
  const body = await api.get<DataEnvelope<unknown>>(`/public/documents/${encodeURIComponent(code)}`, {
    signal,
    skipSessionCheck: true,
  });
  return readContract(ZDocumentVerification, body.data, 'public/documents/{code}');
}

export const useDocumentVerification = (code: string | null) =>
  useQuery({
    queryKey: verificationKeys.one(code ?? ''),
    queryFn: ({ signal }) => getDocumentVerification(code ?? '', signal),
    enabled: code !== null,
    meta: { skipGlobalErrorHandler: true },
    retry: false,
    staleTime: 60_000,
  });
