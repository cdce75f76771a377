import { lazy } from 'react';
import { getStoredToken } from '../../../lib/storage';

const loadPage = () => import('./applications-page');

// With a stored session the list will most likely be shown: fetch its chunk now, beside the
// session check, instead of after it (one round trip less before the list appears). A visitor
// without a token is sent to sign-in and fetches nothing more.
if (getStoredToken()) void loadPage().catch(() => {});

/**
 * The /applications route module, kept tiny: the route guards run once it is loaded, so a visitor
 * who is sent to sign-in does not wait for the list's table and filters. The list itself loads
 * next, behind the layout's Suspense fallback (already on its way when a session is stored).
 */
export const ApplicationsRoutePage = lazy(() => loadPage().then((module) => ({ default: module.ApplicationsPage })));
