import { DEFAULT_ERROR_MESSAGE, errorMessage } from '@ghiseu/domain';
import { ApiError, NETWORK_ERROR_MESSAGE } from '../../lib/api-client';

export const PASSWORD_EXPIRED_CODE = 'AUTH_FAILED_PASSWORD_EXPIRED';

/**
 * The Romanian message for a failed login (spec §8 login codes), with the remaining attempts or
 * the lock minutes filled in. A code whose number is missing falls back to the text without it.
 */
export function loginErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return DEFAULT_ERROR_MESSAGE;
  if (!error.hasResponse) return NETWORK_ERROR_MESSAGE;
  const data = error.data ?? {};
  if (error.code === 'AUTH_FAILED' && data.remaining_attempts == null) return errorMessage('AUTH_INVALID');
  if (error.code === 'AUTH_FAILED_ACCOUNT_LOCKED' && data.minutes == null) {
    return 'Contul a fost blocat temporar. Încercați din nou mai târziu.';
  }
  return errorMessage(error.code, data);
}
