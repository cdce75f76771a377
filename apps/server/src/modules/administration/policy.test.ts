import { buildPermissionSet, type UserType } from '@ghiseu/domain';
import { describe, expect, it } from 'vitest';
import type { Actor } from '../../platform/auth/actor.js';
import { inScope, organisationScope, targetOrganisation } from '../../platform/auth/scope.js';
import {
  departmentAbilities,
  enrollmentAbilities,
  functionAbilities,
  mayChangeRole,
  mayCreateOrganisation,
  mayDelegate,
  mayDeleteOrganisation,
  mayEditOrganisationJurisdiction,
  mayEnroll,
  mayGrantAdminRole,
  mayGrantPermission,
  mayInviteStaff,
  mayReadEnrollment,
  mayReadResponsibility,
  mayReadStaffAccount,
  organisationAbilities,
  organisationListAbilities,
  responsibilityAbilities,
  staffAccountAbilities,
  staffAccountListAbilities,
  SUPER_ADMIN_ONLY_KEYS,
} from './policy.js';
import { identityProblems } from './enrollment-service.js';
import { parseUsefulLinksCsv } from './useful-links.js';

/** An actor of a role working in an organisation, with the grants of the role plus `extra`. */
function actor(userType: UserType, organisationId: number | null = 1, extra: string[] = [], userId = 100): Actor {
  return {
    userId,
    userType,
    email: `${userType}@test.ro`,
    organisationId,
    homeOrganisationId: organisationId,
    isOrganisationAdmin: userType === 'admin',
    permissions: buildPermissionSet(userType, extra),
    sessionId: 1,
  };
}

const admin = actor('admin', 1);
const superAdmin = actor('super_admin', 1);
const staff = actor('staff', 1);
const citizen = actor('citizen', null);

describe('organisation scope', () => {
  it('gives the super admin every organisation and others their own', () => {
    expect(organisationScope(superAdmin)).toEqual({ kind: 'all' });
    expect(organisationScope(admin)).toEqual({ kind: 'organisation', organisationId: 1 });
    expect(organisationScope(citizen)).toEqual({ kind: 'none' });
    expect(inScope(admin, 1)).toBe(true);
    expect(inScope(admin, 2)).toBe(false);
    expect(inScope(admin, null)).toBe(false);
    expect(inScope(superAdmin, 2)).toBe(true);
    expect(inScope(citizen, 1)).toBe(false);
  });

  it('uses the delegated organisation of a super admin as the default target', () => {
    const delegated = { ...superAdmin, organisationId: 7 };
    expect(targetOrganisation(delegated, undefined)).toEqual({ allowed: true, organisationId: 7 });
    expect(targetOrganisation(delegated, 3)).toEqual({ allowed: true, organisationId: 3 });
    expect(targetOrganisation(admin, 3)).toEqual({ allowed: false, organisationId: null });
    expect(targetOrganisation(admin, 1)).toEqual({ allowed: true, organisationId: 1 });
  });
});

