import type { Readable } from 'node:stream';
import {
  allowedFrom,
  type ApplicationStatus,
  type FormDefinition,
  type Pagination,
  isFinishedStatus,
  nextStatus,
  recomputeDueDate,
  responseDueDate,
  type StaffActionName,
  type StaffApplication,
  type StaffApplicationListItem,
  type StaffCandidate,
  type StaffCounters,
  type StaffListView,
  type StaffRelatedFile,
  type StaffSearchResult,
  todayInRomania,
} from '@ghiseu/domain';
import { and, eq, ne, type SQL, sql } from 'drizzle-orm';
import yazl from 'yazl';
import { applicationFiles, applications } from '../../../db/schema/index.js';
import type { Actor } from '../../../platform/auth/actor.js';
import type { AppContext } from '../../../platform/context.js';
import type { Db } from '../../../platform/db.js';
import { isUniqueViolation } from '../../../platform/db.js';
import { AppError } from '../../../platform/errors.js';
import { emitDomainEvent } from '../../../platform/events.js';
import { escapeLike, listPage, parseListQuery } from '../../../platform/list-query.js';
import { audit, notFound, type RequestMeta } from '../../../platform/request.js';
import { takeIncomingNumber } from '../../application-types/index.js';
import { checkSubmission } from '../form-rules.js';
import { isNextSigner } from '../signing/index.js';
import { applicationParts } from '../parts.js';
import { inCombinedFileList } from '../policy.js';
import { presentFile, presentListItem } from '../presenter.js';
import * as appRepo from '../repository.js';
import { applicationRecord } from '../service.js';
import { abilitiesOf, checkActor, mayReadStaff, maySupervise, relationOf, type StaffRelation, staffScope } from './policy.js';
import { type People, personName, presentSearchResult, presentStaffApplication, presentStaffListItem } from './presenter.js';
import * as repo from './repository.js';
import { type WorkflowFacts, type WorkflowTransition, workflowHook } from './workflow-hook.js';

/**
 * Staff processing (spec §2 work lists, §4 actions, §7 Staff applications; issue 11). Every
 * action runs in ONE transaction that locks the application row (SELECT … FOR UPDATE), so two
 * clerks acting at once run one after the other and the second sees the first's result: its
 * check against the transition table then answers 409. Each action writes its audit entry and a
 * domain event (ids only) in that transaction, and lets a running process (the workflow hook)
 * replace the status it sets and move the application to the next step.
 */

const ENTITY = 'application';

/* ───────────────────────────── Reading ───────────────────────────── */

async function peopleOf(db: Db, ids: (number | null)[]): Promise<People> {
  const rows = await repo.findPeople(
    db,
    ids.filter((id): id is number => id !== null),
  );
  return new Map(rows.map((r) => [r.id, r]));
}

const processAvailable = (typeWorkflowId: number | null): boolean => workflowHook() !== undefined && typeWorkflowId !== null;

export async function listStaffApplications(
  ctx: AppContext,
  actor: Actor,
  query: Record<string, unknown>,
): Promise<{ data: StaffApplicationListItem[]; pagination?: Pagination }> {
  const parsed = parseListQuery(query, repo.STAFF_LIST);
  const view = (query.view as StaffListView | undefined) ?? 'inbox';
  const conditions: (SQL | undefined)[] = [staffScope(actor), repo.inStatuses(repo.VIEW_STATUSES[view])];
  if (query.assigned === 'true') conditions.push(repo.assignedTo(actor.userId));
  if (query.to_review === 'true') conditions.push(repo.toReviewBy(actor.userId));
  if (query.internal === 'true') conditions.push(repo.ofInternalTypes());
  const list = repo.listStaffApplications(ctx.db, parsed, conditions);
  return listPage(parsed, async () => presentStaffRows(ctx.db, actor, await list.rows()), list.total);
}

