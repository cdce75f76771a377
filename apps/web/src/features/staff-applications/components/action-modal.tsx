import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Notice } from '../../../components/page/notice';

export interface ActionModalProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** What the action does, above the fields. */
  intro?: ReactNode;
  /** The fields of the action. */
  children?: ReactNode;
  submitLabel: string;
  /**
   * Checks the fields (react-hook-form's trigger); false keeps the modal open on the errors.
   * Without it there is nothing to check.
   */
  validate?: () => Promise<boolean>;
  /**
   * An irreversible action asks this question after the fields are valid, inside the modal,
   * before anything is sent.
   */
  confirmQuestion?: string;
  /** Sends the action; a thrown error is shown in the modal (the 409 of a changed status too). */
  perform: () => Promise<void>;
  /** Paints the submit red (reject, refuse the visa). */
  destructive?: boolean;
  /** The error of the last attempt, in Romanian (set by the caller from the catalogue). */
  error: string | null;
  pending: boolean;
  testId: string;
}

/**
 * The shell of every staff action that needs input (spec §4 actions): a modal with the fields, a
 * confirmation step for the irreversible ones, the server's refusal in Romanian, and the submit
 * and cancel buttons. The caller owns the fields and what happens after success (toast, close).
 */
export function ActionModal({
  opened,
  onClose,
  title,
  intro,
  children,
  submitLabel,
  validate,
  confirmQuestion,
  perform,
  destructive = false,
  error,
  pending,
  testId,
}: ActionModalProps) {
  const { t } = useTranslation('staff-applications');
  const [confirming, setConfirming] = useState(false);

  useEffect(() => {
    if (opened) setConfirming(false);
  }, [opened]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (validate && !(await validate())) return;
    if (confirmQuestion && !confirming) {
      setConfirming(true);
      return;
    }
    await perform();
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': t('actions.closeWindow') }}
    >
      <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={title} data-testid={`${testId}-form`}>
        <Stack gap="md">
          {intro ? <Text size="sm">{intro}</Text> : null}
          {error ? (
            <Notice tone="error" data-testid={`${testId}-error`}>
              {error}
            </Notice>
          ) : null}
          <div hidden={confirming}>
            <Stack gap="md">{children}</Stack>
          </div>
          {confirming ? (
            <Notice tone="warning" data-testid={`${testId}-confirm`}>
              {confirmQuestion}
            </Notice>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={confirming ? () => setConfirming(false) : onClose}>
              {confirming ? t('actions.back') : t('actions.cancel')}
            </Button>
            <Button type="submit" color={destructive ? 'red.9' : undefined} loading={pending} data-testid={`${testId}-submit`}>
              {confirming ? t('actions.confirm', { action: submitLabel }) : submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
