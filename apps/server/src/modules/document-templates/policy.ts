import { type Actor, can } from '../../platform/auth/actor.js';
import { isSuperAdmin } from '../../platform/auth/scope.js';

/**
 * Object rules of document templates (spec §6: super_admin and admin, documentTemplateRead /
 * Create / Edit). A super administrator's template is common (no organisation) and everybody's
 * to use; an administrator's belongs to the organisation they work in. An administrator sees the
 * common templates and their organisation's, edits only their organisation's; a super
 * administrator sees and edits all. Another organisation's template answers 404.
 */

/** The organisation whose templates (besides the common ones) the actor sees; 'all' for a super admin. */
export function templateScope(actor: Actor): number | 'all' | null {
  if (isSuperAdmin(actor)) return 'all';
  return actor.organisationId;
}

export function mayReadTemplate(actor: Actor, template: { organisationId: number | null }): boolean {
  if (isSuperAdmin(actor)) return true;
  return template.organisationId === null || template.organisationId === actor.organisationId;
}

export function mayEditTemplate(actor: Actor, template: { organisationId: number | null }): boolean {
  if (!can(actor, 'documentTemplateEdit')) return false;
  if (isSuperAdmin(actor)) return true;
  return template.organisationId !== null && template.organisationId === actor.organisationId;
}

/** The organisation a new template of the actor belongs to (null: common). */
export function ownerOfNewTemplate(actor: Actor): number | null {
  return isSuperAdmin(actor) ? null : actor.organisationId;
}

export function templateAbilities(actor: Actor, template: { organisationId: number | null; applicationTypeCount: number }) {
  const canEdit = mayEditTemplate(actor, template);
  return { canEdit, canDelete: canEdit && template.applicationTypeCount === 0 };
}