describe('organisations', () => {
  it('lets only the super admin create, delete and change the jurisdiction', () => {
    expect(mayCreateOrganisation(superAdmin)).toBe(true);
    expect(mayCreateOrganisation(admin)).toBe(false);
    expect(mayDeleteOrganisation(admin)).toBe(false);
    expect(mayEditOrganisationJurisdiction(admin)).toBe(false);
    expect(organisationAbilities(admin, { id: 1, userCount: 3 })).toEqual({
      canEdit: true,
      canEditJurisdiction: false,
      canDelete: false,
      canEditUsefulLinks: true,
      canWorkIn: false,
    });
    expect(organisationAbilities(admin, { id: 2, userCount: 0 }).canEdit).toBe(false);
    expect(organisationAbilities(superAdmin, { id: 2, userCount: 0 })).toMatchObject({
      canDelete: true,
      canEditJurisdiction: true,
      canWorkIn: true,
    });
    // Delegated sign-in goes elsewhere: not into the organisation one already works in.
    expect(organisationAbilities(superAdmin, { id: 1, userCount: 1 }).canWorkIn).toBe(false);
    expect(organisationAbilities(null, { id: 1, userCount: 0 })).toEqual({
      canEdit: false,
      canEditJurisdiction: false,
      canDelete: false,
      canEditUsefulLinks: false,
      canWorkIn: false,
    });
    expect(organisationListAbilities(superAdmin)).toEqual({ canCreate: true, canAdministerAll: true });
    expect(organisationListAbilities(admin)).toEqual({ canCreate: false, canAdministerAll: false });
    expect(organisationListAbilities(null)).toEqual({ canCreate: false, canAdministerAll: false });
    expect(organisationAbilities(superAdmin, { id: 2, userCount: 1 }).canDelete).toBe(false);
    expect(organisationAbilities(staff, { id: 1, userCount: 1 }).canEdit).toBe(false);
  });
});

describe('departments and functions', () => {
  it('allow edits inside the scope with the permission, deletes when unused', () => {
    expect(departmentAbilities(admin, { organisationId: 1, userCount: 0 })).toEqual({ canEdit: true, canDelete: true });
    expect(departmentAbilities(admin, { organisationId: 1, userCount: 2 })).toEqual({ canEdit: true, canDelete: false });
    expect(departmentAbilities(admin, { organisationId: 2, userCount: 0 }).canEdit).toBe(false);
    expect(departmentAbilities(staff, { organisationId: 1, userCount: 0 }).canEdit).toBe(false);
    // A staff member given the permission through a function acts inside their organisation only.
    const editor = actor('staff', 1, ['departmentsEdit']);
    expect(departmentAbilities(editor, { organisationId: 1, userCount: 0 }).canEdit).toBe(true);
    expect(departmentAbilities(editor, { organisationId: 2, userCount: 0 }).canEdit).toBe(false);
  });

  it('never allow editing a system function', () => {
    expect(functionAbilities(superAdmin, { organisationId: 1, isSystem: true, userCount: 0 })).toEqual({
      canEdit: false,
      canDelete: false,
    });
    expect(functionAbilities(admin, { organisationId: 1, isSystem: false, userCount: 1 })).toEqual({
      canEdit: true,
      canDelete: false,
    });
  });
});

describe('responsibilities and permissions', () => {
  it('lets everybody read shared responsibilities and only the super admin edit them', () => {
    expect(mayReadResponsibility(admin, null)).toBe(true);
    expect(mayReadResponsibility(admin, 2)).toBe(false);
    expect(responsibilityAbilities(admin, { organisationId: null, functionCount: 0 }).canEdit).toBe(false);
    expect(responsibilityAbilities(superAdmin, { organisationId: null, functionCount: 0 })).toEqual({
      canEdit: true,
      canDelete: true,
    });
    expect(responsibilityAbilities(admin, { organisationId: 1, functionCount: 2 })).toEqual({ canEdit: true, canDelete: false });
  });

  it('keeps super-admin-only keys away from organisation admins', () => {
    expect(SUPER_ADMIN_ONLY_KEYS.has('permissionsRead')).toBe(true);
    expect(SUPER_ADMIN_ONLY_KEYS.has('systemConfig')).toBe(true);
    expect(SUPER_ADMIN_ONLY_KEYS.has('accountsRead')).toBe(false);
    expect(SUPER_ADMIN_ONLY_KEYS.has('controlRead')).toBe(false);
    expect(mayGrantPermission(admin, 'permissionsRead', undefined, 1)).toBe(false);
    expect(mayGrantPermission(superAdmin, 'permissionsRead', undefined, 1)).toBe(true);
    expect(mayGrantPermission(admin, 'CAN_ASSIGN_APPLICATION', undefined, 1)).toBe(true);
  });

  it('honours the organisations listed on a permission record', () => {
    expect(mayGrantPermission(admin, 'controlEdit', { organisationIds: [2] }, 1)).toBe(false);
    expect(mayGrantPermission(admin, 'controlEdit', { organisationIds: [1, 2] }, 1)).toBe(true);
    expect(mayGrantPermission(admin, 'controlEdit', { organisationIds: [] }, 1)).toBe(true);
  });
});

