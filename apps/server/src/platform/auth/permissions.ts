import { buildPermissionSet, type PermissionSet, type UserType } from '@ghiseu/domain';
import type { Db } from '../db.js';

/**
 * Extra permission keys for a user beyond the grants of their role. The accounts module
 * registers the source that walks functions → responsibilities → permissions; keeping the
 * registry here lets `users/me`, the guard and the policies share one computation.
 */
export type PermissionSource = (
  db: Db,
  user: { id: number; userType: UserType; organisationId: number | null },
) => Promise<string[]>;

const sources = new Set<PermissionSource>();

/** Idempotent: registering the same source twice (several test apps in one process) adds it once. */
export function registerPermissionSource(source: PermissionSource): void {
  sources.add(source);
}

export async function computePermissions(
  db: Db,
  user: { id: number; userType: UserType; organisationId: number | null },
): Promise<PermissionSet> {
  const extra: string[] = [];
  for (const source of sources) extra.push(...(await source(db, user)));
  return buildPermissionSet(user.userType, extra);
}
