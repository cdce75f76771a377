import { ActionIcon, Indicator, Loader, Popover } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resetMessageWindow } from '../../features/notifications/api/user-messages';
import { useUserMessagesStream } from '../../features/notifications/api/user-messages-stream';
import { useSession } from '../../lib/session';
import { useHasUnreadNotifications } from './shell-signals';

/** The dropdown's list: its own chunk, loaded the first time the bell opens. */
const BellList = lazy(() => import('../../features/notifications/components/bell-list').then((m) => ({ default: m.BellList })));

/**
 * The notification bell of the top bar (spec §2): the unread dot (an unread message younger than
 * 30 minutes), the live stream that lights it, and the dropdown with the messages. Closing the
 * dropdown returns the list to its default window (one month ago → tomorrow).
 */
export function NotificationBell() {
  const { t } = useTranslation('layout');
  const { user } = useSession();
  const client = useQueryClient();
  const unread = useHasUnreadNotifications();
  const [opened, setOpened] = useState(false);
  useUserMessagesStream(user !== null, user?.user_id ?? null);

  const onChange = (next: boolean) => {
    setOpened(next);
    if (!next) resetMessageWindow(client);
  };

  return (
    <Popover position="bottom-end" width={360} shadow="md" withinPortal opened={opened} onChange={onChange} trapFocus returnFocus>
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          color="dark.7"
          size="lg"
          aria-label={unread ? t('notifications.labelUnread') : t('notifications.label')}
          aria-expanded={opened}
          aria-haspopup="dialog"
          data-testid="notification-bell"
          data-unread={unread || undefined}
          onClick={() => onChange(!opened)}
        >
          <Indicator disabled={!unread} color="red.8" size={9} offset={3} processing={false} data-testid="notification-dot">
            <IconBell size={22} aria-hidden />
          </Indicator>
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown p="xs" data-testid="notification-dropdown" aria-label={t('notifications.title')}>
        {opened ? (
          <Suspense fallback={<Loader size="sm" aria-label={t('notifications.loading')} />}>
            <BellList onNavigate={() => onChange(false)} />
          </Suspense>
        ) : null}
      </Popover.Dropdown>
    </Popover>
  );
}
