import { isSimpleStaff, isStaffType, type PermissionKey, ROLE_GRANTS, type UserType } from '@ghiseu/domain';
import { type Actor, can } from '../../platform/auth/actor.js';
import { inScope, isSuperAdmin, organisationScope } from '../../platform/auth/scope.js';

/**
 * Object rules of the administration module, written once (STYLE.md item 4). Route-level
 * permission keys say *what* an actor may do; these rules say *on which records*, on top of the
 * tenant scope of `platform/auth/scope.ts` (super administrator everywhere, everybody else
 * inside the organisation they work in).
 *
 * The same functions compute the `abilities` sent with every record, so the web app never
 * re-derives a rule.
 */

/* ───────────────────────────── Organisations ───────────────────────────── */

/** Only a super administrator creates organisations: an admin acts inside their own only. */
export const mayCreateOrganisation = (actor: Actor): boolean => isSuperAdmin(actor) && can(actor, 'organisationsCreate');

export const mayEditOrganisation = (actor: Actor, organisationId: number): boolean =>
  can(actor, 'organisationsEdit') && inScope(actor, organisationId);

/**
 * Type, status, test flag and territory decide the tenant's jurisdiction and visibility: an
 * organisation admin may edit the rest of their organisation's card, not these.
 */
export const mayEditOrganisationJurisdiction = (actor: Actor): boolean => isSuperAdmin(actor) && can(actor, 'organisationsEdit');

export const mayDeleteOrganisation = (actor: Actor): boolean => isSuperAdmin(actor) && can(actor, 'organisationsDestroy');

export const JURISDICTION_FIELDS = ['type', 'status', 'is_test', 'county_id', 'uat_id', 'locality_id'] as const;

/** `userCount` matters only to whoever may delete (a super administrator); others may pass 0. */
export function organisationAbilities(actor: Actor | null, organisation: { id: number; userCount: number }) {
  if (!actor)
    return { canEdit: false, canEditJurisdiction: false, canDelete: false, canEditUsefulLinks: false, canWorkIn: false };
  const canEdit = mayEditOrganisation(actor, organisation.id);
  return {
    canEdit,
    canEditJurisdiction: canEdit && mayEditOrganisationJurisdiction(actor),
    canDelete: mayDeleteOrganisation(actor) && organisation.userCount === 0,
    canEditUsefulLinks: canEdit,
    canWorkIn: mayDelegate(actor) && organisation.id !== actor.organisationId,
  };
}

/** The reader's abilities beside the organisation list (an anonymous reader has none). */
export const organisationListAbilities = (actor: Actor | null) => ({
  canCreate: actor !== null && mayCreateOrganisation(actor),
  canAdministerAll: actor !== null && organisationScope(actor).kind === 'all',
});

/* ───────────────────────────── Departments and functions ───────────────────────────── */

export function departmentAbilities(actor: Actor, department: { organisationId: number; userCount: number }) {
  const canEdit = can(actor, 'departmentsEdit') && inScope(actor, department.organisationId);
  return { canEdit, canDelete: canEdit && department.userCount === 0 };
}

/** System functions are created with the organisation and never edited or deleted. */
export function functionAbilities(actor: Actor, fn: { organisationId: number; isSystem: boolean; userCount: number }) {
  const canEdit = can(actor, 'functionsEdit') && inScope(actor, fn.organisationId) && !fn.isSystem;
  return { canEdit, canDelete: canEdit && fn.userCount === 0 };
}

/* ───────────────────────────── Responsibilities and permissions ───────────────────────────── */

/** Responsibilities shared by every organisation (no organisation) are read by all, edited by super admins. */
export function mayReadResponsibility(actor: Actor, organisationId: number | null): boolean {
  return organisationId === null || inScope(actor, organisationId);
}

export function responsibilityAbilities(actor: Actor, responsibility: { organisationId: number | null; functionCount: number }) {
  const canEdit =
    can(actor, 'responsibilityEdit') &&
    (responsibility.organisationId === null ? isSuperAdmin(actor) : inScope(actor, responsibility.organisationId));
  return { canEdit, canDelete: canEdit && responsibility.functionCount === 0 };
}

/**
 * Keys that only the super administrator's role holds (system configuration, permissions,
 * payment registry…). An organisation admin may not put them into a responsibility: that would
 * let them grant themselves super-administrator powers through a function.
 */
export const SUPER_ADMIN_ONLY_KEYS: ReadonlySet<PermissionKey> = new Set(
  ROLE_GRANTS.super_admin.filter(
    (key) => !(Object.keys(ROLE_GRANTS) as UserType[]).some((role) => role !== 'super_admin' && ROLE_GRANTS[role].includes(key)),
  ),
);

/**
 * Whether the actor may grant `key` through a responsibility of `organisationId`: a super
 * administrator any key; others not the super-admin-only keys, and only in the organisations
 * the permission record lists (an empty list means every organisation).
 */
