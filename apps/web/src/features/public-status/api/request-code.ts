import type { PublicCodeSent } from '@ghiseu/domain';
import { useMutation } from '@tanstack/react-query';
import { api, type DataEnvelope } from '../../../lib/api-client';
import { readContract } from '../../../lib/contract';

export interface RequestPublicCodeInput {
  applicationId: number;
  /** National form, 07xxxxxxxx (the form normalises what was typed). */
  phone: string;
}

/**
 * `POST /qr/{id}/request-code {phone}`: an SMS code (6 digits, 10 minutes) to the applicant's or
 * a beneficiary's phone. The answer says only when the code expires and when another may be asked.
 */
export async function requestPublicCode({ applicationId, phone }: RequestPublicCodeInput): Promise<PublicCodeSent> {
  // The contract (and zod) is fetched beside the request: the first step renders without them.
  const [body, { ZPublicCodeSent }] = await Promise.all([
    api.post<DataEnvelope<unknown>>(`/qr/${applicationId}/request-code`, { phone }, { skipSessionCheck: true }),
    import('./contracts'),
  ]);
  return readContract(ZPublicCodeSent, body.data, 'qr/{id}/request-code');
}

/** The page shows every error itself (spec §8 'Public SMS check'): no generic toast. */
export const useRequestPublicCode = () => useMutation({ mutationFn: requestPublicCode, meta: { skipGlobalErrorHandler: true } });
