import type { ApplicationStatus } from '@ghiseu/domain';
import { type Actor, can } from '../../../platform/auth/actor.js';
import { inScope } from '../../../platform/auth/scope.js';

/**
 * Object rules of the general registry (spec §2 /register-application, §4 register): the route
 * key is `applicationsRegister`; on top of it, a clerk registers only for their own
 * organisation's types and reaches only their organisation's registered records (another
 * organisation's answer 404, like missing ones). The registry data, the form answers and the
 * slip change only while the record is REGISTERED, that is, until it was sent on (PENDING).
 */

/** Whether the actor may register for (or act on records of) this organisation. */
export const mayUseRegistry = (actor: Actor, organisationId: number): boolean =>
  can(actor, 'applicationsRegister') && inScope(actor, organisationId);

export function registryAbilities(
  actor: Actor,
  record: { organisationId: number; status: ApplicationStatus; kind: 'application' | 'document' },
) {
  const allowed = mayUseRegistry(actor, record.organisationId);
  const registered = allowed && record.status === 'REGISTERED';
  return {
    canEditRegistry: registered,
    canEditForm: registered && record.kind === 'application',
    canSend: registered,
    canInvite: allowed && record.status !== 'DRAFT',
  };
}
