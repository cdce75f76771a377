import { type Actor, can } from '../../platform/auth/actor.js';
import { inScope } from '../../platform/auth/scope.js';

/**
 * Object rules of document series (spec §6). Series types are configuration of the super
 * administrator (`documentSeriesTypeRead`); the series themselves belong to an organisation and
 * are managed by its administrators and the super administrator (`documentSeriesEdit`), inside
 * the organisation scope of ADR 0008 (a series of another organisation answers 404).
 */

export const mayEditSeriesTypes = (actor: Actor): boolean => can(actor, 'documentSeriesTypeRead');

export function seriesTypeAbilities(actor: Actor, type: { seriesCount: number; applicationTypeCount: number }) {
  const canEdit = mayEditSeriesTypes(actor);
  return { canEdit, canDelete: canEdit && type.seriesCount === 0 && type.applicationTypeCount === 0 };
}

export const mayEditSeries = (actor: Actor, organisationId: number): boolean =>
  can(actor, 'documentSeriesEdit') && inScope(actor, organisationId);

/** A series that gave numbers or that an application names is part of the register's history. */
export const isSeriesUsed = (series: { numbersGiven: number; applicationCount: number }): boolean =>
  series.numbersGiven > 0 || series.applicationCount > 0;

export function seriesAbilities(
  actor: Actor,
  series: { organisationId: number; numbersGiven: number; applicationCount: number },
) {
  const canEdit = mayEditSeries(actor, series.organisationId);
  return { canEdit, canDelete: canEdit && !isSeriesUsed(series) };
}
