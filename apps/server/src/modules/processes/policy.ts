import { EDITABLE_PROCESS_STATUSES, type ProcessStatus } from '@ghiseu/domain';
import { type Actor, can } from '../../platform/auth/actor.js';

/**
 * Object rules of workflow processes (spec §6: process editor and steps are the super
 * administrator's, through processEditorRead / Create / Edit). A published process is frozen:
 * runs point at its steps (spec §4: edit only draft or not published).
 */

export const mayCreateProcesses = (actor: Actor): boolean => can(actor, 'processEditorCreate');
export const mayEditProcesses = (actor: Actor): boolean => can(actor, 'processEditorEdit');

export const isEditable = (status: ProcessStatus): boolean => EDITABLE_PROCESS_STATUSES.includes(status);

export function processAbilities(
  actor: Actor,
  process: { status: ProcessStatus; stepCount: number; applicationTypeCount: number; runCount: number },
) {
  const canEdit = mayEditProcesses(actor) && isEditable(process.status);
  return {
    canEdit,
    canPublish: canEdit && process.stepCount > 0,
    canDelete: mayEditProcesses(actor) && process.applicationTypeCount === 0 && process.runCount === 0,
  };
}
