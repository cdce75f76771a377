import type { DocumentSeries, DocumentSeriesCreateRequest, DocumentSeriesPatchRequest } from '@ghiseu/domain';
import type { z } from 'zod';
import type { ZDocumentSeriesTypeCreateRequest, ZDocumentSeriesTypePatchRequest } from '@ghiseu/domain';
import { documentSeries } from '../../db/schema/index.js';
import type { Actor } from '../../platform/auth/actor.js';
import type { AppContext } from '../../platform/context.js';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { listPage, parseListQuery } from '../../platform/list-query.js';
import { inScope, organisationScope, scopeCondition, targetOrganisation } from '../../platform/auth/scope.js';
import { isForeignKeyViolation, isUniqueViolation } from '../../platform/db.js';
import { organisationExists } from '../administration/index.js';
import { audit, invalidField, parseFieldsParam, type RequestMeta, trimRecord } from '../../platform/request.js';
import { romanianYear, setCurrentIndex } from './engine.js';
import { isSeriesUsed, mayEditSeries, mayEditSeriesTypes, seriesTypeAbilities } from './policy.js';
import { presentSeries, presentSeriesType } from './presenter.js';
import * as repo from './repository.js';

/**
 * Document series types (configuration) and document series (the organisation's numbered
 * registers). The numbering itself is the engine's (engine.ts): this service creates and edits
 * series, and moves their counters forward with `setCurrentIndex` in the same transaction as the
 * edit, never back. Every change is audited in its transaction.
 */

type SeriesTypeCreate = z.infer<typeof ZDocumentSeriesTypeCreateRequest>;
type SeriesTypePatch = z.infer<typeof ZDocumentSeriesTypePatchRequest>;

async function uniqueAs<T>(code: 'DOCUMENT_SERIES_TYPE_EXISTS' | 'DOCUMENT_SERIES_EXISTS', work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(code);
    throw error;
  }
}

/* ───────────────────────────── Series types ───────────────────────────── */

export async function listSeriesTypes(ctx: AppContext, actor: Actor, query: Record<string, unknown>) {
  const parsed = parseListQuery(query, repo.SERIES_TYPE_LIST);
  const list = repo.listSeriesTypes(ctx.db, parsed);
  return listPage(parsed, async () => (await list.rows()).map((row) => presentSeriesType(actor, row)), list.total);
}

