import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { applicationDocuments, applications, applicationTypes, files, organisations, users } from '../../../db/schema/index.js';
import type { Db } from '../../../platform/db.js';
import { buildListSql, countList, escapeLike, folded, type ListSpec, type ParsedList } from '../../../platform/list-query.js';
import { applicationListColumns, type ApplicationListRow, typeColumns } from '../repository.js';

/** Data access of the issued documents register and of the series search. */

const d = applicationDocuments;

export const ISSUED_LIST: ListSpec = {
  fields: {
    output_number: { column: d.outputNumber, type: 'text', ops: ['eq', 'contains'], sortable: true, searchable: true },
    identification_number: { column: applications.identificationNumber, type: 'text', ops: ['eq', 'contains'], searchable: true },
    application_type_id: { column: applications.applicationTypeId, type: 'number', ops: ['eq'] },
    kind: { column: d.kind, type: 'text', ops: ['eq'] },
    issued_at: { column: d.issuedAt, type: 'date', sortable: true },
  },
  defaultSort: { field: 'issued_at', descending: true },
  idColumn: d.id,
};

function selectIssued(db: Db) {
  return db
    .select({
      id: d.id,
      applicationId: d.applicationId,
      organisationId: d.organisationId,
      kind: d.kind,
      outputNumber: d.outputNumber,
      issuedAt: d.issuedAt,
      fileId: d.fileId,
      identificationNumber: applications.identificationNumber,
      applicationTypeId: applications.applicationTypeId,
      typeName: applicationTypes.name,
      organisationName: organisations.name,
      applicantFirst: users.firstName,
      applicantLast: users.lastName,
      applicantEmail: users.email,
      fileName: files.name,
      fileSize: files.size,
    })
    .from(d)
    .innerJoin(applications, eq(applications.id, d.applicationId))
    .innerJoin(applicationTypes, eq(applicationTypes.id, applications.applicationTypeId))
    .innerJoin(organisations, eq(organisations.id, d.organisationId))
    .innerJoin(users, eq(users.id, applications.applicantUserId))
    .leftJoin(files, eq(files.id, d.fileId));
}
export type IssuedRow = Awaited<ReturnType<ReturnType<typeof selectIssued>['execute']>>[number];

/** The issued documents in `scope`: the page and its total. */
export function listIssued(db: Db, parsed: ParsedList, scope: SQL | undefined) {
  const built = buildListSql(parsed, ISSUED_LIST, [sql`${d.state} = 'issued'`, scope]);
  return {
    rows: (): Promise<IssuedRow[]> =>
      selectIssued(db)
        .where(built.where)
        .orderBy(...built.orderBy)
        .limit(built.limit)
        .offset(built.offset),
    total: () =>
      countList(
        db,
        db.select({ one: sql`1` }).from(d).innerJoin(applications, eq(applications.id, d.applicationId)).where(built.where),
      ),
  };
}

/** The series search rows: output number matched (exact or contained, folded), newest issue first. */
export function searchBySeries(
  db: Db,
  options: { series: string; exact: boolean; statuses: readonly string[]; scope: SQL | undefined; limit: number },
): Promise<(ApplicationListRow & { series: string | null; issuedAt: Date | null })[]> {
  const value = options.series.trim();
  const match = options.exact
    ? sql`${folded(applications.allocatedDocumentSeries)} = lower(f_unaccent(${value}))`
    : sql`${folded(applications.allocatedDocumentSeries)} LIKE lower(f_unaccent(${`%${escapeLike(value)}%`}))`;
  return db
    .select({
      application: applicationListColumns,
      ...typeColumns,
      series: applications.allocatedDocumentSeries,
      issuedAt: applications.issuedAt,
    })
    .from(applications)
    .innerJoin(applicationTypes, eq(applicationTypes.id, applications.applicationTypeId))
    .innerJoin(organisations, eq(organisations.id, applications.organisationId))
    .where(
      and(
        match,
        inArray(applications.status, [...options.statuses] as (typeof applications.$inferSelect.status)[]),
        eq(applications.isInternal, false),
        options.scope,
      ),
    )
    .orderBy(sql`${applications.issuedAt} DESC NULLS LAST`, desc(applications.id))
    .limit(options.limit);
}
