import { apiErrorText, showApiError } from '../../lib/api-errors';

/**
 * Romanian texts of the failures of /document-series-type (the catalogue of `@ghiseu/domain`
 * gives most; CONFLICT `referenced` means the series already gave numbers).
 */
export const seriesErrorText = (error: unknown): string =>
  apiErrorText(error, (e) =>
    e.code === 'CONFLICT' && e.data?.reason === 'referenced'
      ? 'Seria nu poate fi ștearsă deoarece a dat deja numere. Dezactivați-o.'
      : undefined,
  );

/** An error toast with the specific message; server failures go through the generic handler. */
export const showSeriesError = (error: unknown): void => showApiError(error, seriesErrorText);
