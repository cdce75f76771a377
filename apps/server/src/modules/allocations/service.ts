import {
  ALLOCATION_LIMITS,
  ALLOCATION_MESSAGES as M,
  type AllocationCreateRequest,
  type AllocationExportRequest,
  type AllocationForExtension,
  type AllocationGroup,
  type AllocationPatch,
  todayInRomania,
} from '@ghiseu/domain';
import { and, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import { seriesAllocations } from '../../db/schema/index.js';
import type { Actor } from '../../platform/auth/actor.js';
import type { AppContext } from '../../platform/context.js';
import { type Db, isUniqueViolation } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { escapeLike, folded, listPage, parseListQuery } from '../../platform/list-query.js';
import { audit, invalidField, notFound, type RequestMeta } from '../../platform/request.js';
import { takeNextNumber } from '../document-series/index.js';
import { findOwnFile } from '../files/index.js';
import { csvHeader, csvRow } from './csv.js';
import { mayCreate, mayEdit, mayRead, readScope } from './policy.js';
import { personName, presentAllocation } from './presenter.js';
import * as repo from './repository.js';

/**
 * Reserved series (spec §2 /document-series-allocation, §3, §6, §7): staff reserve an output
 * number for a document issued outside the portal's workflow — the next number of one of their
 * organisation's active series, taken in the transaction like every number (no gaps), or a
 * number allocated outside the portal — and record the document's data. Every change is one
 * transaction with its audit entry. The extension look-ups show anyone signed in what can be
 * extended, without personal data.
 */

const ENTITY = 'series_allocation';
const EXPORT_BATCH = 500;

/* ───────────────────────────── Reading ───────────────────────────── */

async function detail(ctx: AppContext, actor: Actor, id: number) {
  const row = await repo.findDetail(ctx.db, id);
  if (!row || !mayRead(actor, row.allocation.organisationId)) throw notFound();
  return presentAllocation(actor, row);
}

export const getAllocation = detail;

export async function listAllocations(ctx: AppContext, actor: Actor, query: Record<string, unknown>) {
  const parsed = parseListQuery(query, repo.ALLOCATION_LIST);
  const list = repo.listAllocations(ctx.db, parsed, readScope(actor));
  return listPage(parsed, async () => (await list.rows()).map((r) => presentAllocation(actor, r)), list.total);
}

/** `GET /allocations?group_by=created_by`: at most 100 creators, each with its newest 100 allocations. */
export async function groupByCreator(ctx: AppContext, actor: Actor, query: Record<string, unknown>): Promise<AllocationGroup[]> {
  const parsed = parseListQuery(query, repo.ALLOCATION_LIST);
  const { creators, rows } = await repo.groupedByCreator(
    ctx.db,
    parsed,
    readScope(actor),
    ALLOCATION_LIMITS.byCreator,
    ALLOCATION_LIMITS.byCreator,
  );
  return creators.map((c) => {
    const own = rows.filter((r) => r.allocation.createdBy === c.createdBy);
    const first = own[0];
    return {
      created_by: { id: c.createdBy, name: first ? personName(first.creatorFirst, first.creatorLast, first.creatorEmail) : '' },
      total: Number(c.total),
      allocations: own.map((r) => presentAllocation(actor, r)),
    };
  });
}

/** The export's filters as one condition, inside the actor's scope. */
function exportWhere(actor: Actor, filters: AllocationExportRequest): SQL | undefined {
  const a = seriesAllocations;
  return and(
    readScope(actor),
    filters.series ? sql`${folded(a.series)} LIKE lower(f_unaccent(${`%${escapeLike(filters.series)}%`}))` : undefined,
    filters.created_by === undefined ? undefined : eq(a.createdBy, filters.created_by),
    filters.series_type_id === undefined ? undefined : eq(a.seriesTypeId, filters.series_type_id),
    filters.from ? gte(a.allocationDate, filters.from) : undefined,
    filters.to ? lte(a.allocationDate, filters.to) : undefined,
  );
}

/** `POST /allocations/export`: the CSV, read and written in batches (never the whole table in memory). */
export async function* exportCsv(ctx: AppContext, actor: Actor, filters: AllocationExportRequest): AsyncGenerator<string> {
  const where = exportWhere(actor, filters);
  yield csvHeader();
  let after: { date: string; id: number } | null = null;
  for (;;) {
    const rows = await repo.exportBatch(ctx.db, where, after, EXPORT_BATCH);
    if (rows.length > 0) yield rows.map(csvRow).join('');
    if (rows.length < EXPORT_BATCH) return;
    const last = rows[rows.length - 1].allocation;
    after = { date: last.allocationDate, id: last.id };
  }
}

/** What can be extended (spec §7 allocations-public): newest issue first, at most 50. */
export async function listForExtension(
  ctx: AppContext,
  query: { organisation_id?: number; series?: string },
  exact: boolean,
): Promise<AllocationForExtension[]> {
  const rows = await repo.forExtension(ctx.db, {
    organisationId: query.organisation_id,
    series: query.series,
    exact,
    today: todayInRomania(),
    limit: ALLOCATION_LIMITS.forExtension,
  });
  if (exact && rows.length === 0) throw notFound();
  return rows.map((r) => ({
    id: r.id,
    organisation_id: r.organisationId,
    organisation_name: r.organisationName,
    series: r.series,
    series_type_name: r.typeName,
    issue_date: r.issueDate,
    validity_months: r.validityMonths,
    valid_until: r.validUntil,
    uat_name: r.uatName,
  }));
}

/* ───────────────────────────── Writing ───────────────────────────── */

const money = (value: number | null | undefined) => (value === undefined ? undefined : value === null ? null : value.toFixed(2));

/** The optional fields of a request, checked (UAT, own PDF) and mapped to columns. */
async function checkedFields(db: Db, actor: Actor, body: AllocationPatch | AllocationCreateRequest) {
  if (body.uat_id != null && !(await repo.uatExists(db, body.uat_id))) throw invalidField('body.uat_id', M.uatUnknown);
  if (body.file_id != null) {
    const file = await findOwnFile(db, body.file_id, actor.userId);
    if (!file) throw invalidField('body.file_id', M.fileUnknown);
    if (file.mimeType !== 'application/pdf') throw invalidField('body.file_id', M.fileType);
  }
  return {
    allocationDate: body.allocation_date,
    fileId: body.file_id,
    issueDate: body.issue_date,
    location: body.location,
    uatId: body.uat_id,
    taxLei: money(body.tax_lei),
    validityMonths: body.validity_months,
    executionDurationMonths: body.execution_duration_months,
    startDate: body.start_date,
    extensionDate: body.extension_date,
    investmentValue: money(body.investment_value),
    locationType: body.location_type,
  };
}

const defined = <T extends Record<string, unknown>>(values: T): Partial<T> =>
  Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<T>;

/** Runs a write; a second allocation of the same number answers SERIES_ALLOCATION_EXISTS. */
async function uniquely<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('SERIES_ALLOCATION_EXISTS');
    throw error;
  }
}

