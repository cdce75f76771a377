import { type PublicAccess, ZPublicAccess } from '@ghiseu/domain';
import { useMutation } from '@tanstack/react-query';
import { api, type DataEnvelope } from '../../../lib/api-client';
import { readContract } from '../../../lib/contract';

export interface VerifyPublicCodeInput {
  applicationId: number;
  phone: string;
  code: string;
}

/** `POST /qr/{id}/verify-code {phone, code}`: the page's access token (30 minutes) for a right code. */
export async function verifyPublicCode({ applicationId, phone, code }: VerifyPublicCodeInput): Promise<PublicAccess> {
  const body = await api.post<DataEnvelope<unknown>>(
    `/qr/${applicationId}/verify-code`,
    { phone, code },
    { skipSessionCheck: true },
  );
  return readContract(ZPublicAccess, body.data, 'qr/{id}/verify-code');
}

export const useVerifyPublicCode = () => useMutation({ mutationFn: verifyPublicCode, meta: { skipGlobalErrorHandler: true } });
