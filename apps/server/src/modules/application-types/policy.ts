import { type Actor, can } from '../../platform/auth/actor.js';
import { inScope } from '../../platform/auth/scope.js';

/**
 * Object rules of application types (spec §6: configuration of the super administrator through
 * `applicationTypeRead`). Staff and organisation administrators read their own organisation's
 * types (their screens filter and re-type applications by them); a super administrator reads
 * and edits every organisation's. Types of another organisation answer 404 (ADR 0008).
 */

export const mayReadApplicationType = (actor: Actor, organisationId: number): boolean => inScope(actor, organisationId);

export const mayEditApplicationType = (actor: Actor, organisationId: number): boolean =>
  can(actor, 'applicationTypeRead') && inScope(actor, organisationId);

export function applicationTypeAbilities(actor: Actor, type: { organisationId: number; applicationCount: number }) {
  const canEdit = mayEditApplicationType(actor, type.organisationId);
  // Types with applications are history: deactivate them instead.
  return { canEdit, canDelete: canEdit && type.applicationCount === 0 };
}
