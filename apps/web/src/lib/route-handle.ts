import { useMatches } from 'react-router';

/** The part of a route's `handle` any page may read: its title and the module that brings it. */
export interface RouteHandle {
  /** Key in the `routes` namespace. */
  titleKey: string;
  /** Key in `routes:modules`, for screens that a later module delivers. */
  moduleKey?: string;
}

/** The handle of the deepest matched route that has one, or undefined. */
export function useRouteHandle<H extends RouteHandle = RouteHandle>(): H | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i].handle as H | undefined;
    if (handle && typeof handle === 'object' && 'titleKey' in handle) return handle;
  }
  return undefined;
}
