import { buildPermissionSet, type CurrentUser, type UserType } from '@ghiseu/domain';

/** A signed-in, fully confirmed user with the role's grants; override what a test needs. */
export function buildCurrentUser(overrides: Partial<CurrentUser> & { user_type_name?: UserType } = {}): CurrentUser {
  const role = overrides.user_type_name ?? 'citizen';
  return {
    user_id: 7,
    first_name: 'Ioana',
    last_name: 'Mureșan',
    email: 'ioana@example.ro',
    photo: null,
    user_type_name: role,
    account_type: 'personal',
    permissions: buildPermissionSet(role) as Record<string, true>,
    profile_completed: true,
    profile_needs_update: false,
    is_email_confirmed: true,
    is_phone_confirmed: true,
    enrolled: false,
    organisation_id: null,
    is_organisation_admin: false,
    functions: [],
    delegated_from_organisation_id: null,
    ...overrides,
  };
}
