import { errorMessage } from '@ghiseu/domain';
import { showToast } from '../../components/feedback/toast';
import { ApiError, handleApiError, isSessionError } from '../../lib/api-client';

/**
 * Romanian texts of the failures of /document-series-type (the catalogue of `@ghiseu/domain`
 * gives most; CONFLICT `referenced` means the series already gave numbers).
 */

export const errorCodeOf = (error: unknown): string => (error instanceof ApiError ? error.code : '');

export function seriesErrorText(error: unknown): string {
  if (!(error instanceof ApiError)) return errorMessage('INTERNAL_ERROR');
  if (!error.hasResponse) return error.userMessage;
  if (error.code === 'CONFLICT' && error.data?.reason === 'referenced')
    return 'Seria nu poate fi ștearsă deoarece a dat deja numere. Dezactivați-o.';
  if (error.code === 'VALIDATION_ERROR') {
    const fields = Array.isArray(error.data?.fields) ? (error.data.fields as { message?: unknown }[]) : [];
    const first = fields.find((field) => typeof field?.message === 'string');
    return first ? `${error.userMessage} ${String(first.message)}` : error.userMessage;
  }
  return error.userMessage;
}

const SHOWN_STATUSES = new Set([400, 403, 404, 409]);

/** An error toast with the specific message; server failures go through the generic handler. */
export function showSeriesError(error: unknown): void {
  if (isSessionError(error)) return;
  if (error instanceof ApiError && error.hasResponse && !SHOWN_STATUSES.has(error.status ?? 500)) {
    handleApiError(error);
    return;
  }
  showToast('error', seriesErrorText(error));
}

/** Field problems of a VALIDATION_ERROR (`data.fields[].path` without `body.`), by field name. */
export function validationFieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || error.code !== 'VALIDATION_ERROR') return {};
  const fields = Array.isArray(error.data?.fields) ? (error.data.fields as { path?: unknown; message?: unknown }[]) : [];
  const out: Record<string, string> = {};
  for (const { path, message } of fields) {
    if (typeof path !== 'string' || typeof message !== 'string') continue;
    const field = path.replace(/^body\.?/, '').split('.')[0];
    if (field && !out[field]) out[field] = message;
  }
  return out;
}
