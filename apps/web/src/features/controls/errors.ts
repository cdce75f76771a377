import { apiErrorText, showApiError } from '../../lib/api-errors';

/**
 * Romanian texts of the failures of the control screens. The catalogue of `@ghiseu/domain` gives
 * most (CONTROL_LOCKED, DUPLICATE_CONTROL_PERSON, CLOSING_REPORT_GENERATION_ERROR…); a stale
 * version (CONFLICT on a control) and a type still used by controls get words of their own.
 */
export const controlErrorText = (error: unknown): string =>
  apiErrorText(error, (e) => {
    if (e.code === 'CONFLICT' && e.data?.reason === 'referenced')
      return 'Tipul de control nu poate fi șters deoarece există controale de acest tip. Dezactivați-l.';
    if (e.code === 'CONFLICT' && (e.data?.reason === 'stale' || e.data?.reason === 'version' || 'version' in (e.data ?? {})))
      return 'Controlul a fost modificat între timp de altcineva. Reîncărcați pagina și reluați modificările.';
    return undefined;
  });

/** An error toast with the specific message; server failures go through the generic handler. */
export const showControlError = (error: unknown): void => showApiError(error, controlErrorText);
