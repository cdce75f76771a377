import {
  COMPLAINT_DOCUMENT_TYPES,
  COMPLAINT_MESSAGES as M,
  COMPLAINT_PHOTO_TYPES,
  type Complaint,
  type ComplaintAssignRequest,
  type ComplaintCommentRequest,
  type ComplaintCreateRequest,
  type ComplaintDismissRequest,
  type ComplaintResolveRequest,
  type ComplaintSolver,
  type ComplaintStatus,
  complaintPlaceholderValues,
  complaintStatusAfter,
  fillComplaintPlaceholders,
} from '@ghiseu/domain';
import type { Actor } from '../../platform/auth/actor.js';
import type { AppContext } from '../../platform/context.js';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { emitDomainEvent } from '../../platform/events.js';
import { listPage, parseListQuery } from '../../platform/list-query.js';
import { audit, invalidField, notFound, type RequestMeta } from '../../platform/request.js';
import { staffHoldingPermissions } from '../administration/index.js';
import { findSeriesOfType, romanianYear, takeNextNumber } from '../document-series/index.js';
import { type FileRow, findOwnFile } from '../files/index.js';
import { uatsInJurisdiction } from '../territory/index.js';
import { isBlankHtml, sanitizeResponseHtml } from './content.js';
import {
  complaintReadScope,
  mayCommentInternally,
  mayHandleComplaint,
  mayReadInternalComments,
  mayViewComplaint,
} from './policy.js';
import { presentComplaint, presentComplaintListItem } from './presenter.js';
import * as repo from './repository.js';

/**
 * Complaints (sesizări, spec §2 /complain*, §3, §4): a citizen files one about a place in a UAT,
 * for a complaint type of the organisation in whose jurisdiction the UAT lies; it gets an entry
 * code from the type's series. The organisation's staff assign a solver, comment, and close it
 * with an answer (resolve, reject, or dismiss/classify). Every change is one transaction with its
 * status-history row, its audit entry and its domain event (the notifications read the events).
 *
 * Personal data (contact, description, comment texts, the answer) never goes into the audit
 * details or the event payloads: they carry ids, codes and statuses only.
 */

/** The permission that makes a staff member a possible solver. */
const SOLVERS = [['complainEdit']] as const;

/* ───────────────────────────── Reading ───────────────────────────── */

export async function listComplaints(ctx: AppContext, actor: Actor, query: Record<string, unknown>) {
  const parsed = parseListQuery(query, repo.COMPLAINT_LIST);
  const list = repo.listComplaints(ctx.db, parsed, complaintReadScope(actor));
  return listPage(parsed, async () => (await list.rows()).map(presentComplaintListItem), list.total);
}

async function detail(db: Db, actor: Actor, id: number): Promise<Complaint> {
  const row = await repo.findComplaintDetail(db, id);
  if (!row || !mayViewComplaint(actor, row.complaint)) throw notFound();
  const [files, comments, history] = await Promise.all([
    repo.findComplaintFiles(db, id),
    repo.findComments(db, id, mayReadInternalComments(actor, row.complaint)),
    repo.findHistory(db, id),
  ]);
  return presentComplaint(actor, row, { files, comments, history });
}

export function getComplaint(ctx: AppContext, actor: Actor, id: number): Promise<Complaint> {
  return detail(ctx.db, actor, id);
}

/** `GET /complaints/:id/solvers`: staff of the complaint's organisation who may solve it. */
export async function listSolvers(ctx: AppContext, actor: Actor, id: number): Promise<ComplaintSolver[]> {
  const complaint = await repo.findComplaint(ctx.db, id);
  if (!complaint || !mayViewComplaint(actor, complaint)) throw notFound();
  if (!mayHandleComplaint(actor, complaint)) throw new AppError('FORBIDDEN');
  const ids = await staffHoldingPermissions(ctx.db, complaint.organisationId, SOLVERS);
  return repo.usersByIds(ctx.db, ids);
}

/** Who may download a file attached to a complaint: whoever may read one of its complaints. */
export async function mayReadComplaintFile(db: Db, actor: Actor, fileId: number): Promise<boolean> {
  const owners = await repo.complaintsOfFile(db, fileId);
  return owners.some((complaint) => mayViewComplaint(actor, complaint));
}

