import type { PermissionKey, PermissionSet, UserType } from '@ghiseu/domain';

/** The signed-in user as every service sees it. */
export interface Actor {
  userId: number;
  userType: UserType;
  email: string;
  /** The organisation the actor works in now: the delegated one for a super admin inside another. */
  organisationId: number | null;
  homeOrganisationId: number | null;
  isOrganisationAdmin: boolean;
  permissions: PermissionSet;
  sessionId: number;
}

export function can(actor: Actor | null | undefined, key: PermissionKey): boolean {
  return actor?.permissions[key] === true;
}