async function presentStaffRows(db: Db, actor: Actor, rows: repo.StaffListRow[]): Promise<StaffApplicationListItem[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.application.id);
  const [names, numbers, people, functionIds, consultations] = await Promise.all([
    appRepo.beneficiaryNames(db, ids),
    appRepo.cadastralNumbers(db, ids),
    peopleOf(
      db,
      rows.flatMap((r) => [r.application.applicantUserId, r.application.assigneeUserId, r.application.reviewerUserId]),
    ),
    repo.functionIdsOf(db, actor.userId),
    repo.consultationsTo(db, actor.userId, ids),
  ]);
  const namesOf = groupBy(names);
  const numbersOf = groupBy(numbers);
  // canSign on the rows waiting for signatures (applications/signing): the bulk selection.
  const nextSigner = new Set<number>();
  for (const row of rows)
    if (['GENERATED', 'SIGN_PENDING'].includes(row.application.status) && (await isNextSigner(db, actor, row.application)))
      nextSigner.add(row.application.id);
  const today = todayInRomania();
  return rows.map((row) => {
    const a = row.application;
    const base = presentListItem(
      actor,
      row,
      namesOf.get(a.id) ?? [],
      (numbersOf.get(a.id) ?? []).map((n) => n.cadastralNumber),
    );
    const relation = { functionIds, consultation: consultations.get(a.id), isNextSigner: nextSigner.has(a.id) };
    return presentStaffListItem(base, a, people, abilitiesOf(actor, a, relation, processAvailable(row.typeWorkflowId)), today);
  });
}

function groupBy<T extends { applicationId: number }>(rows: T[]): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const group = groups.get(row.applicationId);
    if (group) group.push(row);
    else groups.set(row.applicationId, [row]);
  }
  return groups;
}

/** The menu counters: unfinished applications assigned to me, and to review by me. */
export async function staffCounters(ctx: AppContext, actor: Actor): Promise<StaffCounters> {
  const scope = and(staffScope(actor), repo.inStatuses(repo.VIEW_STATUSES.inbox));
  const [assigned, toReview] = await Promise.all([
    repo.countWhere(ctx.db, and(scope, repo.assignedTo(actor.userId))),
    repo.countWhere(ctx.db, and(scope, repo.toReviewBy(actor.userId))),
  ]);
  return { assigned, to_review: toReview };
}

/** The staff record of an application in the actor's scope (404 otherwise). */
export async function getStaffApplication(
  ctx: AppContext,
  actor: Actor,
  id: number,
  options: { skipScope?: boolean } = {},
): Promise<StaffApplication> {
  const db = ctx.db;
  const row = await repo.findStaffDetailRow(db, id);
  if (!row) throw notFound();
  const a = row.application;
  const relation = await relationOf(db, actor, id);
  if (!options.skipScope && !mayReadStaff(actor, a, relation)) throw notFound();
  // canSign: the actor may fill the next staff cell of the current document (applications/signing).
  relation.isNextSigner = await isNextSigner(db, actor, a);
  const type = await repo.findType(db, a.applicationTypeId);
  const [base, consultations, comments, staffForm, rejectForm] = await Promise.all([
    applicationRecord(db, actor, row),
    repo.consultationsOf(db, id),
    repo.allComments(db, id),
    a.staffFormVersionId !== null
      ? repo.findVersion(db, a.staffFormVersionId)
      : repo.publishedVersionOf(db, type?.staffFormId ?? null),
    repo.publishedVersionOf(db, type?.rejectFormId ?? null),
  ]);
  const people = await peopleOf(db, [
    a.applicantUserId,
    a.assigneeUserId,
    a.reviewerUserId,
    ...consultations.flatMap((c) => [c.consultantUserId, c.requestedBy]),
  ]);
  return presentStaffApplication(actor, {
    base,
    application: a,
    people,
    abilities: abilitiesOf(actor, a, relation, processAvailable(row.typeWorkflowId)),
    staffForm,
    rejectForm,
    consultations,
    comments,
  });
}

/** Related-document search in the actor's organisation: entry number contains `value`. */
export async function searchStaffApplications(
  ctx: AppContext,
  actor: Actor,
  value: string,
  parentAppId?: number,
): Promise<StaffSearchResult[]> {
  const pattern = `%${escapeLike(value.trim())}%`;
  const where = and(
    staffScope(actor),
    sql`lower(f_unaccent(${applications.identificationNumber})) LIKE lower(f_unaccent(${pattern}))`,
    parentAppId === undefined ? undefined : ne(applications.id, parentAppId),
  ) as SQL;
  const rows = await repo.searchByNumber(ctx.db, where, 100);
  const people = await peopleOf(
    ctx.db,
    rows.map((r) => r.applicantUserId),
  );
  return rows.map((r) => presentSearchResult(r, people));
}

