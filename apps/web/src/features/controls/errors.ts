import { apiErrorText, showApiError } from '../../lib/api-errors';

/**
 * Romanian texts of the failures of the control screens. The catalogue of `@ghiseu/domain` gives
 * most (CONTROL_LOCKED, DUPLICATE_CONTROL_PERSON, CLOSING_REPORT_GENERATION_ERROR…); a CONFLICT
 * means a stale version on a control (someone else saved in between) and, on a control type, a
 * type that controls still use.
 */
export const controlErrorText = (error: unknown): string =>
  apiErrorText(error, (e) =>
    e.code === 'CONFLICT'
      ? 'Controlul a fost modificat între timp. Reîncărcați pagina și reluați modificările nesalvate.'
      : undefined,
  );

export const controlTypeErrorText = (error: unknown): string =>
  apiErrorText(error, (e) =>
    e.code === 'CONFLICT'
      ? 'Tipul de control nu poate fi șters deoarece există controale de acest tip. Dezactivați-l.'
      : undefined,
  );

/** An error toast with the specific message; server failures go through the generic handler. */
export const showControlError = (error: unknown): void => showApiError(error, controlErrorText);
export const showControlTypeError = (error: unknown): void => showApiError(error, controlTypeErrorText);
