import {
  actorMay,
  type ApplicationStatus,
  isStaffType,
  type StaffAbilityInputs,
  type StaffActionName,
  staffAbilities,
  type StaffApplicationAbilities,
} from '@ghiseu/domain';
import { and, eq, or, type SQL, sql } from 'drizzle-orm';
import { applications } from '../../../db/schema/index.js';
import { type Actor, can } from '../../../platform/auth/actor.js';
import { AppError } from '../../../platform/errors.js';
import type { Db } from '../../../platform/db.js';
import { assignedTo, consultationsTo, consultedWith, functionIdsOf, notDraft, ofOrganisation } from './repository.js';

/**
 * Object rules of staff processing (spec §6; issue 11), written once for the lists, the record,
 * its abilities and the actions:
 *
 * - staff (a staff role holding `applicationsStaffOwnRead`) see the submitted applications of
 *   the organisation they work in now, never another's (a delegated super admin works inside
 *   one organisation too): all of them with `CAN_VIEW_ORGANISATIONS_APPLICATIONS`, otherwise only
 *   those assigned to them (as assignee or through the function of the process's current step)
 *   or where they are the reviewer;
 * - a consultant sees only the applications with a consultation to them. Consultants are outside
 *   experts: any active consultant account may be asked, whatever its organisation (decision of
 *   issue 11; the spec names the role, not its organisation);
 * - what each may do is the domain's `actorMay` (role, permissions, relation) and the transition
 *   table (`staffMay`): the same functions give the record's abilities and guard the routes.
 */

export interface StaffRelation {
  /** Functions the actor holds. */
  functionIds: ReadonlySet<number>;
  /** A consultation to the actor on this application, and whether one is open. */
  consultation?: { open: boolean };
  /** The actor may sign the next staff cell of the current document (filled by applications/signing). */
  isNextSigner?: boolean;
}

export interface StaffFacts {
  organisationId: number;
  status: ApplicationStatus;
  assigneeUserId: number | null;
  reviewerUserId: number | null;
  currentFunctionId: number | null;
}

const isStaffReader = (actor: Actor) =>
  isStaffType(actor.userType) && can(actor, 'applicationsStaffOwnRead') && actor.organisationId !== null;
const isConsultant = (actor: Actor) => actor.userType === 'consultant' && can(actor, 'applicationsStaffOwnRead');

/** Whether the actor may see the application in the staff views (404 otherwise). */
export function mayReadStaff(actor: Actor, a: StaffFacts, relation: StaffRelation): boolean {
  if (a.status === 'DRAFT') return false;
  if (isConsultant(actor)) return relation.consultation !== undefined;
  if (!isStaffReader(actor) || actor.organisationId !== a.organisationId) return false;
  return (
    can(actor, 'CAN_VIEW_ORGANISATIONS_APPLICATIONS') ||
    a.assigneeUserId === actor.userId ||
    a.reviewerUserId === actor.userId ||
    (a.currentFunctionId !== null && relation.functionIds.has(a.currentFunctionId))
  );
}

/** The actor's relation to one application: the functions they hold, a consultation to them. */
export async function relationOf(db: Db, actor: Actor, applicationId: number): Promise<StaffRelation> {
  const [functionIds, consultations] = await Promise.all([
    functionIdsOf(db, actor.userId),
    consultationsTo(db, actor.userId, [applicationId]),
  ]);
  return { functionIds, consultation: consultations.get(applicationId) };
}

/**
 * {@link mayReadStaff} with the relation looked up: the rule the citizen-side reads (record,
 * history, attached files) apply to anyone who is not the applicant, so that a clerk or a
 * consultant reads there exactly what the staff views show them.
 */
export async function mayReadAsStaff(db: Db, actor: Actor, a: StaffFacts & { id: number }): Promise<boolean> {
  if (a.status === 'DRAFT') return false;
  if (!isConsultant(actor) && !isStaffReader(actor)) return false;
  return mayReadStaff(actor, a, await relationOf(db, actor, a.id));
}

/** The same scope as {@link mayReadStaff}, as a condition of the lists. */
export function staffScope(actor: Actor): SQL {
  if (isConsultant(actor)) return and(notDraft(), consultedWith(actor.userId)) as SQL;
  if (!isStaffReader(actor)) return sql`false`;
  const base = and(ofOrganisation(actor.organisationId as number), notDraft()) as SQL;
  if (can(actor, 'CAN_VIEW_ORGANISATIONS_APPLICATIONS')) return base;
  return and(base, or(assignedTo(actor.userId), eq(applications.reviewerUserId, actor.userId))) as SQL;
}

export function abilityInputs(
  actor: Actor,
  a: StaffFacts,
  relation: StaffRelation,
  processAvailable: boolean,
): StaffAbilityInputs {
  return {
    status: a.status,
    userType: actor.userType,
    permissions: actor.permissions,
    isAssignee: a.assigneeUserId === actor.userId,
    isReviewer: a.reviewerUserId === actor.userId,
    holdsCurrentFunction: a.currentFunctionId !== null && relation.functionIds.has(a.currentFunctionId),
    hasAssignee: a.assigneeUserId !== null,
    hasOpenConsultationToMe: relation.consultation?.open === true,
    processAvailable,
    // The signing capability (applications/signing) fills this from the current document's layout.
    isNextSigner: relation.isNextSigner === true,
  };
}

export function abilitiesOf(
  actor: Actor,
  a: StaffFacts,
  relation: StaffRelation,
  processAvailable: boolean,
): StaffApplicationAbilities {
  return staffAbilities(abilityInputs(actor, a, relation, processAvailable));
}

/**
 * Refuses an action the actor may not do, whatever the status: 403 FORBIDDEN, or 409 when the
 * refusal comes from the record's state rather than the actor (someone took the application
 * first; the consultation was answered already).
 */
export function checkActor(action: StaffActionName, actor: Actor, a: StaffFacts, relation: StaffRelation): void {
  const inputs = abilityInputs(actor, a, relation, true);
  if (actorMay(action, inputs)) return;
  if (action === 'assign' && actorMay('assign', { ...inputs, hasAssignee: false }))
    throw new AppError('APPLICATION_ALREADY_ASSIGNED', { reason: 'already_assigned' });
  if (action === 'consultant-review' && relation.consultation && !relation.consultation.open)
    throw new AppError('APPLICATION_ACTION_NOT_ALLOWED', { reason: 'no_open_consultation', action });
  throw new AppError('FORBIDDEN', { action });
}

/** A supervisor assigns anyone; a clerk only themselves. */
export const maySupervise = (actor: Actor): boolean =>
  can(actor, 'applicationsStaffOwnEdit') && can(actor, 'CAN_ASSIGN_APPLICATION');