describe('staff accounts', () => {
  const target = (
    over: Partial<{
      id: number;
      userType: UserType;
      organisationId: number | null;
      status: 'active' | 'inactive' | 'pending';
    }> = {},
  ) => ({
    id: 5,
    userType: 'staff' as UserType,
    organisationId: 1,
    status: 'active' as const,
    ...over,
  });

  it('reads staff roles of the scope only', () => {
    expect(mayReadStaffAccount(admin, target())).toBe(true);
    expect(mayReadStaffAccount(admin, target({ organisationId: 2 }))).toBe(false);
    expect(mayReadStaffAccount(superAdmin, target({ organisationId: 2 }))).toBe(true);
    expect(mayReadStaffAccount(superAdmin, target({ userType: 'citizen' }))).toBe(false);
    expect(mayReadStaffAccount(admin, target({ userType: 'archiver' }))).toBe(false);
  });

  it('computes the abilities: not oneself, not a super admin, reset only when not inactive', () => {
    expect(staffAccountAbilities(admin, target())).toEqual({
      canEdit: true,
      canDelete: true,
      canActivate: false,
      canDeactivate: true,
      canResetPassword: true,
      canAssignUats: true,
      canChangeRole: true,
      canGrantAdminRole: true,
    });
    expect(staffAccountAbilities(admin, target({ status: 'inactive' }))).toMatchObject({
      canActivate: true,
      canResetPassword: false,
    });
    expect(staffAccountAbilities(admin, target({ id: admin.userId }))).toMatchObject({
      canEdit: true,
      canDelete: false,
      canDeactivate: false,
    });
    expect(staffAccountAbilities(admin, target({ userType: 'super_admin' })).canEdit).toBe(false);
    expect(staffAccountAbilities(superAdmin, target({ userType: 'super_admin', id: 9 })).canEdit).toBe(true);
    // A staff member managing accounts through a function manages staff, not admins.
    const manager = actor('staff', 1, ['accountsRead', 'accountsEdit']);
    expect(staffAccountAbilities(manager, target()).canEdit).toBe(true);
    expect(staffAccountAbilities(manager, target({ userType: 'admin' })).canEdit).toBe(false);
    expect(mayGrantAdminRole(manager)).toBe(false);
    expect(staffAccountAbilities(manager, target()).canGrantAdminRole).toBe(false);
    expect(staffAccountListAbilities(manager)).toEqual({ canInvite: true, canGrantAdminRole: false });
    expect(staffAccountListAbilities(admin)).toEqual({ canInvite: true, canGrantAdminRole: true });
    expect(mayGrantAdminRole(admin)).toBe(true);
    const reader = actor('staff', 1, ['accountsRead']);
    expect(staffAccountAbilities(reader, target()).canEdit).toBe(false);
    expect(mayChangeRole(admin, target({ id: admin.userId }))).toBe(false);
    expect(mayChangeRole(admin, target())).toBe(true);
    expect(staffAccountAbilities(admin, target({ id: admin.userId })).canChangeRole).toBe(false);
    expect(staffAccountAbilities(superAdmin, target({ userType: 'super_admin', id: 9 })).canChangeRole).toBe(false);
  });

  it('invites only into the scope', () => {
    expect(mayInviteStaff(admin, 1)).toBe(true);
    expect(mayInviteStaff(admin, 2)).toBe(false);
    expect(mayInviteStaff(admin, null)).toBe(false);
    expect(mayInviteStaff(staff, 1)).toBe(false);
  });
});