async function loadSeriesType(db: Db, id: number) {
  const row = await repo.findSeriesType(db, id);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

export async function getSeriesType(ctx: AppContext, actor: Actor, id: number) {
  return presentSeriesType(actor, await loadSeriesType(ctx.db, id));
}

export async function createSeriesType(ctx: AppContext, actor: Actor, input: SeriesTypeCreate, meta: RequestMeta) {
  if (!mayEditSeriesTypes(actor)) throw new AppError('FORBIDDEN');
  const id = await uniqueAs('DOCUMENT_SERIES_TYPE_EXISTS', () =>
    ctx.db.transaction(async (tx) => {
      if (await repo.seriesTypeNameTaken(tx, input.name)) throw new AppError('DOCUMENT_SERIES_TYPE_EXISTS');
      const values = { name: input.name, description: input.description ?? null };
      const created = await repo.insertSeriesType(tx, values);
      await audit(tx, actor, meta, {
        action: 'document_series_type.create',
        entityType: 'document_series_type',
        entityId: created,
        after: values,
      });
      return created;
    }),
  );
  return getSeriesType(ctx, actor, id);
}

export async function patchSeriesType(ctx: AppContext, actor: Actor, id: number, patch: SeriesTypePatch, meta: RequestMeta) {
  if (!mayEditSeriesTypes(actor)) throw new AppError('FORBIDDEN');
  const current = await loadSeriesType(ctx.db, id);
  await uniqueAs('DOCUMENT_SERIES_TYPE_EXISTS', () =>
    ctx.db.transaction(async (tx) => {
      if (patch.name !== undefined && (await repo.seriesTypeNameTaken(tx, patch.name, id)))
        throw new AppError('DOCUMENT_SERIES_TYPE_EXISTS');
      await repo.updateSeriesType(tx, id, { name: patch.name, description: patch.description });
      await audit(tx, actor, meta, {
        action: 'document_series_type.update',
        entityType: 'document_series_type',
        entityId: id,
        before: { name: current.name, description: current.description },
        after: {
          name: patch.name ?? current.name,
          description: patch.description === undefined ? current.description : patch.description,
        },
      });
    }),
  );
  return getSeriesType(ctx, actor, id);
}

/** A type that series or application types use stays (DOCUMENT_SERIES_TYPE_CANNOT_BE_DELETED). */
export async function deleteSeriesType(ctx: AppContext, actor: Actor, id: number, meta: RequestMeta) {
  if (!mayEditSeriesTypes(actor)) throw new AppError('FORBIDDEN');
  try {
    await ctx.db.transaction(async (tx) => {
      const current = await repo.findSeriesType(tx, id);
      if (!current) throw new AppError('NOT_FOUND');
      if (!seriesTypeAbilities(actor, current).canDelete) {
        throw new AppError('DOCUMENT_SERIES_TYPE_CANNOT_BE_DELETED', {
          series: current.seriesCount,
          application_types: current.applicationTypeCount,
        });
      }
      await repo.deleteSeriesType(tx, id);
      await audit(tx, actor, meta, {
        action: 'document_series_type.delete',
        entityType: 'document_series_type',
        entityId: id,
        before: { name: current.name, description: current.description },
      });
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) throw new AppError('DOCUMENT_SERIES_TYPE_CANNOT_BE_DELETED');
    throw error;
  }
}

/* ───────────────────────────── Series ───────────────────────────── */

const SERIES_FIELDS: readonly (keyof DocumentSeries)[] = [
  'id',
  'organisation_id',
  'organisation_name',
  'type_id',
  'type_name',
  'name',
  'description',
  'separator',
  'prefix',
  'rejected_prefix',
  'registers',
  'yearly_reset',
  'active',
  'year',
  'current_index',
  'rejected_index',
  'next_number',
  'created_at',
  'updated_at',
  'abilities',
];

/**
 * The organisation's series (every organisation's for a super administrator). `fields=type_id,
 * type_name` trims the records for the allocation screen's `active[eq]=true&limit=500` call.
 */
export async function listSeries(ctx: AppContext, actor: Actor, query: Record<string, unknown>, now = new Date()) {
  const year = romanianYear(now);
  const fields = parseFieldsParam(query.fields, SERIES_FIELDS);
  const parsed = parseListQuery(query, repo.seriesListSpec(year));
  const list = repo.listSeries(ctx.db, parsed, year, [scopeCondition(organisationScope(actor), documentSeries.organisationId)]);
  return listPage(
    parsed,
    async () => (await list.rows()).map((row) => trimRecord(presentSeries(actor, row, year), fields)),
    list.total,
  );
}

async function loadSeries(db: Db, actor: Actor, id: number, year: number) {
  const row = await repo.findSeries(db, id, year);
  if (!row || !inScope(actor, row.organisationId)) throw new AppError('NOT_FOUND');
  return row;
}

export async function getSeries(ctx: AppContext, actor: Actor, id: number, now = new Date()) {
  const year = romanianYear(now);
  return presentSeries(actor, await loadSeries(ctx.db, actor, id, year), year);
}

async function requireSeriesType(db: Db, typeId: number): Promise<void> {
  if ((await repo.findSeriesTypesByIds(db, [typeId])).length === 0)
    throw invalidField('body.type_id', 'Tipul de serie nu există');
}

/** What the audit log keeps of a series. */
const seriesSnapshot = (s: {
  typeId: number;
  name: string;
  description: string | null;
  separator: string;
  prefix: string;
  rejectedPrefix: string;
  registers: string[];
  yearlyReset: boolean;
  active: boolean;
}) => ({
  type_id: s.typeId,
  name: s.name,
  description: s.description,
  separator: s.separator,
  prefix: s.prefix,
  rejected_prefix: s.rejectedPrefix,
  registers: s.registers,
  yearly_reset: s.yearlyReset,
  active: s.active,
});

export async function createSeries(
  ctx: AppContext,
  actor: Actor,
  input: DocumentSeriesCreateRequest,
  meta: RequestMeta,
  now = new Date(),
) {
  const target = targetOrganisation(actor, input.organisation_id);
  if (!target.allowed) throw new AppError('FORBIDDEN');
  if (target.organisationId === null) throw invalidField('body.organisation_id', 'Alegeți instituția');
  const organisationId = target.organisationId;
  if (!(await organisationExists(ctx.db, organisationId))) throw invalidField('body.organisation_id', 'Instituția nu există');
  if (!mayEditSeries(actor, organisationId)) throw new AppError('FORBIDDEN');
  await requireSeriesType(ctx.db, input.type_id);
  const id = await uniqueAs('DOCUMENT_SERIES_EXISTS', () =>
    ctx.db.transaction(async (tx) => {
      if (await repo.seriesNameTaken(tx, organisationId, input.name)) throw new AppError('DOCUMENT_SERIES_EXISTS');
      const values = {
        typeId: input.type_id,
        organisationId,
        name: input.name,
        description: input.description ?? null,
        separator: input.separator,
        prefix: input.prefix,
        rejectedPrefix: input.rejected_prefix,
        registers: input.registers,
        yearlyReset: input.yearly_reset,
        active: input.active,
      };
      const created = await repo.insertSeries(tx, values);
      // A register kept on paper until now continues from its last number.
      if (input.current_index) await setCurrentIndex(tx, created, input.current_index, 'main', now);
      if (input.rejected_index) await setCurrentIndex(tx, created, input.rejected_index, 'rejected', now);
      await audit(tx, actor, meta, {
        organisationId,
        action: 'document_series.create',
        entityType: 'document_series',
        entityId: created,
        after: { ...seriesSnapshot(values), current_index: input.current_index ?? 0, rejected_index: input.rejected_index ?? 0 },
      });
      return created;
    }),
  );
  return getSeries(ctx, actor, id, now);
}

/**
 * Merge-patch of a series. `current_index` / `rejected_index` move this year's counters forward
 * (INDEX_CANNOT_BE_LOWER_THAN_CURRENT_VALUE when lower), in the same transaction as the rest.
 */
export async function patchSeries(
  ctx: AppContext,
  actor: Actor,
  id: number,
  patch: DocumentSeriesPatchRequest,
  meta: RequestMeta,
  now = new Date(),
) {
  const year = romanianYear(now);
  const current = await loadSeries(ctx.db, actor, id, year);
  if (!mayEditSeries(actor, current.organisationId)) throw new AppError('FORBIDDEN');
  if (patch.type_id !== undefined) await requireSeriesType(ctx.db, patch.type_id);
  await uniqueAs('DOCUMENT_SERIES_EXISTS', () =>
    ctx.db.transaction(async (tx) => {
      await repo.lockSeries(tx, id);
      if (patch.name !== undefined && (await repo.seriesNameTaken(tx, current.organisationId, patch.name, id)))
        throw new AppError('DOCUMENT_SERIES_EXISTS');
      await repo.updateSeries(tx, id, {
        typeId: patch.type_id,
        name: patch.name,
        description: patch.description,
        separator: patch.separator,
        prefix: patch.prefix,
        rejectedPrefix: patch.rejected_prefix,
        registers: patch.registers,
        yearlyReset: patch.yearly_reset,
        active: patch.active,
      });
      // After the update: a change of yearly_reset decides which counter the index belongs to.
      if (patch.current_index !== undefined) await setCurrentIndex(tx, id, patch.current_index, 'main', now);
      if (patch.rejected_index !== undefined) await setCurrentIndex(tx, id, patch.rejected_index, 'rejected', now);
      const updated = await repo.findSeries(tx, id, year);
      await audit(tx, actor, meta, {
        organisationId: current.organisationId,
        action: 'document_series.update',
        entityType: 'document_series',
        entityId: id,
        before: { ...seriesSnapshot(current), current_index: current.currentIndex, rejected_index: current.rejectedIndex },
        after: updated
          ? { ...seriesSnapshot(updated), current_index: updated.currentIndex, rejected_index: updated.rejectedIndex }
          : null,
      });
    }),
  );
  return getSeries(ctx, actor, id, now);
}

/** A series that gave numbers or that an application names stays (CONFLICT, reason `referenced`). */
export async function deleteSeries(ctx: AppContext, actor: Actor, id: number, meta: RequestMeta, now = new Date()) {
  const year = romanianYear(now);
  const current = await loadSeries(ctx.db, actor, id, year);
  if (!mayEditSeries(actor, current.organisationId)) throw new AppError('FORBIDDEN');
  try {
    await ctx.db.transaction(async (tx) => {
      await repo.lockSeries(tx, id);
      const fresh = await repo.findSeries(tx, id, year);
      if (!fresh) throw new AppError('NOT_FOUND');
      if (isSeriesUsed(fresh)) {
        throw new AppError('CONFLICT', {
          reason: 'referenced',
          numbers_given: fresh.numbersGiven,
          applications: fresh.applicationCount,
        });
      }
      await repo.deleteSeries(tx, id);
      await audit(tx, actor, meta, {
        organisationId: current.organisationId,
        action: 'document_series.delete',
        entityType: 'document_series',
        entityId: id,
        before: seriesSnapshot(current),
      });
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) throw new AppError('CONFLICT', { reason: 'referenced' });
    throw error;
  }
}

/* ───────────────────────────── For other modules (application types) ───────────────────────────── */

/**
 * The series of a type that numbers an organisation's documents: an active one before the
 * inactive ones, the oldest first. Undefined when the organisation has no series of the type.
 */
export async function findSeriesOfType(
  db: Db,
  seriesTypeId: number,
  organisationId: number,
): Promise<{ id: number; active: boolean } | undefined> {
  return (await repo.findSeriesOfType(db, seriesTypeId, organisationId))[0];
}

/** Of `ids`, the series types that exist. */
export async function existingSeriesTypeIds(db: Db, ids: number[]): Promise<Set<number>> {
  return new Set((await repo.findSeriesTypesByIds(db, ids)).map((t) => t.id));
}
