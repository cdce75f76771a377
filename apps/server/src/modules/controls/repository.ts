import { and, asc, count, desc, eq, ne, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  complaints,
  controlActivities,
  controlBuildingBodies,
  controlFiles,
  controlPersons,
  controlStaff,
  controls,
  controlTypes,
  counties,
  documentSeriesTypes,
  files,
  localities,
  organisations,
  settings,
  territorialUnits,
  users,
} from '../../db/schema/index.js';
import type { Db } from '../../platform/db.js';
import { buildListSql, countList, escapeLike, folded, type ListSpec, type ParsedList } from '../../platform/list-query.js';

/** Data access of the controls and control types (issue 15). */

export type ControlRow = typeof controls.$inferSelect;
export type ControlInsert = typeof controls.$inferInsert;
export type ControlTypeRow = typeof controlTypes.$inferSelect;
export type StaffRow = typeof controlStaff.$inferSelect;
export type PersonRow = typeof controlPersons.$inferSelect;
export type PersonInsert = typeof controlPersons.$inferInsert;
export type BodyRow = typeof controlBuildingBodies.$inferSelect;
export type BodyInsert = typeof controlBuildingBodies.$inferInsert;

const c = controls;
const t = controlTypes;

/* ───────────────────────────── Control types ───────────────────────────── */

export const CONTROL_TYPE_LIST: ListSpec = {
  fields: {
    name: { column: t.name, type: 'text', sortable: true, searchable: true },
    status: { column: t.status, type: 'text', ops: ['eq'], sortable: true },
    organisation_id: { column: t.organisationId, type: 'number', ops: ['eq'] },
    created_at: { column: t.createdAt, type: 'date', sortable: true },
  },
  defaultSort: { field: 'name', descending: false },
  idColumn: t.id,
  extraParams: ['status'],
};

const controlCount = sql<number>`(select count(*)::int from ${controls} where ${controls.controlTypeId} = ${t.id})`;

const typeColumns = {
  type: t,
  organisationName: organisations.name,
  seriesTypeName: documentSeriesTypes.name,
  controlCount,
};

export type ControlTypeDetailRow = {
  type: ControlTypeRow;
  organisationName: string;
  seriesTypeName: string | null;
  controlCount: number;
};

function typeQuery(db: Db) {
  return db
    .select(typeColumns)
    .from(t)
    .innerJoin(organisations, eq(organisations.id, t.organisationId))
    .leftJoin(documentSeriesTypes, eq(documentSeriesTypes.id, t.seriesTypeId));
}

export function listTypes(db: Db, parsed: ParsedList, conditions: (SQL | undefined)[]) {
  const built = buildListSql(parsed, CONTROL_TYPE_LIST, conditions);
  return {
    rows: (): Promise<ControlTypeDetailRow[]> =>
      typeQuery(db)
        .where(built.where)
        .orderBy(...built.orderBy)
        .limit(built.limit)
        .offset(built.offset),
    total: () => countList(db, db.select({ one: sql`1` }).from(t).where(built.where)),
  };
}

export async function findTypeDetail(db: Db, id: number): Promise<ControlTypeDetailRow | undefined> {
  const [row] = await typeQuery(db).where(eq(t.id, id));
  return row;
}

