import { describe, expect, it } from 'vitest';
import { buildCurrentUser } from '../../lib/testing/fixtures';
import {
  authenticationGuard,
  confirmationKeyGuard,
  emailVerificationGuard,
  GUARD_CHAIN,
  type GuardSession,
  permissionGuard,
  phoneVerificationGuard,
  profileGate,
  publicOnlyGuard,
  resolveMenuMode,
  resolveRedirect,
  tokenToVerify,
  tokenVerificationGuard,
} from './guards';
import type { GuardLocation, RouteMeta } from './route-meta';
import { APP_ROUTES } from './routes';

const at = (pathname: string, search = ''): GuardLocation => ({ pathname, search });
const visitor: GuardSession = { user: null, pendingLogin: null, tokenCheck: 'idle' };
const signedIn = (overrides: Parameters<typeof buildCurrentUser>[0] = {}): GuardSession => ({
  ...visitor,
  user: buildCurrentUser(overrides),
});
const pending = (isEmailConfirmed: boolean, isPhoneConfirmed = false): GuardSession => ({
  ...visitor,
  pendingLogin: { email: 'a@b.ro', verificationToken: 'vt-1', isEmailConfirmed, isPhoneConfirmed },
});
const route = (meta: Partial<RouteMeta>): RouteMeta => ({ titleKey: 'test', ...meta });

describe('1. authentication guard', () => {
  const auth = route({ auth: true });
  it('ignores routes without the flag', () => {
    expect(authenticationGuard(visitor, route({}), at('/about'))).toBeNull();
  });
  it('sends a visitor to sign-in', () => {
    expect(authenticationGuard(visitor, auth, at('/applications'))).toBe('/auth/signin');
  });
  it('lets a confirmed user through', () => {
    expect(authenticationGuard(signedIn(), auth, at('/applications'))).toBeNull();
  });
  it('sends an unconfirmed e-mail to e-mail confirmation', () => {
    expect(authenticationGuard(signedIn({ is_email_confirmed: false, is_phone_confirmed: false }), auth, at('/x'))).toBe(
      '/auth/confirm-email',
    );
  });
  it('sends a confirmed e-mail with an unconfirmed phone to SMS verification', () => {
    expect(authenticationGuard(signedIn({ is_phone_confirmed: false }), auth, at('/x'))).toBe('/auth/verify-sms');
  });
  describe('organisation-limited routes', () => {
    const limited = route({ auth: true, organisationLimited: true });
    const admin = signedIn({ user_type_name: 'admin', organisation_id: 12 });
    it('pass when the query id is the own organisation', () => {
      expect(authenticationGuard(admin, limited, at('/institution', '?id=12&tab=institution-details'))).toBeNull();
    });
    it('send home for another organisation', () => {
      expect(authenticationGuard(admin, limited, at('/institution', '?id=13'))).toBe('/home');
    });
    it('send home without an id', () => {
      expect(authenticationGuard(admin, limited, at('/institution'))).toBe('/home');
    });
    it('send home a user without organisation', () => {
      expect(authenticationGuard(signedIn(), limited, at('/institution', '?id=null'))).toBe('/home');
    });
    it('send a visitor to sign-in first', () => {
      expect(authenticationGuard(visitor, limited, at('/institution', '?id=12'))).toBe('/auth/signin');
    });
  });
});

describe('2. public-only guard', () => {
  const publicOnly = route({ publicOnly: true });
  it('sends a signed-in user to /', () => {
    expect(publicOnlyGuard(signedIn(), publicOnly, at('/auth/signup'))).toBe('/');
  });
  it('lets a visitor through', () => {
    expect(publicOnlyGuard(visitor, publicOnly, at('/auth/signup'))).toBeNull();
  });
  it('lets a pending sign-in through', () => {
    expect(publicOnlyGuard(pending(false), publicOnly, at('/auth/signup'))).toBeNull();
  });
  it('ignores routes without the flag', () => {
    expect(publicOnlyGuard(signedIn(), route({}), at('/about'))).toBeNull();
  });
});

