import { FINISHED_STATUSES, IN_WORK_STATUSES, NEW_STATUSES, STAFF_VISIBLE_STATUSES, type StaffListView } from '@ghiseu/domain';
import { and, asc, desc, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import {
  applicationComments,
  applicationConsultations,
  applicationFiles,
  applications,
  applicationTypes,
  files,
  forms,
  formVersions,
  organisations,
  userFunctions,
  users,
} from '../../../db/schema/index.js';
import type { Db } from '../../../platform/db.js';
import { buildListSql, countList, type ListSpec, type ParsedList } from '../../../platform/list-query.js';
import {
  type ApplicationRow,
  applicationListColumns,
  type FormVersionRow,
  type TypeColumns,
  typeColumns,
} from '../repository.js';

export type { ApplicationRow };
import type { FormDefinition } from '@ghiseu/domain';

/** Data access of staff processing: the work lists, the staff record's extra rows, consultations. */

/** Today in Romania, in SQL (the due dates are Romanian calendar days). */
const TODAY_RO = sql`(now() AT TIME ZONE 'Europe/Bucharest')::date`;
const inList = (statuses: readonly string[]) =>
  sql.join(
    statuses.map((s) => sql`${s}`),
    sql`, `,
  );

/**
 * Overdue in SQL, as the domain's legal clock computes it: an application in work whose due day
 * is before today (or before the pause day while the clock stands still).
 */
export const OVERDUE_SQL = sql`(${applications.status} IN (${inList(IN_WORK_STATUSES)}) AND ${applications.responseDueDate} < coalesce((${applications.clockPausedAt} AT TIME ZONE 'Europe/Bucharest')::date, ${TODAY_RO}))`;

/**
 * The staff list (`GET /staff-applications`): filters of the work lists, free text over the
 * stored folded `quick_search`, sorts by the dates, entry number and status. Every filter and
 * sort is served by an index of migration 0012 (see docs/perf-lists.md).
 */
export const STAFF_LIST: ListSpec = {
  fields: {
    status: { column: applications.status, type: 'text', ops: ['eq'], sortable: true },
    application_type_id: { column: applications.applicationTypeId, type: 'number', ops: ['eq'] },
    // Matched folded (trigram index applications_identification_trgm_idx), sorted as stored.
    identification_number: {
      column: sql`lower(f_unaccent(${applications.identificationNumber}))`,
      type: 'text',
      ops: ['contains', 'eq'],
      prefolded: true,
      sortable: true,
      sortBy: sql`${applications.identificationNumber}`,
    },
    created_at: { column: applications.createdAt, type: 'date', sortable: true },
    application_date: { column: applications.applicationDate, type: 'date', sortable: true },
    response_due_date: { column: applications.responseDueDate, type: 'date', sortable: true },
    assignee_user_id: { column: applications.assigneeUserId, type: 'number', ops: ['eq'] },
    overdue: { column: OVERDUE_SQL, type: 'boolean', ops: ['eq'] },
    quick_search: { column: applications.quickSearch, type: 'text', ops: ['contains'], searchable: true, prefolded: true },
  },
  defaultSort: { field: 'application_date', descending: true },
  idColumn: applications.id,
  extraParams: ['view', 'assigned', 'to_review', 'internal'],
};

export const VIEW_STATUSES: Record<StaffListView, readonly string[]> = {
  inbox: [...NEW_STATUSES, ...IN_WORK_STATUSES],
  new: NEW_STATUSES,
  'in-work': IN_WORK_STATUSES,
  completed: FINISHED_STATUSES,
};

/* ───────────────────────────── Scope conditions ───────────────────────────── */

// The relations below are written `column = ANY(ARRAY(SELECT …))`: the array is computed once
// (an init plan) and each arm of an OR stays an index condition, so the planner ORs two index
// scans (BitmapOr) instead of filtering every row of the organisation (docs/perf-lists.md).

/** The staff functions the user holds (the work lists follow the process step's function). */
const myFunctions = (userId: number) =>
  sql`ARRAY(SELECT ${userFunctions.functionId} FROM ${userFunctions} WHERE ${userFunctions.userId} = ${userId})`;

/** Assigned to me: as assignee, or through the function of the process's current step. */
export const assignedTo = (userId: number): SQL =>
  sql`(${applications.assigneeUserId} = ${userId} OR ${applications.currentFunctionId} = ANY(${myFunctions(userId)}))`;

/** Applications with a consultation to the user (open only when `open`). */
const consultationsOfUser = (userId: number, open: boolean) =>
  sql`ARRAY(SELECT c.application_id FROM ${applicationConsultations} c WHERE c.consultant_user_id = ${userId}${open ? sql` AND c.answered_at IS NULL` : sql``})`;

/** A consultation to the user exists (open only when `open`). */
export const consultedWith = (userId: number, open = false): SQL =>
  sql`${applications.id} = ANY(${consultationsOfUser(userId, open)})`;

/** To review: I am the reviewer, or a consultation to me is open. */
export const toReviewBy = (userId: number): SQL =>
  sql`(${applications.reviewerUserId} = ${userId} OR ${consultedWith(userId, true)})`;

export const ofOrganisation = (organisationId: number): SQL => eq(applications.organisationId, organisationId);
/**
 * Submitted applications only. Every submitted application has its filing date (drafts have
 * none): the explicit `application_date IS NOT NULL` lets the newest-first index skip the drafts
 * (partial index applications_staff_org_date_idx).
 */
export const notDraft = (): SQL =>
  and(inArray(applications.status, [...STAFF_VISIBLE_STATUSES]), isNotNull(applications.applicationDate)) as SQL;
export const ofInternalTypes = (): SQL =>
  sql`${applications.applicationTypeId} IN (SELECT ${applicationTypes.id} FROM ${applicationTypes} WHERE ${applicationTypes.category} = 'internal')`;
export const inStatuses = (statuses: readonly string[]): SQL =>
  inArray(applications.status, statuses as (typeof applications.status._.data)[]);

/* ───────────────────────────── Lists ───────────────────────────── */

/** The citizen list's columns (same order) and what the staff views add. */
const staffListColumns = {
  ...applicationListColumns,
  assigneeUserId: applications.assigneeUserId,
  reviewerUserId: applications.reviewerUserId,
  registeredAt: applications.registeredAt,
  responseDueDate: applications.responseDueDate,
  clockPausedAt: applications.clockPausedAt,
  currentFunctionId: applications.currentFunctionId,
  currentStepName: applications.currentStepName,
};
export type StaffListColumns = Pick<ApplicationRow, keyof typeof staffListColumns>;

/** The type and organisation columns of the citizen rows, and the type's process. */
const staffTypeColumns = { ...typeColumns, typeWorkflowId: applicationTypes.workflowId };
export type StaffTypeColumns = TypeColumns & { typeWorkflowId: number | null };
export type StaffListRow = StaffTypeColumns & { application: StaffListColumns };
export type StaffDetailRow = StaffTypeColumns & { application: ApplicationRow };

export function listStaffApplications(db: Db, parsed: ParsedList, conditions: (SQL | undefined)[]) {
  const list = buildListSql(parsed, STAFF_LIST, conditions);
  return {
    rows: (): Promise<StaffListRow[]> =>
      db
        .select({ application: staffListColumns, ...staffTypeColumns })
        .from(applications)
        .innerJoin(applicationTypes, eq(applicationTypes.id, applications.applicationTypeId))
        .innerJoin(organisations, eq(organisations.id, applications.organisationId))
        .where(list.where)
        .orderBy(...list.orderBy)
        .limit(list.limit)
        .offset(list.offset),
    // The conditions read only the application row (sub-selects for types and functions).
    total: () => countList(db, db.select({ one: sql`1` }).from(applications).where(list.where)),
  };
}

export async function countWhere(db: Db, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(applications).where(where);
  return row?.n ?? 0;
}

export async function findStaffDetailRow(db: Db, id: number): Promise<StaffDetailRow | undefined> {
  const [row] = await db
    .select({ application: applications, ...staffTypeColumns })
    .from(applications)
    .innerJoin(applicationTypes, eq(applicationTypes.id, applications.applicationTypeId))
    .innerJoin(organisations, eq(organisations.id, applications.organisationId))
    .where(eq(applications.id, id));
  return row;
}

/** Related-document search: entry number contains `value`, in the organisation, newest issued first. */
export function searchByNumber(db: Db, where: SQL, limit: number) {
  return db
    .select({
      id: applications.id,
      identificationNumber: applications.identificationNumber,
      status: applications.status,
      applicantUserId: applications.applicantUserId,
      applicationDate: applications.applicationDate,
      issuedAt: applications.issuedAt,
      typeName: applicationTypes.name,
    })
    .from(applications)
    .innerJoin(applicationTypes, eq(applicationTypes.id, applications.applicationTypeId))
    .where(where)
    .orderBy(sql`${applications.issuedAt} DESC NULLS LAST`, desc(applications.applicationDate), asc(applications.id))
    .limit(limit);
}

/* ───────────────────────────── People ───────────────────────────── */

export interface PersonRow {
  id: number;
  firstName: string | null;
  lastName: string | null;
  email: string;
  userType: string;
  status: string;
  organisationId: number | null;
}

export function findPeople(db: Db, ids: number[]): Promise<PersonRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      userType: users.userType,
      status: users.status,
      organisationId: users.organisationId,
    })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
}

