import type { StaffApplication, StaffApplicationAbilities } from '@ghiseu/domain';
import { Button, Group } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDialog } from '../../../components/feedback/confirm-dialog';
import { showToast } from '../../../components/feedback/toast';
import { ApiError } from '../../../lib/api-client';
import { type StaffActionCall, useStaffAction } from '../api/staff-applications';
import { showError } from '../errors';
import { ActionModals, type ModalAction } from './action-modals';
import { DocumentCommands, hasDocumentCommand } from '../../signing';

/** Actions that are only confirmed (no input): they run after a yes/no question. */
type ConfirmAction = 'register' | 'manual-completion' | 'close-application' | 'start-process' | 'staff-review-document';

interface ButtonSpec {
  /** The ability that shows the button (the server's, never recomputed here). */
  ability: keyof StaffApplicationAbilities;
  action: ModalAction | ConfirmAction;
  /** Key of the label under `actions.`. */
  label: string;
  variant?: 'filled' | 'light' | 'outline' | 'default';
  color?: string;
}

/**
 * The buttons in the order a clerk meets them: registration, giving the work, the work itself,
 * the decisions, the end. Which ones show is the record's `abilities` alone.
 */
export const ACTION_BUTTONS: readonly ButtonSpec[] = [
  { ability: 'canRegister', action: 'register', label: 'register', variant: 'filled' },
  { ability: 'canAssign', action: 'assign', label: 'assign', variant: 'light' },
  { ability: 'canAssignReviewer', action: 'assign-reviewer', label: 'assignReviewer', variant: 'light' },
  { ability: 'canSendToConsultant', action: 'send-to-consultant', label: 'sendToConsultant', variant: 'light' },
  { ability: 'canAnswerConsultation', action: 'consultant-review', label: 'answerConsultation', variant: 'filled' },
  { ability: 'canStaffReview', action: 'staff-review', label: 'staffReview', variant: 'filled' },
  { ability: 'canStartProcess', action: 'start-process', label: 'startProcess', variant: 'light' },
  { ability: 'canRequestClarification', action: 'request-clarification', label: 'requestClarification', variant: 'light' },
  { ability: 'canReviewDocument', action: 'staff-review-document', label: 'reviewDocument', variant: 'light' },
  { ability: 'canApprove', action: 'approve', label: 'approve', variant: 'filled' },
  { ability: 'canReject', action: 'reject', label: 'reject', variant: 'filled', color: 'red.9' },
  { ability: 'canVizaReject', action: 'viza-reject', label: 'vizaReject', variant: 'outline', color: 'red.9' },
  { ability: 'canManualComplete', action: 'manual-completion', label: 'manualComplete', variant: 'filled' },
  { ability: 'canClose', action: 'close-application', label: 'close', variant: 'default' },
  { ability: 'canModifyType', action: 'modify-application-type', label: 'modifyType', variant: 'default' },
];

const CONFIRM_ACTIONS: ReadonlySet<string> = new Set<ConfirmAction>([
  'register',
  'manual-completion',
  'close-application',
  'start-process',
  'staff-review-document',
]);

/** The buttons the abilities allow, in order. */
export function visibleActions(abilities: StaffApplicationAbilities): readonly ButtonSpec[] {
  return ACTION_BUTTONS.filter((spec) => abilities[spec.ability]);
}

/**
 * The actions bar of the staff view (spec §4 actions): one button per action the server allows
 * (`abilities`), each opening its modal or asking its question; the record, the lists and the
 * menu counters are refreshed after each.
 */
export function ActionsBar({ application }: { application: StaffApplication }) {
  const { t } = useTranslation('staff-applications');
  const [open, setOpen] = useState<ModalAction | null>(null);
  const action = useStaffAction(application.id);
  const buttons = visibleActions(application.abilities);

  const runConfirmed = async (name: ConfirmAction) => {
    const label = t(`confirm.${name}.title`);
    if (
      !(await confirmDialog({
        title: label,
        message: t(`confirm.${name}.question`),
        confirmLabel: t(`confirm.${name}.yes`),
        cancelLabel: t('actions.cancel'),
      }))
    )
      return;
    const call = { action: name } as StaffActionCall;
    try {
      await action.mutateAsync(call);
      showToast('success', t(`confirm.${name}.done`));
    } catch (error) {
      // Manual completion without an issued document: offer to complete anyway (?force=true).
      if (name === 'manual-completion' && error instanceof ApiError && error.code === 'APPLICATION_NO_OUTPUT_DOCUMENT') {
        const force = await confirmDialog({
          title: t('confirm.force.title'),
          message: t('confirm.force.question'),
          confirmLabel: t('confirm.force.yes'),
          cancelLabel: t('actions.cancel'),
          destructive: true,
        });
        if (!force) return;
        try {
          await action.mutateAsync({ action: 'manual-completion', force: true });
          showToast('success', t('confirm.manual-completion.done'));
        } catch (forced) {
          showError(forced);
        }
        return;
      }
      showError(error);
    }
  };

  if (buttons.length === 0 && !hasDocumentCommand(application.abilities)) return null;
  return (
    <>
      <Group gap="xs" role="group" aria-label={t('actions.label')} data-testid="staff-actions">
        {buttons.map((spec) => {
          const label = spec.action === 'assign' && application.assignee ? t('actions.reassign') : t(`actions.${spec.label}`);
          return (
            <Button
              key={spec.action}
              size="sm"
              variant={spec.variant ?? 'light'}
              color={spec.color}
              loading={action.isPending && action.variables?.action === spec.action}
              onClick={() =>
                CONFIRM_ACTIONS.has(spec.action)
                  ? void runConfirmed(spec.action as ConfirmAction)
                  : setOpen(spec.action as ModalAction)
              }
              data-testid={`action-${spec.action}`}
            >
              {label}
            </Button>
          );
        })}
        {/* The output document's actions (generate, sign, seal, return): features/signing. */}
        <DocumentCommands
          application={application}
          testPrefix="action-document"
          documentPath={`/application/${application.id}/document`}
        />
      </Group>
      <ActionModals application={application} open={open} onClose={() => setOpen(null)} />
    </>
  );
}
