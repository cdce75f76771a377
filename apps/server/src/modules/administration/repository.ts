import { PERMISSION_CATEGORIES, PERMISSION_KEYS, PERMISSIONS, STAFF_TYPES, type UserType } from '@ghiseu/domain';
import { type AnyColumn, and, asc, count, desc, eq, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm';
import {
  auditLog,
  counties,
  departments,
  enrollments,
  files,
  functionResponsibilities,
  localities,
  organisations,
  permissionDefinitions,
  profiles,
  responsibilities,
  responsibilityPermissions,
  sessions,
  staffFunctions,
  territorialUnits,
  uatAssignments,
  userDepartments,
  userFunctions,
  users,
  verificationCodes,
} from '../../db/schema/index.js';
import type { Db } from '../../platform/db.js';
import {
  buildListSql,
  countList,
  countListPrepared,
  isDefaultShape,
  type ListSpec,
  oncePerDatabase,
  numberValue,
  type ParsedList,
} from '../../platform/list-query.js';
import { SYSTEM_FUNCTIONS } from './system-functions.js';

/**
 * Data access of the administration module. Every function takes the executor it runs on:
 * the database for reads, the business transaction (`tx`) for everything inside one; with
 * PGlite, reaching for the outer database inside a transaction hangs.
 */

/* ───────────────────────────── Database errors ───────────────────────────── */

/** The SQLSTATE of a driver error, looking through drizzle's wrapper (`cause`). */
export function pgErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
export const isUniqueViolation = (error: unknown): boolean => pgErrorCode(error) === '23505';
export const isForeignKeyViolation = (error: unknown): boolean => pgErrorCode(error) === '23503';

/** Rows of a raw `execute`: node-postgres and PGlite both answer `{ rows }`. */
async function executeRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const caseInsensitiveName = (column: AnyColumn, name: string) => sql`lower(${column}) = lower(${name.trim()})`;

/* ───────────────────────────── Reference look-ups ───────────────────────────── */

export type OrganisationRow = typeof organisations.$inferSelect;

export async function findOrganisation(db: Db, id: number): Promise<OrganisationRow | undefined> {
  const [row] = await db.select().from(organisations).where(eq(organisations.id, id));
  return row;
}

export async function findOrganisationsByIds(db: Db, ids: number[]): Promise<{ id: number }[]> {
  if (ids.length === 0) return [];
  return db.select({ id: organisations.id }).from(organisations).where(inArray(organisations.id, ids));
}

export async function findCounty(db: Db, id: number) {
  const [row] = await db.select({ id: counties.id }).from(counties).where(eq(counties.id, id));
  return row;
}

export async function findUat(db: Db, id: number) {
  const [row] = await db
    .select({ id: territorialUnits.id, countyId: territorialUnits.countyId, name: territorialUnits.name })
    .from(territorialUnits)
    .where(eq(territorialUnits.id, id));
  return row;
}

export async function findLocality(db: Db, id: number) {
  const [row] = await db
    .select({ id: localities.id, uatId: localities.uatId, countyId: localities.countyId })
    .from(localities)
    .where(eq(localities.id, id));
  return row;
}

/* ───────────────────────────── Organisations ───────────────────────────── */

export async function countOrganisationUsers(db: Db, organisationId: number): Promise<number> {
  const [row] = await db.select({ total: count() }).from(users).where(eq(users.organisationId, organisationId));
  return row.total;
}

/** The users of each of `organisationIds` (absent: none), in one grouped query. */
export async function countUsersByOrganisation(db: Db, organisationIds: number[]): Promise<Map<number, number>> {
  if (organisationIds.length === 0) return new Map();
  const rows = await db
    .select({ organisationId: users.organisationId, total: count() })
    .from(users)
    .where(inArray(users.organisationId, organisationIds))
    .groupBy(users.organisationId);
  return new Map(rows.map((row) => [row.organisationId as number, row.total]));
}

export async function organisationNameTaken(db: Db, name: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: organisations.id })
    .from(organisations)
    .where(and(caseInsensitiveName(organisations.name, name), exceptId ? ne(organisations.id, exceptId) : undefined));
  return row !== undefined;
}

export async function insertOrganisation(db: Db, values: typeof organisations.$inferInsert): Promise<OrganisationRow> {
  const [row] = await db.insert(organisations).values(values).returning();
  return row;
}

export async function updateOrganisation(
  db: Db,
  id: number,
  values: Partial<typeof organisations.$inferInsert>,
): Promise<OrganisationRow> {
  const [row] = await db
    .update(organisations)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(organisations.id, id))
    .returning();
  return row;
}

/** Creates the protected system functions of a new organisation (idempotent). */
export async function insertSystemFunctions(db: Db, organisationId: number): Promise<void> {
  const existing = await db
    .select({ key: staffFunctions.systemKey })
    .from(staffFunctions)
    .where(and(eq(staffFunctions.organisationId, organisationId), eq(staffFunctions.isSystem, true)));
  const have = new Set(existing.map((r) => r.key));
  const missing = SYSTEM_FUNCTIONS.filter((f) => !have.has(f.key));
  if (missing.length === 0) return;
  await db
    .insert(staffFunctions)
    .values(missing.map((f) => ({ organisationId, name: f.name, description: f.description, isSystem: true, systemKey: f.key })));
}

/**
 * Removes an organisation without users and what belongs only to it: its departments,
 * functions, responsibilities, UAT allocations, its id in permission records, and delegated
 * super-admin sessions into it (revoked). Anything else still pointing at it (applications,
 * files…) makes the delete fail with a foreign-key violation, which the service reports.
 */
