import { buildPermissionSet, type PermissionSet, type UserType } from '@ghiseu/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db.js';

/**
 * Extra permission keys for a user beyond the grants of their role. The accounts module
 * registers the source that walks functions → responsibilities → permissions; keeping the
 * registry here lets `users/me`, the guard and the policies share one computation.
 *
 * A source is SQL, not a function that queries: given the user's id and the organisation they
 * work in (SQL expressions), it returns a `text[]` expression. That lets the session lookup
 * read session, user and permissions in one query on every request (no process cache: a
 * change made through another server instance takes effect on the very next request).
 */
export interface PermissionSource {
  keys(userId: SQL, organisationId: SQL): SQL;
}

const sources = new Set<PermissionSource>();
let version = 0;

/** Idempotent: registering the same source twice (several test apps in one process) adds it once. */
export function registerPermissionSource(source: PermissionSource): void {
  if (sources.has(source)) return;
  sources.add(source);
  version++;
}

/** Changes whenever a source is added, so that statements built from the sources are rebuilt. */
export const permissionSourcesVersion = (): number => version;

/** The `text[]` of every registered source's keys, for the given user and organisation. */
export function permissionKeysSql(userId: SQL, organisationId: SQL): SQL<string[]> {
  const parts = [...sources].map((source) => source.keys(userId, organisationId));
  if (parts.length === 0) return sql<string[]>`'{}'::text[]`;
  return sql<string[]>`(${sql.join(parts, sql` || `)})`;
}

export async function computePermissions(
  db: Db,
  user: { id: number; userType: UserType; organisationId: number | null },
): Promise<PermissionSet> {
  const keys = permissionKeysSql(sql`${user.id}::integer`, sql`${user.organisationId}::integer`);
  const result = (await db.execute(sql`select ${keys} as keys`)) as unknown as { rows: { keys: string[] }[] };
  return buildPermissionSet(user.userType, result.rows[0].keys);
}
