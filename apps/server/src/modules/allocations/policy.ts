import { isStaffType } from '@ghiseu/domain';
import { type Actor, can } from '../../platform/auth/actor.js';
import { inScope, organisationScope, scopeCondition } from '../../platform/auth/scope.js';
import { seriesAllocations } from '../../db/schema/index.js';

/**
 * Object rules of the reserved series (spec §6 "Document series allocation: staff and
 * super_admin (create and edit staff only)"): the route keys are
 * `documentSeriesAllocationRead/Create/Edit`; on top of them,
 *
 * - reads stay inside the actor's organisation (a super administrator reads every one);
 *   another organisation's allocation answers 404, like a missing one;
 * - writes are made by staff of the allocation's own organisation only (never by a super
 *   administrator, who reads): create with `…Create`, edit and delete with `…Edit`.
 */

export const readScope = (actor: Actor) => scopeCondition(organisationScope(actor), seriesAllocations.organisationId);

export const mayRead = (actor: Actor, organisationId: number): boolean =>
  can(actor, 'documentSeriesAllocationRead') && inScope(actor, organisationId);

const ownStaff = (actor: Actor, organisationId: number | null): boolean =>
  isStaffType(actor.userType) &&
  actor.userType !== 'super_admin' &&
  actor.organisationId !== null &&
  actor.organisationId === organisationId;

export const mayCreate = (actor: Actor): boolean =>
  can(actor, 'documentSeriesAllocationCreate') && ownStaff(actor, actor.organisationId);

export const mayEdit = (actor: Actor, organisationId: number): boolean =>
  can(actor, 'documentSeriesAllocationEdit') && ownStaff(actor, organisationId);

export const allocationAbilities = (actor: Actor, organisationId: number) => {
  const edit = mayEdit(actor, organisationId);
  return { can_edit: edit, can_delete: edit };
};