/* ───────────────────────────── Filing ───────────────────────────── */

/** The reporter's own uploads, each of an accepted type for its kind. */
async function checkedFiles(db: Db, actor: Actor, body: ComplaintCreateRequest) {
  const linked: { file: FileRow; kind: 'photo' | 'document' }[] = [];
  const take = async (ids: number[], kind: 'photo' | 'document') => {
    const field = kind === 'photo' ? 'photo_file_ids' : 'document_file_ids';
    const accepted: readonly string[] = kind === 'photo' ? COMPLAINT_PHOTO_TYPES : COMPLAINT_DOCUMENT_TYPES;
    for (const [index, id] of ids.entries()) {
      const file = await findOwnFile(db, id, actor.userId);
      if (!file) throw invalidField(`body.${field}.${index}`, M.fileUnknown);
      if (!accepted.includes(file.mimeType))
        throw invalidField(`body.${field}.${index}`, kind === 'photo' ? M.photoType : M.documentType);
      linked.push({ file, kind });
    }
  };
  await take(body.photo_file_ids, 'photo');
  await take(body.document_file_ids, 'document');
  return linked;
}

/**
 * The entry code: the next number of the organisation's active series of the type's series type,
 * taken in this transaction (no gaps); without one, `SES-<id>/<year>` once the row has its id.
 */
async function entryCodeFor(tx: Db, type: { seriesTypeId: number | null; organisationId: number }): Promise<string | null> {
  if (type.seriesTypeId === null) return null;
  const series = await findSeriesOfType(tx, type.seriesTypeId, type.organisationId);
  if (!series?.active) return null;
  return (await takeNextNumber(tx, series.id)).code;
}

export async function createComplaint(ctx: AppContext, actor: Actor, body: ComplaintCreateRequest, meta: RequestMeta) {
  const id = await ctx.db.transaction(async (tx) => {
    const found = await repo.findComplaintType(tx, body.complaint_type_id);
    const type = found?.type;
    if (type?.status !== 'active') throw invalidField('body.complaint_type_id', M.typeUnknown);
    if (!(await repo.uatExists(tx, body.uat_id))) throw invalidField('body.uat_id', M.uatOutside);
    if ((await uatsInJurisdiction(tx, type.organisationId, [body.uat_id])).length === 0)
      throw invalidField('body.uat_id', M.uatOutside);
    if (body.locality_id !== null && (await repo.localityUat(tx, body.locality_id)) !== body.uat_id)
      throw invalidField('body.locality_id', M.localityOutside);
    const linked = await checkedFiles(tx, actor, body);

    const code = await entryCodeFor(tx, type);
    const created = await repo.insertComplaint(
      tx,
      {
        organisationId: type.organisationId,
        complaintTypeId: type.id,
        reporterUserId: actor.userId,
        // Unique per organisation: a placeholder until the row's id makes the fallback code.
        entryCode: code ?? `SES-tmp-${crypto.randomUUID()}`,
        status: 'NEW',
        uatId: body.uat_id,
        localityId: body.locality_id,
        address: body.address,
        addressDetails: body.address_details,
        description: body.description,
        contactName: body.contact_name,
        contactPhone: body.contact_phone,
        contactEmail: body.contact_email,
      },
      body.location,
    );
    const entryCode = code ?? `SES-${created}/${romanianYear(new Date())}`;
    if (code === null) await repo.updateComplaint(tx, created, { entryCode });
    await repo.insertComplaintFiles(
      tx,
      linked.map(({ file, kind }) => ({ complaintId: created, fileId: file.id, kind, createdBy: actor.userId })),
    );
    await repo.insertStatusChange(tx, { complaintId: created, fromStatus: null, toStatus: 'NEW', actorUserId: actor.userId });
    await audit(tx, actor, meta, {
      organisationId: type.organisationId,
      action: 'complaint.create',
      entityType: 'complaint',
      entityId: created,
      after: {
        entry_code: entryCode,
        complaint_type_id: type.id,
        uat_id: body.uat_id,
        status: 'NEW',
        files: linked.length,
      },
    });
    await emitDomainEvent(tx, {
      type: 'complaint.filed',
      entityType: 'complaint',
      entityId: created,
      actorUserId: actor.userId,
      payload: { complaint_id: created, organisation_id: type.organisationId, entry_code: entryCode, status: 'NEW' },
    });
    return created;
  });
  return getComplaint(ctx, actor, id);
}

