import { Burger, Button, Group, NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { LANGUAGES } from '../../lib/i18n';
import { useSession } from '../../lib/session';
import { getStoredLanguage } from '../../lib/storage';
import type { MenuMode } from '../routing/route-meta';
import { BRAND_TARGET } from './menu';
import { NotificationBell, UserPanel } from './signed-in-chrome-lazy';

export interface AppHeaderProps {
  mode: MenuMode;
  /** Burger state on small screens; no burger when there is no menu. */
  menuOpened?: boolean;
  onToggleMenu?: () => void;
  withMenu: boolean;
}

function Brand({ mode }: { mode: MenuMode }) {
  const { t } = useTranslation('layout');
  return (
    <Link to={BRAND_TARGET[mode]} className="brand-link" aria-label={t('brand.home')} data-testid="brand-link">
      <svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="6" fill="#14213D" />
        <path d="M8 23V12l8-5 8 5v11h-5v-6h-6v6z" fill="#FCA311" />
      </svg>
      <span className="brand-text">
        <span className="brand-name">{t('brand.name')}</span>
        <span className="brand-tagline">{t('brand.tagline')}</span>
      </span>
    </Link>
  );
}

/** The top bar (spec §2): brand, language select, notification bell and the user panel. */
export function AppHeader({ mode, menuOpened = false, onToggleMenu, withMenu }: AppHeaderProps) {
  const { t } = useTranslation('layout');
  const { user } = useSession();
  const { pathname } = useLocation();

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        {withMenu ? (
          <Burger
            opened={menuOpened}
            onClick={onToggleMenu}
            hiddenFrom="md"
            size="sm"
            aria-label={menuOpened ? t('menu.close') : t('menu.open')}
            aria-expanded={menuOpened}
            aria-controls="main-menu"
            data-testid="menu-burger"
          />
        ) : null}
        <Brand mode={mode} />
      </Group>
      <Group gap="xs" wrap="nowrap">
        <NativeSelect
          aria-label={t('language')}
          data={LANGUAGES.map((language) => ({ ...language }))}
          defaultValue={getStoredLanguage()}
          size="xs"
          visibleFrom="xs"
          data-testid="language-select"
        />
        {user ? (
          <>
            <NotificationBell />
            <UserPanel user={user} />
          </>
        ) : pathname !== '/auth/signin' ? (
          <Button component={Link} to="/auth/signin" size="sm" data-testid="header-signin">
            {t('signIn')}
          </Button>
        ) : null}
      </Group>
    </Group>
  );
}
