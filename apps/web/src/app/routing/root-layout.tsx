import { lazy, Suspense, useEffect } from 'react';
import { Outlet, ScrollRestoration, useNavigate, useNavigation } from 'react-router';
import { TopProgressBar } from '../../components/feedback/top-progress-bar';
import { registerNavigator } from '../../lib/app-events';
import { useSession } from '../../lib/session';
import { RouteGuard } from './route-guard';
import { usePageTitleAndFocus } from './use-page-focus';

const SessionExpiredModal = lazy(() =>
  import('../../features/auth/components/session-expired-modal').then((m) => ({ default: m.SessionExpiredModal })),
);

/**
 * The root of every route: top progress bar during navigation, the guard chain, the
 * session-expired modal, title and focus management, and the navigator used by the API client
 * to reach /500.
 */
export function RootLayout() {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const { sessionExpired } = useSession();
  usePageTitleAndFocus();

  useEffect(() => {
    registerNavigator((to, options) => {
      void navigate(to, { replace: options?.replace });
    });
    return () => registerNavigator(null);
  }, [navigate]);

  return (
    <>
      <TopProgressBar active={navigation.state !== 'idle'} />
      <RouteGuard>
        <Outlet />
      </RouteGuard>
      {sessionExpired ? (
        <Suspense fallback={null}>
          <SessionExpiredModal />
        </Suspense>
      ) : null}
      <ScrollRestoration />
    </>
  );
}
