import { eq } from 'drizzle-orm';
import { applicationFiles, applications } from '../../db/schema/index.js';
import type { Actor } from '../../platform/auth/actor.js';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { audit, notFound, type RequestMeta } from '../../platform/request.js';
import { isApplicant, mayReadApplication, mayReadApplicationRow } from './policy.js';
import { type ApplicationRow, findApplication, refreshQuickSearch, syncFirstTarget } from './repository.js';

/**
 * The draft guard: every change of a draft or of its children goes through `ownDraft` or
 * `inDraft`, here (answers, attachments) and in the modules that own an application's parts
 * (beneficiaries, real estates), which reach them through `../applications/index.js`. One place
 * decides 404 / 403 / APPLICATION_ALREADY_SUBMITTED. Also the file-access rule of attachments.
 */

/**
 * The actor's own application, which must still be a draft. Inside a transaction the row is
 * locked (SELECT … FOR UPDATE) for the rest of it: the lock serialises the changes of one draft
 * with its submission, so nothing slips in between the submission's checks and its commit.
 * `lock: false` is the early check made before a network call that must stay outside the
 * transaction (the check runs again, locked, in the transaction).
 */
export async function ownDraft(
  db: Db,
  actor: Actor,
  id: number,
  options: { lock: boolean; submitting?: boolean } = { lock: true },
): Promise<ApplicationRow> {
  const row = await findApplication(db, id, options);
  if (!row || !mayReadApplication(actor, row)) throw notFound();
  if (!isApplicant(actor, row)) throw new AppError('FORBIDDEN');
  if (row.status !== 'DRAFT') throw new AppError('APPLICATION_ALREADY_SUBMITTED');
  // Signed by the applicant (applications/signing): the signed PDF must stay what was filed.
  if (row.signedLockedAt !== null && !options.submitting) throw new AppError('APPLICATION_LOCKED_AFTER_SIGNING');
  return row;
}

/** After a change of a draft's children: search text and `updated_at` follow. */
export const draftChanged = (tx: Db, id: number): Promise<void> => refreshQuickSearch(tx, id);

/**
 * After a change of a draft's real estates: the application's UAT and real-estate type follow
 * the first one (staff lists route applications by UAT), then the search text.
 */
export async function realEstatesChanged(tx: Db, id: number): Promise<void> {
  await syncFirstTarget(tx, id);
  await draftChanged(tx, id);
}

/** What a change of a draft's children answers: its result, and what its audit entry says. */
export interface DraftChange<T> {
  result: T;
  audit: { action: string; before?: unknown; after?: unknown };
}

/**
 * One change of a draft's children (attachments, beneficiaries, real estates), the shape every
 * such change has: one transaction, on the actor's own draft locked by {@link ownDraft}; then the
 * draft's search text follows (with `realEstates`, also its UAT and real-estate type: see
 * {@link realEstatesChanged}) and the change is audited on the application.
 */
export async function inDraft<T>(
  db: Db,
  actor: Actor,
  meta: RequestMeta,
  applicationId: number,
  change: (tx: Db, application: ApplicationRow) => Promise<DraftChange<T>>,
  options: { realEstates?: boolean } = {},
): Promise<T> {
  return db.transaction(async (tx) => {
    const application = await ownDraft(tx, actor, applicationId);
    const { result, audit: entry } = await change(tx, application);
    await (options.realEstates ? realEstatesChanged(tx, applicationId) : draftChanged(tx, applicationId));
    await audit(tx, actor, meta, {
      organisationId: application.organisationId,
      entityType: 'application',
      entityId: applicationId,
      ...entry,
    });
    return result;
  });
}

/**
 * Whether the actor may download a file because it is attached to an application they may read
 * (the applicant; staff of the organisation once it is submitted). The files module's own rule
 * knows only the uploader and the staff of the file's organisation, and a citizen's upload has no
 * organisation: the applications routes add this one with `registerFileAccessRule`.
 */
export async function mayReadAttachedFile(db: Db, actor: Actor, fileId: number): Promise<boolean> {
  const rows = await db
    .select({
      id: applications.id,
      applicantUserId: applications.applicantUserId,
      organisationId: applications.organisationId,
      status: applications.status,
      assigneeUserId: applications.assigneeUserId,
      reviewerUserId: applications.reviewerUserId,
      currentFunctionId: applications.currentFunctionId,
    })
    .from(applicationFiles)
    .innerJoin(applications, eq(applications.id, applicationFiles.applicationId))
    .where(eq(applicationFiles.fileId, fileId));
  for (const row of rows) if (await mayReadApplicationRow(db, actor, row)) return true;
  return false;
}
