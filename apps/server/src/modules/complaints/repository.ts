import { type AnyColumn, and, asc, count, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  complaintComments,
  complaintFiles,
  complaints,
  complaintStatusChanges,
  complaintTypes,
  documentSeriesTypes,
  files,
  localities,
  organisations,
  responseTemplates,
  territorialUnits,
  users,
} from '../../db/schema/index.js';
import type { Db } from '../../platform/db.js';
import { buildListSql, countList, type ListSpec, type ParsedList, romanianOrder } from '../../platform/list-query.js';

/**
 * Data access of the complaints capability: complaint types, response templates, complaints with
 * their files, comments and status history, and the Open311 reads. Names of users, organisations,
 * UATs and localities are joined in here (reading another capability's table for a name).
 */

/* ───────────────────────────── Shared ───────────────────────────── */

/** "First Last", or the e-mail when the account has no name. */
export const personNameSql = (table: { firstName: AnyColumn; lastName: AnyColumn; email: AnyColumn }) =>
  sql<string>`coalesce(nullif(trim(concat_ws(' ', ${table.firstName}, ${table.lastName})), ''), ${table.email})`;

/* ───────────────────────────── Complaint types ───────────────────────────── */

const ct = complaintTypes;

const complaintsOfType = sql<number>`(select count(*)::int from ${complaints} where ${complaints.complaintTypeId} = ${ct.id})`;

export const COMPLAINT_TYPE_LIST: ListSpec = {
  fields: {
    name: { column: ct.name, type: 'text', sortable: true, searchable: true, sortBy: romanianOrder(ct.name) },
    status: { column: ct.status, type: 'text', ops: ['eq'], sortable: true },
    organisation_id: { column: ct.organisationId, type: 'number', ops: ['eq'] },
    series_type_id: { column: ct.seriesTypeId, type: 'number', ops: ['eq'] },
    created_at: { column: ct.createdAt, type: 'date', sortable: true },
  },
  defaultSort: { field: 'name', descending: false },
  idColumn: ct.id,
};

const typeColumns = {
  type: ct,
  organisationName: organisations.name,
  seriesTypeName: documentSeriesTypes.name,
  complaintsCount: complaintsOfType,
};
export type ComplaintTypeRow = {
  type: typeof ct.$inferSelect;
  organisationName: string;
  seriesTypeName: string | null;
  complaintsCount: number;
};

const typeQuery = (db: Db) =>
  db
    .select(typeColumns)
    .from(ct)
    .innerJoin(organisations, eq(organisations.id, ct.organisationId))
    .leftJoin(documentSeriesTypes, eq(documentSeriesTypes.id, ct.seriesTypeId));

export function listComplaintTypes(db: Db, parsed: ParsedList, scope: SQL | undefined) {
  const built = buildListSql(parsed, COMPLAINT_TYPE_LIST, [scope]);
  return {
    rows: (): Promise<ComplaintTypeRow[]> =>
      typeQuery(db)
        .where(built.where)
        .orderBy(...built.orderBy)
        .limit(built.limit)
        .offset(built.offset),
    total: () => countList(db, db.select({ one: sql`1` }).from(ct).where(built.where)),
  };
}

export async function findComplaintType(db: Db, id: number): Promise<ComplaintTypeRow | undefined> {
  const [row] = await typeQuery(db).where(eq(ct.id, id));
  return row;
}

/** True when another type of the organisation has this name (case-insensitive). */
export async function complaintTypeNameTaken(db: Db, organisationId: number, name: string, exceptId?: number) {
  const [row] = await db
    .select({ id: ct.id })
    .from(ct)
    .where(
      and(
        eq(ct.organisationId, organisationId),
        sql`lower(${ct.name}) = lower(${name})`,
        exceptId === undefined ? undefined : sql`${ct.id} <> ${exceptId}`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function insertComplaintType(db: Db, values: typeof ct.$inferInsert): Promise<number> {
  const [row] = await db.insert(ct).values(values).returning({ id: ct.id });
  return row.id;
}

export async function updateComplaintType(db: Db, id: number, values: Partial<typeof ct.$inferInsert>) {
  await db
    .update(ct)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(ct.id, id));
}

export async function deleteComplaintType(db: Db, id: number) {
  await db.delete(ct).where(eq(ct.id, id));
}

/** Active types, with their organisation's name, optionally of one organisation. */
export function activeComplaintTypes(db: Db, organisationId?: number) {
  return db
    .select({ id: ct.id, name: ct.name, organisationId: ct.organisationId, organisationName: organisations.name })
    .from(ct)
    .innerJoin(organisations, eq(organisations.id, ct.organisationId))
    .where(
      and(
        eq(ct.status, 'active'),
        eq(organisations.status, 'active'),
        organisationId === undefined ? undefined : eq(ct.organisationId, organisationId),
      ),
    )
    .orderBy(romanianOrder(ct.name), asc(ct.id));
}

export async function seriesTypeExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: documentSeriesTypes.id }).from(documentSeriesTypes).where(eq(documentSeriesTypes.id, id));
  return row !== undefined;
}

