import type { SeriesTypeUse } from '@ghiseu/domain';
import { eq } from 'drizzle-orm';
import { applicationTypes } from '../../db/schema/index.js';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { findSeriesOfType, type SeriesKind, type SeriesNumber, takeNextNumber } from '../document-series/index.js';
import { SERIES_USE_STORAGE_KEY } from './series-uses.js';

/**
 * Numbers an application type's documents: the type names a series TYPE per use (incoming,
 * outgoing, visas); the organisation of the application type holds the series of that type.
 * Call inside the business transaction (`tx`): the number is taken with the submission and
 * given back if it rolls back (no gap, no duplicate).
 */

/**
 * The next number of the series that serves `use` for an application type.
 * - DOCUMENT_SERIES_NOT_DEFINED: the type names no series type for `use`, or its organisation
 *   has no series of that type (or the application type does not exist);
 * - DOCUMENT_SERIES_INACTIVE: the organisation's series of that type are all inactive.
 * With several active series of the type, the oldest one numbers.
 */
export async function takeApplicationTypeNumber(
  tx: Db,
  applicationTypeId: number,
  use: SeriesTypeUse,
  kind: SeriesKind = 'main',
  now = new Date(),
): Promise<SeriesNumber> {
  const [type] = await tx
    .select({ organisationId: applicationTypes.organisationId, seriesTypeIds: applicationTypes.seriesTypeIds })
    .from(applicationTypes)
    .where(eq(applicationTypes.id, applicationTypeId));
  if (!type) throw new AppError('DOCUMENT_SERIES_NOT_DEFINED', { application_type_id: applicationTypeId });
  const seriesTypeId = type.seriesTypeIds[SERIES_USE_STORAGE_KEY[use]];
  if (!seriesTypeId) throw new AppError('DOCUMENT_SERIES_NOT_DEFINED', { application_type_id: applicationTypeId, use });
  const series = await findSeriesOfType(tx, seriesTypeId, type.organisationId);
  if (!series)
    throw new AppError('DOCUMENT_SERIES_NOT_DEFINED', {
      application_type_id: applicationTypeId,
      use,
      series_type_id: seriesTypeId,
    });
  if (!series.active) throw new AppError('DOCUMENT_SERIES_INACTIVE', { series_id: series.id });
  return takeNextNumber(tx, series.id, kind, now);
}

/**
 * The entry number (`identification_number`) of an application at submission: the next number
 * of the type's incoming series. Store `code` as identification_number, `seriesId` and `index`
 * as series_id and series_index.
 */
export function takeIncomingNumber(tx: Db, applicationTypeId: number, now = new Date()): Promise<SeriesNumber> {
  return takeApplicationTypeNumber(tx, applicationTypeId, 'incoming', 'main', now);
}