export async function createAllocation(ctx: AppContext, actor: Actor, body: AllocationCreateRequest, meta: RequestMeta) {
  if (!mayCreate(actor) || actor.organisationId === null) throw new AppError('FORBIDDEN');
  const organisationId = actor.organisationId;
  const id = await uniquely(() =>
    ctx.db.transaction(async (tx) => {
      const fields = await checkedFields(tx, actor, body);
      let series: string;
      let seriesTypeId: number;
      let documentSeriesId: number | null = null;
      if (body.source === 'series') {
        const found = await repo.findSeries(tx, body.document_series_id as number);
        if (found?.organisationId !== organisationId || !found.active)
          throw invalidField('body.document_series_id', M.seriesUnknown);
        const number = await takeNextNumber(tx, found.id);
        series = number.code;
        seriesTypeId = found.typeId;
        documentSeriesId = found.id;
      } else {
        if (!(await repo.seriesTypeExists(tx, body.series_type_id as number)))
          throw invalidField('body.series_type_id', M.typeUnknown);
        series = body.series as string;
        seriesTypeId = body.series_type_id as number;
      }
      const values = {
        ...defined(fields),
        allocationDate: fields.allocationDate ?? todayInRomania(),
        organisationId,
        createdBy: actor.userId,
        series,
        source: body.source,
        seriesTypeId,
        documentSeriesId,
      };
      const newId = await repo.insertAllocation(tx, values);
      await audit(tx, actor, meta, {
        organisationId,
        action: `${ENTITY}.create`,
        entityType: ENTITY,
        entityId: newId,
        after: { ...values },
      });
      return newId;
    }),
  );
  return detail(ctx, actor, id);
}

/** The allocation, locked, in reach for an edit (404 out of read scope, 403 without the edit right). */
async function editable(tx: Db, actor: Actor, id: number) {
  const row = await repo.findAllocation(tx, id, { lock: true });
  if (!row || !mayRead(actor, row.organisationId)) throw notFound();
  if (!mayEdit(actor, row.organisationId)) throw new AppError('FORBIDDEN');
  return row;
}

export async function patchAllocation(ctx: AppContext, actor: Actor, id: number, body: AllocationPatch, meta: RequestMeta) {
  await uniquely(() =>
    ctx.db.transaction(async (tx) => {
      const before = await editable(tx, actor, id);
      if (before.source === 'series' && body.series !== undefined && body.series !== before.series)
        throw invalidField('body.series', M.seriesNotEditable);
      if (before.source === 'series' && body.series_type_id !== undefined && body.series_type_id !== before.seriesTypeId)
        throw invalidField('body.series_type_id', M.seriesNotEditable);
      if (body.series_type_id !== undefined && !(await repo.seriesTypeExists(tx, body.series_type_id)))
        throw invalidField('body.series_type_id', M.typeUnknown);
      const start = body.start_date === undefined ? before.startDate : body.start_date;
      const extension = body.extension_date === undefined ? before.extensionDate : body.extension_date;
      if (start && extension && extension < start) throw invalidField('body.extension_date', M.startAfterExtension);
      const changes = defined({
        ...(await checkedFields(tx, actor, body)),
        series: body.series,
        seriesTypeId: body.series_type_id,
      });
      await repo.updateAllocation(tx, id, changes);
      await audit(tx, actor, meta, {
        organisationId: before.organisationId,
        action: `${ENTITY}.update`,
        entityType: ENTITY,
        entityId: id,
        before,
        after: changes,
      });
    }),
  );
  return detail(ctx, actor, id);
}

export async function deleteAllocation(ctx: AppContext, actor: Actor, id: number, meta: RequestMeta): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const before = await editable(tx, actor, id);
    await repo.deleteAllocation(tx, id);
    await audit(tx, actor, meta, {
      organisationId: before.organisationId,
      action: `${ENTITY}.delete`,
      entityType: ENTITY,
      entityId: id,
      before,
    });
  });
}