export async function deleteOrganisation(db: Db, id: number): Promise<void> {
  const functionIds = db.select({ id: staffFunctions.id }).from(staffFunctions).where(eq(staffFunctions.organisationId, id));
  const departmentIds = db.select({ id: departments.id }).from(departments).where(eq(departments.organisationId, id));
  await db.delete(userFunctions).where(inArray(userFunctions.functionId, functionIds));
  await db.delete(userDepartments).where(inArray(userDepartments.departmentId, departmentIds));
  await db.delete(uatAssignments).where(eq(uatAssignments.organisationId, id));
  await db.delete(staffFunctions).where(eq(staffFunctions.organisationId, id));
  await db.delete(departments).where(eq(departments.organisationId, id));
  await db.delete(responsibilities).where(eq(responsibilities.organisationId, id));
  await db
    .update(sessions)
    .set({ delegatedOrganisationId: null, revokedAt: sql`coalesce(${sessions.revokedAt}, now())` })
    .where(eq(sessions.delegatedOrganisationId, id));
  await db.execute(
    sql`UPDATE permission_definitions
        SET organisation_ids = coalesce((SELECT jsonb_agg(e) FROM jsonb_array_elements(organisation_ids) e WHERE e <> to_jsonb(${id}::int)), '[]'::jsonb)
        WHERE organisation_ids @> to_jsonb(ARRAY[${id}::int])`,
  );
  await db.delete(organisations).where(eq(organisations.id, id));
}

/* ───────────────────────────── Departments ───────────────────────────── */

const departmentUserCount =
  sql<number>`(SELECT count(*) FROM ${userDepartments} WHERE ${userDepartments.departmentId} = ${departments.id})`.mapWith(
    Number,
  );

export const DEPARTMENT_LIST: ListSpec = {
  fields: {
    id: { column: departments.id, type: 'number', sortable: true },
    name: { column: departments.name, type: 'text', sortable: true, searchable: true },
    description: { column: departments.description, type: 'text', searchable: true },
    status: { column: departments.status, type: 'text', ops: ['eq'], sortable: true },
    organisation_id: { column: departments.organisationId, type: 'number', ops: ['eq'] },
    created_at: { column: departments.createdAt, type: 'date', sortable: true },
    updated_at: { column: departments.updatedAt, type: 'date', sortable: true },
  },
  defaultSort: { field: 'name', descending: false },
  idColumn: departments.id,
};

export type DepartmentRow = typeof departments.$inferSelect & { userCount: number };

const departmentColumns = {
  id: departments.id,
  organisationId: departments.organisationId,
  name: departments.name,
  description: departments.description,
  status: departments.status,
  createdAt: departments.createdAt,
  updatedAt: departments.updatedAt,
  userCount: departmentUserCount,
};

export function listDepartments(db: Db, parsed: ParsedList, conditions: (SQL | undefined)[]) {
  const list = buildListSql(parsed, DEPARTMENT_LIST, conditions);
  return {
    rows: (): Promise<DepartmentRow[]> =>
      db
        .select(departmentColumns)
        .from(departments)
        .where(list.where)
        .orderBy(...list.orderBy)
        .limit(list.limit)
        .offset(list.offset),
    total: async () => (await db.select({ total: count() }).from(departments).where(list.where))[0].total,
  };
}

export async function findDepartment(db: Db, id: number): Promise<DepartmentRow | undefined> {
  const [row] = await db.select(departmentColumns).from(departments).where(eq(departments.id, id));
  return row;
}

export async function findDepartmentsByIds(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: departments.id, organisationId: departments.organisationId })
    .from(departments)
    .where(inArray(departments.id, ids));
}

export async function departmentNameTaken(db: Db, organisationId: number, name: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: departments.id })
    .from(departments)
    .where(
      and(
        eq(departments.organisationId, organisationId),
        caseInsensitiveName(departments.name, name),
        exceptId ? ne(departments.id, exceptId) : undefined,
      ),
    );
  return row !== undefined;
}

export async function insertDepartment(db: Db, values: typeof departments.$inferInsert): Promise<number> {
  const [row] = await db.insert(departments).values(values).returning({ id: departments.id });
  return row.id;
}

export async function updateDepartment(db: Db, id: number, values: Partial<typeof departments.$inferInsert>): Promise<void> {
  await db
    .update(departments)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(departments.id, id));
}

export async function deleteDepartment(db: Db, id: number): Promise<void> {
  await db.delete(departments).where(eq(departments.id, id));
}

/* ───────────────────────────── Functions ───────────────────────────── */

const functionUserCount =
  sql<number>`(SELECT count(*) FROM ${userFunctions} WHERE ${userFunctions.functionId} = ${staffFunctions.id})`.mapWith(Number);

export const FUNCTION_LIST: ListSpec = {
  fields: {
    id: { column: staffFunctions.id, type: 'number', sortable: true },
    name: { column: staffFunctions.name, type: 'text', sortable: true, searchable: true },
    description: { column: staffFunctions.description, type: 'text', searchable: true },
    is_system: { column: staffFunctions.isSystem, type: 'boolean' },
    system_key: { column: staffFunctions.systemKey, type: 'text', ops: ['eq'] },
    organisation_id: { column: staffFunctions.organisationId, type: 'number', ops: ['eq'] },
    created_at: { column: staffFunctions.createdAt, type: 'date', sortable: true },
    updated_at: { column: staffFunctions.updatedAt, type: 'date', sortable: true },
  },
  defaultSort: { field: 'name', descending: false },
  idColumn: staffFunctions.id,
};

export type FunctionRow = typeof staffFunctions.$inferSelect & {
  userCount: number;
  responsibilities: { id: number; name: string }[];
};

const functionColumns = {
  id: staffFunctions.id,
  organisationId: staffFunctions.organisationId,
  name: staffFunctions.name,
  description: staffFunctions.description,
  isSystem: staffFunctions.isSystem,
  systemKey: staffFunctions.systemKey,
  createdAt: staffFunctions.createdAt,
  updatedAt: staffFunctions.updatedAt,
  userCount: functionUserCount,
};

