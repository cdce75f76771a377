import type { Actor } from '../../platform/auth/actor.js';
import type {
  AdminOrganisation,
  Organisation,
  Department,
  EnrollmentRecord,
  OrganisationListAbilities,
  PermissionRecord,
  Responsibility,
  StaffAccount,
  StaffAccountListAbilities,
  StaffFunctionRecord,
} from '@ghiseu/domain';
import {
  departmentAbilities,
  enrollmentAbilities,
  functionAbilities,
  mayEditPermissions,
  organisationAbilities,
  organisationListAbilities,
  responsibilityAbilities,
  staffAccountAbilities,
  staffAccountListAbilities,
} from './policy.js';
import type { EnrollmentRow } from './repository/enrollments.js';
import type { OrganisationRow } from './repository/organisations.js';
import type { PermissionListRow } from './repository/permissions.js';
import type { StaffAccountRow } from './repository/staff.js';
import type { DepartmentRow, FunctionRow, ResponsibilityRow } from './repository/structure.js';

/**
 * Rows → the contracts of `contracts.ts`, each with the abilities the policy computes for the
 * actor who asked.
 */

const iso = (date: Date | null | undefined): string | null => (date ? date.toISOString() : null);

/** An organisation's own fields, as every reader sees them. */
function presentPublicOrganisation(row: OrganisationRow): Organisation {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    status: row.status,
    type: row.type,
    county_id: row.countyId,
    locality_id: row.localityId,
    uat_id: row.uatId,
    is_test: row.isTest,
    logo_file_id: row.logoFileId,
    external_link: row.externalLink,
    citizen_dashboard_visible: row.citizenDashboardVisible,
    payment_order_details: row.paymentOrderDetails,
    useful_links: row.usefulLinks,
  };
}

/** An organisation with the reader's abilities (all false for an anonymous reader of the public reads). */
export function presentOrganisation(actor: Actor | null, row: OrganisationRow, userCount: number): AdminOrganisation {
  return { ...presentPublicOrganisation(row), abilities: organisationAbilities(actor, { id: row.id, userCount }) };
}

/** A page of organisations with the reader's list abilities beside it (create, administer all). */
export function presentOrganisationList<P extends { data: AdminOrganisation[] }>(
  actor: Actor | null,
  page: P,
): P & { abilities: OrganisationListAbilities } {
  return { ...page, abilities: organisationListAbilities(actor) };
}

/** The audit snapshot of an organisation (what a reader of the log needs to see the change). */
export function organisationSnapshot(row: OrganisationRow) {
  const { createdAt: _c, updatedAt: _u, ...rest } = row;
  return rest;
}

export function presentDepartment(actor: Actor, row: DepartmentRow): Department {
  return {
    id: row.id,
    organisation_id: row.organisationId,
    name: row.name,
    description: row.description,
    status: row.status,
    user_count: row.userCount,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    abilities: departmentAbilities(actor, row),
  };
}

export function presentFunction(actor: Actor, row: FunctionRow): StaffFunctionRecord {
  return {
    id: row.id,
    organisation_id: row.organisationId,
    name: row.name,
    description: row.description,
    is_system: row.isSystem,
    system_key: row.systemKey,
    responsibility_ids: row.responsibilities.map((r) => r.id),
    responsibilities: row.responsibilities,
    user_count: row.userCount,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    abilities: functionAbilities(actor, row),
  };
}

export function presentResponsibility(actor: Actor, row: ResponsibilityRow): Responsibility {
  return {
    id: row.id,
    organisation_id: row.organisationId,
    name: row.name,
    description: row.description,
    permissions: row.permissions,
    function_count: row.functionCount,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    abilities: responsibilityAbilities(actor, row),
  };
}

export function presentPermission(actor: Actor, row: PermissionListRow): PermissionRecord {
  return { ...row, abilities: { canEdit: mayEditPermissions(actor) } };
}

/** A page of staff accounts with the reader's list abilities beside it (invite, grant the admin role). */
export function presentStaffAccountList<P extends { data: StaffAccount[] }>(
  actor: Actor,
  page: P,
): P & { abilities: StaffAccountListAbilities } {
  return { ...page, abilities: staffAccountListAbilities(actor) };
}

export function presentStaffAccount(actor: Actor, row: StaffAccountRow): StaffAccount {
  return {
    id: row.id,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    phone: row.phone,
    user_type_name: row.userType,
    status: row.status,
    organisation_id: row.organisationId,
    is_organisation_admin: row.isOrganisationAdmin,
    badge_number: row.badgeNumber,
    badge_issuer: row.badgeIssuer,
    external_enrollment_id: row.externalEnrollmentId,
    enrolled: row.enrolled,
    departments: row.departments,
    functions: row.functions,
    responsibilities: row.responsibilities,
    uats: row.uats,
    created_at: row.createdAt.toISOString(),
    last_login_at: iso(row.lastLoginAt),
    abilities: staffAccountAbilities(actor, row),
  };
}

/** The audit snapshot of a staff account: no secrets, ids of memberships. */
export function staffSnapshot(row: StaffAccountRow) {
  return {
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    phone: row.phone,
    user_type_name: row.userType,
    status: row.status,
    organisation_id: row.organisationId,
    is_organisation_admin: row.isOrganisationAdmin,
    badge_number: row.badgeNumber,
    badge_issuer: row.badgeIssuer,
    external_enrollment_id: row.externalEnrollmentId,
    department_ids: row.departments.map((d) => d.id),
    function_ids: row.functions.map((f) => f.id),
    uat_ids: row.uats.map((u) => u.id),
  };
}

export function presentEnrollment(actor: Actor, row: EnrollmentRow): EnrollmentRecord {
  return {
    id: row.id,
    user_id: row.userId,
    user_name: row.userName,
    user_email: row.userEmail,
    organisation_id: row.organisationId,
    status: row.status,
    identity: row.identity,
    id_document_file_id: row.idDocumentFileId,
    reviewed_by: row.reviewedBy,
    reviewed_at: iso(row.reviewedAt),
    rejection_reason: row.rejectionReason,
    created_at: row.createdAt.toISOString(),
    abilities: enrollmentAbilities(actor, row),
  };
}

export function presentEnrollmentStatus(row: EnrollmentRow) {
  return {
    id: row.id,
    user_id: row.userId,
    status: row.status,
    enrolled: row.userEnrolled,
    rejection_reason: row.rejectionReason,
    created_at: row.createdAt.toISOString(),
    reviewed_at: iso(row.reviewedAt),
  };
}
