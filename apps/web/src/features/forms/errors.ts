import { showToast } from '../../components/feedback/toast';
import { ApiError, handleApiError, isSessionError } from '../../lib/api-client';
import { i18n } from '../../lib/i18n';
import type { Issue } from './builder-model';

/**
 * Romanian texts for the failures of the form calls. CONFLICT carries a reason: `referenced`
 * (an application type or filed applications use the form: say which), `unchanged` (nothing to
 * publish). VALIDATION_ERROR paths under `body.definition` are put on the builder's fields.
 */

const t = (key: string, options?: Record<string, unknown>): string => i18n.t(`forms:errors.${key}`, options ?? {});
const numberOf = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

export function formErrorText(error: unknown): string {
  if (!(error instanceof ApiError)) return t('unknown');
  if (!error.hasResponse) return error.userMessage;
  if (error.code === 'CONFLICT') {
    const reason = error.data?.reason;
    if (reason === 'unchanged') return t('unchanged');
    if (reason === 'referenced') {
      const types = numberOf(error.data?.application_types);
      const applications = numberOf(error.data?.applications);
      const parts = [
        types > 0 ? t('usage.types', { count: types }) : null,
        applications > 0 ? t('usage.applications', { count: applications }) : null,
      ].filter(Boolean);
      return parts.length > 0 ? t('referenced', { usage: parts.join(t('usage.and')) }) : t('referencedUnknown');
    }
  }
  if (error.code === 'VALIDATION_ERROR') {
    const fields = Array.isArray(error.data?.fields) ? (error.data.fields as { message?: unknown }[]) : [];
    const first = fields.find((field) => typeof field?.message === 'string');
    return first ? `${error.userMessage} ${String(first.message)}` : error.userMessage;
  }
  return error.userMessage;
}

/** Statuses the screens explain themselves; the others go through the generic handler. */
const SHOWN_STATUSES = new Set([400, 403, 404, 409, 412, 413, 415]);

export function showFormError(error: unknown): void {
  if (isSessionError(error)) return;
  if (error instanceof ApiError && error.hasResponse && !SHOWN_STATUSES.has(error.status ?? 500)) {
    handleApiError(error);
    return;
  }
  showToast('error', formErrorText(error));
}

/** The problems of a VALIDATION_ERROR as `{ path, message }`, paths without `body.` (`definition.fields.3.label`, `name`). */
export function validationIssues(error: unknown): Issue[] {
  if (!(error instanceof ApiError) || error.code !== 'VALIDATION_ERROR') return [];
  const fields = Array.isArray(error.data?.fields) ? (error.data.fields as { path?: unknown; message?: unknown }[]) : [];
  return fields
    .filter((f): f is { path: string; message: string } => typeof f.path === 'string' && typeof f.message === 'string')
    .map((f) => ({ path: f.path.replace(/^body\.?/, ''), message: f.message }));
}

/** The problems of the definition only (paths relative to it: `fields.3.label`). */
export const definitionIssuesOf = (error: unknown): Issue[] =>
  validationIssues(error)
    .filter((i) => i.path === 'definition' || i.path.startsWith('definition.'))
    .map((i) => ({ ...i, path: i.path.replace(/^definition\.?/, '') }));

/** The problem of a top-level property (`name`, `description`), if any. */
export const propertyIssueOf = (error: unknown, property: string): string | undefined =>
  validationIssues(error).find((i) => i.path === property)?.message ??
  (error instanceof ApiError && error.code === 'NAME_NOT_UNIQUE' && property === 'name' ? error.userMessage : undefined);