describe('3. e-mail verification guard', () => {
  const emailRoute = route({ emailVerification: true });
  it('needs a sign-in', () => {
    expect(emailVerificationGuard(visitor, emailRoute, at('/auth/confirm-email'))).toBe('/auth/signin');
  });
  it('lets a sign-in with an unconfirmed e-mail through', () => {
    expect(emailVerificationGuard(pending(false), emailRoute, at('/auth/confirm-email'))).toBeNull();
  });
  it('sends an already confirmed e-mail to /', () => {
    expect(emailVerificationGuard(pending(true), emailRoute, at('/auth/confirm-email'))).toBe('/');
    expect(emailVerificationGuard(signedIn(), emailRoute, at('/auth/confirm-email'))).toBe('/');
  });
  it('lets a signed-in user with an unconfirmed e-mail through', () => {
    expect(emailVerificationGuard(signedIn({ is_email_confirmed: false }), emailRoute, at('/auth/confirm-email'))).toBeNull();
  });
});

describe('4. phone verification guard', () => {
  const phoneRoute = route({ phoneVerification: true });
  it('passes with a token in the query', () => {
    expect(phoneVerificationGuard(visitor, phoneRoute, at('/auth/verify-sms', '?token=abc'))).toBeNull();
  });
  it('otherwise needs a sign-in', () => {
    expect(phoneVerificationGuard(visitor, phoneRoute, at('/auth/verify-sms'))).toBe('/auth/signin');
    expect(phoneVerificationGuard(pending(true), phoneRoute, at('/auth/verify-sms'))).toBeNull();
    expect(phoneVerificationGuard(signedIn({ is_phone_confirmed: false }), phoneRoute, at('/auth/verify-sms'))).toBeNull();
  });
  it('sends a fully confirmed user to /', () => {
    expect(phoneVerificationGuard(signedIn(), phoneRoute, at('/auth/verify-sms', '?token=abc'))).toBe('/');
  });
});

describe('5. confirmation-key guard', () => {
  const keyRoute = route({ confirmationKey: true });
  it('sends a link without confirmationKey to sign-in', () => {
    expect(confirmationKeyGuard(visitor, keyRoute, at('/auth/reset-password'))).toBe('/auth/signin');
    expect(confirmationKeyGuard(visitor, keyRoute, at('/auth/reset-password', '?confirmationKey='))).toBe('/auth/signin');
  });
  it('passes with a key', () => {
    expect(confirmationKeyGuard(visitor, keyRoute, at('/auth/reset-password', '?confirmationKey=k1'))).toBeNull();
  });
});

describe('6. permission guard', () => {
  it('sends a user holding none of the permissions home', () => {
    expect(permissionGuard(signedIn(), route({ permissions: ['paymentRegistryRead'] }), at('/payments'))).toBe('/home');
  });
  it('passes with at least one of the permissions', () => {
    const admin = signedIn({ user_type_name: 'admin', organisation_id: 3 });
    expect(
      permissionGuard(admin, route({ permissions: ['organisationsOwn', 'organisationsView'] }), at('/institution')),
    ).toBeNull();
  });
  it('ignores routes without permissions', () => {
    expect(permissionGuard(signedIn(), route({ permissions: [] }), at('/profile'))).toBeNull();
  });
  it('denies a visitor', () => {
    expect(permissionGuard(visitor, route({ permissions: ['applicationsRead'] }), at('/applications'))).toBe('/home');
  });
});

describe('7. token-verification guard', () => {
  const tokenRoute = route({ verifyToken: true });
  it('sends a missing token to invalid-link', () => {
    expect(tokenVerificationGuard(visitor, tokenRoute, at('/auth/verify-sms'))).toBe('/auth/invalid-link');
  });
  it('sends a rejected token to invalid-link', () => {
    expect(tokenVerificationGuard({ ...visitor, tokenCheck: 'invalid' }, tokenRoute, at('/auth/verify-sms', '?token=t'))).toBe(
      '/auth/invalid-link',
    );
  });
  it('waits (no redirect) while checking and passes a valid token', () => {
    expect(tokenVerificationGuard({ ...visitor, tokenCheck: 'checking' }, tokenRoute, at('/x', '?token=t'))).toBeNull();
    expect(tokenVerificationGuard({ ...visitor, tokenCheck: 'valid' }, tokenRoute, at('/x', '?token=t'))).toBeNull();
  });
  it('verifies the query token, else the pending sign-in token, else the stored one', () => {
    expect(tokenToVerify(pending(true), at('/x', '?token=q'))).toBe('q');
    expect(tokenToVerify(pending(true), at('/x'))).toBe('vt-1');
    expect(tokenToVerify({ ...visitor, storedToken: 'stored' }, at('/x'))).toBe('stored');
    expect(tokenToVerify(visitor, at('/x'))).toBeNull();
  });
});