/** Files of the parent and child applications (the actor's scope applies to each). */
export async function relatedFiles(ctx: AppContext, actor: Actor, id: number): Promise<StaffRelatedFile[]> {
  const a = await appRepo.findApplication(ctx.db, id);
  if (!a) throw notFound();
  const relation = await relationOf(ctx.db, actor, id);
  if (!mayReadStaff(actor, a, relation)) throw notFound();
  const related = await repo.relatedApplicationIds(ctx.db, a);
  const result: StaffRelatedFile[] = [];
  for (const other of related) {
    const row = await appRepo.findApplication(ctx.db, other.id);
    if (!row || row.organisationId !== a.organisationId) continue;
    for (const file of await appRepo.applicationFileRows(ctx.db, other.id)) {
      if (!inCombinedFileList(file, row.status)) continue;
      result.push({
        ...presentFile(actor, row, file),
        canBeDeleted: false,
        application_id: other.id,
        identification_number: other.identificationNumber,
      });
    }
  }
  return result;
}

/** People to pick as assignee or reviewer (active staff of my organisation) or consultant (any active). */
export async function staffCandidates(
  ctx: AppContext,
  actor: Actor,
  role: 'assignee' | 'reviewer' | 'consultant',
): Promise<StaffCandidate[]> {
  const rows =
    role === 'consultant'
      ? await repo.findCandidates(ctx.db, ['consultant'], null)
      : await repo.findCandidates(ctx.db, [...STAFF_ROLES], actor.organisationId ?? -1);
  return rows.map((r) => ({ id: r.id, name: personName(r), email: r.email, user_type_name: r.userType }));
}

/* ───────────────────────────── Actions ───────────────────────────── */

const STAFF_ROLES = ['staff', 'admin'] as const;

/** Audit action names (history labels in APPLICATION_HISTORY_LABELS) and domain events. */
const NAMES: Record<StaffActionName, { audit: string; event: string | null }> = {
  register: { audit: 'application.register', event: 'application.registered' },
  assign: { audit: 'application.assign', event: 'application.assigned' },
  'assign-reviewer': { audit: 'application.assign_reviewer', event: 'application.reviewer_assigned' },
  'send-to-consultant': { audit: 'application.send_to_consultant', event: 'application.sent_to_consultant' },
  'consultant-review': { audit: 'application.consultant_review', event: 'application.consultant_answered' },
  'staff-review': { audit: 'application.staff_review', event: 'application.staff_reviewed' },
  'application-reviewed-by-staff-function': { audit: 'application.staff_form', event: 'application.staff_form_saved' },
  'request-clarification': { audit: 'application.request_clarification', event: 'application.clarification_requested' },
  'response-due-in-days': { audit: 'application.response_due_days', event: 'application.response_term_changed' },
  'modify-application-type': { audit: 'application.modify_type', event: 'application.type_changed' },
  'remove-document': { audit: 'application.remove_document', event: 'application.document_removed' },
  'download-compression': { audit: 'application.download_compression', event: null },
  'start-process': { audit: 'application.start_process', event: 'application.process_started' },
  approve: { audit: 'application.approve', event: 'application.approved' },
  reject: { audit: 'application.reject', event: 'application.rejected' },
  'viza-reject': { audit: 'application.viza_reject', event: 'application.visa_rejected' },
  'staff-review-document': { audit: 'application.staff_review_document', event: 'application.document_sent_to_review' },
  'manual-completion': { audit: 'application.manual_completion', event: 'application.completed' },
  'close-application': { audit: 'application.close', event: 'application.closed' },
  comment: { audit: 'application.comment', event: 'application.comment_added' },
  'generate-document': { audit: 'application.generate_document', event: 'application.document_generated' },
  'return-document': { audit: 'application.return_document', event: 'application.document_returned' },
  sign: { audit: 'application.sign', event: 'application.document_signed' },
  seal: { audit: 'application.seal', event: 'application.document_sealed' },
};

/** Actions after which a running process is asked where the application goes next. */
const NO_PROCESS_STEP = new Set<StaffActionName>(['download-compression', 'comment', 'response-due-in-days', 'start-process']);

