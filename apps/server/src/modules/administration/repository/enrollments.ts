import { and, eq, type SQL, sql } from 'drizzle-orm';
import { enrollments, users } from '../../../db/schema/index.js';
import type { Db } from '../../../platform/db.js';
import {
  buildListSql,
  countList,
  countListPrepared,
  isDefaultShape,
  type ListSpec,
  oncePerDatabase,
  withCompiledRowMapper,
  type ParsedList,
  listOrderBy,
} from '../../../platform/list-query.js';

/**
 * Identity enrolments of staff (enrollment-service): the review inbox and its prepared statement.
 *
 * Every function takes the executor it runs on: the database for reads, the business
 * transaction (`tx`) inside one; with PGlite, reaching for the outer database inside a
 * transaction hangs.
 */

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
  return withCompiledRowMapper(
    db
      .select(enrollmentColumns)
      .from(enrollments)
      .innerJoin(users, eq(users.id, enrollments.userId))
      .where(inboxWhere())
      .orderBy(...listOrderBy(ENROLLMENT_LIST))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare('enrollments_inbox_page'),
  );
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
