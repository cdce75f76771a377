import { buildPermissionSet, hasAnyPermission, type PermissionKey, type UserType } from '@ghiseu/domain';
import { describe, expect, it } from 'vitest';
import type { OrganisationRecord } from './api/organisations';
import {
  mayCreateOrganisations,
  mayGrantAdminRole,
  mayWorkInOtherOrganisations,
  organisationAbilities,
} from './client-abilities';

const canOf = (role: UserType) => {
  const set = buildPermissionSet(role);
  return (...keys: PermissionKey[]) => hasAnyPermission(set, keys);
};
const organisation = { id: 1 } as OrganisationRecord;

describe('abilities read until the server sends them', () => {
  it("prefer the record's own abilities (answered by a write)", () => {
    const abilities = { canEdit: false, canEditJurisdiction: false, canDelete: false, canEditUsefulLinks: false };
    expect(
      organisationAbilities(
        { ...organisation, abilities },
        { user_type_name: 'super_admin', organisation_id: 1 },
        canOf('super_admin'),
      ),
    ).toBe(abilities);
  });

  it('an organisation admin edits their own card, not its jurisdiction, and deletes nothing', () => {
    const admin = { user_type_name: 'admin' as const, organisation_id: 1 };
    expect(organisationAbilities(organisation, admin, canOf('admin'))).toEqual({
      canEdit: true,
      canEditJurisdiction: false,
      canDelete: false,
      canEditUsefulLinks: true,
    });
    expect(organisationAbilities({ ...organisation, id: 2 }, admin, canOf('admin')).canEdit).toBe(false);
  });

  it('the super administrator edits everything, creates, deletes and works in other organisations', () => {
    const superAdmin = { user_type_name: 'super_admin' as const, organisation_id: 1 };
    expect(organisationAbilities({ ...organisation, id: 2 }, superAdmin, canOf('super_admin'))).toEqual({
      canEdit: true,
      canEditJurisdiction: true,
      canDelete: true,
      canEditUsefulLinks: true,
    });
    expect(mayCreateOrganisations(superAdmin, canOf('super_admin'))).toBe(true);
    expect(mayCreateOrganisations({ user_type_name: 'admin' }, canOf('admin'))).toBe(false);
    expect(mayWorkInOtherOrganisations(superAdmin)).toBe(true);
    expect(mayWorkInOtherOrganisations({ user_type_name: 'admin' })).toBe(false);
  });

  it('only admins hand out the admin role', () => {
    expect(mayGrantAdminRole({ user_type_name: 'admin' })).toBe(true);
    expect(mayGrantAdminRole({ user_type_name: 'staff' })).toBe(false);
    expect(mayGrantAdminRole(null)).toBe(false);
  });
});
