import { controlAbilities, type ControlAbilities, type ControlStatus, isStaffType } from '@ghiseu/domain';
import { type Actor, can } from '../../platform/auth/actor.js';
import { inScope, isSuperAdmin, organisationScope, scopeCondition } from '../../platform/auth/scope.js';
import { controls, controlTypes } from '../../db/schema/index.js';

/**
 * Object rules of the controls (issue 15; spec §6 controls are staff only): the route keys are
 * `controlRead` (read and create) and `controlEdit` (edit, the actions, delete a draft); on top
 * of them a control is seen and changed only by staff of its own organisation: another
 * organisation's control answers 404, like a missing one.
 *
 * Control types: `controlTypeRead` (the super administrator's configuration screen) reads and
 * writes the types of every organisation it reaches; staff with `controlRead` read their own
 * organisation's types (the pickers of the control form).
 */

const ownStaff = (actor: Actor, organisationId: number | null): boolean =>
  isStaffType(actor.userType) &&
  !isSuperAdmin(actor) &&
  actor.organisationId !== null &&
  organisationId !== null &&
  actor.organisationId === organisationId;

export const mayReadControl = (actor: Actor, organisationId: number): boolean =>
  can(actor, 'controlRead') && ownStaff(actor, organisationId);

export const mayCreateControl = (actor: Actor): boolean => can(actor, 'controlRead') && ownStaff(actor, actor.organisationId);

export const mayEditControl = (actor: Actor, organisationId: number): boolean =>
  can(actor, 'controlEdit') && ownStaff(actor, organisationId);

/** The list condition: the actor's own organisation (nothing for anyone else). */
export const controlScope = (actor: Actor) =>
  scopeCondition(
    actor.organisationId !== null && !isSuperAdmin(actor)
      ? { kind: 'organisation', organisationId: actor.organisationId }
      : { kind: 'none' },
    controls.organisationId,
  );

export const controlAbilitiesFor = (actor: Actor, organisationId: number, status: ControlStatus): ControlAbilities =>
  controlAbilities(status, mayEditControl(actor, organisationId));

/* Control types */

export const mayManageTypes = (actor: Actor): boolean => can(actor, 'controlTypeRead');

export const mayReadType = (actor: Actor, organisationId: number): boolean =>
  (mayManageTypes(actor) && inScope(actor, organisationId)) || mayReadControl(actor, organisationId);

export const mayWriteType = (actor: Actor, organisationId: number): boolean =>
  mayManageTypes(actor) && inScope(actor, organisationId);

/** The types list condition: the administrator's scope, or the staff member's organisation. */
export const typeScope = (actor: Actor) =>
  mayManageTypes(actor)
    ? scopeCondition(organisationScope(actor), controlTypes.organisationId)
    : scopeCondition(
        actor.organisationId !== null && can(actor, 'controlRead')
          ? { kind: 'organisation', organisationId: actor.organisationId }
          : { kind: 'none' },
        controlTypes.organisationId,
      );