/** The responsibilities of each function, in one query. */
async function withFunctionResponsibilities(db: Db, rows: Omit<FunctionRow, 'responsibilities'>[]): Promise<FunctionRow[]> {
  if (rows.length === 0) return [];
  const links = await db
    .select({ functionId: functionResponsibilities.functionId, id: responsibilities.id, name: responsibilities.name })
    .from(functionResponsibilities)
    .innerJoin(responsibilities, eq(responsibilities.id, functionResponsibilities.responsibilityId))
    .where(
      inArray(
        functionResponsibilities.functionId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(responsibilities.name), asc(responsibilities.id));
  return rows.map((row) => ({
    ...row,
    responsibilities: links.filter((l) => l.functionId === row.id).map(({ id, name }) => ({ id, name })),
  }));
}

export function listFunctions(db: Db, parsed: ParsedList, conditions: (SQL | undefined)[]) {
  const list = buildListSql(parsed, FUNCTION_LIST, conditions);
  return {
    rows: async (): Promise<FunctionRow[]> =>
      withFunctionResponsibilities(
        db,
        await db
          .select(functionColumns)
          .from(staffFunctions)
          .where(list.where)
          .orderBy(...list.orderBy)
          .limit(list.limit)
          .offset(list.offset),
      ),
    total: async () => (await db.select({ total: count() }).from(staffFunctions).where(list.where))[0].total,
  };
}

export async function findFunction(db: Db, id: number): Promise<FunctionRow | undefined> {
  const rows = await db.select(functionColumns).from(staffFunctions).where(eq(staffFunctions.id, id));
  return (await withFunctionResponsibilities(db, rows))[0];
}

export async function findFunctionsByIds(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: staffFunctions.id, organisationId: staffFunctions.organisationId })
    .from(staffFunctions)
    .where(inArray(staffFunctions.id, ids));
}

export async function functionNameTaken(db: Db, organisationId: number, name: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: staffFunctions.id })
    .from(staffFunctions)
    .where(
      and(
        eq(staffFunctions.organisationId, organisationId),
        caseInsensitiveName(staffFunctions.name, name),
        exceptId ? ne(staffFunctions.id, exceptId) : undefined,
      ),
    );
  return row !== undefined;
}

export async function insertFunction(db: Db, values: typeof staffFunctions.$inferInsert): Promise<number> {
  const [row] = await db.insert(staffFunctions).values(values).returning({ id: staffFunctions.id });
  return row.id;
}

export async function updateFunction(db: Db, id: number, values: Partial<typeof staffFunctions.$inferInsert>): Promise<void> {
  await db
    .update(staffFunctions)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(staffFunctions.id, id));
}

export async function setFunctionResponsibilities(db: Db, functionId: number, responsibilityIds: number[]): Promise<void> {
  await db.delete(functionResponsibilities).where(eq(functionResponsibilities.functionId, functionId));
  const unique = [...new Set(responsibilityIds)];
  if (unique.length > 0)
    await db.insert(functionResponsibilities).values(unique.map((responsibilityId) => ({ functionId, responsibilityId })));
}

export async function deleteFunction(db: Db, id: number): Promise<void> {
  await db.delete(staffFunctions).where(eq(staffFunctions.id, id));
}

/* ───────────────────────────── Responsibilities ───────────────────────────── */

const responsibilityFunctionCount =
  sql<number>`(SELECT count(*) FROM ${functionResponsibilities} WHERE ${functionResponsibilities.responsibilityId} = ${responsibilities.id})`.mapWith(
    Number,
  );

export const RESPONSIBILITY_LIST: ListSpec = {
  fields: {
    id: { column: responsibilities.id, type: 'number', sortable: true },
    name: { column: responsibilities.name, type: 'text', sortable: true, searchable: true },
    description: { column: responsibilities.description, type: 'text', searchable: true },
    organisation_id: { column: responsibilities.organisationId, type: 'number', ops: ['eq'] },
    // A responsibility holding a given permission key: `permission[eq]=accountsRead`.
    permission: {
      column: sql`(SELECT string_agg(${responsibilityPermissions.permissionKey}, ',') FROM ${responsibilityPermissions} WHERE ${responsibilityPermissions.responsibilityId} = ${responsibilities.id})`,
      type: 'text',
      ops: ['contains'],
    },
    created_at: { column: responsibilities.createdAt, type: 'date', sortable: true },
    updated_at: { column: responsibilities.updatedAt, type: 'date', sortable: true },
  },
  defaultSort: { field: 'name', descending: false },
  idColumn: responsibilities.id,
};

export type ResponsibilityRow = typeof responsibilities.$inferSelect & { functionCount: number; permissions: string[] };

const responsibilityColumns = {
  id: responsibilities.id,
  organisationId: responsibilities.organisationId,
  name: responsibilities.name,
  description: responsibilities.description,
  createdAt: responsibilities.createdAt,
  updatedAt: responsibilities.updatedAt,
  functionCount: responsibilityFunctionCount,
};

