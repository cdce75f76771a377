import { type VerificationResponse, ZVerificationResponse } from '@ghiseu/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { readContract } from '../../../lib/contract';

export interface SendPhoneCodeRequest {
  /** Romanian mobile number, national form (07xxxxxxxx). */
  phone: string;
  /** Verification token of login or e-mail confirmation. */
  token: string;
}

export interface ValidatePhoneCodeRequest extends SendPhoneCodeRequest {
  smsCode: string;
}

/** `POST /auth/phone/update {phone, token}` → 204: sends a 6-digit code (10 minutes) by SMS. */
export async function sendPhoneCode(body: SendPhoneCodeRequest): Promise<void> {
  await api.post<void>('/auth/phone/update', body, { skipSessionCheck: true });
}

/**
 * `POST /auth/phone/validate {phone, smsCode, token}`: confirms the phone; when the e-mail is
 * confirmed too, the answer opens a session (`data.authToken`) like login does.
 */
export async function validatePhoneCode(body: ValidatePhoneCodeRequest): Promise<VerificationResponse> {
  const response = await api.post<unknown>('/auth/phone/validate', body, { skipSessionCheck: true });
  return readContract(ZVerificationResponse, response, 'auth/phone/validate');
}

export function useSendPhoneCode() {
  return useMutation({ mutationFn: sendPhoneCode, meta: { skipGlobalErrorHandler: true } });
}

export function useValidatePhoneCode() {
  return useMutation({ mutationFn: validatePhoneCode, meta: { skipGlobalErrorHandler: true } });
}