export async function findPerson(db: Db, id: number): Promise<PersonRow | undefined> {
  return (await findPeople(db, [id]))[0];
}

/** Active users of some roles (of one organisation unless null), for the pickers. */
export function findCandidates(db: Db, userTypes: string[], organisationId: number | null, limit = 500) {
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      userType: users.userType,
    })
    .from(users)
    .where(
      and(
        inArray(users.userType, userTypes as (typeof users.userType._.data)[]),
        eq(users.status, 'active'),
        organisationId === null ? undefined : eq(users.organisationId, organisationId),
      ),
    )
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
    .limit(limit);
}

export async function functionIdsOf(db: Db, userId: number): Promise<Set<number>> {
  const rows = await db
    .select({ functionId: userFunctions.functionId })
    .from(userFunctions)
    .where(eq(userFunctions.userId, userId));
  return new Set(rows.map((r) => r.functionId));
}

/* ───────────────────────────── Consultations ───────────────────────────── */

export function consultationsOf(db: Db, applicationId: number) {
  return db
    .select()
    .from(applicationConsultations)
    .where(eq(applicationConsultations.applicationId, applicationId))
    .orderBy(asc(applicationConsultations.requestedAt), asc(applicationConsultations.id));
}

/** Applications (of `ids`) with a consultation to the user, and whether one is open. */
export async function consultationsTo(db: Db, userId: number, ids: number[]): Promise<Map<number, { open: boolean }>> {
  const result = new Map<number, { open: boolean }>();
  if (ids.length === 0) return result;
  const rows = await db
    .select({ applicationId: applicationConsultations.applicationId, answeredAt: applicationConsultations.answeredAt })
    .from(applicationConsultations)
    .where(and(eq(applicationConsultations.consultantUserId, userId), inArray(applicationConsultations.applicationId, ids)));
  for (const row of rows) {
    const open = row.answeredAt === null || result.get(row.applicationId)?.open === true;
    result.set(row.applicationId, { open });
  }
  return result;
}

