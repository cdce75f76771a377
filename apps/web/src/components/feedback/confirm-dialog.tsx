import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { DIALOG_WIDTH } from './dialog-size';
import { demandOverlayHosts } from './overlay-demand';
import { showToast } from './toast';

/** Options of `confirmDialog`. */
export interface ConfirmDialogOptions {
  /** Dialog title, e.g. 'Deconectare'. */
  title: string;
  /** The question, e.g. 'Sigur doriți să vă deconectați?'. */
  message: string;
  /** Label of the confirming button (default 'Da'). */
  confirmLabel?: string;
  /** Label of the refusing button (default 'Nu'). */
  cancelLabel?: string;
  /** Paint the confirming button red, for destructive actions. */
  destructive?: boolean;
}

/**
 * Asks a yes/no question (spec §8: logout, password reset, delete-all…). Resolves `true` only
 * when the user confirms; cancelling, pressing Escape or closing the dialog resolve `false`, so
 * callers can simply `if (!(await confirmDialog(...))) return;`.
 * Opens once the dialog host is mounted (`DeferredOverlayHosts` in the app, the test providers).
 */
export async function confirmDialog({
  title,
  message,
  confirmLabel = 'Da',
  cancelLabel = 'Nu',
  destructive = false,
}: ConfirmDialogOptions): Promise<boolean> {
  await demandOverlayHosts();
  return new Promise<boolean>((resolve) => {
    // A promise settles once, so the later onClose after onConfirm/onCancel is harmless.
    modals.openConfirmModal({
      title,
      size: DIALOG_WIDTH,
      closeButtonProps: { 'aria-label': 'Închideți fereastra' },
      centered: true,
      children: <Text size="sm">{message}</Text>,
      labels: { confirm: confirmLabel, cancel: cancelLabel },
      // Destructive questions start on 'Nu', so a hasty Enter does not delete anything.
      confirmProps: destructive ? { color: 'red.9' } : { 'data-autofocus': true },
      cancelProps: destructive ? { 'data-autofocus': true } : undefined,
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });
}

/** Options of `confirmAndRun`: the destructive question, the action and what to say after it. */
export interface ConfirmAndRunOptions extends Omit<ConfirmDialogOptions, 'destructive'> {
  action: () => Promise<unknown>;
  /** The success toast. */
  success: string;
  /** Shows a failure (the feature's error handler). */
  onError: (error: unknown) => void;
}

/**
 * Asks a destructive question (deleting a record…), then runs the action and says how it went:
 * a success toast, or the feature's error handler. Resolves `true` when the action ran and
 * succeeded.
 */
export async function confirmAndRun({ action, success, onError, ...question }: ConfirmAndRunOptions): Promise<boolean> {
  if (!(await confirmDialog({ ...question, destructive: true }))) return false;
  try {
    await action();
  } catch (error) {
    onError(error);
    return false;
  }
  showToast('success', success);
  return true;
}
