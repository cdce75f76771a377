import { apiErrorText, showApiError } from '../../lib/api-errors';
import { i18n } from '../../lib/i18n';

/**
 * Romanian texts of the failures of /application-type: the catalogue of `@ghiseu/domain`
 * gives most; CONFLICT `referenced` on delete means applications of the type exist.
 */
export const typeErrorText = (error: unknown): string =>
  apiErrorText(error, (e) =>
    e.code === 'CONFLICT' && e.data?.reason === 'referenced' ? i18n.t('application-types:referenced') : undefined,
  );

/** An error toast with the specific message; server failures go through the generic handler. */
export const showTypeError = (error: unknown): void => showApiError(error, typeErrorText);