async function withPermissionKeys(db: Db, rows: Omit<ResponsibilityRow, 'permissions'>[]): Promise<ResponsibilityRow[]> {
  if (rows.length === 0) return [];
  const keys = await db
    .select()
    .from(responsibilityPermissions)
    .where(
      inArray(
        responsibilityPermissions.responsibilityId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(responsibilityPermissions.permissionKey));
  return rows.map((row) => ({
    ...row,
    permissions: keys.filter((k) => k.responsibilityId === row.id).map((k) => k.permissionKey),
  }));
}

export function listResponsibilities(db: Db, parsed: ParsedList, conditions: (SQL | undefined)[]) {
  const list = buildListSql(parsed, RESPONSIBILITY_LIST, conditions);
  return {
    rows: async () =>
      withPermissionKeys(
        db,
        await db
          .select(responsibilityColumns)
          .from(responsibilities)
          .where(list.where)
          .orderBy(...list.orderBy)
          .limit(list.limit)
          .offset(list.offset),
      ),
    total: async () => (await db.select({ total: count() }).from(responsibilities).where(list.where))[0].total,
  };
}

export async function findResponsibility(db: Db, id: number): Promise<ResponsibilityRow | undefined> {
  const rows = await db.select(responsibilityColumns).from(responsibilities).where(eq(responsibilities.id, id));
  return (await withPermissionKeys(db, rows))[0];
}

export async function findResponsibilitiesByIds(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: responsibilities.id, organisationId: responsibilities.organisationId })
    .from(responsibilities)
    .where(inArray(responsibilities.id, ids));
}

export async function responsibilityNameTaken(
  db: Db,
  organisationId: number | null,
  name: string,
  exceptId?: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: responsibilities.id })
    .from(responsibilities)
    .where(
      and(
        organisationId === null ? isNull(responsibilities.organisationId) : eq(responsibilities.organisationId, organisationId),
        caseInsensitiveName(responsibilities.name, name),
        exceptId ? ne(responsibilities.id, exceptId) : undefined,
      ),
    );
  return row !== undefined;
}

export async function insertResponsibility(db: Db, values: typeof responsibilities.$inferInsert): Promise<number> {
  const [row] = await db.insert(responsibilities).values(values).returning({ id: responsibilities.id });
  return row.id;
}

export async function updateResponsibility(
  db: Db,
  id: number,
  values: Partial<typeof responsibilities.$inferInsert>,
): Promise<void> {
  await db
    .update(responsibilities)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(responsibilities.id, id));
}

export async function setResponsibilityPermissions(db: Db, responsibilityId: number, keys: string[]): Promise<void> {
  await db.delete(responsibilityPermissions).where(eq(responsibilityPermissions.responsibilityId, responsibilityId));
  const unique = [...new Set(keys)];
  if (unique.length > 0)
    await db.insert(responsibilityPermissions).values(unique.map((permissionKey) => ({ responsibilityId, permissionKey })));
}

export async function deleteResponsibility(db: Db, id: number): Promise<void> {
  await db.delete(responsibilities).where(eq(responsibilities.id, id));
}

/* ───────────────────────────── Permission records ───────────────────────────── */

export type PermissionDefinitionRow = typeof permissionDefinitions.$inferSelect;

export async function findPermissionDefinitions(db: Db, keys: string[]): Promise<Map<string, PermissionDefinitionRow>> {
  if (keys.length === 0) return new Map();
  const rows = await db.select().from(permissionDefinitions).where(inArray(permissionDefinitions.key, keys));
  return new Map(rows.map((r) => [r.key, r]));
}

export async function upsertPermissionDefinition(db: Db, values: typeof permissionDefinitions.$inferInsert): Promise<void> {
  const { key: _key, ...changes } = values;
  await db
    .insert(permissionDefinitions)
    .values(values)
    .onConflictDoUpdate({ target: permissionDefinitions.key, set: { ...changes, updatedAt: new Date() } });
}

/**
 * The permission catalogue of packages/domain joined with the stored records: the catalogue
 * says which keys exist, `permission_definitions` what the super admin changed about them.
 * Written as SQL over a VALUES list so that filters, search, sort and paging use the shared
 * list-query builder like every other list.
 */
const catalogue = sql`(VALUES ${sql.join(
  PERMISSION_KEYS.map((key) => sql`(${key}::text, ${PERMISSIONS[key].category}::text, ${PERMISSIONS[key].description}::text)`),
  sql`, `,
)}) AS c(key, category, label)`;

const permissionExpr = {
  key: sql`c.key`,
  name: sql`coalesce(d.name, c.label)`,
  description: sql`d.description`,
  category: sql`coalesce(d.category, c.category)`,
  scope: sql`coalesce(d.scope, 'user')`,
  defaultAssignment: sql`d.default_assignment`,
  organisationIds: sql`coalesce(d.organisation_ids, '[]'::jsonb)`,
  updatedAt: sql`d.updated_at`,
};

export const PERMISSION_LIST: ListSpec = {
  fields: {
    key: { column: permissionExpr.key, type: 'text', sortable: true, searchable: true },
    name: { column: permissionExpr.name, type: 'text', sortable: true, searchable: true },
    description: { column: permissionExpr.description, type: 'text', searchable: true },
    category: { column: permissionExpr.category, type: 'text', ops: ['eq'], sortable: true },
    scope: { column: permissionExpr.scope, type: 'text', ops: ['eq'] },
    default_assignment: { column: permissionExpr.defaultAssignment, type: 'text', ops: ['eq'] },
  },
  defaultSort: { field: 'category', descending: false },
  idColumn: permissionExpr.key,
};

export interface PermissionListRow {
  key: string;
  name: string;
  description: string | null;
  category: string;
  category_label: string;
  scope: 'user' | 'organisation';
  default_assignment: 'user' | 'organisation' | null;
  organisation_ids: number[];
  customised: boolean;
  updated_at: string | null;
}

function toPermissionListRow(raw: Record<string, unknown>): PermissionListRow {
  const category = String(raw.category);
  const updated = raw.updated_at;
  return {
    key: String(raw.key),
    name: String(raw.name),
    description: (raw.description as string | null) ?? null,
    category,
    category_label: PERMISSION_CATEGORIES[category as keyof typeof PERMISSION_CATEGORIES] ?? category,
    scope: raw.scope === 'organisation' ? 'organisation' : 'user',
    default_assignment: (raw.default_assignment as 'user' | 'organisation' | null) ?? null,
    organisation_ids: (typeof raw.organisation_ids === 'string'
      ? JSON.parse(raw.organisation_ids)
      : raw.organisation_ids) as number[],
    customised: updated !== null && updated !== undefined,
    updated_at: updated === null || updated === undefined ? null : new Date(updated as string).toISOString(),
  };
}