type Values = Partial<typeof applications.$inferInsert>;

interface Outcome {
  values?: Values;
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
  /** Ids for the event payload (never personal data). */
  payload?: Record<string, unknown>;
  /** Audit action other than the action's own (an internal note). */
  auditAction?: string;
  refreshSearch?: boolean;
  /** A read (download): nothing written but the audit entry. */
  readOnly?: boolean;
  /** The process's answer for start-process. */
  transition?: WorkflowTransition;
}

type Work = (tx: Db, a: appRepo.ApplicationRow, next: ApplicationStatus, relation: StaffRelation) => Promise<Outcome>;

function applyTransition(values: Values, transition: WorkflowTransition | undefined): void {
  if (!transition) return;
  if (transition.status !== undefined) values.status = transition.status;
  if (transition.functionId !== undefined) values.currentFunctionId = transition.functionId;
  if (transition.stepName !== undefined) values.currentStepName = transition.stepName;
}

/**
 * One staff action: lock, scope (404), actor (403), transition table (409), the action's own
 * work, the process's say, the write with `version + 1`, audit and event — one transaction.
 */
async function runAction(
  ctx: AppContext,
  actor: Actor,
  id: number,
  action: StaffActionName,
  meta: RequestMeta,
  work: Work,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const a = await appRepo.findApplication(tx, id, { lock: true });
    if (!a) throw notFound();
    const relation = await relationOf(tx, actor, id);
    if (!mayReadStaff(actor, a, relation)) throw notFound();
    checkActor(action, actor, a, relation);
    if (action === 'register' && a.registeredAt !== null)
      throw new AppError('REQUEST_ALREADY_CONFIRMED', { reason: 'already_registered', status: a.status });
    const next = nextStatus(action, a.status);
    if (next === undefined)
      throw new AppError('APPLICATION_ACTION_NOT_ALLOWED', {
        reason: 'status_not_allowed',
        action,
        status: a.status,
        allowed_from: allowedFrom(action),
      });
    const outcome = await work(tx, a, next, relation);
    const values: Values = { status: next, ...outcome.values };
    applyTransition(values, outcome.transition);
    const hook = workflowHook();
    if (hook && !NO_PROCESS_STEP.has(action)) {
      const facts: WorkflowFacts = {
        applicationId: id,
        organisationId: a.organisationId,
        applicationTypeId: (values.applicationTypeId as number | undefined) ?? a.applicationTypeId,
        status: a.status,
        actorUserId: actor.userId,
      };
      applyTransition(values, await hook.afterAction(tx, { ...facts, action, nextStatus: values.status as ApplicationStatus }));
    }
    const status = values.status as ApplicationStatus;
    if (status !== a.status && isFinishedStatus(status) && !isFinishedStatus(a.status)) {
      // Finished: the clock stops for good.
      values.resolvedAt ??= new Date();
      values.clockPausedAt = null;
    }
    if (!outcome.readOnly)
      await tx
        .update(applications)
        .set({ ...values, version: sql`${applications.version} + 1`, updatedAt: new Date() })
        .where(eq(applications.id, id));
    if (outcome.refreshSearch) await appRepo.refreshQuickSearch(tx, id);
    await audit(tx, actor, meta, {
      organisationId: a.organisationId,
      action: outcome.auditAction ?? NAMES[action].audit,
      entityType: ENTITY,
      entityId: id,
      before: { status: a.status, ...outcome.before },
      after: { status, ...outcome.after },
    });
    const event = NAMES[action].event;
    if (event)
      await emitDomainEvent(tx, {
        type: event,
        entityType: ENTITY,
        entityId: id,
        actorUserId: actor.userId,
        payload: {
          organisation_id: a.organisationId,
          application_type_id: values.applicationTypeId ?? a.applicationTypeId,
          applicant_user_id: a.applicantUserId,
          previous_status: a.status,
          status,
          ...outcome.payload,
        },
      });
  });
}

/** Runs the action, then answers the record (even if the actor no longer sees it: they just acted on it). */
async function act(ctx: AppContext, actor: Actor, id: number, action: StaffActionName, meta: RequestMeta, work: Work) {
  try {
    await runAction(ctx, actor, id, action, meta, work);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', { reason: 'identification_number_taken' });
    throw error;
  }
  return getStaffApplication(ctx, actor, id, { skipScope: true });
}

