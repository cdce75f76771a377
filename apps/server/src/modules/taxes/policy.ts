import { type Actor, can } from '../../platform/auth/actor.js';
import { inScope } from '../../platform/auth/scope.js';

/**
 * Object rules of taxes (spec §6). Tax categories are configuration of the super administrator
 * (`taxCategoryRead`); organisation administrators (`taxesEdit`) read them to pick a category.
 * Taxes belong to an organisation (`taxesEdit`, organisation scope: another organisation's tax
 * answers 404).
 */

export const mayReadCategories = (actor: Actor): boolean => can(actor, 'taxCategoryRead') || can(actor, 'taxesEdit');
export const mayEditCategories = (actor: Actor): boolean => can(actor, 'taxCategoryRead');

export function categoryAbilities(actor: Actor, category: { taxesCount: number; applicationTypeCount: number }) {
  const canEdit = mayEditCategories(actor);
  return { canEdit, canDelete: canEdit && category.taxesCount === 0 && category.applicationTypeCount === 0 };
}

export const mayEditTax = (actor: Actor, organisationId: number): boolean =>
  can(actor, 'taxesEdit') && inScope(actor, organisationId);

export function taxAbilities(actor: Actor, tax: { organisationId: number }) {
  const canEdit = mayEditTax(actor, tax.organisationId);
  return { canEdit, canDelete: canEdit };
}
