import { type ApplicationAbilities, type ApplicationStatus, isStaffType } from '@ghiseu/domain';
import { eq, type SQL } from 'drizzle-orm';
import { applications } from '../../db/schema/index.js';
import { type Actor, can } from '../../platform/auth/actor.js';
import type { Db } from '../../platform/db.js';
import { mayReadAsStaff, type StaffFacts } from './staff/policy.js';

/**
 * Object rules of citizen applications, written once (STYLE.md item 4). Route permission keys
 * say what an actor may do (applicationsRead/Create/Edit/Destroy); these rules say on which
 * applications:
 *
 * - the applicant (`applicant_user_id`) reads and changes their own applications and drafts;
 * - staff read submitted applications by the staff rule (staff/policy.ts): of their own
 *   organisation only (a delegated super admin works inside one organisation too), all of them
 *   with `CAN_VIEW_ORGANISATIONS_APPLICATIONS`, otherwise those assigned to them or where they
 *   are the reviewer (the async {@link mayReadApplicationRow} also knows the step's function and
 *   consultations); never drafts, which are the applicant's private work;
 * - everything else is invisible: single records answer 404 and lists carry {@link ownApplications}.
 *
 * Only drafts change (APPLICATION_ALREADY_SUBMITTED otherwise); after submission the applicant
 * comments and answers clarification requests.
 */

export interface ApplicationFacts {
  applicantUserId: number;
  organisationId: number;
  status: ApplicationStatus;
  /** Staff relations; absent counts as nobody. */
  assigneeUserId?: number | null;
  reviewerUserId?: number | null;
}

/** Statuses in which the file is finished: no more comments from the applicant. */
const FINISHED: readonly ApplicationStatus[] = ['CLOSED', 'RESOLVED', 'REJECTED'];

export const isApplicant = (actor: Actor, application: Pick<ApplicationFacts, 'applicantUserId'>): boolean =>
  application.applicantUserId === actor.userId;

/** Whether the actor may see the application at all (404 otherwise). */
export function mayReadApplication(actor: Actor, application: ApplicationFacts): boolean {
  if (isApplicant(actor, application)) return true;
  return (
    isStaffType(actor.userType) &&
    can(actor, 'applicationsStaffOwnRead') &&
    actor.organisationId !== null &&
    actor.organisationId === application.organisationId &&
    application.status !== 'DRAFT' &&
    (can(actor, 'CAN_VIEW_ORGANISATIONS_APPLICATIONS') ||
      application.assigneeUserId === actor.userId ||
      application.reviewerUserId === actor.userId)
  );
}

/**
 * Whether the actor may read the application: its applicant, or staff and consultants by the
 * staff rule with their relation looked up (the step's function, a consultation). The citizen
 * record, the history and attached files ask this, so every door applies the same scope.
 */
export async function mayReadApplicationRow(
  db: Db,
  actor: Actor,
  application: ApplicationFacts & StaffFacts & { id: number },
): Promise<boolean> {
  if (isApplicant(actor, application)) return true;
  return mayReadAsStaff(db, actor, application);
}

/** The citizen lists (`/applications`, `listAll`, `find`): the actor's own applications only. */
export const ownApplications = (actor: Actor): SQL => eq(applications.applicantUserId, actor.userId);

/** What the actor may do with an application; the same rules guard the routes. */
export function applicationAbilities(actor: Actor, application: ApplicationFacts): ApplicationAbilities {
  const own = isApplicant(actor, application);
  const draft = application.status === 'DRAFT';
  return {
    canEdit: own && draft && can(actor, 'applicationsEdit'),
    canDelete: own && draft && can(actor, 'applicationsDestroy'),
    canSubmit: own && draft && can(actor, 'applicationsCreate'),
    canComment: own && !draft && !FINISHED.includes(application.status) && can(actor, 'applicationsEdit'),
    canAnswerClarification: own && application.status === 'REVIEW' && can(actor, 'applicationsEdit'),
  };
}

/** The file facts the combined list (spec §4) looks at. */
export interface FileFacts {
  fileType: 'input' | 'review' | 'output';
  status: 'signed' | 'sealed' | null;
  isPublic: boolean;
  isPreview: boolean;
  isIdentification: boolean;
  isGis: boolean;
}

/**
 * The combined file list of spec §4: identification and GIS files, plus files that are not
 * previews and are input, review, signed or sealed output, public, or output while the
 * application waits for the applicant's signature.
 */
export function inCombinedFileList(file: FileFacts, applicationStatus: ApplicationStatus): boolean {
  if (file.isIdentification || file.isGis) return true;
  if (file.isPreview) return false;
  return (
    file.fileType === 'input' ||
    file.fileType === 'review' ||
    (file.fileType === 'output' && (file.status === 'signed' || file.status === 'sealed')) ||
    file.isPublic ||
    (file.fileType === 'output' && applicationStatus === 'SIGN_APPLICANT_USER_PENDING')
  );
}