export async function insertConsultation(db: Db, values: typeof applicationConsultations.$inferInsert): Promise<number> {
  const [row] = await db.insert(applicationConsultations).values(values).returning({ id: applicationConsultations.id });
  return row.id;
}

/** The oldest open consultation of the application to the consultant. */
export async function openConsultation(db: Db, applicationId: number, consultantUserId: number) {
  const [row] = await db
    .select()
    .from(applicationConsultations)
    .where(
      and(
        eq(applicationConsultations.applicationId, applicationId),
        eq(applicationConsultations.consultantUserId, consultantUserId),
        isNull(applicationConsultations.answeredAt),
      ),
    )
    .orderBy(asc(applicationConsultations.requestedAt), asc(applicationConsultations.id))
    .limit(1);
  return row;
}

export async function answerConsultation(db: Db, id: number, answer: string): Promise<void> {
  await db.update(applicationConsultations).set({ answer, answeredAt: new Date() }).where(eq(applicationConsultations.id, id));
}

/* ───────────────────────────── Comments, files, forms ───────────────────────────── */

/** Every comment, the internal notes too (staff see them). */
export function allComments(db: Db, applicationId: number) {
  return db
    .select({
      id: applicationComments.id,
      text: applicationComments.text,
      authorUserId: applicationComments.authorUserId,
      isInternal: applicationComments.isInternal,
      isClarification: applicationComments.isClarification,
      createdAt: applicationComments.createdAt,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(applicationComments)
    .innerJoin(users, eq(users.id, applicationComments.authorUserId))
    .where(eq(applicationComments.applicationId, applicationId))
    .orderBy(asc(applicationComments.createdAt), asc(applicationComments.id));
}

export async function hasOutputDocument(db: Db, applicationId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: applicationFiles.id })
    .from(applicationFiles)
    .where(and(eq(applicationFiles.applicationId, applicationId), eq(applicationFiles.fileType, 'output')))
    .limit(1);
  return row !== undefined;
}

