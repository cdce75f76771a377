import type { CurrentUser } from '@ghiseu/domain';
import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconBellCog, IconChevronDown, IconKey, IconLogout, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { confirmDialog } from '../../components/feedback/confirm-dialog';
import { resetOwnPassword } from '../../features/auth/own-password-reset';
import { AdministrationUserMenuItems, DelegationMark } from '../../features/administration/components/delegation/user-menu-items';
import { displayName, useSession } from '../../lib/session';

function initials(user: CurrentUser): string {
  const letters = [user.first_name, user.last_name].map((part) => part?.trim()[0] ?? '').join('');
  return (letters || user.email[0] || '?').toUpperCase();
}

/**
 * The user panel of the top bar (spec §2): name, staff functions, profile link, password reset,
 * notification settings and logout, each sensitive action behind a yes/no warning (spec §8).
 */
export function UserPanel({ user }: { user: CurrentUser }) {
  const { t } = useTranslation('layout');
  const { signOut } = useSession();
  const navigate = useNavigate();
  const name = displayName(user);

  const onResetPassword = async () => {
    const confirmed = await confirmDialog({
      title: t('user.resetPassword.title'),
      message: t('user.resetPassword.question'),
      confirmLabel: t('common:yes'),
      cancelLabel: t('common:no'),
    });
    if (!confirmed) return;
    await resetOwnPassword();
  };

  const onLogout = async () => {
    const confirmed = await confirmDialog({
      title: t('user.logout.title'),
      message: t('user.logout.question'),
      confirmLabel: t('common:yes'),
      cancelLabel: t('common:no'),
    });
    if (!confirmed) return;
    await signOut();
    navigate('/auth/signin', { replace: true });
  };

  return (
    <Menu position="bottom-end" width={280} shadow="md" withinPortal>
      <Menu.Target>
        <UnstyledButton
          aria-label={t('user.open', { name })}
          data-testid="user-menu"
          px={4}
          py={4}
          style={{ borderRadius: 'var(--mantine-radius-sm)' }}
        >
          <Group gap="xs" wrap="nowrap">
            <Avatar color="navy" radius="xl" size="md" aria-hidden>
              {initials(user)}
            </Avatar>
            <Text size="sm" fw={600} visibleFrom="sm" maw={180} truncate="end" data-testid="user-name">
              {name}
            </Text>
            <DelegationMark />
            <IconChevronDown size={16} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={700} c="dark.9">
            {name}
          </Text>
          <Text size="xs" c="gray.7">
            {user.email}
          </Text>
          {user.functions.length > 0 ? (
            <Text size="xs" c="gray.7" mt={4} data-testid="user-functions">
              {user.functions.map((fn) => fn.name).join(', ')}
            </Text>
          ) : null}
        </Menu.Label>
        <Menu.Divider />
        <AdministrationUserMenuItems />
        <Menu.Item
          component={Link}
          to="/profile"
          leftSection={<IconUser size={16} aria-hidden />}
          data-testid="user-menu-profile"
        >
          {t('user.profile')}
        </Menu.Item>
        <Menu.Item
          leftSection={<IconKey size={16} aria-hidden />}
          onClick={onResetPassword}
          data-testid="user-menu-reset-password"
        >
          {t('user.resetPassword.action')}
        </Menu.Item>
        <Menu.Item
          component={Link}
          to="/notifications"
          leftSection={<IconBellCog size={16} aria-hidden />}
          data-testid="user-menu-notifications"
        >
          {t('user.notificationSettings')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item
          color="red.8"
          leftSection={<IconLogout size={16} aria-hidden />}
          onClick={onLogout}
          data-testid="user-menu-logout"
        >
          {t('user.logout.action')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
