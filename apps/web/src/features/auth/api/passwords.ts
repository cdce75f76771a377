import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `POST /recover-password {email}` → 204 whether or not the address has an account. */
export async function recoverPassword(email: string): Promise<void> {
  await api.post<void>('/recover-password', { email }, { skipSessionCheck: true });
}

export interface ResetPasswordRequest {
  confirmationKey: string;
  password: string;
  confirmPassword: string;
}

/** `PATCH /auth/reset-password`: a new password with the key of a reset or set-password link. */
export async function resetPassword(body: ResetPasswordRequest): Promise<void> {
  await api.patch<void>('/auth/reset-password', body, { skipSessionCheck: true });
}

export interface ChangePasswordRequest {
  email: string;
  oldPassword: string;
  password: string;
  confirmPassword: string;
}

/** `POST /auth/change-password`: replaces an expired password (checked like a login). */
export async function changePassword(body: ChangePasswordRequest): Promise<void> {
  await api.post<void>('/auth/change-password', body, { skipSessionCheck: true });
}

/** `POST /users/me/password-reset` → 204: e-mails a reset link to the signed-in user. */
export async function requestOwnPasswordReset(): Promise<void> {
  await api.post<void>('/users/me/password-reset');
}

// The pages show the server's codes themselves (next to the fields or in the form), so the
// generic toast of spec §8 stays out of these mutations.
export const useRecoverPassword = () => useMutation({ mutationFn: recoverPassword, meta: { skipGlobalErrorHandler: true } });
export const useResetPassword = () => useMutation({ mutationFn: resetPassword, meta: { skipGlobalErrorHandler: true } });
export const useChangePassword = () => useMutation({ mutationFn: changePassword, meta: { skipGlobalErrorHandler: true } });