/** The links (application_files) of an application among `ids`, with the stored file. */
export function filesForDownload(db: Db, applicationId: number, ids: number[]) {
  return db
    .select({ id: applicationFiles.id, name: files.name, storageKey: files.storageKey, size: files.size })
    .from(applicationFiles)
    .innerJoin(files, eq(files.id, applicationFiles.fileId))
    .where(and(eq(applicationFiles.applicationId, applicationId), inArray(applicationFiles.id, ids)))
    .orderBy(asc(applicationFiles.id));
}

/** The published version of a form (the type's staff or rejection form), if any. */
export async function publishedVersionOf(db: Db, formId: number | null): Promise<FormVersionRow | undefined> {
  if (formId === null) return undefined;
  const [row] = await db
    .select({
      id: formVersions.id,
      formId: formVersions.formId,
      version: formVersions.version,
      definition: formVersions.definition,
    })
    .from(forms)
    .innerJoin(formVersions, eq(formVersions.id, forms.publishedVersionId))
    .where(eq(forms.id, formId));
  return row ? { ...row, definition: row.definition as FormDefinition } : undefined;
}

export async function findVersion(db: Db, id: number | null): Promise<FormVersionRow | undefined> {
  if (id === null) return undefined;
  const [row] = await db
    .select({
      id: formVersions.id,
      formId: formVersions.formId,
      version: formVersions.version,
      definition: formVersions.definition,
    })
    .from(formVersions)
    .where(eq(formVersions.id, id));
  return row ? { ...row, definition: row.definition as FormDefinition } : undefined;
}

export interface StaffTypeRow {
  id: number;
  name: string;
  organisationId: number;
  status: 'active' | 'inactive';
  remainingPeriod: number;
  staffFormId: number | null;
  rejectFormId: number | null;
  workflowId: number | null;
}

export async function findType(db: Db, id: number): Promise<StaffTypeRow | undefined> {
  const [row] = await db
    .select({
      id: applicationTypes.id,
      name: applicationTypes.name,
      organisationId: applicationTypes.organisationId,
      status: applicationTypes.status,
      remainingPeriod: applicationTypes.remainingPeriod,
      staffFormId: applicationTypes.staffFormId,
      rejectFormId: applicationTypes.rejectFormId,
      workflowId: applicationTypes.workflowId,
    })
    .from(applicationTypes)
    .where(eq(applicationTypes.id, id));
  return row;
}

/** Parent and children of an application (related files). */
export function relatedApplicationIds(db: Db, application: Pick<ApplicationRow, 'id' | 'parentApplicationId'>) {
  return db
    .select({
      id: applications.id,
      identificationNumber: applications.identificationNumber,
      organisationId: applications.organisationId,
    })
    .from(applications)
    .where(
      sql`(${applications.parentApplicationId} = ${application.id}${
        application.parentApplicationId === null ? sql`` : sql` OR ${applications.id} = ${application.parentApplicationId}`
      }) AND ${applications.status} <> 'DRAFT'`,
    )
    .limit(100);
}