const field = (path: string, message: string) => ({ fields: [{ path, message }] });

/** An active staff member (staff or admin) of the organisation, or 400 INVALID_ASSIGNEE on `path`. */
async function colleague(tx: Db, userId: number, organisationId: number, path: string): Promise<void> {
  const p = await repo.findPerson(tx, userId);
  const fits =
    p?.status === 'active' && (STAFF_ROLES as readonly string[]).includes(p.userType) && p.organisationId === organisationId;
  if (!fits) throw new AppError('INVALID_ASSIGNEE', field(path, 'Alegeți un funcționar activ al instituției.'));
}

/** The answers of a form version checked in full (form-rules), as the submission checks the citizen's. */
async function checkedAnswers(
  tx: Db,
  applicationId: number,
  definition: FormDefinition,
  answers: Record<string, unknown>,
  path: string,
): Promise<Record<string, unknown>> {
  const parts = applicationParts();
  const [beneficiaries, realEstates] = [
    await parts.beneficiaries.count(tx, applicationId),
    await parts.realEstates.count(tx, applicationId),
  ];
  const check = checkSubmission(definition, answers, {}, { beneficiaries, realEstates });
  if (check.issues.length > 0)
    throw new AppError('INVALID_FORM_VALUE', {
      fields: check.issues.map((i) => ({ path: `${path}.${i.path.replace(/^form\./, '')}`, message: i.message })),
    });
  return check.value;
}

async function internalNote(
  tx: Db,
  actor: Actor,
  applicationId: number,
  text: string | null | undefined,
): Promise<number | null> {
  if (!text || text.trim() === '') return null;
  return appRepo.insertComment(tx, { applicationId, authorUserId: actor.userId, text: text.trim(), isInternal: true });
}

export function registerApplication(ctx: AppContext, actor: Actor, id: number, meta: RequestMeta) {
  return act(ctx, actor, id, 'register', meta, async (tx, a) => {
    const now = new Date();
    const type = await repo.findType(tx, a.applicationTypeId);
    const days = a.responseDueInDays ?? type?.remainingPeriod ?? 30;
    const values: Values = {
      registeredAt: now,
      responseDueInDays: days,
      responseDueDate: responseDueDate(todayInRomania(now), days),
      applicationDate: a.applicationDate ?? now,
    };
    if (a.identificationNumber === null) {
      const number = await takeIncomingNumber(tx, a.applicationTypeId, now);
      Object.assign(values, { identificationNumber: number.code, seriesId: number.seriesId, seriesIndex: number.index });
    }
    return {
      values,
      refreshSearch: values.identificationNumber !== undefined,
      after: {
        identification_number: values.identificationNumber ?? a.identificationNumber,
        response_due_date: values.responseDueDate,
      },
      payload: { response_due_date: values.responseDueDate },
    };
  });
}

export function assignApplication(ctx: AppContext, actor: Actor, id: number, assigneeUserId: number, meta: RequestMeta) {
  return act(ctx, actor, id, 'assign', meta, async (tx, a) => {
    if (!maySupervise(actor) && assigneeUserId !== actor.userId)
      throw new AppError('FORBIDDEN', { reason: 'assign_others_needs_CAN_ASSIGN_APPLICATION' });
    await colleague(tx, assigneeUserId, a.organisationId, 'body.assignee_user_id');
    return {
      values: { assigneeUserId },
      before: { assignee_user_id: a.assigneeUserId },
      after: { assignee_user_id: assigneeUserId },
      payload: { assignee_user_id: assigneeUserId, previous_assignee_user_id: a.assigneeUserId },
    };
  });
}

export function assignReviewer(ctx: AppContext, actor: Actor, id: number, reviewerUserId: number, meta: RequestMeta) {
  return act(ctx, actor, id, 'assign-reviewer', meta, async (tx, a) => {
    await colleague(tx, reviewerUserId, a.organisationId, 'body.reviewer_user_id');
    return {
      values: { reviewerUserId, reviewStatus: null },
      before: { reviewer_user_id: a.reviewerUserId },
      after: { reviewer_user_id: reviewerUserId },
      payload: { reviewer_user_id: reviewerUserId },
    };
  });
}

