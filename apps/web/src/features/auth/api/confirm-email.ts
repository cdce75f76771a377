import { type VerificationResponse, ZVerificationResponse } from '@ghiseu/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { readContract } from '../../../lib/contract';

/**
 * `POST /auth/confirm-email {confirmationKey}`: uses the e-mailed key once. The answer carries the
 * verification token of the SMS step while the phone is still unconfirmed.
 */
export async function confirmEmail(confirmationKey: string): Promise<VerificationResponse> {
  const response = await api.post<unknown>('/auth/confirm-email', { confirmationKey }, { skipSessionCheck: true });
  return readContract(ZVerificationResponse, response, 'auth/confirm-email');
}

export function useConfirmEmail() {
  return useMutation({ mutationFn: confirmEmail, meta: { skipGlobalErrorHandler: true } });
}
