import type { CurrentUser, PermissionSet } from '@ghiseu/domain';
import { AccordionChevron, Badge, Button, Group, NavLink, ScrollArea, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { MenuMode } from '../routing/route-meta';
import { CREATE_REQUEST, type MenuCounterKey, type MenuUser, type ResolvedMenuEntry, resolveMenu } from './menu';
import { MENU_ICONS } from './menu-icons';
import { useMenuCounters } from './shell-signals';

export function toMenuUser(user: CurrentUser): MenuUser {
  return {
    permissions: user.permissions as PermissionSet,
    user_type_name: user.user_type_name,
    is_organisation_admin: user.is_organisation_admin,
    organisation_id: user.organisation_id,
  };
}

/** True when `to` (path plus optional query) is the current page or one of its sub-pages. */
export function isActivePath(to: string | undefined, pathname: string): boolean {
  if (!to) return false;
  const path = to.split('?')[0];
  return pathname === path || (path !== '/home' && pathname.startsWith(`${path}/`));
}

const containsActive = (entry: ResolvedMenuEntry, pathname: string): boolean =>
  isActivePath(entry.to, pathname) || (entry.children ?? []).some((child) => containsActive(child, pathname));

interface EntryProps {
  entry: ResolvedMenuEntry;
  pathname: string;
  counters: ReturnType<typeof useMenuCounters>;
  onNavigate?: () => void;
}

/** The counters of a group's entries that have a value above zero, in the menu's order. */
export function groupCounters(
  entry: ResolvedMenuEntry,
  counters: ReturnType<typeof useMenuCounters>,
): { key: MenuCounterKey; count: number }[] {
  return (entry.children ?? []).flatMap((child) => {
    const count = child.counter ? counters[child.counter] : undefined;
    return child.counter && count ? [{ key: child.counter, count }] : [];
  });
}

/**
 * The header of a group with counted entries shows their sum, so that work waiting inside a
 * collapsed group is seen; screen readers hear each counter in words ("3 cereri alocate, 1 de
 * verificat") as part of the header's name. The chevron is drawn here so the badge does not turn.
 */
function GroupCounter({
  counted,
  opened,
  groupId,
}: {
  counted: { key: MenuCounterKey; count: number }[];
  opened: boolean;
  groupId: string;
}) {
  const { t } = useTranslation('layout');
  const total = counted.reduce((sum, item) => sum + item.count, 0);
  return (
    <Group gap={6} wrap="nowrap">
      {/* A circle holds one digit; longer counts get a pill, so "10" is never cut to "1…". */}
      <Badge size="sm" variant="filled" circle={total < 10} aria-hidden data-testid={`menu-group-counter-${groupId}`}>
        {total}
      </Badge>
      <VisuallyHidden data-testid={`menu-group-counter-label-${groupId}`}>
        {counted.map((item) => t(`menu.counters.${item.key}`, { count: item.count })).join(', ')}
      </VisuallyHidden>
      <AccordionChevron
        aria-hidden
        style={{
          transform: opened ? 'none' : 'rotate(-90deg)',
          transition: 'transform 200ms ease',
        }}
      />
    </Group>
  );
}

function MenuGroup({ entry, pathname, counters, onNavigate }: EntryProps) {
  const { t } = useTranslation('layout');
  const [opened, setOpened] = useState(() => containsActive(entry, pathname));
  const childrenId = `menu-group-${entry.id}`;
  const counted = groupCounters(entry, counters);
  return (
    <NavLink
      component="button"
      type="button"
      label={t(`menu.${entry.id}`)}
      leftSection={MENU_ICONS[entry.id]}
      rightSection={counted.length > 0 ? <GroupCounter counted={counted} opened={opened} groupId={entry.id} /> : undefined}
      disableRightSectionRotation={counted.length > 0}
      opened={opened}
      onChange={setOpened}
      aria-expanded={opened}
      aria-controls={childrenId}
      keepMounted
      data-testid={`menu-${entry.id}`}
    >
      <div id={childrenId}>
        {entry.children?.map((child) => (
          <MenuEntryLink key={child.id} entry={child} pathname={pathname} counters={counters} onNavigate={onNavigate} />
        ))}
      </div>
    </NavLink>
  );
}

function MenuEntryLink({ entry, pathname, counters, onNavigate }: EntryProps) {
  const { t } = useTranslation('layout');
  if (entry.children) return <MenuGroup entry={entry} pathname={pathname} counters={counters} onNavigate={onNavigate} />;
  const active = isActivePath(entry.to, pathname);
  const count = entry.counter ? counters[entry.counter] : undefined;
  return (
    <NavLink
      component={Link}
      to={entry.to ?? '/home'}
      label={t(`menu.${entry.id}`)}
      leftSection={MENU_ICONS[entry.id]}
      active={active}
      aria-current={active ? 'page' : undefined}
      onClick={onNavigate}
      data-testid={`menu-${entry.id}`}
      rightSection={
        count ? (
          <Badge
            size="sm"
            variant="filled"
            circle={count < 10}
            aria-label={t('menu.counter', { count })}
            data-testid={`menu-counter-${entry.counter}`}
          >
            {count}
          </Badge>
        ) : undefined
      }
    />
  );
}

export interface AsideMenuProps {
  mode: MenuMode;
  user: CurrentUser;
  /** Called after a link is followed (closes the menu on small screens). */
  onNavigate?: () => void;
}

/** The side menu of spec §2 for the current mode, filtered by the user's permissions. */
export function AsideMenu({ mode, user, onNavigate }: AsideMenuProps) {
  const { t } = useTranslation('layout');
  const { pathname } = useLocation();
  const counters = useMenuCounters();
  const menuUser = toMenuUser(user);
  const sections = resolveMenu(mode, menuUser);
  const canCreate = mode === 'default' && (CREATE_REQUEST.permissions ?? []).some((key) => menuUser.permissions[key]);

  return (
    <Stack gap="xs" h="100%" data-testid="aside-menu" data-menu-mode={mode}>
      {canCreate ? (
        <Button
          component={Link}
          to={CREATE_REQUEST.to as string}
          leftSection={MENU_ICONS.createRequest}
          fullWidth
          onClick={onNavigate}
          data-testid="menu-createRequest"
        >
          {t('menu.createRequest')}
        </Button>
      ) : null}
      <ScrollArea type="auto" style={{ flex: 1 }} offsetScrollbars>
        {sections.map((section) => (
          <div key={section.id} data-testid={`menu-section-${section.id}`}>
            {section.heading ? (
              <Text
                component="h2"
                id={`menu-section-${section.id}`}
                size="xs"
                fw={700}
                tt="uppercase"
                c="gray.7"
                px="sm"
                pt="sm"
                pb={4}
                m={0}
              >
                {t(`menu.section.${section.id}`)}
              </Text>
            ) : null}
            <ul
              aria-labelledby={section.heading ? `menu-section-${section.id}` : undefined}
              style={{ listStyle: 'none', padding: 0, margin: '0 0 var(--mantine-spacing-sm)' }}
            >
              {section.entries.map((entry) => (
                <li key={entry.id}>
                  <MenuEntryLink entry={entry} pathname={pathname} counters={counters} onNavigate={onNavigate} />
                </li>
              ))}
            </ul>
          </div>
        ))}
      </ScrollArea>
    </Stack>
  );
}