export function sendToConsultant(
  ctx: AppContext,
  actor: Actor,
  id: number,
  body: { consultant_user_id: number; question: string },
  meta: RequestMeta,
) {
  return act(ctx, actor, id, 'send-to-consultant', meta, async (tx) => {
    const consultant = await repo.findPerson(tx, body.consultant_user_id);
    if (consultant?.userType !== 'consultant' || consultant.status !== 'active')
      throw new AppError('INVALID_CONSULTANT', field('body.consultant_user_id', 'Alegeți un consultant activ.'));
    const consultationId = await repo.insertConsultation(tx, {
      applicationId: id,
      consultantUserId: consultant.id,
      requestedBy: actor.userId,
      question: body.question,
    });
    return {
      after: { consultation_id: consultationId, consultant_user_id: consultant.id },
      payload: { consultation_id: consultationId, consultant_user_id: consultant.id },
    };
  });
}

export function consultantReview(ctx: AppContext, actor: Actor, id: number, answer: string, meta: RequestMeta) {
  return act(ctx, actor, id, 'consultant-review', meta, async (tx) => {
    const consultation = await repo.openConsultation(tx, id, actor.userId);
    if (!consultation) throw new AppError('APPLICATION_ACTION_NOT_ALLOWED', { reason: 'no_open_consultation' });
    await repo.answerConsultation(tx, consultation.id, answer);
    return {
      after: { consultation_id: consultation.id },
      payload: { consultation_id: consultation.id, requested_by: consultation.requestedBy },
    };
  });
}

export function staffReview(
  ctx: AppContext,
  actor: Actor,
  id: number,
  body: { review_status: 'approved' | 'rejected' | 'changes'; comment?: string | null },
  meta: RequestMeta,
) {
  return act(ctx, actor, id, 'staff-review', meta, async (tx, a) => {
    const commentId = await internalNote(tx, actor, id, body.comment);
    return {
      values: { reviewStatus: body.review_status, lastReviewAt: new Date() },
      before: { review_status: a.reviewStatus },
      after: { review_status: body.review_status, comment_id: commentId },
      payload: { review_status: body.review_status, assignee_user_id: a.assigneeUserId },
    };
  });
}

export function saveStaffForm(ctx: AppContext, actor: Actor, id: number, formStaff: Record<string, unknown>, meta: RequestMeta) {
  return act(ctx, actor, id, 'application-reviewed-by-staff-function', meta, async (tx, a) => {
    const type = await repo.findType(tx, a.applicationTypeId);
    const version =
      a.staffFormVersionId !== null
        ? await repo.findVersion(tx, a.staffFormVersionId)
        : await repo.publishedVersionOf(tx, type?.staffFormId ?? null);
    if (!version) throw new AppError('STAFF_FORM_NOT_DEFINED', { application_type_id: a.applicationTypeId });
    const value = await checkedAnswers(tx, id, version.definition, formStaff, 'body.form_staff');
    return {
      values: { formStaff: value, staffFormVersionId: version.id, lastReviewAt: new Date() },
      after: { staff_form_version_id: version.id },
      payload: { staff_form_version_id: version.id },
    };
  });
}

export function requestClarification(ctx: AppContext, actor: Actor, id: number, message: string, meta: RequestMeta) {
  return act(ctx, actor, id, 'request-clarification', meta, async (tx, a) => {
    // The message is a comment the applicant sees; the legal clock stops until they answer.
    const commentId = await appRepo.insertComment(tx, { applicationId: id, authorUserId: actor.userId, text: message });
    const now = new Date();
    return {
      values: { clockPausedAt: a.clockPausedAt ?? now, lastReviewAt: now },
      after: { comment_id: commentId, clock_paused_at: (a.clockPausedAt ?? now).toISOString() },
      payload: { comment_id: commentId, assignee_user_id: a.assigneeUserId },
    };
  });
}

