import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { errorMessage } from '@ghiseu/domain';
import { ApiError } from '../../lib/api-client';
import { apiErrorText, showApiError, validationFieldErrors } from '../../lib/api-errors';
import { i18n } from '../../lib/i18n';

/**
 * Romanian texts for the failures of the administration calls. The catalogue of
 * `@ghiseu/domain` gives the text of most codes; a few answers carry details worth naming:
 *
 * - `CONFLICT` comes with `data.reason`: 'unchanged' (a responsibility saved with the same
 *   permissions), 'referenced' (a record still in use: what uses it depends on the record),
 *   'not_pending' (an enrollment already reviewed). Each gets its own message instead of the
 *   generic "modified in the meantime".
 * - `UAT_ALREADY_ASSIGNED` names the UAT (`data.uat_id`).
 * - `UTILS_LINKS_CSV_PARSE_ERROR` names the line and what is wrong with it.
 * - `CANNOT_DELETE_ORGANISATION` says how many users keep the organisation.
 * - `FORBIDDEN` with `data.permissions` names the permissions that may not be granted.
 */

/** The record a call was about: 'referenced' means something different for each. */
export type AdminEntity =
  | 'organisation'
  | 'department'
  | 'function'
  | 'responsibility'
  | 'staffAccount'
  | 'enrollment'
  | 'permission';

export interface AdminErrorContext {
  entity?: AdminEntity;
  /** Name of a UAT by SIRUTA code, for UAT_ALREADY_ASSIGNED. */
  uatName?: (id: number) => string | undefined;
  /** Name of a permission key, for refused grants. */
  permissionName?: (key: string) => string;
}

const t = (key: string, options?: Record<string, unknown>): string => i18n.t(`administration:errors.${key}`, options ?? {});

const numberOf = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** Reasons a useful-links CSV line is refused (server `data.reason`). */
export const CSV_REASONS = ['columns', 'name', 'link', 'syntax', 'too_many'] as const;

/** 'Linia 3: …' for a CSV parse error, or null when the error is another one. */
export function csvErrorText(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.code !== 'UTILS_LINKS_CSV_PARSE_ERROR') return null;
  const line = numberOf(error.data?.line);
  const reason = typeof error.data?.reason === 'string' ? error.data.reason : '';
  const why = (CSV_REASONS as readonly string[]).includes(reason) ? t(`csv.${reason}`) : t('csv.unknown');
  return line && line > 0 ? t('csv.atLine', { line, why }) : t('csv.whole', { why });
}

/** The 1-based CSV line the server refused, or null. */
export function csvErrorLine(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.code !== 'UTILS_LINKS_CSV_PARSE_ERROR') return null;
  const line = numberOf(error.data?.line);
  return line && line > 0 ? line : null;
}

/** Names what still refers to a staff account (`data.references`). */
function referencesText(references: unknown): string {
  if (!references || typeof references !== 'object') return '';
  return Object.entries(references as Record<string, unknown>)
    .map(([kind, count]) => {
      const n = numberOf(count) ?? 0;
      return t(`references.${kind}`, { count: n, defaultValue: `${kind}: ${n}` });
    })
    .join(', ');
}

function conflictText(error: ApiError, context: AdminErrorContext): string {
  const reason = typeof error.data?.reason === 'string' ? error.data.reason : '';
  if (reason === 'unchanged') return t('conflict.unchanged');
  if (reason === 'not_pending') {
    const status = typeof error.data?.status === 'string' ? error.data.status : '';
    return t('conflict.notPending', { status: i18n.t(`administration:enrollments.status.${status}`, { defaultValue: status }) });
  }
  if (reason === 'referenced') {
    const users = numberOf(error.data?.users);
    const functions = numberOf(error.data?.functions);
    switch (context.entity) {
      case 'department':
        return users ? t('conflict.departmentMembers', { count: users }) : t('conflict.departmentUsed');
      case 'responsibility':
        return functions ? t('conflict.responsibilityFunctions', { count: functions }) : t('conflict.responsibilityUsed');
      case 'staffAccount': {
        const details = referencesText(error.data?.references);
        return details ? t('conflict.staffAccountReferences', { details }) : t('conflict.staffAccountUsed');
      }
      default:
        return t('conflict.referenced');
    }
  }
  return errorMessage('CONFLICT');
}

/** The message to show for a failed administration call (any error, not only {@link ApiError}). */
export const adminErrorText = (error: unknown, context: AdminErrorContext = {}): string =>
  apiErrorText(error, (e) => specialText(e, context));

function specialText(error: ApiError, context: AdminErrorContext): string | undefined {
  switch (error.code) {
    case 'CONFLICT':
      return conflictText(error, context);
    case 'UAT_ALREADY_ASSIGNED': {
      const id = numberOf(error.data?.uat_id);
      const name = id === null ? undefined : (context.uatName?.(id) ?? String(id));
      return name ? t('uatAlreadyAssigned', { name }) : errorMessage('UAT_ALREADY_ASSIGNED');
    }
    case 'UTILS_LINKS_CSV_PARSE_ERROR':
      return csvErrorText(error) ?? error.userMessage;
    case 'CANNOT_DELETE_ORGANISATION': {
      const users = numberOf(error.data?.users);
      if (users) return t('organisationHasUsers', { count: users });
      return error.data?.reason === 'referenced' ? t('organisationReferenced') : error.userMessage;
    }
    case 'FORBIDDEN': {
      const keys = Array.isArray(error.data?.permissions) ? (error.data.permissions as unknown[]).map(String) : [];
      if (keys.length > 0)
        return t('forbiddenPermissions', { names: keys.map((k) => context.permissionName?.(k) ?? k).join(', ') });
      const fields = Array.isArray(error.data?.fields) ? (error.data.fields as unknown[]).map(String) : [];
      if (fields.includes('user_type_name') || fields.includes('is_organisation_admin')) return t('forbiddenAdminRole');
      return t('forbidden');
    }
    default:
      return undefined;
  }
}

/**
 * Shows a failed administration call as an error toast with its specific message. A session
 * error has already opened the login modal; a server failure (5xx) or an unexpected status goes
 * through the generic handler (toast or /500, spec §8).
 */
export const showAdminError = (error: unknown, context: AdminErrorContext = {}): void =>
  showApiError(error, (e) => adminErrorText(e, context));

/**
 * Puts the field problems of a VALIDATION_ERROR on the form fields that `known` lists and
 * focuses the first one. Returns false when none applied (the caller shows the message).
 */
export function applyFieldErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  error: unknown,
  known: readonly string[],
): boolean {
  const fields = Object.entries(validationFieldErrors(error)).filter(([field]) => known.includes(field));
  fields.forEach(([field, message], index) => {
    setError(field as Path<T>, { type: 'server', message }, { shouldFocus: index === 0 });
  });
  return fields.length > 0;
}
