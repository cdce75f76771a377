import type { DocumentSeries, DocumentSeriesType } from '@ghiseu/domain';
import type { Actor } from '../../platform/auth/actor.js';
import { formatSeriesNumber } from './engine.js';
import { seriesAbilities, seriesTypeAbilities } from './policy.js';
import type { SeriesRow, SeriesTypeRow } from './repository.js';

/** Rows → the contracts of `contracts/document-series.ts`. */

export function presentSeriesType(actor: Actor, row: SeriesTypeRow): DocumentSeriesType {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    series_count: row.seriesCount,
    created_at: row.createdAt.toISOString(),
    abilities: seriesTypeAbilities(actor, row),
  };
}

/** `year` is the Romanian calendar year the counters were read for. */
export function presentSeries(actor: Actor, row: SeriesRow, year: number): DocumentSeries {
  const counterYear = row.yearlyReset ? year : 0;
  return {
    id: row.id,
    organisation_id: row.organisationId,
    organisation_name: row.organisationName,
    type_id: row.typeId,
    type_name: row.typeName,
    name: row.name,
    description: row.description,
    separator: row.separator,
    prefix: row.prefix,
    rejected_prefix: row.rejectedPrefix,
    registers: row.registers,
    yearly_reset: row.yearlyReset,
    active: row.active,
    year: counterYear,
    current_index: row.currentIndex,
    rejected_index: row.rejectedIndex,
    next_number: formatSeriesNumber({
      prefix: row.prefix,
      separator: row.separator,
      index: row.currentIndex + 1,
      year: counterYear,
    }),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    abilities: seriesAbilities(actor, row),
  };
}
