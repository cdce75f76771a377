import { apiErrorText, showApiError } from '../../lib/api-errors';

/**
 * Romanian texts of the complaints screens' failures: the catalogue of `@ghiseu/domain` gives
 * most; deleting a complaint type that has complaints is refused with CONFLICT and gets its own words.
 */
export const complaintTypeDeleteErrorText = (error: unknown): string =>
  apiErrorText(error, (e) =>
    e.code === 'CONFLICT' ? 'Tipul nu poate fi șters deoarece există sesizări de acest tip. Dezactivați-l în schimb.' : undefined,
  );

/** An error toast for a refused or failed delete of a complaint type. */
export const showComplaintTypeDeleteError = (error: unknown): void => showApiError(error, complaintTypeDeleteErrorText);
