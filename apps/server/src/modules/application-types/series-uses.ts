import type { SeriesTypeUse } from '@ghiseu/domain';

/**
 * `application_types.series_type_ids` is stored with the keys of the schema comment (incoming,
 * outgoing, visa1, visa2, visaRejection); the API speaks snake_case (`visa_rejection`). This is
 * the one place that maps them.
 */
export const SERIES_USE_STORAGE_KEY: Record<SeriesTypeUse, string> = {
  incoming: 'incoming',
  outgoing: 'outgoing',
  visa1: 'visa1',
  visa2: 'visa2',
  visa_rejection: 'visaRejection',
};
