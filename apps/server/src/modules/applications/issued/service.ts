import {
  ISSUED_KIND_LABELS,
  type IssuedDocument,
  SERIES_SEARCH_LIMIT,
  SERIES_SEARCH_STATUSES,
  type SeriesSearchItem,
} from '@ghiseu/domain';
import type { Actor } from '../../../platform/auth/actor.js';
import type { AppContext } from '../../../platform/context.js';
import type { Db } from '../../../platform/db.js';
import { listPage, parseListQuery } from '../../../platform/list-query.js';
import { notFound } from '../../../platform/request.js';
import { presentListItem } from '../presenter.js';
import * as apps from '../repository.js';
import { issuedScope, seriesSearchScope } from './policy.js';
import * as repo from './repository.js';

/**
 * Issued documents (spec §2 /issued-documents) and the series search (spec §7 find/findAll?series=).
 *
 * An issued document is a revision of an application's output in the state `issued` (written by
 * the signing flow): its output number, issue time, kind and final PDF. Applicants see their
 * own, staff the general register of their organisation. The PDF is downloaded with a files
 * module download token; the rule registered in routes.ts lets the applicant and the
 * organisation's staff have one.
 *
 * The series search reads `allocated_document_series` (the output number), not the entry
 * number: finished files only (RESOLVED, REJECTED, CLOSED: the spec's "status eq closed" read as
 * every status in which the output was issued), never internal documents, in the actor's reach
 * (an applicant's own applications, optionally of one organisation; staff their organisation's),
 * newest issue first, at most 100.
 */

const name = (first: string | null, last: string | null, email: string) => [first, last].filter(Boolean).join(' ') || email;

function presentIssued(row: repo.IssuedRow): IssuedDocument {
  return {
    id: row.id,
    application_id: row.applicationId,
    identification_number: row.identificationNumber,
    application_type_id: row.applicationTypeId,
    application_type_name: row.typeName,
    organisation_id: row.organisationId,
    organisation_name: row.organisationName,
    output_number: row.outputNumber,
    kind: row.kind,
    kind_label: ISSUED_KIND_LABELS[row.kind],
    issued_at: row.issuedAt ? row.issuedAt.toISOString() : null,
    applicant_name: name(row.applicantFirst, row.applicantLast, row.applicantEmail),
    file: row.fileId !== null && row.fileName !== null ? { id: row.fileId, name: row.fileName, size: row.fileSize ?? 0 } : null,
  };
}

export async function listIssuedDocuments(ctx: AppContext, actor: Actor, query: Record<string, unknown>) {
  const parsed = parseListQuery(query, repo.ISSUED_LIST);
  const list = repo.listIssued(ctx.db, parsed, issuedScope(actor));
  return listPage(parsed, async () => (await list.rows()).map(presentIssued), list.total);
}

async function presentSeriesRows(
  db: Db,
  actor: Actor,
  rows: Awaited<ReturnType<typeof repo.searchBySeries>>,
): Promise<SeriesSearchItem[]> {
  const ids = rows.map((r) => r.application.id);
  const [names, numbers] = await Promise.all([apps.beneficiaryNames(db, ids), apps.cadastralNumbers(db, ids)]);
  return rows.map((row) => ({
    ...presentListItem(
      actor,
      row,
      names.filter((n) => n.applicationId === row.application.id),
      numbers.filter((n) => n.applicationId === row.application.id).map((n) => n.cadastralNumber),
    ),
    allocated_document_series: row.series,
    issued_at: row.issuedAt ? row.issuedAt.toISOString() : null,
  }));
}

function search(ctx: AppContext, actor: Actor, query: { series: string; organisation_id?: number }, exact: boolean) {
  return repo.searchBySeries(ctx.db, {
    series: query.series,
    exact,
    statuses: SERIES_SEARCH_STATUSES,
    scope: seriesSearchScope(actor, query.organisation_id),
    limit: exact ? 1 : SERIES_SEARCH_LIMIT,
  });
}

/** `find?series=`: the issued application with exactly this output number (404 when none). */
export async function findBySeries(ctx: AppContext, actor: Actor, query: { series: string; organisation_id?: number }) {
  const rows = await search(ctx, actor, query, true);
  if (rows.length === 0) throw notFound();
  return (await presentSeriesRows(ctx.db, actor, rows))[0];
}

/** `findAll?series=`: the issued applications whose output number contains the text (at most 100). */
export async function findAllBySeries(ctx: AppContext, actor: Actor, query: { series: string; organisation_id?: number }) {
  return presentSeriesRows(ctx.db, actor, await search(ctx, actor, query, false));
}