/* ───────────────────────────── Response templates ───────────────────────────── */

const rt = responseTemplates;

export const RESPONSE_TEMPLATE_LIST: ListSpec = {
  fields: {
    title: { column: rt.title, type: 'text', sortable: true, searchable: true, sortBy: romanianOrder(rt.title) },
    message: { column: rt.message, type: 'text', ops: ['contains'], searchable: true },
    category: { column: rt.category, type: 'text', ops: ['eq'], sortable: true },
    created_at: { column: rt.createdAt, type: 'date', sortable: true },
  },
  defaultSort: { field: 'title', descending: false },
  idColumn: rt.id,
};

export type ResponseTemplateRow = typeof rt.$inferSelect;

export function listResponseTemplates(db: Db, parsed: ParsedList) {
  const built = buildListSql(parsed, RESPONSE_TEMPLATE_LIST);
  return {
    rows: (): Promise<ResponseTemplateRow[]> =>
      db
        .select()
        .from(rt)
        .where(built.where)
        .orderBy(...built.orderBy)
        .limit(built.limit)
        .offset(built.offset),
    total: () => countList(db, db.select({ one: sql`1` }).from(rt).where(built.where)),
  };
}

export async function findResponseTemplate(db: Db, id: number): Promise<ResponseTemplateRow | undefined> {
  const [row] = await db.select().from(rt).where(eq(rt.id, id));
  return row;
}

export async function responseTemplateTitleTaken(db: Db, title: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: rt.id })
    .from(rt)
    .where(and(sql`lower(${rt.title}) = lower(${title})`, exceptId === undefined ? undefined : sql`${rt.id} <> ${exceptId}`))
    .limit(1);
  return row !== undefined;
}

export async function insertResponseTemplate(db: Db, values: typeof rt.$inferInsert): Promise<number> {
  const [row] = await db.insert(rt).values(values).returning({ id: rt.id });
  return row.id;
}

export async function updateResponseTemplate(db: Db, id: number, values: Partial<typeof rt.$inferInsert>) {
  await db
    .update(rt)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(rt.id, id));
}

export async function deleteResponseTemplate(db: Db, id: number) {
  await db.delete(rt).where(eq(rt.id, id));
}

/* ───────────────────────────── Complaints ───────────────────────────── */

const c = complaints;
const solver = alias(users, 'solver');
const reporter = alias(users, 'reporter');
const closer = alias(users, 'closer');

export const COMPLAINT_LIST: ListSpec = {
  fields: {
    status: { column: c.status, type: 'text', ops: ['eq'], sortable: true },
    complaint_type_id: { column: c.complaintTypeId, type: 'number', ops: ['eq'] },
    solver_user_id: { column: c.solverUserId, type: 'number', ops: ['eq'] },
    uat_id: { column: c.uatId, type: 'number', ops: ['eq'] },
    organisation_id: { column: c.organisationId, type: 'number', ops: ['eq'] },
    created_at: { column: c.createdAt, type: 'date', sortable: true },
    entry_code: { column: c.entryCode, type: 'text', sortable: true, searchable: true },
    address: { column: c.address, type: 'text', ops: ['contains'], searchable: true },
    description: { column: c.description, type: 'text', ops: ['contains'], searchable: true },
  },
  defaultSort: { field: 'created_at', descending: true },
  idColumn: c.id,
};

const listColumns = {
  complaint: c,
  typeName: complaintTypes.name,
  organisationName: organisations.name,
  uatName: territorialUnits.name,
  localityName: localities.name,
  solverName: personNameSql(solver),
};

export type ComplaintListRow = {
  complaint: typeof c.$inferSelect;
  typeName: string;
  organisationName: string;
  uatName: string;
  localityName: string | null;
  solverName: string | null;
};

const listQuery = (db: Db) =>
  db
    .select(listColumns)
    .from(c)
    .innerJoin(complaintTypes, eq(complaintTypes.id, c.complaintTypeId))
    .innerJoin(organisations, eq(organisations.id, c.organisationId))
    .innerJoin(territorialUnits, eq(territorialUnits.id, c.uatId))
    .leftJoin(localities, eq(localities.id, c.localityId))
    .leftJoin(solver, eq(solver.id, c.solverUserId));

