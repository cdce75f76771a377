import { type AnyColumn, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Actor } from './actor.js';

/**
 * Tenant scope (DESIGN.md §5: organisations are tenants), shared by every module's policy:
 *
 * - a super administrator acts on every organisation;
 * - everybody else acts only inside `actor.organisationId` (the organisation they work in);
 * - records of another organisation are invisible: single reads answer 404 and list queries
 *   carry the same rule as a WHERE condition ({@link scopeCondition}).
 *
 * Object rules particular to a capability stay in that module's `policy.ts`, built on these.
 */

export const isSuperAdmin = (actor: Pick<Actor, 'userType'>): boolean => actor.userType === 'super_admin';

/** The organisations whose records an actor may see and administer. */
export type OrganisationScope = { kind: 'all' } | { kind: 'organisation'; organisationId: number } | { kind: 'none' };

export function organisationScope(actor: Actor): OrganisationScope {
  if (isSuperAdmin(actor)) return { kind: 'all' };
  if (actor.organisationId === null) return { kind: 'none' };
  return { kind: 'organisation', organisationId: actor.organisationId };
}

/** True when a record of `organisationId` lies inside the actor's scope. */
export function inScope(actor: Actor, organisationId: number | null): boolean {
  const scope = organisationScope(actor);
  if (scope.kind === 'all') return true;
  return scope.kind === 'organisation' && organisationId !== null && organisationId === scope.organisationId;
}

/**
 * The scope as a SQL condition on an organisation column, for list queries. `includeShared`
 * also admits rows without an organisation (responsibilities shared by every organisation).
 */
export function scopeCondition(
  scope: OrganisationScope,
  column: AnyColumn,
  options: { includeShared?: boolean } = {},
): SQL | undefined {
  if (scope.kind === 'all') return undefined;
  if (scope.kind === 'none') return options.includeShared ? isNull(column) : sql`false`;
  const own = eq(column, scope.organisationId);
  return options.includeShared ? or(own, isNull(column)) : own;
}

/**
 * The organisation a new record goes to: the one the actor works in, or, for a super
 * administrator only, the one named in the request. `allowed` is false when someone else names
 * another organisation.
 */
export function targetOrganisation(
  actor: Actor,
  requested: number | undefined,
): { allowed: boolean; organisationId: number | null } {
  if (requested === undefined || requested === actor.organisationId)
    return { allowed: true, organisationId: actor.organisationId };
  return isSuperAdmin(actor) ? { allowed: true, organisationId: requested } : { allowed: false, organisationId: null };
}
