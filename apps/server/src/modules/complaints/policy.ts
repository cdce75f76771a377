import { APPLICANT_TYPES, type ComplaintAbilities, complaintActionAllowed, type ComplaintStatus } from '@ghiseu/domain';
import { eq, type SQL } from 'drizzle-orm';
import { complaints, complaintTypes } from '../../db/schema/index.js';
import { type Actor, can } from '../../platform/auth/actor.js';
import { inScope, organisationScope, scopeCondition } from '../../platform/auth/scope.js';

/**
 * Object rules of complaints (spec §6 "Complaints: create for the three citizen-type roles; edit
 * and resolve for staff, admin, super_admin; staff comment for staff, admin; view for all"), on
 * top of the route keys:
 *
 * - a citizen, foreigner or legal entity sees only the complaints they filed;
 * - staff-side accounts (staff, admin, archiver, consultant) see their organisation's complaints;
 *   a super administrator sees all of them; anything else answers 404, like a missing one;
 * - handling (assign, resolve, reject, dismiss, solvers) needs `complainEdit` inside that scope;
 * - internal comments need `complainStaffComment` inside the organisation; only the staff side
 *   reads them, never the reporter;
 * - the reporter may add a public comment while the complaint is open;
 * - a closed complaint (RESOLVED, REJECTED, DISMISSED) refuses every action.
 */

export interface ComplaintSubject {
  organisationId: number;
  reporterUserId: number;
  status: ComplaintStatus;
}

/** Accounts that file complaints and see only their own. */
const isApplicantSide = (actor: Actor): boolean => APPLICANT_TYPES.includes(actor.userType);

/** The list condition of the actor's complaints. */
export function complaintReadScope(actor: Actor): SQL | undefined {
  if (isApplicantSide(actor)) return eq(complaints.reporterUserId, actor.userId);
  return scopeCondition(organisationScope(actor), complaints.organisationId);
}

export function mayViewComplaint(actor: Actor, subject: Pick<ComplaintSubject, 'organisationId' | 'reporterUserId'>): boolean {
  if (!can(actor, 'complainView') && !can(actor, 'complainEdit')) return false;
  if (isApplicantSide(actor)) return subject.reporterUserId === actor.userId;
  return inScope(actor, subject.organisationId);
}

/** Handling: assign, resolve, reject, dismiss (whatever the status; see {@link complaintAbilities}). */
export function mayHandleComplaint(actor: Actor, subject: Pick<ComplaintSubject, 'organisationId'>): boolean {
  return can(actor, 'complainEdit') && !isApplicantSide(actor) && inScope(actor, subject.organisationId);
}

/** Internal comments: written and read by the organisation's staff side. */
export function mayCommentInternally(actor: Actor, subject: Pick<ComplaintSubject, 'organisationId'>): boolean {
  return can(actor, 'complainStaffComment') && !isApplicantSide(actor) && inScope(actor, subject.organisationId);
}

export function mayReadInternalComments(actor: Actor, subject: Pick<ComplaintSubject, 'organisationId'>): boolean {
  return !isApplicantSide(actor) && inScope(actor, subject.organisationId);
}

export function complaintAbilities(actor: Actor, subject: ComplaintSubject): ComplaintAbilities {
  const handle = mayHandleComplaint(actor, subject);
  const open = (action: 'assign' | 'resolve' | 'reject' | 'dismiss' | 'comment') =>
    complaintActionAllowed(subject.status, action);
  const reporter = subject.reporterUserId === actor.userId;
  return {
    can_assign: handle && open('assign'),
    can_comment: open('comment') && (handle || mayCommentInternally(actor, subject) || reporter),
    can_comment_internal: open('comment') && mayCommentInternally(actor, subject),
    can_resolve: handle && open('resolve'),
    can_reject: handle && open('reject'),
    can_dismiss: handle && open('dismiss'),
    // Controls are staff work (controlRead, controlEdit); a control may follow any complaint.
    can_prepare_control: can(actor, 'controlEdit') && !isApplicantSide(actor) && inScope(actor, subject.organisationId),
  };
}

/* ───────────────────────────── Configuration ───────────────────────────── */

/** Complaint types: the super administrator reads all; staff (complainEdit) their organisation's. */
export const complaintTypeReadScope = (actor: Actor): SQL | undefined =>
  can(actor, 'complainTypeRead') ? undefined : scopeCondition(organisationScope(actor), complaintTypes.organisationId);

export const mayReadComplaintType = (actor: Actor, organisationId: number): boolean =>
  can(actor, 'complainTypeRead') || (can(actor, 'complainEdit') && !isApplicantSide(actor) && inScope(actor, organisationId));

export const mayEditComplaintTypes = (actor: Actor): boolean => can(actor, 'complainTypeRead');

export const complaintTypeAbilities = (actor: Actor, complaintsCount: number) => ({
  can_edit: mayEditComplaintTypes(actor),
  can_delete: mayEditComplaintTypes(actor) && complaintsCount === 0,
});

/** Response templates: configuration of the super administrator; staff who answer read them. */
export const mayEditResponseTemplates = (actor: Actor): boolean => can(actor, 'responseTemplatesRead');

export const responseTemplateAbilities = (actor: Actor) => ({
  can_edit: mayEditResponseTemplates(actor),
  can_delete: mayEditResponseTemplates(actor),
});
