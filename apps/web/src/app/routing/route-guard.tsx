import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageLoader } from '../../components/feedback/page-loader';
import { useValidationTokenCheck } from '../../features/auth/api/check-validation-token';
import { useRouteHandle } from '../../lib/route-handle';
import { useSession } from '../../lib/session';
import { getStoredToken } from '../../lib/storage';
import { type GuardSession, HOME_PATH, profileGate, profileGateBounce, resolveRedirectStep, tokenToVerify } from './guards';
import type { RouteMeta } from './route-meta';

/**
 * Applies the guard chain of spec §2 to the current route: follows the first redirect, waits
 * for the token check of token-verification routes, otherwise renders the route. The session
 * has finished initialising before any route renders (see `App`).
 */
export function RouteGuard({ children }: { children: ReactNode }) {
  const meta = useRouteHandle<RouteMeta>();
  const location = useLocation();
  const { user, pendingLogin } = useSession();
  const base: GuardSession = { user, pendingLogin, tokenCheck: 'idle', storedToken: getStoredToken() };
  const token = meta?.verifyToken ? tokenToVerify(base, location) : null;
  const tokenCheck = useValidationTokenCheck(token, Boolean(meta?.verifyToken));

  if (!meta) return children;
  const redirect = resolveRedirectStep({ ...base, tokenCheck }, meta, location);
  // The profile gate's '/' is home: go there directly with the reason, which home shows.
  if (redirect?.guard === profileGate && user)
    return <Navigate to={HOME_PATH} replace state={profileGateBounce(user, location)} />;
  if (redirect) return <Navigate to={redirect.to} replace />;
  if (meta.verifyToken && tokenCheck === 'checking') return <PageLoader />;
  return children;
}