describe('delegation and enrollment', () => {
  it('lets only the super admin delegate, and staff and admins enroll', () => {
    expect(mayDelegate(superAdmin)).toBe(true);
    expect(mayDelegate(admin)).toBe(false);
    expect(mayEnroll(staff)).toBe(true);
    expect(mayEnroll(admin)).toBe(true);
    expect(mayEnroll(citizen)).toBe(false);
  });

  it('shows an enrollment to its owner and reviewers of the organisation; nobody reviews their own', () => {
    const own = { userId: staff.userId, organisationId: 1, status: 'pending' as const };
    expect(mayReadEnrollment(staff, own)).toBe(true);
    expect(mayReadEnrollment(actor('staff', 1, [], 55), own)).toBe(false);
    expect(mayReadEnrollment(actor('admin', 2, [], 56), own)).toBe(false);
    expect(enrollmentAbilities(actor('admin', 1, [], 57), own)).toEqual({ canApprove: true, canReject: true });
    expect(enrollmentAbilities(actor('admin', 1, [], staff.userId), own).canApprove).toBe(false);
    expect(enrollmentAbilities(actor('admin', 1, [], 57), { ...own, status: 'approved' }).canApprove).toBe(false);
    expect(enrollmentAbilities(actor('super_admin', 9, [], 58), own).canApprove).toBe(true);
  });

  it('lists the profile fields signing lacks', () => {
    const valid = {
      personalNumericCode: '1930909260063',
      idCardSeries: 'MS',
      idCardNumber: '556677',
      idCardIssueDate: '2022-03-15',
      idCardExpiryDate: '2032-03-15',
      idCardIssuer: 'SPCLEP',
    };
    expect(identityProblems(valid, '2026-01-01')).toEqual([]);
    expect(identityProblems({ ...valid, personalNumericCode: '123' }, '2026-01-01')).toEqual(['personal_numeric_code']);
    expect(identityProblems({ ...valid, idCardSeries: ' ' }, '2026-01-01')).toEqual(['id_card_series']);
    expect(identityProblems(valid, '2033-01-01')).toEqual(['id_card_expired']);
    expect(identityProblems(undefined)).toHaveLength(6);
  });
});

describe('useful-links CSV', () => {
  const error = (csv: string) => {
    try {
      parseUsefulLinksCsv(csv);
    } catch (e) {
      return { code: (e as { code: string }).code, data: (e as { data: unknown }).data };
    }
    return null;
  };

  it('parses name,link lines with an optional header, quotes, BOM and CRLF', () => {
    expect(parseUsefulLinksCsv('\uFEFFdenumire,link\r\n"A, B",https://a.ro/x?y=1\r\n\r\nC,https://c.ro\r\n')).toEqual([
      { name: 'A, B', link: 'https://a.ro/x?y=1' },
      { name: 'C', link: 'https://c.ro' },
    ]);
    expect(parseUsefulLinksCsv('')).toEqual([]);
  });

  it('reports the line and the reason', () => {
    expect(error('A,https://a.ro\nB,ftp://b.ro')).toEqual({
      code: 'UTILS_LINKS_CSV_PARSE_ERROR',
      data: { line: 2, reason: 'link' },
    });
    expect(error(',https://a.ro')).toEqual({ code: 'UTILS_LINKS_CSV_PARSE_ERROR', data: { line: 1, reason: 'name' } });
    expect(error('A,https://a.ro,extra')).toEqual({ code: 'UTILS_LINKS_CSV_PARSE_ERROR', data: { line: 1, reason: 'columns' } });
    expect(error('A,javascript:alert(1)')?.data).toEqual({ line: 1, reason: 'link' });
    expect(error(Array.from({ length: 201 }, (_, i) => `L${i},https://a.ro/${i}`).join('\n'))?.data).toEqual({
      line: 0,
      reason: 'too_many',
    });
  });
});
