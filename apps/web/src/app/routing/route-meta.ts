import type { PermissionKey } from '@ghiseu/domain';
import type { RouteHandle } from '../../lib/route-handle';

/** Side-menu modes of spec §2 'Layout and menu'. */
export type MenuMode = 'default' | 'atlas' | 'archive';

/**
 * What a route declares about itself (kept in the route's `handle`). The flags are the guards of
 * spec §2, applied in the order of {@link GUARD_CHAIN}; a route carries only the flags it needs.
 */
export interface RouteMeta extends RouteHandle {
  /** 1. Needs a signed-in, fully confirmed user. */
  auth?: boolean;
  /** 1. Only the user's own organisation: the `id` query parameter must equal `organisation_id`. */
  organisationLimited?: boolean;
  /** 2. Visitors only: a signed-in user goes to /. */
  publicOnly?: boolean;
  /** 3. E-mail confirmation screen: needs a sign-in; a confirmed e-mail goes to /. */
  emailVerification?: boolean;
  /** 4. Phone confirmation screen: a `token` in the query or a sign-in; fully confirmed goes to /. */
  phoneVerification?: boolean;
  /** 5. Needs a `confirmationKey` query parameter (links from e-mails). */
  confirmationKey?: boolean;
  /** 6. At least one of these permissions, else home. */
  permissions?: readonly PermissionKey[];
  /** 7. The token (query or stored) must pass `auth/check-validation-token`, else invalid-link. */
  verifyToken?: boolean;
  /** 9. Menu mode; 'default' when absent. */
  menu?: MenuMode;
  /** 'shell' (header, menu, footer) by default; 'bare' renders the page alone (sign-up). */
  layout?: 'shell' | 'bare';
}

/** The part of a location the guards read. */
export interface GuardLocation {
  pathname: string;
  search: string;
}
