import { eq, type SQL } from 'drizzle-orm';
import { beneficiaries } from '../../db/schema/index.js';
import { type Actor, can } from '../../platform/auth/actor.js';

/**
 * Object rules of the beneficiaries module (STYLE.md item 4), applied to single records and to
 * the register list alike:
 *
 * - a draft's beneficiaries are changed by whoever may change the draft: the applications
 *   module's guard (`ownDraft`) decides which drafts, these rules only the abilities shown;
 * - the register is personal: a user sees and changes only the beneficiaries they saved.
 */

/** Abilities of a beneficiary on a draft the actor may change. */
export function draftBeneficiaryAbilities(actor: Actor) {
  const canEdit = can(actor, 'applicationsEdit');
  return { canEdit, canDelete: canEdit };
}

/** Whether a register entry is the actor's own (anything else answers like a missing one). */
export const ownsRegisterEntry = (actor: Actor, row: { ownerUserId: number | null }): boolean => row.ownerUserId === actor.userId;

/** {@link ownsRegisterEntry} as the condition of the register list. */
export const registerCondition = (actor: Actor): SQL => eq(beneficiaries.ownerUserId, actor.userId);

export function registerAbilities(actor: Actor, row: { ownerUserId: number | null }) {
  const canEdit = ownsRegisterEntry(actor, row) && can(actor, 'beneficiariesEdit');
  return { canEdit, canDelete: canEdit };
}
