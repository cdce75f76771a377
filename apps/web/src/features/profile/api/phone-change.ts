import { type VerificationResponse, ZVerificationResponse } from '@ghiseu/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { readContract } from '../../../lib/contract';
import { profileQueryKey } from './get-profile';

/**
 * Changing the phone of a signed-in account (spec §3: through the SMS confirmation again). The
 * session identifies the account, so no verification token is sent. The number changes only
 * once the code is confirmed; until then the confirmed number stays.
 */

/** `POST /auth/phone/update {phone}` → 204: sends a code to the new number. */
export async function sendPhoneChangeCode(phone: string): Promise<void> {
  await api.post<void>('/auth/phone/update', { phone });
}

/**
 * `POST /auth/phone/validate {phone, smsCode}`: stores the new number as confirmed. The server
 * also opens a new session, as after a sign-in; the current one is kept, so the extra one is
 * closed at once (best effort).
 */
export async function confirmPhoneChange(body: { phone: string; smsCode: string }): Promise<VerificationResponse> {
  const response = readContract(
    ZVerificationResponse,
    await api.post<unknown>('/auth/phone/validate', body),
    'auth/phone/validate',
  );
  const extra = response.data.authToken;
  if (extra) await api.post<void>('/token-invalidate-requests', { token: extra }, { skipSessionCheck: true }).catch(() => {});
  return response;
}

export const useSendPhoneChangeCode = () =>
  useMutation({ mutationFn: sendPhoneChangeCode, meta: { skipGlobalErrorHandler: true } });

export function useConfirmPhoneChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmPhoneChange,
    meta: { skipGlobalErrorHandler: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileQueryKey }),
  });
}
