import { type CurrentUser, hasAnyPermission, type PermissionSet } from '@ghiseu/domain';
import type { PendingLogin } from '../../lib/session';
import type { GuardLocation, MenuMode, RouteMeta } from './route-meta';

/**
 * The route guards of spec §2 as pure functions: `(session, route, location) => redirect | null`.
 * `RouteGuard` applies {@link GUARD_CHAIN} in order to the current route and follows the first
 * redirect; the ninth rule (menu switching) picks the menu instead of redirecting.
 */

export type TokenCheckState = 'idle' | 'checking' | 'valid' | 'invalid';

/** What the guards know about the visitor. */
export interface GuardSession {
  user: CurrentUser | null;
  /** A sign-in waiting for e-mail or phone confirmation. */
  pendingLogin: PendingLogin | null;
  /** Result of the token-verification call for the current route (rule 7). */
  tokenCheck: TokenCheckState;
  /** The token stored in the browser (rule 7 falls back to it). */
  storedToken?: string | null;
}

export type Guard = (session: GuardSession, route: RouteMeta, location: GuardLocation) => string | null;

export const SIGN_IN_PATH = '/auth/signin';
export const HOME_PATH = '/home';
export const ROOT_PATH = '/';
export const CONFIRM_EMAIL_PATH = '/auth/confirm-email';
export const VERIFY_SMS_PATH = '/auth/verify-sms';
export const INVALID_LINK_PATH = '/auth/invalid-link';
export const PROFILE_PATH = '/profile';

const query = (location: GuardLocation): URLSearchParams => new URLSearchParams(location.search);

/**
 * 1. Authentication. (Waiting for the session to initialise is done by the app shell, which
 * renders no route before.) A visitor goes to sign-in; an organisation-limited route sends
 * anyone whose organisation is not the `id` in the query home; an unconfirmed e-mail goes to
 * e-mail confirmation; a confirmed e-mail with an unconfirmed phone to SMS verification.
 */
export const authenticationGuard: Guard = ({ user }, route, location) => {
  if (!route.auth) return null;
  if (!user) return SIGN_IN_PATH;
  if (route.organisationLimited) {
    const id = query(location).get('id');
    if (user.organisation_id === null || id !== String(user.organisation_id)) return HOME_PATH;
  }
  if (!user.is_email_confirmed) return CONFIRM_EMAIL_PATH;
  if (!user.is_phone_confirmed) return VERIFY_SMS_PATH;
  return null;
};

/** 2. Public-only routes (sign-up, forgot password…): a signed-in user is sent to /. */
export const publicOnlyGuard: Guard = ({ user }, route) => (route.publicOnly && user ? ROOT_PATH : null);

/** 3. E-mail verification: needs a successful sign-in; an already confirmed e-mail goes to /. */
export const emailVerificationGuard: Guard = ({ user, pendingLogin }, route, location) => {
  if (!route.emailVerification) return null;
  // The link of the confirmation e-mail: the key proves the mailbox, the page confirms it.
  if (query(location).get('confirmationKey')) return null;
  if (user) return user.is_email_confirmed ? ROOT_PATH : null;
  if (!pendingLogin) return SIGN_IN_PATH;
  return pendingLogin.isEmailConfirmed ? ROOT_PATH : null;
};

/**
 * 4. Phone verification: a fully confirmed user goes to /; a `token` in the query lets anyone
 * through (the link from the activation e-mail); otherwise a sign-in is needed.
 */
export const phoneVerificationGuard: Guard = ({ user, pendingLogin }, route, location) => {
  if (!route.phoneVerification) return null;
  if (user?.is_email_confirmed && user.is_phone_confirmed) return ROOT_PATH;
  if (query(location).get('token')) return null;
  return user || pendingLogin ? null : SIGN_IN_PATH;
};

/** 5. Confirmation-key routes (reset or set password links): no key, back to sign-in. */
export const confirmationKeyGuard: Guard = (_session, route, location) =>
  route.confirmationKey && !query(location).get('confirmationKey') ? SIGN_IN_PATH : null;

