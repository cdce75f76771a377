import { apiErrorText, showApiError } from '../../lib/api-errors';

/** Romanian texts of the failures of the taxes screens (the catalogue of `@ghiseu/domain` gives most). */
export const taxErrorText = (error: unknown): string =>
  apiErrorText(error, (e) =>
    e.code === 'CATEGORY_NOT_EMPTY'
      ? 'Categoria nu poate fi ștearsă deoarece are taxe. Ștergeți sau mutați mai întâi taxele ei.'
      : e.code === 'TAX_ALREADY_EXISTS'
        ? 'Există deja o taxă cu această denumire, categorie și dată de intrare în vigoare.'
        : undefined,
  );

/** An error toast with the specific message. */
export const showTaxError = (error: unknown): void => showApiError(error, taxErrorText);
