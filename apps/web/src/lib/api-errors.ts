import { errorMessage } from '@ghiseu/domain';
import { showToast } from '../components/feedback/toast';
import { ApiError, handleApiError, isSessionError } from './api-client';

/**
 * What the screens say when a call fails (spec §8), shared by every feature: the catalogue's
 * Romanian message, a feature's own words for the codes it knows better (`special`), and the
 * field problems of a VALIDATION_ERROR put on the fields of a form.
 */

/** The server code of a failed call, '' otherwise. */
export const errorCodeOf = (error: unknown): string => (error instanceof ApiError ? error.code : '');

export interface ValidationIssue {
  /** The path without `body.`: `name`, `series_type_ids.incoming`, `definition.fields.3.label`. */
  path: string;
  message: string;
}

/** The problems of a VALIDATION_ERROR, in order. */
export function validationIssues(error: unknown): ValidationIssue[] {
  if (!(error instanceof ApiError) || error.code !== 'VALIDATION_ERROR') return [];
  const fields = Array.isArray(error.data?.fields) ? (error.data.fields as { path?: unknown; message?: unknown }[]) : [];
  return fields
    .filter((f): f is { path: string; message: string } => typeof f?.path === 'string' && typeof f.message === 'string')
    .map((f) => ({ path: f.path.replace(/^body\.?/, ''), message: f.message }));
}

/** The first problem of each top-level field of a VALIDATION_ERROR, by field name. */
export function validationFieldErrors(error: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const { path, message } of validationIssues(error)) {
    const field = path.split('.')[0];
    if (field && !out[field]) out[field] = message;
  }
  return out;
}

/**
 * The message of a failed call: `special` first (a feature's words for a code), then the first
 * field problem of a VALIDATION_ERROR after the catalogue's text, then the catalogue's text.
 */
export function apiErrorText(error: unknown, special?: (error: ApiError) => string | undefined): string {
  if (!(error instanceof ApiError)) return errorMessage('INTERNAL_ERROR');
  if (!error.hasResponse) return error.userMessage;
  const own = special?.(error);
  if (own !== undefined) return own;
  if (error.code === 'VALIDATION_ERROR') {
    const first = validationIssues(error)[0];
    return first ? `${error.userMessage} ${first.message}` : error.userMessage;
  }
  return error.userMessage;
}

/** Statuses whose message the screens show themselves; others follow the generic rules of spec §8. */
const SHOWN_STATUSES = new Set([400, 401, 403, 404, 409, 412, 413, 415]);

/**
 * Shows a failed call as an error toast with its message (`text`, default {@link apiErrorText}).
 * A session error has already opened the login modal; a server failure (5xx) or an unexpected
 * status goes through the generic handler (toast or /500).
 */
export function showApiError(error: unknown, text: (error: unknown) => string = apiErrorText): void {
  if (isSessionError(error)) return;
  if (error instanceof ApiError && error.hasResponse && !SHOWN_STATUSES.has(error.status ?? 500)) {
    handleApiError(error);
    return;
  }
  showToast('error', text(error));
}
