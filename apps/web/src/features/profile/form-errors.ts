import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { DEFAULT_ERROR_MESSAGE } from '@ghiseu/domain';
import { ApiError } from '../../lib/api-client';

/**
 * Field problems of a `VALIDATION_ERROR` answer (`data.fields: [{ path: 'body.x', message }]`)
 * put on the form's own fields. Returns how many were placed.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  known: readonly string[],
): number {
  if (!(error instanceof ApiError) || error.code !== 'VALIDATION_ERROR' || !Array.isArray(error.data?.fields)) return 0;
  let placed = 0;
  for (const entry of error.data.fields as { path?: unknown; message?: unknown }[]) {
    if (typeof entry?.path !== 'string' || typeof entry.message !== 'string') continue;
    const field = entry.path.replace(/^body\.?/, '');
    if (!known.includes(field)) continue;
    setError(field as Path<T>, { type: 'server', message: entry.message });
    placed++;
  }
  return placed;
}

/**
 * Moves the focus to the first field marked invalid, in page order. Works for every input kind
 * (text, date, the select buttons), since all of them carry `aria-invalid` when in error.
 */
export function focusFirstInvalid(root: HTMLElement | null): void {
  window.requestAnimationFrame(() => {
    root?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  });
}

/** The Romanian text of a failed call (spec §8 catalogue). */
export const apiErrorText = (error: unknown): string => (error instanceof ApiError ? error.userMessage : DEFAULT_ERROR_MESSAGE);

export const errorCode = (error: unknown): string => (error instanceof ApiError ? error.code : '');
