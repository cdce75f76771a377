import { Button, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconAlertTriangle } from '@tabler/icons-react';
import { ACCENT_COLORS } from '../../../components/colors';
import { DIALOG_WIDTH } from '../../../components/feedback/dialog-size';
import { demandOverlayHosts } from '../../../components/feedback/overlay-demand';
import { i18n } from '../../../lib/i18n';
import type { EnrollmentCode } from '../outcomes';

/** Who is signing: a staff member is sent to the enrollment for a missing or stale one. */
export type SignerAudience = 'staff' | 'citizen';

/**
 * Where the alert's button leads (spec §6, §8): the profile for profile problems and for every
 * citizen; the enrollment page for a staff member who is not (or no longer) enrolled.
 */
export function enrollmentRoute(code: EnrollmentCode, audience: SignerAudience): string {
  const profileProblem = code === 'INVALID_PROFILE_FOR_SIGNING' || code === 'SIGNING_NO_PHONE';
  if (audience === 'staff' && !profileProblem) return '/staff-enrollment';
  return '/profile';
}

let alertSequence = 0;

/**
 * The invalid-enrollment alert of spec §8: a warning dialog (title, text, a button to the page
 * that fixes it, and "Închideți"). Resolves when it closes; `navigate` is called when the user
 * takes the button.
 */
export async function showEnrollmentAlert({
  code,
  audience,
  navigate,
}: {
  code: EnrollmentCode;
  audience: SignerAudience;
  navigate: (to: string) => void;
}): Promise<void> {
  const t = i18n.getFixedT('ro', 'signing');
  const route = enrollmentRoute(code, audience);
  alertSequence += 1;
  const modalId = `enrollment-alert-${alertSequence}`;
  await demandOverlayHosts();
  return new Promise<void>((resolve) => {
    modals.open({
      modalId,
      title: t(`enrollment.${code}.title`),
      size: DIALOG_WIDTH,
      centered: true,
      closeButtonProps: { 'aria-label': t('dialog.closeWindow') },
      onClose: () => resolve(),
      children: (
        <Stack gap="md" data-testid="enrollment-alert" data-alert-type="warning">
          <Group wrap="nowrap" align="flex-start" gap="sm">
            <ThemeIcon
              variant="light"
              color={ACCENT_COLORS.warning}
              size="lg"
              radius="xl"
              aria-label={t('enrollment.warning')}
              role="img"
            >
              <IconAlertTriangle aria-hidden />
            </ThemeIcon>
            <Text size="sm" style={{ flex: 1 }}>
              {t(`enrollment.${code}.text`)}
            </Text>
          </Group>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => modals.close(modalId)}>
              {t('dialog.close')}
            </Button>
            <Button
              data-autofocus
              onClick={() => {
                modals.close(modalId);
                navigate(route);
              }}
              data-testid="enrollment-alert-go"
            >
              {t(route === '/profile' ? 'enrollment.toProfile' : 'enrollment.toEnrollment')}
            </Button>
          </Group>
        </Stack>
      ),
    });
  });
}