/* ───────────────────────────── Handling ───────────────────────────── */

/**
 * Loads and locks the complaint for a change by `actor`: out of reach → 404; in reach but not
 * theirs to handle → 403; closed → COMPLAINT_ACTION_NOT_ALLOWED.
 */
async function lockForHandling(tx: Db, actor: Actor, id: number) {
  const complaint = await repo.findComplaint(tx, id, { lock: true });
  if (!complaint || !mayViewComplaint(actor, complaint)) throw notFound();
  if (!mayHandleComplaint(actor, complaint)) throw new AppError('FORBIDDEN');
  return complaint;
}

async function recordStatusChange(
  tx: Db,
  actor: Actor,
  meta: RequestMeta,
  complaint: repo.ComplaintRow,
  to: ComplaintStatus,
  action: string,
  details: Record<string, unknown> = {},
) {
  const from = complaint.status;
  if (from !== to)
    await repo.insertStatusChange(tx, { complaintId: complaint.id, fromStatus: from, toStatus: to, actorUserId: actor.userId });
  await audit(tx, actor, meta, {
    organisationId: complaint.organisationId,
    action: `complaint.${action}`,
    entityType: 'complaint',
    entityId: complaint.id,
    before: { status: from, solver_user_id: complaint.solverUserId },
    after: { status: to, ...details },
  });
  if (from !== to)
    await emitDomainEvent(tx, {
      type: 'complaint.status_changed',
      entityType: 'complaint',
      entityId: complaint.id,
      actorUserId: actor.userId,
      payload: {
        complaint_id: complaint.id,
        organisation_id: complaint.organisationId,
        entry_code: complaint.entryCode,
        from_status: from,
        status: to,
      },
    });
}

export async function assignSolver(ctx: AppContext, actor: Actor, id: number, body: ComplaintAssignRequest, meta: RequestMeta) {
  await ctx.db.transaction(async (tx) => {
    const complaint = await lockForHandling(tx, actor, id);
    const to = complaintStatusAfter(complaint.status, 'assign');
    if (to === null) throw new AppError('COMPLAINT_ACTION_NOT_ALLOWED', { status: complaint.status });
    const solvers = await staffHoldingPermissions(tx, complaint.organisationId, SOLVERS);
    if (!solvers.includes(body.solver_user_id)) throw invalidField('body.solver_user_id', M.solverUnknown);
    await repo.updateComplaint(tx, id, { solverUserId: body.solver_user_id, status: to });
    await recordStatusChange(tx, actor, meta, complaint, to, 'assign', { solver_user_id: body.solver_user_id });
    if (complaint.solverUserId !== body.solver_user_id)
      await emitDomainEvent(tx, {
        type: 'complaint.assigned',
        entityType: 'complaint',
        entityId: id,
        actorUserId: actor.userId,
        payload: {
          complaint_id: id,
          organisation_id: complaint.organisationId,
          entry_code: complaint.entryCode,
          solver_user_id: body.solver_user_id,
          previous_solver_user_id: complaint.solverUserId,
        },
      });
  });
  return getComplaint(ctx, actor, id);
}

/** The answer as stored: sanitised, with the placeholders still in it filled in. */
async function finalResponse(tx: Db, actor: Actor, id: number, response: string): Promise<string> {
  const record = await detail(tx, actor, id);
  const filled = fillComplaintPlaceholders(response, complaintPlaceholderValues(record));
  const clean = sanitizeResponseHtml(filled);
  if (isBlankHtml(clean)) throw invalidField('body.response', M.responseRequired);
  return clean;
}

type Closing = 'resolve' | 'reject' | 'dismiss';

