import { showToast } from '../../components/feedback/toast';
import { ApiError } from '../../lib/api-client';

/** The Romanian message of a failed call (catalogue of spec §8). */
export function errorText(error: unknown): string {
  return error instanceof ApiError ? error.userMessage : 'A apărut o eroare, vă rugăm reîncercați';
}

/** Shows a failed call as an error toast. */
export function showError(error: unknown): void {
  showToast('error', errorText(error));
}

/** True when the call failed because the record does not exist (an unknown or expired link). */
export const isNotFound = (error: unknown): boolean => error instanceof ApiError && error.status === 404;