export function listPermissions(db: Db, parsed: ParsedList) {
  const list = buildListSql(parsed, PERMISSION_LIST);
  const from = sql`FROM ${catalogue} LEFT JOIN permission_definitions d ON d.key = c.key`;
  const where = list.where ? sql`WHERE ${list.where}` : sql``;
  return {
    rows: async () =>
      (
        await executeRows<Record<string, unknown>>(
          db,
          sql`SELECT ${permissionExpr.key} AS key, ${permissionExpr.name} AS name, ${permissionExpr.description} AS description,
                     ${permissionExpr.category} AS category, ${permissionExpr.scope} AS scope,
                     ${permissionExpr.defaultAssignment} AS default_assignment, ${permissionExpr.organisationIds} AS organisation_ids,
                     ${permissionExpr.updatedAt} AS updated_at
              ${from} ${where}
              ORDER BY ${sql.join(list.orderBy, sql`, `)} LIMIT ${list.limit} OFFSET ${list.offset}`,
        )
      ).map(toPermissionListRow),
    total: async () =>
      Number((await executeRows<{ total: unknown }>(db, sql`SELECT count(*) AS total ${from} ${where}`))[0].total),
  };
}

export async function findPermissionListRow(db: Db, key: string): Promise<PermissionListRow | undefined> {
  const [raw] = await executeRows<Record<string, unknown>>(
    db,
    sql`SELECT ${permissionExpr.key} AS key, ${permissionExpr.name} AS name, ${permissionExpr.description} AS description,
               ${permissionExpr.category} AS category, ${permissionExpr.scope} AS scope,
               ${permissionExpr.defaultAssignment} AS default_assignment, ${permissionExpr.organisationIds} AS organisation_ids,
               ${permissionExpr.updatedAt} AS updated_at
        FROM ${catalogue} LEFT JOIN permission_definitions d ON d.key = c.key WHERE c.key = ${key}`,
  );
  return raw ? toPermissionListRow(raw) : undefined;
}

/* ───────────────────────────── Staff accounts ───────────────────────────── */

export const STAFF_ACCOUNT_LIST: ListSpec = {
  fields: {
    id: { column: users.id, type: 'number', sortable: true },
    email: { column: users.email, type: 'text', sortable: true, searchable: true },
    first_name: { column: users.firstName, type: 'text', sortable: true, searchable: true },
    last_name: { column: users.lastName, type: 'text', sortable: true, searchable: true },
    phone: { column: users.phone, type: 'text', searchable: true },
    badge_number: { column: profiles.staffBadgeNumber, type: 'text', searchable: true },
    status: { column: users.status, type: 'text', ops: ['eq'], sortable: true },
    user_type_name: { column: users.userType, type: 'text', ops: ['eq'] },
    organisation_id: { column: users.organisationId, type: 'number', ops: ['eq'] },
    is_organisation_admin: { column: users.isOrganisationAdmin, type: 'boolean' },
    enrolled: { column: users.enrolled, type: 'boolean' },
    // Memberships: `department_id[eq]=3`, `function_id[eq]=7` (see staffMembershipConditions).
    department_id: { column: users.id, type: 'number', ops: ['eq'] },
    function_id: { column: users.id, type: 'number', ops: ['eq'] },
    created_at: { column: users.createdAt, type: 'date', sortable: true },
    last_login_at: { column: users.lastLoginAt, type: 'date', sortable: true },
  },
  defaultSort: { field: 'last_name', descending: false },
  idColumn: users.id,
};

/**
 * Department and function filters test membership (EXISTS) instead of a column: they are
 * taken out of the parsed filters and turned into conditions here.
 */
export function staffMembershipConditions(parsed: ParsedList): { parsed: ParsedList; conditions: SQL[] } {
  const conditions: SQL[] = [];
  const rest = parsed.filters.filter((f) => {
    if (f.field === 'department_id') {
      conditions.push(
        sql`EXISTS (SELECT 1 FROM ${userDepartments} WHERE ${userDepartments.userId} = ${users.id} AND ${userDepartments.departmentId} = ${numberValue(userDepartments.departmentId, f.value)})`,
      );
      return false;
    }
    if (f.field === 'function_id') {
      conditions.push(
        sql`EXISTS (SELECT 1 FROM ${userFunctions} WHERE ${userFunctions.userId} = ${users.id} AND ${userFunctions.functionId} = ${numberValue(userFunctions.functionId, f.value)})`,
      );
      return false;
    }
    return true;
  });
  return { parsed: { ...parsed, filters: rest }, conditions };
}

export const isStaffAccount = inArray(users.userType, [...STAFF_TYPES]);

const staffColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  phone: users.phone,
  userType: users.userType,
  status: users.status,
  organisationId: users.organisationId,
  isOrganisationAdmin: users.isOrganisationAdmin,
  enrolled: users.enrolled,
  createdAt: users.createdAt,
  lastLoginAt: users.lastLoginAt,
  badgeNumber: profiles.staffBadgeNumber,
  badgeIssuer: profiles.staffBadgeIssuer,
  externalEnrollmentId: profiles.externalEnrollmentId,
};

interface StaffBase {
  id: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  userType: UserType;
  status: 'active' | 'inactive' | 'pending';
  organisationId: number | null;
  isOrganisationAdmin: boolean;
  enrolled: boolean;
  createdAt: Date;
  lastLoginAt: Date | null;
  badgeNumber: string | null;
  badgeIssuer: string | null;
  externalEnrollmentId: string | null;
}