async function closeComplaint(
  ctx: AppContext,
  actor: Actor,
  id: number,
  action: Closing,
  body: ComplaintResolveRequest | ComplaintDismissRequest,
  meta: RequestMeta,
) {
  await ctx.db.transaction(async (tx) => {
    const complaint = await lockForHandling(tx, actor, id);
    const to = complaintStatusAfter(complaint.status, action);
    if (to === null) throw new AppError('COMPLAINT_ACTION_NOT_ALLOWED', { status: complaint.status });
    if (body.response_template_id !== null && !(await repo.findResponseTemplate(tx, body.response_template_id)))
      throw invalidField('body.response_template_id', M.templateUnknown);
    // A dismissal's answer is optional: an editor's empty paragraph counts as none.
    const given = body.response !== null && !(action === 'dismiss' && isBlankHtml(body.response)) ? body.response : null;
    const response = given === null ? null : await finalResponse(tx, actor, id, given);
    await repo.updateComplaint(tx, id, {
      status: to,
      response,
      responseTemplateId: body.response_template_id,
      closedAt: new Date(),
      closedBy: actor.userId,
    });
    await recordStatusChange(tx, actor, meta, complaint, to, action, {
      response_template_id: body.response_template_id,
      has_response: response !== null,
    });
  });
  return getComplaint(ctx, actor, id);
}

export const resolveComplaint = (ctx: AppContext, actor: Actor, id: number, body: ComplaintResolveRequest, meta: RequestMeta) =>
  closeComplaint(ctx, actor, id, 'resolve', body, meta);

export const rejectComplaint = (ctx: AppContext, actor: Actor, id: number, body: ComplaintResolveRequest, meta: RequestMeta) =>
  closeComplaint(ctx, actor, id, 'reject', body, meta);

export const dismissComplaint = (ctx: AppContext, actor: Actor, id: number, body: ComplaintDismissRequest, meta: RequestMeta) =>
  closeComplaint(ctx, actor, id, 'dismiss', body, meta);

/**
 * `POST /complaints/:id/comments`: staff of the organisation (internal with
 * complainStaffComment, public with complainEdit), or the reporter (public only), while the
 * complaint is open.
 */
export async function addComment(ctx: AppContext, actor: Actor, id: number, body: ComplaintCommentRequest, meta: RequestMeta) {
  await ctx.db.transaction(async (tx) => {
    const complaint = await repo.findComplaint(tx, id, { lock: true });
    if (!complaint || !mayViewComplaint(actor, complaint)) throw notFound();
    const reporter = complaint.reporterUserId === actor.userId;
    const allowed = body.is_internal
      ? mayCommentInternally(actor, complaint)
      : reporter || mayHandleComplaint(actor, complaint) || mayCommentInternally(actor, complaint);
    if (!allowed) throw new AppError('FORBIDDEN');
    if (complaintStatusAfter(complaint.status, 'comment') === null)
      throw new AppError('COMPLAINT_ACTION_NOT_ALLOWED', { status: complaint.status });
    const commentId = await repo.insertComment(tx, {
      complaintId: id,
      authorUserId: actor.userId,
      text: body.text,
      isInternal: body.is_internal,
    });
    // The comment shows the complaint as changed in the lists (updated_at).
    await repo.updateComplaint(tx, id, {});
    await audit(tx, actor, meta, {
      organisationId: complaint.organisationId,
      action: 'complaint.comment',
      entityType: 'complaint',
      entityId: id,
      after: { comment_id: commentId, is_internal: body.is_internal },
    });
    await emitDomainEvent(tx, {
      type: 'complaint.commented',
      entityType: 'complaint',
      entityId: id,
      actorUserId: actor.userId,
      payload: {
        complaint_id: id,
        organisation_id: complaint.organisationId,
        entry_code: complaint.entryCode,
        comment_id: commentId,
        is_internal: body.is_internal,
        by_reporter: reporter,
      },
    });
  });
  return getComplaint(ctx, actor, id);
}

/* ───────────────────────────── For other modules ───────────────────────────── */

/**
 * What a control prepared from a complaint copies (controls module): the complaint, when `actor`
 * may read it, else undefined.
 */
export async function findComplaintReference(db: Db, actor: Actor, id: number) {
  const row = await repo.findComplaintDetail(db, id);
  if (!row || !mayViewComplaint(actor, row.complaint)) return undefined;
  const x = row.complaint;
  return {
    id: x.id,
    entryCode: x.entryCode,
    organisationId: x.organisationId,
    status: x.status,
    uatId: x.uatId,
    localityId: x.localityId,
    address: x.address,
    addressDetails: x.addressDetails,
    complaintTypeName: row.typeName,
  };
}
