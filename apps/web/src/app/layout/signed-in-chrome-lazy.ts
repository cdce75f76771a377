import { lazy } from 'react';

let loading: Promise<typeof import('./signed-in-chrome')> | null = null;

/**
 * Loads the signed-in parts of the shell (once). The app starts it as soon as a stored session
 * token exists and on the first interaction with a public page (a sign-in is likely to follow),
 * so that it is there when the shell needs it.
 */
export function loadSignedInChrome(): Promise<typeof import('./signed-in-chrome')> {
  loading ??= import('./signed-in-chrome').catch((error: unknown) => {
    // A failed load (network) is tried again next time instead of failing forever.
    loading = null;
    throw error;
  });
  return loading;
}

/*
 * Lazy components of the shell; the app layout renders them under one Suspense boundary with the
 * rest of the shell, so the shell appears whole (no element moves when the chunk arrives).
 */
export const AsideMenu = lazy(() => loadSignedInChrome().then((m) => ({ default: m.AsideMenu })));
export const NotificationBell = lazy(() => loadSignedInChrome().then((m) => ({ default: m.NotificationBell })));
export const UserPanel = lazy(() => loadSignedInChrome().then((m) => ({ default: m.UserPanel })));