export interface StaffAccountRow extends StaffBase {
  departments: { id: number; name: string }[];
  functions: { id: number; name: string; is_system: boolean }[];
  responsibilities: { id: number; name: string }[];
  uats: { id: number; name: string }[];
}

/** Departments, functions, responsibilities (through functions) and UATs of each account, four queries in all. */
async function withMemberships(db: Db, rows: StaffBase[]): Promise<StaffAccountRow[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  // Sequential on purpose: inside a transaction they share one client.
  const deps = await db
    .select({ userId: userDepartments.userId, id: departments.id, name: departments.name })
    .from(userDepartments)
    .innerJoin(departments, eq(departments.id, userDepartments.departmentId))
    .where(inArray(userDepartments.userId, ids))
    .orderBy(asc(departments.name));
  const fns = await db
    .select({ userId: userFunctions.userId, id: staffFunctions.id, name: staffFunctions.name, isSystem: staffFunctions.isSystem })
    .from(userFunctions)
    .innerJoin(staffFunctions, eq(staffFunctions.id, userFunctions.functionId))
    .where(inArray(userFunctions.userId, ids))
    .orderBy(asc(staffFunctions.name));
  const resp = await db
    .selectDistinct({ userId: userFunctions.userId, id: responsibilities.id, name: responsibilities.name })
    .from(userFunctions)
    .innerJoin(functionResponsibilities, eq(functionResponsibilities.functionId, userFunctions.functionId))
    .innerJoin(responsibilities, eq(responsibilities.id, functionResponsibilities.responsibilityId))
    .where(inArray(userFunctions.userId, ids))
    .orderBy(asc(userFunctions.userId), asc(responsibilities.name), asc(responsibilities.id));
  const uats = await db
    .select({ userId: uatAssignments.userId, id: territorialUnits.id, name: territorialUnits.name })
    .from(uatAssignments)
    .innerJoin(territorialUnits, eq(territorialUnits.id, uatAssignments.uatId))
    .where(inArray(uatAssignments.userId, ids))
    .orderBy(asc(territorialUnits.name));
  return rows.map((row) => ({
    ...row,
    departments: deps.filter((d) => d.userId === row.id).map(({ id, name }) => ({ id, name })),
    functions: fns.filter((f) => f.userId === row.id).map(({ id, name, isSystem }) => ({ id, name, is_system: isSystem })),
    responsibilities: resp.filter((r) => r.userId === row.id).map(({ id, name }) => ({ id, name })),
    uats: uats.filter((u) => u.userId === row.id).map(({ id, name }) => ({ id, name })),
  }));
}

export function listStaffAccounts(db: Db, parsed: ParsedList, conditions: (SQL | undefined)[]) {
  const list = buildListSql(parsed, STAFF_ACCOUNT_LIST, [isStaffAccount, ...conditions]);
  return {
    rows: async () =>
      withMemberships(
        db,
        await db
          .select(staffColumns)
          .from(users)
          .leftJoin(profiles, eq(profiles.userId, users.id))
          .where(list.where)
          .orderBy(...list.orderBy)
          .limit(list.limit)
          .offset(list.offset),
      ),
    // The profile (badge number) is joined only when a filter or the free text reads it: a
    // left join to at most one row changes no count.
    total: () => {
      const from = db.select({ one: sql`1` }).from(users);
      const readsProfile = parsed.orLikeQuery !== undefined || parsed.filters.some((f) => f.field === 'badge_number');
      return countList(db, (readsProfile ? from.leftJoin(profiles, eq(profiles.userId, users.id)) : from).where(list.where));
    },
  };
}

/** Any user by id with the staff columns; the service decides whether it is a staff account in scope. */
export async function findStaffAccount(db: Db, id: number): Promise<StaffAccountRow | undefined> {
  const rows = await db
    .select(staffColumns)
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, id));
  return (await withMemberships(db, rows))[0];
}

