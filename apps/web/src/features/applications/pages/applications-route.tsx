import { lazy } from 'react';

/**
 * The /applications route module, kept tiny: the route guards run once it is loaded, so a visitor
 * who is sent to sign-in does not wait for the list's table and filters. The list itself loads
 * next, behind the layout's Suspense fallback.
 */
export const ApplicationsRoutePage = lazy(() =>
  import('./applications-page').then((module) => ({ default: module.ApplicationsPage })),
);