export async function findType(db: Db, id: number, options: { lock?: boolean } = {}): Promise<ControlTypeRow | undefined> {
  const query = db.select().from(t).where(eq(t.id, id));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export async function typeNameTaken(db: Db, organisationId: number, name: string, exceptId?: number): Promise<boolean> {
  const rows = await db
    .select({ id: t.id })
    .from(t)
    .where(
      and(
        eq(t.organisationId, organisationId),
        sql`lower(${t.name}) = lower(${name.trim()})`,
        exceptId === undefined ? undefined : ne(t.id, exceptId),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function insertType(db: Db, values: typeof controlTypes.$inferInsert): Promise<number> {
  const [row] = await db.insert(t).values(values).returning({ id: t.id });
  return row.id;
}

export async function updateType(db: Db, id: number, values: Partial<typeof controlTypes.$inferInsert>): Promise<void> {
  await db
    .update(t)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(t.id, id));
}

export async function deleteType(db: Db, id: number): Promise<void> {
  await db.delete(t).where(eq(t.id, id));
}

export async function typeControlCount(db: Db, id: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(c).where(eq(c.controlTypeId, id));
  return Number(row?.n ?? 0);
}

export async function seriesTypeExists(db: Db, id: number): Promise<boolean> {
  const rows = await db.select({ id: documentSeriesTypes.id }).from(documentSeriesTypes).where(eq(documentSeriesTypes.id, id));
  return rows.length > 0;
}

export async function organisationExists(db: Db, id: number): Promise<boolean> {
  const rows = await db.select({ id: organisations.id }).from(organisations).where(eq(organisations.id, id));
  return rows.length > 0;
}

/* ───────────────────────────── Controls ───────────────────────────── */

const creator = alias(users, 'control_creator');

export const CONTROL_LIST: ListSpec = {
  fields: {
    status: { column: c.status, type: 'text', ops: ['eq'], sortable: true },
    control_type_id: { column: c.controlTypeId, type: 'number', ops: ['eq'] },
    uat_id: { column: c.uatId, type: 'number', ops: ['eq'] },
    created_by: { column: c.createdBy, type: 'number', ops: ['eq'] },
    complaint_id: { column: c.complaintId, type: 'number', ops: ['eq'] },
    control_date: { column: c.controlDate, type: 'date', sortable: true },
    entry_code: { column: c.entryCode, type: 'text', ops: ['eq', 'contains'], sortable: true, searchable: true },
    address: { column: c.address, type: 'text', ops: ['contains'], searchable: true },
    cadastral_number: { column: c.cadastralNumber, type: 'text', ops: ['eq', 'contains'], searchable: true },
    created_at: { column: c.createdAt, type: 'date', sortable: true },
  },
  defaultSort: { field: 'control_date', descending: true },
  idColumn: c.id,
};

const itemColumns = {
  control: c,
  typeName: t.name,
  uatName: territorialUnits.name,
  localityName: localities.name,
  complaintEntryCode: complaints.entryCode,
  creatorFirst: creator.firstName,
  creatorLast: creator.lastName,
  creatorEmail: creator.email,
};

export interface ControlItemRow {
  control: ControlRow;
  typeName: string;
  uatName: string;
  localityName: string | null;
  complaintEntryCode: string | null;
  creatorFirst: string | null;
  creatorLast: string | null;
  creatorEmail: string;
}

function itemQuery(db: Db) {
  return db
    .select(itemColumns)
    .from(c)
    .innerJoin(t, eq(t.id, c.controlTypeId))
    .innerJoin(territorialUnits, eq(territorialUnits.id, c.uatId))
    .leftJoin(localities, eq(localities.id, c.localityId))
    .leftJoin(complaints, eq(complaints.id, c.complaintId))
    .innerJoin(creator, eq(creator.id, c.createdBy));
}

export function listControls(db: Db, parsed: ParsedList, scope: SQL | undefined) {
  const built = buildListSql(parsed, CONTROL_LIST, [scope]);
  return {
    rows: (): Promise<ControlItemRow[]> =>
      itemQuery(db)
        .where(built.where)
        .orderBy(...built.orderBy)
        .limit(built.limit)
        .offset(built.offset),
    total: () => countList(db, db.select({ one: sql`1` }).from(c).where(built.where)),
  };
}

export async function findItem(db: Db, id: number): Promise<ControlItemRow | undefined> {
  const [row] = await itemQuery(db).where(eq(c.id, id));
  return row;
}

/** The control row, locked for the change when `lock` (SELECT … FOR UPDATE). */
export async function findControl(db: Db, id: number, options: { lock?: boolean } = {}): Promise<ControlRow | undefined> {
  const query = db.select().from(c).where(eq(c.id, id));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export async function insertControl(db: Db, values: ControlInsert): Promise<number> {
  const [row] = await db.insert(c).values(values).returning({ id: c.id });
  return row.id;
}

/** Writes `values` and bumps the version (every change of the control or of its parts). */
export async function touchControl(db: Db, id: number, values: Partial<ControlInsert> = {}): Promise<void> {
  await db
    .update(c)
    .set({ ...values, version: sql`${c.version} + 1`, updatedAt: new Date() })
    .where(eq(c.id, id));
}

/** Writes preparation columns without a version bump (the change's {@link touchControl} bumps it once). */
export async function updateControl(db: Db, id: number, values: Partial<ControlInsert>): Promise<void> {
  await db.update(c).set(values).where(eq(c.id, id));
}

export async function deleteControl(db: Db, id: number): Promise<void> {
  await db.delete(c).where(eq(c.id, id));
}

export async function findStaff(db: Db, controlId: number): Promise<StaffRow[]> {
  return db
    .select()
    .from(controlStaff)
    .where(eq(controlStaff.controlId, controlId))
    .orderBy(asc(controlStaff.position), asc(controlStaff.id));
}

export async function replaceStaff(
  db: Db,
  controlId: number,
  rows: Omit<typeof controlStaff.$inferInsert, 'controlId' | 'position'>[],
) {
  await db.delete(controlStaff).where(eq(controlStaff.controlId, controlId));
  if (rows.length > 0) await db.insert(controlStaff).values(rows.map((r, position) => ({ ...r, controlId, position })));
}

export async function findPersons(db: Db, controlId: number): Promise<PersonRow[]> {
  return db
    .select()
    .from(controlPersons)
    .where(eq(controlPersons.controlId, controlId))
    .orderBy(asc(controlPersons.role), asc(controlPersons.position), asc(controlPersons.id));
}

export async function insertPerson(db: Db, values: PersonInsert): Promise<number> {
  const [row] = await db.insert(controlPersons).values(values).returning({ id: controlPersons.id });
  return row.id;
}

export async function updatePerson(db: Db, id: number, values: Partial<PersonInsert>): Promise<void> {
  await db.update(controlPersons).set(values).where(eq(controlPersons.id, id));
}

export async function deletePerson(db: Db, id: number): Promise<void> {
  await db.delete(controlPersons).where(eq(controlPersons.id, id));
}

export async function findBodies(db: Db, controlId: number): Promise<BodyRow[]> {
  return db
    .select()
    .from(controlBuildingBodies)
    .where(eq(controlBuildingBodies.controlId, controlId))
    .orderBy(asc(controlBuildingBodies.position), asc(controlBuildingBodies.id));
}

export async function insertBody(db: Db, values: BodyInsert): Promise<number> {
  const [row] = await db.insert(controlBuildingBodies).values(values).returning({ id: controlBuildingBodies.id });
  return row.id;
}

export async function updateBody(db: Db, id: number, values: Partial<BodyInsert>): Promise<void> {
  await db
    .update(controlBuildingBodies)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(controlBuildingBodies.id, id));
}

export async function deleteBody(db: Db, id: number): Promise<void> {
  await db.delete(controlBuildingBodies).where(eq(controlBuildingBodies.id, id));
}

/** The next position among the rows of a control (appended at the end). */
export async function nextPosition(db: Db, table: 'persons' | 'bodies', controlId: number): Promise<number> {
  const target = table === 'persons' ? controlPersons : controlBuildingBodies;
  const [row] = await db
    .select({ n: sql<number>`coalesce(max(${target.position}), -1)::int + 1` })
    .from(target)
    .where(eq(target.controlId, controlId));
  return Number(row?.n ?? 0);
}

export interface ControlFileRow {
  id: number;
  fileId: number;
  kind: 'upload' | 'closing_report';
  description: string | null;
  createdAt: Date;
  name: string;
  size: number;
}

export async function findFiles(db: Db, controlId: number): Promise<ControlFileRow[]> {
  return db
    .select({
      id: controlFiles.id,
      fileId: controlFiles.fileId,
      kind: controlFiles.kind,
      description: controlFiles.description,
      createdAt: controlFiles.createdAt,
      name: files.name,
      size: files.size,
    })
    .from(controlFiles)
    .innerJoin(files, eq(files.id, controlFiles.fileId))
    .where(eq(controlFiles.controlId, controlId))
    .orderBy(asc(controlFiles.id));
}

export async function insertFile(db: Db, values: typeof controlFiles.$inferInsert): Promise<number> {
  const [row] = await db.insert(controlFiles).values(values).returning({ id: controlFiles.id });
  return row.id;
}

export async function deleteFile(db: Db, id: number): Promise<void> {
  await db.delete(controlFiles).where(eq(controlFiles.id, id));
}

export async function fileAttached(db: Db, controlId: number, fileId: number): Promise<boolean> {
  const rows = await db
    .select({ id: controlFiles.id })
    .from(controlFiles)
    .where(and(eq(controlFiles.controlId, controlId), eq(controlFiles.fileId, fileId)))
    .limit(1);
  return rows.length > 0;
}

/** The organisations of the controls a file is attached to (for the download rule). */
export async function organisationsOfFile(db: Db, fileId: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ organisationId: c.organisationId })
    .from(controlFiles)
    .innerJoin(c, eq(c.id, controlFiles.controlId))
    .where(eq(controlFiles.fileId, fileId));
  return rows.map((r) => r.organisationId);
}

/* Activities */

export async function insertActivity(
  db: Db,
  values: { controlId: number; actorUserId: number | null; action: string; details?: string | null },
): Promise<void> {
  await db.insert(controlActivities).values({ ...values, details: values.details ?? null });
}

const actor = alias(users, 'activity_actor');

export async function findActivities(db: Db, controlId: number, limit: number, offset: number) {
  return db
    .select({
      id: controlActivities.id,
      action: controlActivities.action,
      details: controlActivities.details,
      createdAt: controlActivities.createdAt,
      actorId: actor.id,
      actorFirst: actor.firstName,
      actorLast: actor.lastName,
      actorEmail: actor.email,
    })
    .from(controlActivities)
    .leftJoin(actor, eq(actor.id, controlActivities.actorUserId))
    .where(eq(controlActivities.controlId, controlId))
    .orderBy(desc(controlActivities.createdAt), desc(controlActivities.id))
    .limit(limit)
    .offset(offset);
}

export async function countActivities(db: Db, controlId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(controlActivities).where(eq(controlActivities.controlId, controlId));
  return Number(row?.n ?? 0);
}

/* References: UAT, locality, complaint, organisation */

export async function localityUat(db: Db, localityId: number): Promise<number | undefined> {
  const [row] = await db.select({ uatId: localities.uatId }).from(localities).where(eq(localities.id, localityId));
  return row?.uatId;
}

export async function complaintOrganisation(db: Db, complaintId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ organisationId: complaints.organisationId })
    .from(complaints)
    .where(eq(complaints.id, complaintId));
  return row?.organisationId;
}