export async function findUserByEmailInsensitive(db: Db, email: string) {
  const [row] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`);
  return row;
}

export async function findUserRow(db: Db, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function insertUser(db: Db, values: typeof users.$inferInsert): Promise<number> {
  const [row] = await db.insert(users).values(values).returning({ id: users.id });
  return row.id;
}

export async function updateUser(db: Db, id: number, values: Partial<typeof users.$inferInsert>): Promise<void> {
  await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id));
}

/** Writes profile fields, creating the profile row when the user has none yet. */
export async function upsertProfile(db: Db, userId: number, values: Partial<typeof profiles.$inferInsert>): Promise<void> {
  await db
    .insert(profiles)
    .values({ ...values, userId })
    .onConflictDoUpdate({ target: profiles.userId, set: { ...values, updatedAt: new Date() } });
}

export async function findProfile(db: Db, userId: number) {
  const [row] = await db.select().from(profiles).where(eq(profiles.userId, userId));
  return row;
}

export async function setUserDepartments(db: Db, userId: number, departmentIds: number[]): Promise<void> {
  await db.delete(userDepartments).where(eq(userDepartments.userId, userId));
  const unique = [...new Set(departmentIds)];
  if (unique.length > 0) await db.insert(userDepartments).values(unique.map((departmentId) => ({ userId, departmentId })));
}

export async function setUserFunctions(db: Db, userId: number, functionIds: number[]): Promise<void> {
  await db.delete(userFunctions).where(eq(userFunctions.userId, userId));
  const unique = [...new Set(functionIds)];
  if (unique.length > 0) await db.insert(userFunctions).values(unique.map((functionId) => ({ userId, functionId })));
}

/** The functions a user holds in one organisation (for `users/me`). */
export async function listUserFunctions(
  db: Db,
  userId: number,
  organisationId: number | null,
): Promise<{ id: number; name: string }[]> {
  if (organisationId === null) return [];
  return db
    .select({ id: staffFunctions.id, name: staffFunctions.name })
    .from(userFunctions)
    .innerJoin(staffFunctions, eq(staffFunctions.id, userFunctions.functionId))
    .where(and(eq(userFunctions.userId, userId), eq(staffFunctions.organisationId, organisationId)))
    .orderBy(asc(staffFunctions.name));
}

/**
 * What still points at a user and forbids deleting the account (sessions do not count: they
 * go with it). Audit entries are append-only, so an account that ever acted stays.
 */
export async function userReferences(db: Db, userId: number): Promise<Record<string, number>> {
  const [audit] = await db.select({ total: count() }).from(auditLog).where(eq(auditLog.actorUserId, userId));
  const [uploaded] = await db.select({ total: count() }).from(files).where(eq(files.ownerUserId, userId));
  const [uats] = await db.select({ total: count() }).from(uatAssignments).where(eq(uatAssignments.userId, userId));
  const [reviews] = await db.select({ total: count() }).from(enrollments).where(eq(enrollments.reviewedBy, userId));
  const [children] = await db.select({ total: count() }).from(users).where(eq(users.parentUserId, userId));
  const found = {
    audit_entries: audit.total,
    files: uploaded.total,
    uat_assignments: uats.total,
    enrollment_reviews: reviews.total,
    sub_accounts: children.total,
  };
  return Object.fromEntries(Object.entries(found).filter(([, n]) => n > 0));
}

export async function deleteUser(db: Db, id: number): Promise<void> {
  await db.delete(users).where(eq(users.id, id));
}

/** Stores a single-use key (its hash) and retires the earlier unused keys of the same purpose. */
export async function replaceVerificationCode(
  db: Db,
  values: { userId: number; purpose: typeof verificationCodes.$inferInsert.purpose; codeHash: string; expiresAt: Date },
): Promise<void> {
  await db
    .update(verificationCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(verificationCodes.userId, values.userId),
        eq(verificationCodes.purpose, values.purpose),
        isNull(verificationCodes.usedAt),
      ),
    );
  await db.insert(verificationCodes).values(values);
}

export async function revokeSession(db: Db, sessionId: number): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/* ───────────────────────────── UAT allocations ───────────────────────────── */

export async function findUatsByIds(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: territorialUnits.id, countyId: territorialUnits.countyId })
    .from(territorialUnits)
    .where(inArray(territorialUnits.id, ids));
}

export async function uatAssignmentsOf(db: Db, uatIds: number[]) {
  if (uatIds.length === 0) return [];
  return db
    .select({ uatId: uatAssignments.uatId, userId: uatAssignments.userId })
    .from(uatAssignments)
    .where(inArray(uatAssignments.uatId, uatIds));
}

export async function uatIdsOfUser(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .select({ uatId: uatAssignments.uatId })
    .from(uatAssignments)
    .where(eq(uatAssignments.userId, userId))
    .orderBy(asc(uatAssignments.uatId));
  return rows.map((r) => r.uatId);
}

export async function setUserUats(db: Db, userId: number, organisationId: number, uatIds: number[]): Promise<void> {
  await db.delete(uatAssignments).where(eq(uatAssignments.userId, userId));
  const unique = [...new Set(uatIds)];
  if (unique.length > 0) await db.insert(uatAssignments).values(unique.map((uatId) => ({ uatId, userId, organisationId })));
}

export const UAT_ALLOCATION_LIST: ListSpec = {
  fields: {
    uat_id: { column: uatAssignments.uatId, type: 'number', ops: ['eq'], sortable: true },
    uat_name: { column: territorialUnits.name, type: 'text', sortable: true, searchable: true },
    county_id: { column: territorialUnits.countyId, type: 'number', ops: ['eq'] },
    user_id: { column: uatAssignments.userId, type: 'number', ops: ['eq'] },
    user_name: { column: sql`concat_ws(' ', ${users.firstName}, ${users.lastName})`, type: 'text', searchable: true },
    created_at: { column: uatAssignments.createdAt, type: 'date', sortable: true },
  },
  defaultSort: { field: 'uat_name', descending: false },
  idColumn: uatAssignments.uatId,
};

export interface UatAllocationRow {
  uat_id: number;
  uat_name: string;
  county_id: number;
  user_id: number;
  user_name: string;
  organisation_id: number;
  created_at: Date;
}

/** The allocations of one organisation (none without an organisation). */
export function listUatAllocations(db: Db, parsed: ParsedList, organisationId: number | null) {
  const own = organisationId === null ? sql`false` : eq(uatAssignments.organisationId, organisationId);
  const list = buildListSql(parsed, UAT_ALLOCATION_LIST, [own]);
  return {
    rows: (): Promise<UatAllocationRow[]> =>
      db
        .select({
          uat_id: uatAssignments.uatId,
          uat_name: territorialUnits.name,
          county_id: territorialUnits.countyId,
          user_id: uatAssignments.userId,
          user_name: sql<string>`concat_ws(' ', ${users.firstName}, ${users.lastName})`,
          organisation_id: uatAssignments.organisationId,
          created_at: uatAssignments.createdAt,
        })
        .from(uatAssignments)
        .innerJoin(territorialUnits, eq(territorialUnits.id, uatAssignments.uatId))
        .innerJoin(users, eq(users.id, uatAssignments.userId))
        .where(list.where)
        .orderBy(...list.orderBy)
        .limit(list.limit)
        .offset(list.offset),
    total: async () =>
      (
        await db
          .select({ total: count() })
          .from(uatAssignments)
          .innerJoin(territorialUnits, eq(territorialUnits.id, uatAssignments.uatId))
          .innerJoin(users, eq(users.id, uatAssignments.userId))
          .where(list.where)
      )[0].total,
  };
}

/* ───────────────────────────── Enrolments ───────────────────────────── */

export type EnrollmentRow = typeof enrollments.$inferSelect & {
  organisationId: number | null;
  userName: string;
  userEmail: string;
  userEnrolled: boolean;
};

const enrollmentColumns = {
  id: enrollments.id,
  userId: enrollments.userId,
  status: enrollments.status,
  identity: enrollments.identity,
  idDocumentFileId: enrollments.idDocumentFileId,
  reviewedBy: enrollments.reviewedBy,
  reviewedAt: enrollments.reviewedAt,
  rejectionReason: enrollments.rejectionReason,
  createdAt: enrollments.createdAt,
  organisationId: users.organisationId,
  userName: sql<string>`concat_ws(' ', ${users.firstName}, ${users.lastName})`,
  userEmail: users.email,
  userEnrolled: users.enrolled,
};

export const ENROLLMENT_LIST: ListSpec = {
  fields: {
    id: { column: enrollments.id, type: 'number', sortable: true },
    status: { column: enrollments.status, type: 'text', ops: ['eq'], sortable: true },
    user_id: { column: enrollments.userId, type: 'number', ops: ['eq'] },
    user_name: { column: sql`concat_ws(' ', ${users.firstName}, ${users.lastName})`, type: 'text', searchable: true },
    user_email: { column: users.email, type: 'text', searchable: true },
    organisation_id: { column: users.organisationId, type: 'number', ops: ['eq'] },
    created_at: { column: enrollments.createdAt, type: 'date', sortable: true },
    reviewed_at: { column: enrollments.reviewedAt, type: 'date', sortable: true },
  },
  defaultSort: { field: 'created_at', descending: true },
  idColumn: enrollments.id,
  extraParams: ['status'],
};

/** `status` is the `?status=pending` shortcut of the spec's call, the same as `status[eq]`. */
export function listEnrollments(
  db: Db,
  parsed: ParsedList,
  conditions: (SQL | undefined)[],
  status?: 'pending' | 'approved' | 'rejected',
) {
  const list = buildListSql(parsed, ENROLLMENT_LIST, [...conditions, status ? eq(enrollments.status, status) : undefined]);
  return {
    rows: (): Promise<EnrollmentRow[]> =>
      db
        .select(enrollmentColumns)
        .from(enrollments)
        .innerJoin(users, eq(users.id, enrollments.userId))
        .where(list.where)
        .orderBy(...list.orderBy)
        .limit(list.limit)
        .offset(list.offset),
    total: () =>
      countList(
        db,
        db.select({ one: sql`1` }).from(enrollments).innerJoin(users, eq(users.id, enrollments.userId)).where(list.where),
      ),
  };
}

/** One organisation's enrolments in one status, default order: the SQL of {@link listEnrollments}, prepared. */
const inboxWhere = () =>
  and(eq(users.organisationId, sql.placeholder('organisationId')), eq(enrollments.status, sql.placeholder('status')));

const inboxPageQuery = oncePerDatabase((db) => {
  const sort = ENROLLMENT_LIST.fields[ENROLLMENT_LIST.defaultSort.field].column;
  return db
    .select(enrollmentColumns)
    .from(enrollments)
    .innerJoin(users, eq(users.id, enrollments.userId))
    .where(inboxWhere())
    .orderBy(ENROLLMENT_LIST.defaultSort.descending ? desc(sort) : asc(sort), asc(enrollments.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('enrollments_inbox_page');
});

/**
 * An administrator's review inbox (`?status=…` of one organisation). Without filters, free text
 * or a sort of the client's own, the page and the count are statements built and prepared once;
 * any other shape goes through {@link listEnrollments}.
 */
export function listOrganisationEnrollments(
  db: Db,
  parsed: ParsedList,
  organisationId: number,
  status: 'pending' | 'approved' | 'rejected',
) {
  if (!isDefaultShape(parsed, ENROLLMENT_LIST))
    return listEnrollments(db, parsed, [eq(users.organisationId, organisationId)], status);
  const values = { organisationId, status };
  return {
    rows: (): Promise<EnrollmentRow[]> => inboxPageQuery(db).execute({ ...values, limit: parsed.limit, offset: parsed.skip }),
    total: () =>
      countListPrepared(
        db,
        'enrollments_inbox',
        () => db.select({ one: sql`1` }).from(enrollments).innerJoin(users, eq(users.id, enrollments.userId)).where(inboxWhere()),
        values,
      ),
  };
}

export async function findEnrollment(db: Db, id: number): Promise<EnrollmentRow | undefined> {
  const [row] = await db
    .select(enrollmentColumns)
    .from(enrollments)
    .innerJoin(users, eq(users.id, enrollments.userId))
    .where(eq(enrollments.id, id));
  return row;
}

export async function insertEnrollment(db: Db, values: typeof enrollments.$inferInsert): Promise<number> {
  const [row] = await db.insert(enrollments).values(values).returning({ id: enrollments.id });
  return row.id;
}

export async function updateEnrollment(db: Db, id: number, values: Partial<typeof enrollments.$inferInsert>): Promise<void> {
  await db.update(enrollments).set(values).where(eq(enrollments.id, id));
}

/** Earlier pending requests of a user are superseded by a new one (rejected with a reason). */
export async function supersedePendingEnrollments(db: Db, userId: number, reason: string): Promise<number[]> {
  const rows = await db
    .update(enrollments)
    .set({ status: 'rejected', rejectionReason: reason, reviewedAt: new Date() })
    .where(and(eq(enrollments.userId, userId), eq(enrollments.status, 'pending')))
    .returning({ id: enrollments.id });
  return rows.map((r) => r.id);
}
