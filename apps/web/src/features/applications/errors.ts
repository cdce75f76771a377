import { ApiError } from '../../lib/api-client';
import { showToast } from '../../components/feedback/toast';
import { type FormErrors, errorsByPath } from '../../components/form-renderer/form-values';

/** The Romanian message of a failed call (catalogue of spec §8). */
export function errorText(error: unknown): string {
  return error instanceof ApiError ? error.userMessage : 'A apărut o eroare, vă rugăm reîncercați';
}

/** Shows a failed call as an error toast. */
export function showError(error: unknown): void {
  showToast('error', errorText(error));
}

/**
 * The field errors a call answered with (`INVALID_FORM_VALUE` / validation: `data.fields` as
 * `{ path, message }[]`), by path; empty when the error carries none.
 */
export function fieldErrorsOf(error: unknown): FormErrors {
  if (!(error instanceof ApiError)) return {};
  const fields = error.data?.fields;
  if (!Array.isArray(fields)) return {};
  return errorsByPath(
    fields
      .filter((f): f is { path: unknown; message: unknown } => typeof f === 'object' && f !== null)
      .map((f) => ({
        path: (Array.isArray(f.path) ? f.path.join('.') : String(f.path ?? '')).replace(/^(form|body)\./, ''),
        message: String(f.message ?? ''),
      })),
  );
}
