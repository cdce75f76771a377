import type { ControlDetail } from '@ghiseu/domain';
import { Button, Group } from '@mantine/core';
import { IconCheck, IconFileTypePdf, IconLock, IconClipboardCheck, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { alertDialog } from '../../../components/feedback/alert-dialog';
import { confirmAndRun, confirmDialog } from '../../../components/feedback/confirm-dialog';
import { showToast } from '../../../components/feedback/toast';
import { errorCodeOf } from '../../../lib/api-errors';
import { type ControlStateAction, controlKeys, useControlAction, useDeleteControl } from '../api/controls';
import { showControlError } from '../errors';

/**
 * The actions the server allows on the control (its `abilities`): register, mark as resolved,
 * generate the closing report, close, delete the draft. Generating and closing lock the control,
 * so they ask first; every action names the version on screen, and none runs over unsaved changes
 * of the preparation (the user is asked to save them first).
 */
export function ControlActions({ control, dirty }: { control: ControlDetail; dirty: boolean }) {
  const { t } = useTranslation('controls');
  const client = useQueryClient();
  const navigate = useNavigate();
  const run = useControlAction(control.id);
  const remove = useDeleteControl();
  const { abilities } = control;

  const onAction = async (action: ControlStateAction) => {
    if (dirty) {
      await alertDialog({ type: 'warning', title: t('unsaved.title'), message: t('unsaved.message') });
      return;
    }
    if (action === 'generate-report' || action === 'close') {
      const confirmed = await confirmDialog({
        title: t(`confirm.${action}.title`),
        message: t(`confirm.${action}.message`),
        confirmLabel: t(`confirm.${action}.confirm`),
        cancelLabel: t('actions.cancel'),
      });
      if (!confirmed) return;
    }
    try {
      await run.mutateAsync({ action, version: control.version });
      showToast('success', t(`done.${action}`));
    } catch (error) {
      // A failed report leaves the control in `error` with the reason: show it from the server.
      if (errorCodeOf(error) === 'CLOSING_REPORT_GENERATION_ERROR')
        void client.invalidateQueries({ queryKey: controlKeys.detail(control.id) });
      showControlError(error);
    }
  };

  const onDelete = async () => {
    const deleted = await confirmAndRun({
      title: t('confirm.delete.title'),
      message: t('confirm.delete.message'),
      confirmLabel: t('actions.delete'),
      cancelLabel: t('actions.cancel'),
      success: t('done.delete'),
      action: () => remove.mutateAsync(control.id),
      onError: showControlError,
    });
    if (deleted) navigate('/controls', { replace: true });
  };

  const busy = run.isPending ? run.variables?.action : null;
  const any =
    abilities.can_register || abilities.can_resolve || abilities.can_generate || abilities.can_close || abilities.can_delete;
  if (!any) return null;
  return (
    <Group gap="sm" data-testid="control-actions" role="group" aria-label={t('actions.label')}>
      {abilities.can_register ? (
        <Button
          leftSection={<IconClipboardCheck size={18} aria-hidden />}
          onClick={() => void onAction('register')}
          loading={busy === 'register'}
          disabled={run.isPending && busy !== 'register'}
          data-testid="action-register"
        >
          {t('actions.register')}
        </Button>
      ) : null}
      {abilities.can_resolve ? (
        <Button
          variant="default"
          leftSection={<IconCheck size={18} aria-hidden />}
          onClick={() => void onAction('resolve')}
          loading={busy === 'resolve'}
          disabled={run.isPending && busy !== 'resolve'}
          data-testid="action-resolve"
        >
          {t('actions.resolve')}
        </Button>
      ) : null}
      {abilities.can_generate && control.status !== 'error' ? (
        <Button
          variant="default"
          leftSection={<IconFileTypePdf size={18} aria-hidden />}
          onClick={() => void onAction('generate-report')}
          loading={busy === 'generate-report'}
          disabled={run.isPending && busy !== 'generate-report'}
          data-testid="action-generate"
        >
          {t('actions.generate')}
        </Button>
      ) : null}
      {abilities.can_close ? (
        <Button
          variant="default"
          leftSection={<IconLock size={18} aria-hidden />}
          onClick={() => void onAction('close')}
          loading={busy === 'close'}
          disabled={run.isPending && busy !== 'close'}
          data-testid="action-close"
        >
          {t('actions.closeControl')}
        </Button>
      ) : null}
      {abilities.can_delete ? (
        <Button
          variant="subtle"
          color="red"
          c="red.9"
          leftSection={<IconTrash size={18} aria-hidden />}
          onClick={() => void onDelete()}
          loading={remove.isPending}
          data-testid="action-delete"
        >
          {t('actions.deleteDraft')}
        </Button>
      ) : null}
    </Group>
  );
}

/** The retry of a failed closing report ("Reîncercați generarea"), shown in the error notice. */
export function useRetryGeneration(control: ControlDetail, dirty: boolean) {
  const { t } = useTranslation('controls');
  const run = useControlAction(control.id);
  const client = useQueryClient();
  const retry = async () => {
    if (dirty) {
      await alertDialog({ type: 'warning', title: t('unsaved.title'), message: t('unsaved.message') });
      return;
    }
    if (
      !(await confirmDialog({
        title: t('confirm.generate-report.title'),
        message: t('confirm.generate-report.message'),
        confirmLabel: t('confirm.generate-report.confirm'),
        cancelLabel: t('actions.cancel'),
      }))
    )
      return;
    try {
      await run.mutateAsync({ action: 'generate-report', version: control.version });
      showToast('success', t('done.generate-report'));
    } catch (error) {
      void client.invalidateQueries({ queryKey: controlKeys.detail(control.id) });
      showControlError(error);
    }
  };
  return { retry, pending: run.isPending };
}