describe('8. profile gate', () => {
  const auth = route({ auth: true });
  it('keeps a user with an incomplete profile on home and the profile page that completes it', () => {
    const user = signedIn({ profile_completed: false });
    expect(profileGate(user, auth, at('/home'))).toBeNull();
    // ADR 0011: without /profile an incomplete profile could never be completed.
    expect(profileGate(user, auth, at('/profile'))).toBeNull();
    expect(profileGate(user, auth, at('/applications'))).toBe('/');
  });
  it('lets a user whose profile needs an update see home and profile only', () => {
    const user = signedIn({ profile_needs_update: true });
    expect(profileGate(user, auth, at('/home'))).toBeNull();
    expect(profileGate(user, auth, at('/profile'))).toBeNull();
    expect(profileGate(user, auth, at('/applications'))).toBe('/');
  });
  it('does not touch complete profiles or public routes', () => {
    expect(profileGate(signedIn(), auth, at('/applications'))).toBeNull();
    expect(profileGate(signedIn({ profile_completed: false }), route({}), at('/about'))).toBeNull();
  });
});

describe('9. menu switching', () => {
  it('uses the route menu, the atlas menu for atlas paths, else default', () => {
    expect(resolveMenuMode(route({ menu: 'archive' }), at('/archive-dashboard'))).toBe('archive');
    expect(resolveMenuMode(route({ menu: 'atlas' }), at('/atlas/layers'))).toBe('atlas');
    expect(resolveMenuMode(undefined, at('/atlas'))).toBe('atlas');
    expect(resolveMenuMode(route({}), at('/home'))).toBe('default');
    expect(resolveMenuMode(route({}), at('/applications'))).toBe('default');
  });
  it('is declared on every atlas and archive route', () => {
    const find = (path: string) => APP_ROUTES.find((r) => r.path === path)?.meta;
    for (const path of ['/atlas/layers', '/atlas/applications', '/atlas/interest-areas', '/atlas-public-view']) {
      expect(resolveMenuMode(find(path), at(path))).toBe('atlas');
    }
    for (const path of [
      '/archive-dashboard',
      '/archive-workspaces',
      '/subfolder/:id',
      '/archive-documents/:id',
      '/archive-document/:id',
    ]) {
      expect(resolveMenuMode(find(path), at(path))).toBe('archive');
    }
  });
});

describe('the chain', () => {
  it('applies the rules in the order of spec §2', () => {
    expect(GUARD_CHAIN).toEqual([
      authenticationGuard,
      publicOnlyGuard,
      emailVerificationGuard,
      phoneVerificationGuard,
      confirmationKeyGuard,
      permissionGuard,
      tokenVerificationGuard,
      profileGate,
    ]);
  });
  it('follows the first redirect: authentication before permissions', () => {
    expect(resolveRedirect(visitor, route({ auth: true, permissions: ['paymentRegistryRead'] }), at('/payments'))).toBe(
      '/auth/signin',
    );
  });
  it('never redirects to the current page', () => {
    expect(resolveRedirect(signedIn({ profile_completed: false }), route({ auth: true }), at('/'))).toBeNull();
  });
  it('lets an allowed user through every rule', () => {
    const staff = signedIn({ user_type_name: 'staff', organisation_id: 2 });
    expect(
      resolveRedirect(staff, route({ auth: true, permissions: ['applicationsStaffOwnRead'] }), at('/applications-inbox')),
    ).toBeNull();
  });
});
