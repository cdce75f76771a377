import type { IssuedDocument } from '@ghiseu/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, type ListEnvelope } from '../../../lib/api-client';

/** `GET /issued-documents` (spec §2): the applicant's own issued documents or the organisation's register. */

const ROOT = 'issued-documents' as const;
export const issuedDocumentKeys = {
  all: [ROOT] as const,
  list: (params: string) => [ROOT, 'list', params] as const,
};

export const getIssuedDocuments = (params: string, signal?: AbortSignal) =>
  api.get<ListEnvelope<IssuedDocument>>(params ? `/issued-documents?${params}` : '/issued-documents', { signal });

export const useIssuedDocuments = (params: string) =>
  useQuery({
    queryKey: issuedDocumentKeys.list(params),
    queryFn: ({ signal }) => getIssuedDocuments(params, signal),
    placeholderData: keepPreviousData,
  });
