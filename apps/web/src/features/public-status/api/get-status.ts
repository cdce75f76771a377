import { PUBLIC_STATUS_TOKEN_HEADER, type PublicApplicationStatus, ZPublicApplicationStatus } from '@ghiseu/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type DataEnvelope } from '../../../lib/api-client';
import { readContract } from '../../../lib/contract';
import { publicStatusKeys } from './keys';

/** Refresh the download links this long before they expire. */
const LINK_MARGIN_SECONDS = 30;

/** `GET /qr/{id}/status` with the access token in its header: status, dates and public documents. */
export async function getPublicStatus(
  applicationId: number,
  token: string,
  signal?: AbortSignal,
): Promise<PublicApplicationStatus> {
  const body = await api.get<DataEnvelope<unknown>>(`/qr/${applicationId}/status`, {
    headers: { [PUBLIC_STATUS_TOKEN_HEADER]: token },
    signal,
    skipSessionCheck: true,
  });
  return readContract(ZPublicApplicationStatus, body.data, 'qr/{id}/status');
}

export const publicStatusQueryOptions = (applicationId: number, token: string) =>
  queryOptions({
    queryKey: publicStatusKeys.status(applicationId, token),
    queryFn: ({ signal }) => getPublicStatus(applicationId, token, signal),
    meta: { skipGlobalErrorHandler: true },
    retry: false,
    staleTime: 0,
    // The download links are short-lived: fetch fresh ones before they run out.
    refetchInterval: (query) => {
      const seconds = query.state.data?.download_expires_in;
      return seconds ? Math.max(seconds - LINK_MARGIN_SECONDS, 10) * 1000 : false;
    },
  });

export const usePublicStatus = (applicationId: number, token: string) => useQuery(publicStatusQueryOptions(applicationId, token));
