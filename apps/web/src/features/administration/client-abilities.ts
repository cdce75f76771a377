import type { CurrentUser, PermissionKey } from '@ghiseu/domain';
import type { OrganisationRecord } from './api/organisations';

/**
 * Abilities the administration screens need but the server does not send yet. Every record the
 * UI acts on should carry `abilities` (STYLE.md item 4); until these arrive they are read here,
 * in one place, from the server's own rules (`administration/policy.ts`), and the server still
 * decides: a refused call shows its message. Requested from the server team:
 *
 * - `GET /organisations` and `GET /organisations/{id}`: the organisation `abilities`
 *   (`canEdit`, `canEditJurisdiction`, `canDelete`, `canEditUsefulLinks`) plus `canWorkIn`
 *   (delegated sign-in) — the writes already answer them, and the detail screen prefers those;
 * - a list-level `canCreate` for organisations (only the super administrator creates them,
 *   although the admin role also holds `organisationsCreate`);
 * - on staff accounts, `canChangeRole` and `canGrantAdminRole`.
 */

type Can = (...keys: PermissionKey[]) => boolean;

const isSuperAdmin = (user: Pick<CurrentUser, 'user_type_name'> | null) => user?.user_type_name === 'super_admin';

export interface OrganisationAbilities {
  canEdit: boolean;
  canEditJurisdiction: boolean;
  canDelete: boolean;
  canEditUsefulLinks: boolean;
}

/** The record's own abilities when a write answered them, else the policy's reading. */
export function organisationAbilities(
  record: OrganisationRecord,
  user: Pick<CurrentUser, 'user_type_name' | 'organisation_id'> | null,
  can: Can,
): OrganisationAbilities {
  if (record.abilities) return record.abilities;
  const canEdit = can('organisationsEdit') && (isSuperAdmin(user) || record.id === user?.organisation_id);
  return {
    canEdit,
    canEditJurisdiction: canEdit && isSuperAdmin(user),
    // The server also needs the organisation to have no users; it says so (CANNOT_DELETE_ORGANISATION).
    canDelete: isSuperAdmin(user) && can('organisationsDestroy'),
    canEditUsefulLinks: canEdit,
  };
}

/** Creating organisations: the super administrator only (policy `mayCreateOrganisation`). */
export const mayCreateOrganisations = (user: Pick<CurrentUser, 'user_type_name'> | null, can: Can): boolean =>
  isSuperAdmin(user) && can('organisationsCreate');

/** Delegated sign-in: the super administrator only (policy `mayDelegate`). */
export const mayWorkInOtherOrganisations = (user: Pick<CurrentUser, 'user_type_name'> | null): boolean => isSuperAdmin(user);

/** Handing out the admin role or the organisation-admin flag (policy `mayGrantAdminRole`). */
export const mayGrantAdminRole = (user: Pick<CurrentUser, 'user_type_name'> | null): boolean =>
  user?.user_type_name === 'admin' || isSuperAdmin(user);

/** Lists that span every organisation for a super administrator show and filter the organisation. */
export const seesEveryOrganisation = (user: Pick<CurrentUser, 'user_type_name'> | null): boolean => isSuperAdmin(user);