export function changeResponseDays(
  ctx: AppContext,
  actor: Actor,
  id: number,
  body: { application_type_remaining_period: number; application_date?: string },
  meta: RequestMeta,
) {
  return act(ctx, actor, id, 'response-due-in-days', meta, async (_tx, a) => {
    const days = body.application_type_remaining_period;
    const from = body.application_date ?? todayInRomania(a.registeredAt ?? a.applicationDate ?? new Date());
    const due = recomputeDueDate(from, days, a.pausedWorkingDays);
    const values: Values = { responseDueInDays: days, responseDueDate: due };
    if (body.application_date) values.applicationDate = new Date(`${body.application_date}T12:00:00Z`);
    return {
      values,
      before: { response_due_in_days: a.responseDueInDays, response_due_date: a.responseDueDate },
      after: { response_due_in_days: days, response_due_date: due },
      payload: { response_due_date: due },
    };
  });
}

export function modifyApplicationType(ctx: AppContext, actor: Actor, id: number, applicationTypeId: number, meta: RequestMeta) {
  return act(ctx, actor, id, 'modify-application-type', meta, async (tx, a) => {
    const type = await repo.findType(tx, applicationTypeId);
    if (type?.status !== 'active' || type.organisationId !== a.organisationId)
      throw new AppError('INVALID_APPLICATION_TYPE', field('body.application_type_id', 'Alegeți un tip activ al instituției.'));
    return {
      // The citizen's answers stay with the form version they were given in.
      values: { applicationTypeId: type.id, staffFormVersionId: null },
      refreshSearch: true,
      before: { application_type_id: a.applicationTypeId },
      after: { application_type_id: type.id },
      payload: { previous_application_type_id: a.applicationTypeId },
    };
  });
}

export function removeDocument(ctx: AppContext, actor: Actor, id: number, linkId: number, meta: RequestMeta) {
  return act(ctx, actor, id, 'remove-document', meta, async (tx) => {
    const [file] = await appRepo.applicationFileRows(tx, id, eq(applicationFiles.id, linkId));
    if (!file) throw new AppError('FILE_NOT_EXISTS', { file_id: linkId });
    await appRepo.deleteApplicationFiles(tx, [file.id]);
    return {
      before: { file_id: file.fileId, name: file.name },
      after: { name: file.name },
      payload: { file_id: file.fileId },
    };
  });
}

export function approveApplication(
  ctx: AppContext,
  actor: Actor,
  id: number,
  comment: string | null | undefined,
  meta: RequestMeta,
) {
  return act(ctx, actor, id, 'approve', meta, async (tx) => {
    const commentId = await internalNote(tx, actor, id, comment);
    return { after: { comment_id: commentId } };
  });
}

export function rejectApplication(
  ctx: AppContext,
  actor: Actor,
  id: number,
  body: { rejected_reason: string; reject_form: Record<string, unknown> },
  meta: RequestMeta,
) {
  return act(ctx, actor, id, 'reject', meta, async (tx, a) => {
    const type = await repo.findType(tx, a.applicationTypeId);
    const version = await repo.publishedVersionOf(tx, type?.rejectFormId ?? null);
    if (!version) throw new AppError('REJECT_FORM_STAFF', { reason: 'no_reject_form' });
    if (Object.keys(body.reject_form).length === 0) throw new AppError('REJECT_FORM_STAFF', { reason: 'answers_missing' });
    const value = await checkedAnswers(tx, id, version.definition, body.reject_form, 'body.reject_form');
    return {
      values: { rejectedReason: body.rejected_reason, rejectForm: value },
      after: { reject_form_version_id: version.id },
      payload: { reject_form_version_id: version.id },
    };
  });
}

export function vizaReject(ctx: AppContext, actor: Actor, id: number, reason: string, meta: RequestMeta) {
  return act(ctx, actor, id, 'viza-reject', meta, async () => ({ values: { rejectedReason: reason } }));
}

export function staffReviewDocument(ctx: AppContext, actor: Actor, id: number, meta: RequestMeta) {
  return act(ctx, actor, id, 'staff-review-document', meta, async () => ({ values: { lastReviewAt: new Date() } }));
}

export function manualCompletion(ctx: AppContext, actor: Actor, id: number, force: boolean, meta: RequestMeta) {
  return act(ctx, actor, id, 'manual-completion', meta, async (tx) => {
    // Until the documents issue, no output document exists: completing needs ?force=true.
    if (!force && !(await repo.hasOutputDocument(tx, id)))
      throw new AppError('APPLICATION_NO_OUTPUT_DOCUMENT', { reason: 'no_output_document', hint: 'force=true' });
    return { values: { issuedAt: new Date() }, after: { forced: force } };
  });
}

