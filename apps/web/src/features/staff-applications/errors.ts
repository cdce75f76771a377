import { showToast } from '../../components/feedback/toast';
import { ApiError } from '../../lib/api-client';

/** The Romanian message of a failed call, from the catalogue of spec §8 (a 409 names the conflict). */
export function errorText(error: unknown): string {
  return error instanceof ApiError ? error.userMessage : 'A apărut o eroare, vă rugăm reîncercați';
}

/** Shows a failed call as an error toast. */
export function showError(error: unknown): void {
  showToast('error', errorText(error));
}