export function listComplaints(db: Db, parsed: ParsedList, scope: SQL | undefined) {
  const built = buildListSql(parsed, COMPLAINT_LIST, [scope]);
  return {
    rows: async (): Promise<ComplaintListRow[]> =>
      (await listQuery(db)
        .where(built.where)
        .orderBy(...built.orderBy)
        .limit(built.limit)
        .offset(built.offset)) as ComplaintListRow[],
    total: () => countList(db, db.select({ one: sql`1` }).from(c).where(built.where)),
  };
}

export type ComplaintDetailRow = ComplaintListRow & {
  reporterName: string;
  closerName: string | null;
  lat: number | null;
  lng: number | null;
};

export async function findComplaintDetail(db: Db, id: number): Promise<ComplaintDetailRow | undefined> {
  const [row] = await db
    .select({
      ...listColumns,
      reporterName: personNameSql(reporter),
      closerName: sql<string | null>`case when ${closer.id} is null then null else ${personNameSql(closer)} end`,
      lat: sql<number | null>`ST_Y(ST_Transform(${c.location}, 4326))`,
      lng: sql<number | null>`ST_X(ST_Transform(${c.location}, 4326))`,
    })
    .from(c)
    .innerJoin(complaintTypes, eq(complaintTypes.id, c.complaintTypeId))
    .innerJoin(organisations, eq(organisations.id, c.organisationId))
    .innerJoin(territorialUnits, eq(territorialUnits.id, c.uatId))
    .leftJoin(localities, eq(localities.id, c.localityId))
    .leftJoin(solver, eq(solver.id, c.solverUserId))
    .innerJoin(reporter, eq(reporter.id, c.reporterUserId))
    .leftJoin(closer, eq(closer.id, c.closedBy))
    .where(eq(c.id, id));
  if (!row) return undefined;
  return {
    ...(row as unknown as ComplaintDetailRow),
    lat: row.lat === null ? null : Number(row.lat),
    lng: row.lng === null ? null : Number(row.lng),
  };
}

/** The complaint row, locked for the change when `lock`. */
export async function findComplaint(db: Db, id: number, options: { lock?: boolean } = {}) {
  const query = db.select().from(c).where(eq(c.id, id));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export type ComplaintRow = typeof c.$inferSelect;

export async function insertComplaint(
  db: Db,
  values: Omit<typeof c.$inferInsert, 'location'>,
  location: { lat: number; lng: number } | null,
): Promise<number> {
  const [row] = await db
    .insert(c)
    .values({
      ...values,
      location: location ? sql`ST_Transform(ST_SetSRID(ST_MakePoint(${location.lng}, ${location.lat}), 4326), 3844)` : null,
    } as typeof c.$inferInsert)
    .returning({ id: c.id });
  return row.id;
}

export async function updateComplaint(db: Db, id: number, values: Partial<typeof c.$inferInsert>) {
  await db
    .update(c)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(c.id, id));
}

export async function insertStatusChange(db: Db, values: typeof complaintStatusChanges.$inferInsert) {
  await db.insert(complaintStatusChanges).values(values);
}

export async function insertComplaintFiles(db: Db, rows: (typeof complaintFiles.$inferInsert)[]) {
  if (rows.length > 0) await db.insert(complaintFiles).values(rows);
}

export async function insertComment(db: Db, values: typeof complaintComments.$inferInsert): Promise<number> {
  const [row] = await db.insert(complaintComments).values(values).returning({ id: complaintComments.id });
  return row.id;
}

export function findComplaintFiles(db: Db, complaintId: number) {
  return db
    .select({
      id: complaintFiles.id,
      fileId: complaintFiles.fileId,
      kind: complaintFiles.kind,
      createdAt: complaintFiles.createdAt,
      name: files.name,
      mimeType: files.mimeType,
      size: files.size,
    })
    .from(complaintFiles)
    .innerJoin(files, eq(files.id, complaintFiles.fileId))
    .where(eq(complaintFiles.complaintId, complaintId))
    .orderBy(asc(complaintFiles.id));
}

export function findComments(db: Db, complaintId: number, includeInternal: boolean) {
  const author = alias(users, 'author');
  return db
    .select({
      id: complaintComments.id,
      authorId: complaintComments.authorUserId,
      authorName: personNameSql(author),
      text: complaintComments.text,
      isInternal: complaintComments.isInternal,
      createdAt: complaintComments.createdAt,
    })
    .from(complaintComments)
    .innerJoin(author, eq(author.id, complaintComments.authorUserId))
    .where(
      and(eq(complaintComments.complaintId, complaintId), includeInternal ? undefined : eq(complaintComments.isInternal, false)),
    )
    .orderBy(asc(complaintComments.createdAt), asc(complaintComments.id));
}