export async function userOrganisation(db: Db, userId: number): Promise<number | null | undefined> {
  const [row] = await db.select({ organisationId: users.organisationId }).from(users).where(eq(users.id, userId));
  return row ? row.organisationId : undefined;
}

export async function userNames(db: Db, id: number) {
  const [row] = await db
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.id, id));
  return row;
}

/** The header of a closing report made from a template: the organisation, its place and logo, the council's name. */
export async function reportLetterhead(db: Db, organisationId: number) {
  const org = alias(localities, 'org_locality');
  const [row] = await db
    .select({
      name: organisations.name,
      logoFileId: organisations.logoFileId,
      uatName: territorialUnits.name,
      countyName: counties.name,
      localityName: org.name,
    })
    .from(organisations)
    .leftJoin(territorialUnits, eq(territorialUnits.id, organisations.uatId))
    .leftJoin(counties, eq(counties.id, organisations.countyId))
    .leftJoin(org, eq(org.id, organisations.localityId))
    .where(eq(organisations.id, organisationId));
  const [council] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, 'COUNCIL_NAME'));
  return row ? { ...row, councilName: council?.value ?? null } : undefined;
}

export async function organisationName(db: Db, id: number): Promise<string> {
  const [row] = await db.select({ name: organisations.name }).from(organisations).where(eq(organisations.id, id));
  return row?.name ?? '';
}

/** The organisation's complaints a control may reference (`search` in the entry code or address). */
export async function complaintOptions(
  db: Db,
  organisationId: number,
  options: { search?: string; complaintId?: number; limit: number },
) {
  const pattern = options.search ? `%${escapeLike(options.search)}%` : null;
  return db
    .select({
      id: complaints.id,
      entryCode: complaints.entryCode,
      status: complaints.status,
      uatId: complaints.uatId,
      uatName: territorialUnits.name,
      localityId: complaints.localityId,
      localityName: localities.name,
      address: complaints.address,
    })
    .from(complaints)
    .innerJoin(territorialUnits, eq(territorialUnits.id, complaints.uatId))
    .leftJoin(localities, eq(localities.id, complaints.localityId))
    .where(
      and(
        eq(complaints.organisationId, organisationId),
        options.complaintId === undefined ? undefined : eq(complaints.id, options.complaintId),
        pattern === null
          ? undefined
          : sql`(${folded(complaints.entryCode)} LIKE lower(f_unaccent(${pattern})) OR ${folded(complaints.address)} LIKE lower(f_unaccent(${pattern})))`,
      ),
    )
    .orderBy(desc(complaints.createdAt), desc(complaints.id))
    .limit(options.limit);
}
