import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * `GET /auth/resend?email=` → 204: a new confirmation link (the previous one stops working). The
 * server answers the same whether the address exists or not.
 */
export async function resendConfirmation(email: string): Promise<void> {
  await api.get<void>('/auth/resend', { query: { email }, skipSessionCheck: true });
}

export function useResendConfirmation() {
  return useMutation({ mutationFn: resendConfirmation, meta: { skipGlobalErrorHandler: true } });
}
