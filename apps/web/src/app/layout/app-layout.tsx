import { AppShell } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { PageLoader } from '../../components/feedback/page-loader';
import { useRouteHandle } from '../../lib/route-handle';
import { useSession } from '../../lib/session';
import { resolveMenuMode } from '../routing/guards';
import type { RouteMeta } from '../routing/route-meta';
import { AppFooter } from './app-footer';
import { AppHeader } from './app-header';
import { MaintenanceBanner } from './maintenance-banner';
import { AsideMenu, loadSignedInChrome } from './signed-in-chrome-lazy';
import { SkipLink } from './skip-link';

/**
 * The app shell (spec §2 'Layout and menu'): maintenance banner, header, aside menu in the mode
 * of the current route (signed-in users only; a burger on small screens) and footer (hidden on
 * the atlas). Landmarks: header, nav, main, footer, with a skip link to the content.
 */
export function AppLayout() {
  const { t } = useTranslation('layout');
  const { user } = useSession();
  const meta = useRouteHandle<RouteMeta>();
  const location = useLocation();
  const navigation = useNavigation();
  const mode = resolveMenuMode(meta, location);
  const [menuOpened, { toggle, close }] = useDisclosure(false);
  const withMenu = user !== null;

  // A followed link closes the menu on small screens.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every path change.
  useEffect(() => close(), [location.pathname]);

  // Visitors who touch a public page (type, click) are likely to sign in next: fetch the
  // signed-in parts of the shell then, not during the first paint.
  useEffect(() => {
    if (withMenu) return;
    const preload = () => void loadSignedInChrome().catch(() => {});
    const options = { once: true, capture: true, passive: true } as const;
    window.addEventListener('pointerdown', preload, options);
    window.addEventListener('keydown', preload, options);
    return () => {
      window.removeEventListener('pointerdown', preload, options);
      window.removeEventListener('keydown', preload, options);
    };
  }, [withMenu]);

  // One boundary for the whole shell: the signed-in parts (menu, bell, user panel) are lazy, and
  // the shell is shown once they are there, so that nothing moves when they arrive.
  return (
    <Suspense fallback={<PageLoader minHeight="100vh" />}>
      <SkipLink />
      <AppShell
        header={{ height: 64 }}
        navbar={withMenu ? { width: 280, breakpoint: 'md', collapsed: { mobile: !menuOpened } } : undefined}
        padding="md"
      >
        <AppShell.Header>
          <AppHeader mode={mode} withMenu={withMenu} menuOpened={menuOpened} onToggleMenu={toggle} />
        </AppShell.Header>
        {withMenu ? (
          <AppShell.Navbar p="sm" id="main-menu" aria-label={t('menu.label')}>
            <AsideMenu mode={mode} user={user} onNavigate={close} />
          </AppShell.Navbar>
        ) : null}
        <AppShell.Main
          id="main-content"
          tabIndex={-1}
          className={mode === 'atlas' ? 'app-main app-main--atlas' : 'app-main'}
          aria-busy={navigation.state !== 'idle' || undefined}
        >
          <MaintenanceBanner />
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </AppShell.Main>
        {mode === 'atlas' ? null : <AppFooter withMenu={withMenu} />}
      </AppShell>
    </Suspense>
  );
}