export function findHistory(db: Db, complaintId: number) {
  const actor = alias(users, 'actor');
  return db
    .select({
      fromStatus: complaintStatusChanges.fromStatus,
      toStatus: complaintStatusChanges.toStatus,
      actorName: sql<string | null>`case when ${actor.id} is null then null else ${personNameSql(actor)} end`,
      createdAt: complaintStatusChanges.createdAt,
    })
    .from(complaintStatusChanges)
    .leftJoin(actor, eq(actor.id, complaintStatusChanges.actorUserId))
    .where(eq(complaintStatusChanges.complaintId, complaintId))
    .orderBy(asc(complaintStatusChanges.createdAt), asc(complaintStatusChanges.id));
}

/** The complaints a file is attached to (for the download rule), with what the rule needs. */
export function complaintsOfFile(db: Db, fileId: number) {
  return db
    .select({ id: c.id, organisationId: c.organisationId, reporterUserId: c.reporterUserId })
    .from(complaintFiles)
    .innerJoin(c, eq(c.id, complaintFiles.complaintId))
    .where(eq(complaintFiles.fileId, fileId));
}

/** The locality's UAT (undefined when the locality does not exist). */
export async function localityUat(db: Db, localityId: number): Promise<number | undefined> {
  const [row] = await db.select({ uatId: localities.uatId }).from(localities).where(eq(localities.id, localityId));
  return row?.uatId;
}

export async function uatExists(db: Db, uatId: number): Promise<boolean> {
  const [row] = await db.select({ id: territorialUnits.id }).from(territorialUnits).where(eq(territorialUnits.id, uatId));
  return row !== undefined;
}

/** Names and e-mails of users (the solvers offered), in Romanian order. */
export function usersByIds(db: Db, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ id: users.id, name: personNameSql(users), email: users.email })
    .from(users)
    .where(inArray(users.id, ids))
    .orderBy(romanianOrder(personNameSql(users)), asc(users.id));
}

/* ───────────────────────────── Open311 ───────────────────────────── */

export interface Open311Filters {
  organisationId?: number;
  typeIds?: number[];
  ids?: number[];
  statuses?: string[];
  from: Date;
  to?: Date;
  limit: number;
}

export function open311Requests(db: Db, filters: Open311Filters) {
  return db
    .select({
      id: c.id,
      entryCode: c.entryCode,
      status: c.status,
      typeId: c.complaintTypeId,
      typeName: complaintTypes.name,
      organisationName: organisations.name,
      address: c.address,
      localityName: localities.name,
      uatName: territorialUnits.name,
      postalCode: localities.postalCode,
      createdAt: c.createdAt,
      updatedAt: c.updatedAt,
      lat: sql<number | null>`ST_Y(ST_Transform(${c.location}, 4326))`,
      lng: sql<number | null>`ST_X(ST_Transform(${c.location}, 4326))`,
    })
    .from(c)
    .innerJoin(complaintTypes, eq(complaintTypes.id, c.complaintTypeId))
    .innerJoin(organisations, eq(organisations.id, c.organisationId))
    .innerJoin(territorialUnits, eq(territorialUnits.id, c.uatId))
    .leftJoin(localities, eq(localities.id, c.localityId))
    .where(
      and(
        filters.organisationId === undefined ? undefined : eq(c.organisationId, filters.organisationId),
        filters.typeIds === undefined ? undefined : inArray(c.complaintTypeId, filters.typeIds),
        filters.ids === undefined ? undefined : inArray(c.id, filters.ids),
        filters.statuses === undefined ? undefined : inArray(c.status, filters.statuses as (typeof c.$inferSelect)['status'][]),
        filters.ids === undefined ? gte(c.createdAt, filters.from) : undefined,
        filters.to === undefined || filters.ids !== undefined ? undefined : lt(c.createdAt, filters.to),
      ),
    )
    .orderBy(desc(c.createdAt), desc(c.id))
    .limit(filters.limit);
}

export async function countComplaintsOfType(db: Db, typeId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(c).where(eq(c.complaintTypeId, typeId));
  return Number(row.n);
}

/** Answers keep their text when their template goes: the link is cleared. */
export async function unlinkResponseTemplate(db: Db, templateId: number) {
  await db.update(c).set({ responseTemplateId: null }).where(eq(c.responseTemplateId, templateId));
}
