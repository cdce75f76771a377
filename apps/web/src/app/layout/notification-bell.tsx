import { ActionIcon, Button, Indicator, Popover, Stack, Text } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useHasUnreadNotifications } from './shell-signals';

/** The notification bell of the top bar (spec §2), with its unread dot and its dropdown. */
export function NotificationBell() {
  const { t } = useTranslation('layout');
  const unread = useHasUnreadNotifications();
  return (
    <Popover position="bottom-end" width={300} shadow="md" withinPortal>
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          color="dark.7"
          size="lg"
          aria-label={unread ? t('notifications.labelUnread') : t('notifications.label')}
          data-testid="notification-bell"
          data-unread={unread || undefined}
        >
          <Indicator disabled={!unread} color="red.8" size={9} offset={3} processing={false} data-testid="notification-dot">
            <IconBell size={22} aria-hidden />
          </Indicator>
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <Text size="sm" fw={600}>
            {t('notifications.title')}
          </Text>
          <Text size="sm">{t('notifications.empty')}</Text>
          <Button component={Link} to="/notifications" variant="subtle" size="compact-sm" w="fit-content">
            {t('user.notificationSettings')}
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
