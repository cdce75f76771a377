import { hasAnyPermission } from '@ghiseu/domain';
import type { Actor } from '../../../platform/auth/actor.js';

/**
 * Who reads the delivery log: holders of `notificationsTemplateRead` (the super administrator).
 * The log spans every organisation, so no organisation scope applies; nobody else reads it.
 */
export const mayReadDeliveries = (actor: Actor): boolean => hasAnyPermission(actor.permissions, ['notificationsTemplateRead']);