/** 6. Permission routes: a user holding none of the allowed permissions goes home. */
export const permissionGuard: Guard = ({ user }, route) => {
  if (!route.permissions || route.permissions.length === 0) return null;
  return hasAnyPermission(user?.permissions as PermissionSet | undefined, route.permissions) ? null : HOME_PATH;
};

/** The token rule 7 checks: the one in the query, else the pending sign-in's, else the stored one. */
export function tokenToVerify(session: GuardSession, location: GuardLocation): string | null {
  return query(location).get('token') || session.pendingLogin?.verificationToken || session.storedToken || null;
}

/** 7. Token-verification routes: no token, or a token the server rejects, goes to invalid-link. */
export const tokenVerificationGuard: Guard = (session, route, location) => {
  if (!route.verifyToken) return null;
  if (!tokenToVerify(session, location)) return INVALID_LINK_PATH;
  return session.tokenCheck === 'invalid' ? INVALID_LINK_PATH : null;
};

/**
 * 8. Profile gate, on signed-in routes: an incomplete profile may only see home; a profile that
 * needs an update may only see home and the profile. Everything else goes to /.
 */
export const profileGate: Guard = ({ user }, route, location) => {
  if (!route.auth || !user) return null;
  const path = trimSlash(location.pathname);
  if (!user.profile_completed) return path === HOME_PATH || path === PROFILE_PATH ? null : ROOT_PATH;
  if (user.profile_needs_update) return path === HOME_PATH || path === PROFILE_PATH ? null : ROOT_PATH;
  return null;
};

/** Rules 1 to 8 in the order of spec §2. */
export const GUARD_CHAIN: readonly Guard[] = [
  authenticationGuard,
  publicOnlyGuard,
  emailVerificationGuard,
  phoneVerificationGuard,
  confirmationKeyGuard,
  permissionGuard,
  tokenVerificationGuard,
  profileGate,
];

function trimSlash(path: string): string {
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

/** A redirect of the chain and the guard that asked for it. */
export interface RedirectStep {
  to: string;
  guard: Guard;
}

/** The first redirect of the chain with its guard, or null when the route may render. */
export function resolveRedirectStep(session: GuardSession, route: RouteMeta, location: GuardLocation): RedirectStep | null {
  for (const guard of GUARD_CHAIN) {
    const target = guard(session, route, location);
    if (target !== null && trimSlash(target) !== trimSlash(location.pathname)) return { to: target, guard };
  }
  return null;
}

/** The first redirect of the chain, or null when the route may render. Never redirects to itself. */
export function resolveRedirect(session: GuardSession, route: RouteMeta, location: GuardLocation): string | null {
  return resolveRedirectStep(session, route, location)?.to ?? null;
}

/**
 * What the profile gate tells the page it sends the user to (router state of /home): the page
 * that was asked for and why it was refused, so home can say it instead of a silent bounce.
 */
export interface ProfileGateBounce {
  profileGate: { from: string; reason: 'incomplete' | 'needsUpdate' };
}

/** The router state of a profile-gate redirect (see {@link ProfileGateBounce}). */
export function profileGateBounce(user: CurrentUser, location: GuardLocation): ProfileGateBounce {
  return {
    profileGate: { from: location.pathname, reason: user.profile_completed ? 'needsUpdate' : 'incomplete' },
  };
}

/**
 * 9. Menu switching: archive routes use the archive menu (and the archive API base), atlas
 * routes the atlas menu, every other route the default one. Leaving atlas or archive (the home
 * action) therefore resets the menu to default.
 */
export function resolveMenuMode(route: RouteMeta | undefined, location: GuardLocation): MenuMode {
  if (route?.menu) return route.menu;
  const path = location.pathname;
  if (path === '/atlas' || path.startsWith('/atlas/') || path.startsWith('/atlas-')) return 'atlas';
  return 'default';
}
