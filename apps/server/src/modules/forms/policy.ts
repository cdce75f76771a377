import { type Actor, can } from '../../platform/auth/actor.js';

/**
 * Object rules of the form interfaces (spec §6: super administrator only, through `formsRead`
 * and `formsCreate`). The same rules compute the abilities sent with each record, so the builder
 * never re-derives them.
 */

/** Creating, editing, publishing and deleting forms: the `formsCreate` key (the catalogue has no separate edit key). */
export const mayEditForms = (actor: Actor): boolean => can(actor, 'formsCreate');

export interface FormFacts {
  fieldCount: number;
  hasUnpublishedChanges: boolean;
  usage: { applicationTypes: number; applications: number };
}

export function formAbilities(actor: Actor, form: FormFacts) {
  const canEdit = mayEditForms(actor);
  return {
    canEdit,
    // Publishing an empty draft or the same definition again would only add noise to the versions.
    canPublish: canEdit && form.fieldCount > 0 && form.hasUnpublishedChanges,
    canDelete: canEdit && form.usage.applicationTypes === 0 && form.usage.applications === 0,
  };
}