export function mayGrantPermission(
  actor: Actor,
  key: PermissionKey,
  definition: { organisationIds: readonly number[] } | undefined,
  organisationId: number | null,
): boolean {
  if (isSuperAdmin(actor)) return true;
  if (SUPER_ADMIN_ONLY_KEYS.has(key)) return false;
  const allowed = definition?.organisationIds ?? [];
  return allowed.length === 0 || (organisationId !== null && allowed.includes(organisationId));
}

/** The permission catalogue (spec §3 permission records) is managed by the super administrator only. */
export const mayEditPermissions = (actor: Actor): boolean => isSuperAdmin(actor) && can(actor, 'permissionsRead');

/* ───────────────────────────── Staff accounts ───────────────────────────── */

export interface StaffAccountFacts {
  id: number;
  userType: UserType;
  organisationId: number | null;
  status: 'active' | 'inactive' | 'pending';
}

/** Staff accounts are the staff roles (spec §6: super_admin, admin, staff) of an organisation in scope. */
export const mayReadStaffAccount = (actor: Actor, target: StaffAccountFacts): boolean =>
  isStaffType(target.userType) && inScope(actor, target.organisationId);

/**
 * Only an admin or the super administrator hands out the admin role or the organisation-admin
 * flag, or manages an admin's account: a staff member trusted with `accountsEdit` through a
 * responsibility must not be able to make themselves (or a mailbox they control) an admin.
 */
export const mayGrantAdminRole = (actor: Actor): boolean => actor.userType === 'admin' || isSuperAdmin(actor);

/** Nobody but a super administrator changes a super administrator's account; only admins an admin's. */
export const mayEditStaffAccount = (actor: Actor, target: StaffAccountFacts): boolean =>
  can(actor, 'accountsEdit') &&
  mayReadStaffAccount(actor, target) &&
  (target.userType !== 'super_admin' || isSuperAdmin(actor)) &&
  (target.userType !== 'admin' || mayGrantAdminRole(actor));

export function staffAccountAbilities(actor: Actor, target: StaffAccountFacts) {
  const canEdit = mayEditStaffAccount(actor, target);
  const self = actor.userId === target.id;
  return {
    canEdit,
    // Not oneself: an admin who deletes or deactivates their own account locks the organisation out.
    canDelete: canEdit && !self,
    canActivate: canEdit && !self && target.status !== 'active',
    canDeactivate: canEdit && !self && target.status !== 'inactive',
    canResetPassword: canEdit && target.status !== 'inactive',
    canAssignUats: canEdit && can(actor, 'territorialUnitAllocationsEdit'),
    canChangeRole: mayChangeRole(actor, target),
    canGrantAdminRole: canEdit && mayGrantAdminRole(actor),
  };
}

/** The reader's abilities beside the staff account list: inviting into their organisation. */
export const staffAccountListAbilities = (actor: Actor) => ({
  canInvite: mayInviteStaff(actor, actor.organisationId),
  canGrantAdminRole: mayGrantAdminRole(actor),
});

/**
 * Changing the role (staff ↔ admin): not one's own (an admin demoting themselves locks the
 * organisation out) and never a super administrator's.
 */
export const mayChangeRole = (actor: Actor, target: StaffAccountFacts): boolean =>
  mayEditStaffAccount(actor, target) && target.id !== actor.userId && target.userType !== 'super_admin';

/** Staff invite only staff and admins; super administrators are not created through the portal. */
export const mayInviteStaff = (actor: Actor, organisationId: number | null): boolean =>
  can(actor, 'accountsEdit') && organisationId !== null && inScope(actor, organisationId);

/* ───────────────────────────── Delegated sign-in ───────────────────────────── */

/** Spec §4: a super administrator can sign in to a delegated organisation. */
export const mayDelegate = (actor: Actor): boolean => isSuperAdmin(actor);

/* ───────────────────────────── Enrollment ───────────────────────────── */

/** Staff and admins enroll their identity before signing (spec §4, §6). */
export const mayEnroll = (actor: Actor): boolean => isSimpleStaff(actor.userType);

export interface EnrollmentFacts {
  userId: number;
  organisationId: number | null;
  status: 'pending' | 'approved' | 'rejected';
}

/** The enrolled person, or whoever reads the staff accounts of their organisation. */
export const mayReadEnrollment = (actor: Actor, enrollment: EnrollmentFacts): boolean =>
  enrollment.userId === actor.userId || (can(actor, 'accountsRead') && inScope(actor, enrollment.organisationId));

/** An admin of the organisation or a super admin reviews; nobody reviews their own enrollment. */
export function enrollmentAbilities(actor: Actor, enrollment: EnrollmentFacts) {
  const canReview =
    enrollment.status === 'pending' &&
    enrollment.userId !== actor.userId &&
    can(actor, 'accountsEdit') &&
    inScope(actor, enrollment.organisationId);
  return { canApprove: canReview, canReject: canReview };
}
