import { type Actor, can } from '../../../platform/auth/actor.js';

/**
 * Object rules of notification templates (spec §6: super administrator only). Templates are
 * portal-wide reference data, of no organisation: reading them needs `notificationsTemplateRead`,
 * changing them `notificationsTemplateEdit`.
 */

export const mayReadTemplates = (actor: Actor): boolean => can(actor, 'notificationsTemplateRead');
export const mayEditTemplates = (actor: Actor): boolean => can(actor, 'notificationsTemplateEdit');
