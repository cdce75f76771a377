import { ApiError } from '../../lib/api-client';
import { apiErrorText, showApiError, validationIssues } from '../../lib/api-errors';
import { i18n } from '../../lib/i18n';
import type { Issue } from './builder-model';

/**
 * Romanian texts for the failures of the form calls. CONFLICT carries a reason: `referenced`
 * (an application type or filed applications use the form: say which), `unchanged` (nothing to
 * publish). VALIDATION_ERROR paths under `body.definition` are put on the builder's fields.
 */

const t = (key: string, options?: Record<string, unknown>): string => i18n.t(`forms:errors.${key}`, options ?? {});
const numberOf = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

export const formErrorText = (error: unknown): string =>
  apiErrorText(error, (e) => {
    if (e.code !== 'CONFLICT') return undefined;
    const reason = e.data?.reason;
    if (reason === 'unchanged') return t('unchanged');
    if (reason !== 'referenced') return undefined;
    const types = numberOf(e.data?.application_types);
    const applications = numberOf(e.data?.applications);
    const parts = [
      types > 0 ? t('usage.types', { count: types }) : null,
      applications > 0 ? t('usage.applications', { count: applications }) : null,
    ].filter(Boolean);
    return parts.length > 0 ? t('referenced', { usage: parts.join(t('usage.and')) }) : t('referencedUnknown');
  });

export const showFormError = (error: unknown): void => showApiError(error, formErrorText);

/** The problems of the definition only (paths relative to it: `fields.3.label`). */
export const definitionIssuesOf = (error: unknown): Issue[] =>
  validationIssues(error)
    .filter((i) => i.path === 'definition' || i.path.startsWith('definition.'))
    .map((i) => ({ ...i, path: i.path.replace(/^definition\.?/, '') }));

/** The problem of a top-level property (`name`, `description`), if any. */
export const propertyIssueOf = (error: unknown, property: string): string | undefined =>
  validationIssues(error).find((i) => i.path === property)?.message ??
  (error instanceof ApiError && error.code === 'NAME_NOT_UNIQUE' && property === 'name' ? error.userMessage : undefined);
