import { STAFF_TYPES, type UserType } from '@ghiseu/domain';
import { asc, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import {
  auditLog,
  departments,
  enrollments,
  files,
  functionResponsibilities,
  profiles,
  responsibilities,
  staffFunctions,
  territorialUnits,
  uatAssignments,
  userDepartments,
  userFunctions,
  users,
} from '../../../db/schema/index.js';
import type { Db } from '../../../platform/db.js';
import {
  buildListSql,
  countList,
  type ListSpec,
  numberValue,
  type ParsedList,
  romanianOrder,
} from '../../../platform/list-query.js';

/**
 * Staff accounts and their UAT allocations (staff-service): the staff list with memberships,
 * what still points at an account before a delete. User, profile and key records themselves are
 * written through the accounts module.
 *
 * Every function takes the executor it runs on: the database for reads, the business
 * transaction (`tx`) inside one; with PGlite, reaching for the outer database inside a
 * transaction hangs.
 */

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
    .orderBy(romanianOrder(territorialUnits.name));
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
