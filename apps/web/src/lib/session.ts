import type { CurrentUser, Organisation } from '@ghiseu/domain';
import { createContext, useContext } from 'react';

/**
 * The signed-in session as every feature sees it. The provider lives in `features/auth`
 * (it owns the login and profile calls); features read the session through {@link useSession}
 * so that they never import the auth feature.
 */

/** A sign-in that succeeded but still waits for e-mail or phone confirmation (spec §4). */
export interface PendingLogin {
  email: string;
  verificationToken: string | null;
  isEmailConfirmed: boolean;
  isPhoneConfirmed: boolean;
}

export interface SessionValue {
  /** 'initialising' until the stored token has been checked; routes render only when 'ready'. */
  status: 'initialising' | 'ready';
  user: CurrentUser | null;
  /** The active organisation (restored from storage, else the user's own). */
  organisation: Organisation | null;
  pendingLogin: PendingLogin | null;
  /** True while the session-expired login modal is open. */
  sessionExpired: boolean;
  setPendingLogin(pending: PendingLogin | null): void;
  /** Stores the token, loads the profile and organisation; resolves with the user. */
  signIn(authToken: string): Promise<CurrentUser>;
  /** Invalidates the token (best effort) and clears token, organisation, menu state and parcel. */
  signOut(): Promise<void>;
  /** Reloads `users/me` (after a profile change). */
  refreshUser(): Promise<CurrentUser | null>;
  /** Closes the session-expired modal after a successful re-login. */
  resolveSessionExpired(): void;
}

export const SessionContext = createContext<SessionValue | null>(null);

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside the SessionProvider');
  return value;
}

/** The signed-in user, or null for a visitor. */
export const useCurrentUser = (): CurrentUser | null => useSession().user;

/** 'Ion Popescu', or the e-mail when the profile has no name yet. */
export function displayName(user: Pick<CurrentUser, 'first_name' | 'last_name' | 'email'>): string {
  const name = [user.first_name, user.last_name].filter(Boolean).join(' ').trim();
  return name || user.email;
}