export function closeApplication(ctx: AppContext, actor: Actor, id: number, meta: RequestMeta) {
  return act(ctx, actor, id, 'close-application', meta, async () => ({}));
}

export function startProcess(ctx: AppContext, actor: Actor, id: number, meta: RequestMeta) {
  return act(ctx, actor, id, 'start-process', meta, async (tx, a) => {
    const hook = workflowHook();
    if (!hook) throw new AppError('WORKFLOW_NOT_AVAILABLE', { reason: 'no_workflow_engine' });
    const transition = await hook.start(tx, {
      applicationId: id,
      organisationId: a.organisationId,
      applicationTypeId: a.applicationTypeId,
      status: a.status,
      actorUserId: actor.userId,
    });
    return {
      transition,
      after: { step_name: transition.stepName ?? null, function_id: transition.functionId ?? null },
      payload: { function_id: transition.functionId ?? null },
    };
  });
}

export function addStaffComment(
  ctx: AppContext,
  actor: Actor,
  id: number,
  body: { text: string; is_internal?: boolean },
  meta: RequestMeta,
) {
  const internal = body.is_internal ?? true;
  return act(ctx, actor, id, 'comment', meta, async (tx) => {
    const commentId = await appRepo.insertComment(tx, {
      applicationId: id,
      authorUserId: actor.userId,
      text: body.text,
      isInternal: internal,
    });
    return {
      // Internal notes stay out of the applicant's history (no label for them).
      auditAction: internal ? 'application.internal_comment' : 'application.comment',
      after: { comment_id: commentId, is_internal: internal },
      payload: { comment_id: commentId, by_applicant: false, is_internal: internal },
    };
  });
}

/** Largest total size put in one zip (bytes): the files are read before the answer starts. */
const ZIP_MAX_BYTES = 500 * 1024 * 1024;

/**
 * download-compression: a zip of the chosen files of this application, streamed. The files are
 * checked (all of this application) and read first, so a failure is a clean
 * ERROR_DOWNLOAD_COMPRESSION rather than a broken download.
 */
export async function downloadCompression(
  ctx: AppContext,
  actor: Actor,
  id: number,
  fileIds: number[],
  meta: RequestMeta,
): Promise<{ stream: Readable; name: string }> {
  const found: { files: Awaited<ReturnType<typeof repo.filesForDownload>>; number: string | null } = { files: [], number: null };
  await runAction(ctx, actor, id, 'download-compression', meta, async (tx, a) => {
    const chosen = await repo.filesForDownload(tx, id, [...new Set(fileIds)]);
    if (chosen.length !== new Set(fileIds).size)
      throw new AppError('FILE_NOT_EXISTS', { reason: 'not_files_of_this_application' });
    if (chosen.reduce((sum, f) => sum + f.size, 0) > ZIP_MAX_BYTES)
      throw new AppError('ERROR_DOWNLOAD_COMPRESSION', { reason: 'too_large' });
    found.files = chosen;
    found.number = a.identificationNumber;
    return { readOnly: true, after: { files: chosen.map((f) => f.id) } };
  });
  const zip = new yazl.ZipFile();
  const used = new Set<string>();
  try {
    for (const file of found.files) {
      const data = await ctx.storage.read(file.storageKey);
      zip.addBuffer(data, uniqueName(file.name, used));
    }
  } catch {
    throw new AppError('ERROR_DOWNLOAD_COMPRESSION', { reason: 'file_unreadable' });
  }
  zip.end();
  const base = (found.number ?? `cerere-${id}`).replace(/[^\w.-]+/g, '-');
  return { stream: zip.outputStream as Readable, name: `${base}.zip` };
}

/** A name not used yet in the zip: "plan.pdf", then "plan (2).pdf". */
function uniqueName(name: string, used: Set<string>): string {
  const safe = name.replace(/[\\/]+/g, '_') || 'fisier';
  let candidate = safe;
  const dot = safe.lastIndexOf('.');
  const [stem, ext] = dot > 0 ? [safe.slice(0, dot), safe.slice(dot)] : [safe, ''];
  for (let n = 2; used.has(candidate.toLowerCase()); n++) candidate = `${stem} (${n})${ext}`;
  used.add(candidate.toLowerCase());
  return candidate;
}
