import { asc, count, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import {
  departments,
  functionResponsibilities,
  responsibilities,
  responsibilityPermissions,
  staffFunctions,
  userDepartments,
  userFunctions,
} from '../../../db/schema/index.js';
import { type Db, nameTaken } from '../../../platform/db.js';
import { buildListSql, type ListSpec, type ParsedList } from '../../../platform/list-query.js';

/**
 * Departments, functions and responsibilities (structure-service).
 *
 * Every function takes the executor it runs on: the database for reads, the business
 * transaction (`tx`) inside one; with PGlite, reaching for the outer database inside a
 * transaction hangs.
 */

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

export function departmentNameTaken(db: Db, organisationId: number, name: string, exceptId?: number): Promise<boolean> {
  return nameTaken(db, departments, departments, name, { scope: eq(departments.organisationId, organisationId), exceptId });
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

export function functionNameTaken(db: Db, organisationId: number, name: string, exceptId?: number): Promise<boolean> {
  return nameTaken(db, staffFunctions, staffFunctions, name, {
    scope: eq(staffFunctions.organisationId, organisationId),
    exceptId,
  });
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

/** Shared responsibilities (no organisation) have their own names apart from every organisation's. */
export function responsibilityNameTaken(
  db: Db,
  organisationId: number | null,
  name: string,
  exceptId?: number,
): Promise<boolean> {
  const scope =
    organisationId === null ? isNull(responsibilities.organisationId) : eq(responsibilities.organisationId, organisationId);
  return nameTaken(db, responsibilities, responsibilities, name, { scope, exceptId });
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
