import { Button, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconAlertTriangle, IconCircleCheck, IconCircleX, IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { ACCENT_COLORS } from '../colors';
import { DIALOG_WIDTH } from './dialog-size';
import { demandOverlayHosts } from './overlay-demand';

/** The four alert kinds of spec §8. */
export type AlertType = 'error' | 'warning' | 'success' | 'info';

/** Options of `alertDialog`. */
export interface AlertDialogOptions {
  /** One of error, warning, success, info; anything else is shown as an error (spec §8). */
  type: AlertType | (string & {});
  /** Dialog title. */
  title: string;
  /** Explanation shown under the title. */
  message: ReactNode;
  /** Label of the single button (default 'Închideți'). */
  buttonLabel?: string;
}

const ALERT_TYPES: readonly AlertType[] = ['error', 'warning', 'success', 'info'];

/** Maps any value to a known alert type; unknown values become 'error' (spec §8). */
export function normalizeAlertType(type: unknown): AlertType {
  return ALERT_TYPES.includes(type as AlertType) ? (type as AlertType) : 'error';
}

/** Icon and colour per type; the accent colours keep the icon above 3:1 against the light background. */
const LOOK: Record<AlertType, { color: string; icon: ReactNode; label: string }> = {
  error: { color: ACCENT_COLORS.error, icon: <IconCircleX aria-hidden />, label: 'Eroare' },
  warning: { color: ACCENT_COLORS.warning, icon: <IconAlertTriangle aria-hidden />, label: 'Atenție' },
  success: { color: ACCENT_COLORS.success, icon: <IconCircleCheck aria-hidden />, label: 'Succes' },
  info: { color: ACCENT_COLORS.info, icon: <IconInfoCircle aria-hidden />, label: 'Informație' },
};

let alertSequence = 0;

/**
 * Shows a one-button alert and resolves when it is closed (by the button, Escape or the close
 * icon). Default width 32rem (spec §9). Opens once the dialog host is mounted
 * (`DeferredOverlayHosts` in the app, the test providers).
 */
export async function alertDialog({ type, title, message, buttonLabel = 'Închideți' }: AlertDialogOptions): Promise<void> {
  const kind = normalizeAlertType(type);
  const look = LOOK[kind];
  alertSequence += 1;
  const modalId = `alert-dialog-${alertSequence}`;
  await demandOverlayHosts();
  return new Promise<void>((resolve) => {
    modals.open({
      modalId,
      title,
      size: DIALOG_WIDTH,
      closeButtonProps: { 'aria-label': 'Închideți fereastra' },
      centered: true,
      onClose: () => resolve(),
      children: (
        <Stack gap="md" data-alert-type={kind}>
          <Group wrap="nowrap" align="flex-start" gap="sm">
            <ThemeIcon variant="light" color={look.color} size="lg" radius="xl" aria-label={look.label} role="img">
              {look.icon}
            </ThemeIcon>
            <Text size="sm" style={{ flex: 1 }}>
              {message}
            </Text>
          </Group>
          <Group justify="flex-end">
            <Button data-autofocus onClick={() => modals.close(modalId)}>
              {buttonLabel}
            </Button>
          </Group>
        </Stack>
      ),
    });
  });
}
