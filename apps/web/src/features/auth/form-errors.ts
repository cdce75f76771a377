import { errorMessage } from '@ghiseu/domain';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../lib/api-client';

/** One field problem of a `VALIDATION_ERROR` answer (`data.fields`), path without its `body.` prefix. */
export interface ServerFieldError {
  field: string;
  message: string;
}

/** The field problems a `VALIDATION_ERROR` carries (`[{ path: 'body.email', message }]`); [] otherwise. */
export function serverFieldErrors(error: unknown): ServerFieldError[] {
  if (!(error instanceof ApiError) || error.code !== 'VALIDATION_ERROR') return [];
  const fields = error.data?.fields;
  if (!Array.isArray(fields)) return [];
  return fields.flatMap((entry) => {
    const { path, message } = (entry ?? {}) as { path?: unknown; message?: unknown };
    if (typeof path !== 'string' || typeof message !== 'string') return [];
    return [{ field: path.replace(/^body\.?/, ''), message }];
  });
}

/**
 * Puts the field problems of a `VALIDATION_ERROR` on the form's fields that `known` lists, and
 * focuses the first one. Returns true when at least one field got a message; the caller shows
 * the rest (or a generic message) in the form alert.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  known: readonly Path<T>[],
): boolean {
  let applied = 0;
  for (const { field, message } of serverFieldErrors(error)) {
    if (!(known as readonly string[]).includes(field)) continue;
    setError(field as Path<T>, { type: 'server', message }, { shouldFocus: applied === 0 });
    applied++;
  }
  return applied > 0;
}

/** The Romanian text of any failed call (spec §8 catalogue), including network failures. */
export function apiErrorText(error: unknown): string {
  if (error instanceof ApiError) return error.userMessage;
  return errorMessage('INTERNAL_ERROR');
}

/** The server code of a failed call, '' for anything else. */
export const errorCode = (error: unknown): string => (error instanceof ApiError ? error.code : '');
