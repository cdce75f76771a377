import { and, eq, inArray, sql } from 'drizzle-orm';
import { circulars, departments, organisations, userDepartments, users } from '../../../db/schema/index.js';
import type { Db } from '../../../platform/db.js';
import { buildListSql, countList, type ListSpec, type ParsedList } from '../../../platform/list-query.js';

/** Data access of circulars and of the recipients they resolve to. */

export type CircularRow = typeof circulars.$inferSelect;

/** A portal user a circular reaches. */
export interface RecipientUser {
  id: number;
  email: string;
  organisationId: number | null;
  status: string;
  language: 'ro' | 'en' | 'hu';
}

const recipientColumns = {
  id: users.id,
  email: users.email,
  organisationId: users.organisationId,
  status: users.status,
  language: users.notificationLanguage,
};

export function findDepartments(db: Db, ids: number[]): Promise<{ id: number; organisationId: number }[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ id: departments.id, organisationId: departments.organisationId })
    .from(departments)
    .where(inArray(departments.id, ids));
}

export function findUsers(db: Db, ids: number[]): Promise<RecipientUser[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.select(recipientColumns).from(users).where(inArray(users.id, ids));
}

/** The active members of the departments (user_departments; its department index serves it). */
export function activeMembersOf(db: Db, departmentIds: number[]): Promise<RecipientUser[]> {
  if (departmentIds.length === 0) return Promise.resolve([]);
  return db
    .selectDistinct(recipientColumns)
    .from(userDepartments)
    .innerJoin(users, eq(users.id, userDepartments.userId))
    .where(and(inArray(userDepartments.departmentId, departmentIds), eq(users.status, 'active')));
}

/** The sender's name and their organisation's name (the e-mail's signature). */
export async function senderFacts(
  db: Db,
  userId: number,
  organisationId: number,
): Promise<{ firstName: string | null; lastName: string | null; email: string; organisationName: string }> {
  const [row] = await db
    .select({
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      organisationName: sql<string>`(select ${organisations.name} from ${organisations} where ${organisations.id} = ${organisationId})`,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

export async function insertCircular(tx: Db, values: typeof circulars.$inferInsert): Promise<number> {
  const [row] = await tx.insert(circulars).values(values).returning({ id: circulars.id });
  return row.id;
}

export async function findCircular(db: Db, id: number): Promise<CircularRow | undefined> {
  const [row] = await db.select().from(circulars).where(eq(circulars.id, id));
  return row;
}

/** GET /notifications/circulars: `application_id[eq]`, `created_at[ge|lt]`; newest first by default. */
export const CIRCULAR_LIST: ListSpec = {
  fields: {
    application_id: { column: circulars.applicationId, type: 'number', ops: ['eq'] },
    created_at: { column: circulars.createdAt, type: 'date', sortable: true },
  },
  defaultSort: { field: 'created_at', descending: true },
  idColumn: circulars.id,
};

const creator = {
  creatorFirst: users.firstName,
  creatorLast: users.lastName,
  creatorEmail: users.email,
};

export type CircularListRow = {
  circular: CircularRow;
  creatorFirst: string | null;
  creatorLast: string | null;
  creatorEmail: string;
};

/**
 * The circulars of an organisation, page by page. `circulars_organisation_created_idx` serves
 * the default order; the id tiebreaker is descending too so that the index reads it as it is.
 */
export function listCirculars(db: Db, parsed: ParsedList, organisationId: number | null) {
  // No organisation, no circulars (a sender without one never sent any).
  const scope = organisationId === null ? sql`false` : eq(circulars.organisationId, organisationId);
  const built = buildListSql(parsed, CIRCULAR_LIST, [scope]);
  const orderBy =
    parsed.sort.field === 'created_at' && parsed.sort.descending
      ? [sql`${circulars.createdAt} desc`, sql`${circulars.id} desc`]
      : built.orderBy;
  return {
    rows: (): Promise<CircularListRow[]> =>
      db
        .select({ circular: circulars, ...creator })
        .from(circulars)
        .innerJoin(users, eq(users.id, circulars.createdBy))
        .where(built.where)
        .orderBy(...orderBy)
        .limit(built.limit)
        .offset(built.offset),
    total: () => countList(db, db.select({ one: sql`1` }).from(circulars).where(built.where)),
  };
}

/** The organisation's active departments with their active members' count, by name. */
export function organisationDepartments(db: Db, organisationId: number) {
  return db
    .select({ id: departments.id, name: departments.name, userCount: sql<number>`count(${users.id})::int` })
    .from(departments)
    .leftJoin(userDepartments, eq(userDepartments.departmentId, departments.id))
    .leftJoin(users, and(eq(users.id, userDepartments.userId), eq(users.status, 'active')))
    .where(and(eq(departments.organisationId, organisationId), eq(departments.status, 'active')))
    .groupBy(departments.id, departments.name)
    .orderBy(sql`ro_sort_key(${departments.name}) COLLATE "C"`, departments.id);
}

/** The organisation's active staff and administrators whose name matches `search` (folded), at most `limit`. */
export function organisationStaff(db: Db, organisationId: number, search: string | undefined, limit: number) {
  const name = sql<string>`trim(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, ''))`;
  return db
    .select({ id: users.id, name })
    .from(users)
    .where(
      and(
        eq(users.organisationId, organisationId),
        eq(users.status, 'active'),
        inArray(users.userType, ['staff', 'admin']),
        search
          ? sql`lower(f_unaccent(${name})) LIKE lower(f_unaccent(${`%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}))`
          : undefined,
      ),
    )
    .orderBy(sql`ro_sort_key(${name}) COLLATE "C"`, users.id)
    .limit(limit);
}
