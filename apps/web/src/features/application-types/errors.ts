import { errorMessage } from '@ghiseu/domain';
import { showToast } from '../../components/feedback/toast';
import { ApiError, handleApiError, isSessionError } from '../../lib/api-client';
import { i18n } from '../../lib/i18n';

/**
 * Romanian texts of the failures of /application-type: the catalogue of `@ghiseu/domain`
 * gives most; CONFLICT `referenced` on delete means applications of the type exist.
 */

export const errorCodeOf = (error: unknown): string => (error instanceof ApiError ? error.code : '');

export function typeErrorText(error: unknown): string {
  if (!(error instanceof ApiError)) return errorMessage('INTERNAL_ERROR');
  if (!error.hasResponse) return error.userMessage;
  if (error.code === 'CONFLICT' && error.data?.reason === 'referenced') return i18n.t('application-types:referenced');
  if (error.code === 'VALIDATION_ERROR') {
    const fields = Array.isArray(error.data?.fields) ? (error.data.fields as { message?: unknown }[]) : [];
    const first = fields.find((field) => typeof field?.message === 'string');
    return first ? `${error.userMessage} ${String(first.message)}` : error.userMessage;
  }
  return error.userMessage;
}

const SHOWN_STATUSES = new Set([400, 403, 404, 409]);

/** An error toast with the specific message; server failures go through the generic handler. */
export function showTypeError(error: unknown): void {
  if (isSessionError(error)) return;
  if (error instanceof ApiError && error.hasResponse && !SHOWN_STATUSES.has(error.status ?? 500)) {
    handleApiError(error);
    return;
  }
  showToast('error', typeErrorText(error));
}
