import { hasAnyPermission, type PermissionKey, type PermissionSet } from '@ghiseu/domain';
import { type ReactNode, useMemo } from 'react';
import { useSession } from './session';

export interface Permissions {
  /** The permission object of `users/me` (empty for a visitor). */
  permissions: PermissionSet;
  /** True when the user holds at least one of `keys` (spec §6); no keys allows everyone. */
  can(...keys: PermissionKey[]): boolean;
}

const EMPTY: PermissionSet = {};

export function usePermissions(): Permissions {
  const { user } = useSession();
  const permissions = (user?.permissions as PermissionSet | undefined) ?? EMPTY;
  return useMemo(() => ({ permissions, can: (...keys: PermissionKey[]) => hasAnyPermission(permissions, keys) }), [permissions]);
}

export interface CanProps {
  /** One key or a list: the children render when the user holds at least one. */
  permission: PermissionKey | readonly PermissionKey[];
  children: ReactNode;
  /** Rendered instead when the permission is missing; nothing by default (spec §6: elements are removed). */
  fallback?: ReactNode;
}

/** Removes its children from the page when the user lacks the permission. */
export function Can({ permission, children, fallback = null }: CanProps): ReactNode {
  const { permissions } = usePermissions();
  const keys = typeof permission === 'string' ? [permission] : permission;
  return hasAnyPermission(permissions, keys) ? children : fallback;
}
