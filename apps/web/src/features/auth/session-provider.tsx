import type { CurrentUser, Organisation } from '@ghiseu/domain';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { setApiIdentity } from '../../lib/api-client';
import { onSessionExpired } from '../../lib/app-events';
import { type PendingLogin, SessionContext, type SessionValue } from '../../lib/session';
import { settingsQueryOptions } from '../../lib/settings';
import {
  clearSessionStorage,
  getStoredOrganisationId,
  getStoredToken,
  setStoredOrganisationId,
  setStoredToken,
} from '../../lib/storage';
import { currentUserQueryKey, getCurrentUser } from './api/get-current-user';
import { getOrganisation } from './api/get-organisation';
import { invalidateToken } from './api/logout';

/** How often a signed-in session is re-checked in the background. */
const SESSION_CHECK_INTERVAL_MS = 5 * 60_000;

interface SessionState {
  status: 'initialising' | 'ready';
  user: CurrentUser | null;
  organisation: Organisation | null;
}

/**
 * Owns the session (spec §4): on start it loads `users/me` with the stored token and restores
 * the stored organisation, logging out when that fails; it stores the token on sign-in, clears
 * it on sign-out, and opens the session-expired modal when the API says the session is over.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<SessionState>({ status: 'initialising', user: null, organisation: null });
  const [pendingLogin, setPendingLogin] = useState<PendingLogin | null>(null);
  const [sessionExpired, setSessionExpired] = useState(false);
  const userRef = useRef<CurrentUser | null>(null);

  /** Loads the user, then the active organisation (the stored one, else the user's own). */
  const loadSession = useCallback(async (): Promise<{ user: CurrentUser; organisation: Organisation | null }> => {
    const user = await getCurrentUser({ skipSessionCheck: true });
    queryClient.setQueryData(currentUserQueryKey, user);
    setApiIdentity({ userId: user.user_id, email: user.email });
    const organisationId = getStoredOrganisationId() ?? user.organisation_id;
    let organisation: Organisation | null = null;
    if (organisationId !== null) {
      organisation = await getOrganisation(organisationId).catch(() => null);
      setStoredOrganisationId(organisation ? organisation.id : null);
    }
    return { user, organisation };
  }, [queryClient]);

  const applyUser = useCallback((user: CurrentUser | null, organisation: Organisation | null) => {
    userRef.current = user;
    setState({ status: 'ready', user, organisation });
  }, []);

  const clearLocalSession = useCallback(() => {
    clearSessionStorage();
    setApiIdentity(null);
    setPendingLogin(null);
    setSessionExpired(false);
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== settingsQueryOptions.queryKey[0] });
    applyUser(null, null);
  }, [applyUser, queryClient]);

  // Initialisation: the app renders no route until this settles.
  useEffect(() => {
    let cancelled = false;
    if (!getStoredToken()) {
      applyUser(null, null);
      return;
    }
    loadSession().then(
      ({ user, organisation }) => {
        if (!cancelled) applyUser(user, organisation);
      },
      () => {
        if (!cancelled) clearLocalSession();
      },
    );
    return () => {
      cancelled = true;
    };
  }, [applyUser, clearLocalSession, loadSession]);

  // 403 SESSION_EXPIRED / TOKEN_INVALID while someone is signed in opens the login modal.
  useEffect(
    () =>
      onSessionExpired(() => {
        if (userRef.current) setSessionExpired(true);
      }),
    [],
  );

  // While signed in, re-check the session when the user comes back to the tab and every few
  // minutes: an expired session then opens the login modal before the user loses work, and
  // permission changes made by an administrator reach the menu.
  const signedInUserId = state.user?.user_id ?? null;
  useEffect(() => {
    if (signedInUserId === null) return;
    let inFlight = false;
    const check = () => {
      if (inFlight || document.visibilityState === 'hidden' || !getStoredToken()) return;
      inFlight = true;
      getCurrentUser()
        .then((fresh) => {
          const current = userRef.current;
          if (current && fresh.user_id === current.user_id && JSON.stringify(fresh) !== JSON.stringify(current)) {
            userRef.current = fresh;
            setState((previous) => ({ ...previous, user: fresh }));
          }
        })
        // A 403 session code has already raised the session-expired event in the client.
        .catch(() => {})
        .finally(() => {
          inFlight = false;
        });
    };
    window.addEventListener('focus', check);
    document.addEventListener('visibilitychange', check);
    const timer = window.setInterval(check, SESSION_CHECK_INTERVAL_MS);
    return () => {
      window.removeEventListener('focus', check);
      document.removeEventListener('visibilitychange', check);
      window.clearInterval(timer);
    };
  }, [signedInUserId]);

  const signIn = useCallback(
    async (authToken: string): Promise<CurrentUser> => {
      setStoredToken(authToken);
      try {
        const { user, organisation } = await loadSession();
        setPendingLogin(null);
        applyUser(user, organisation);
        void queryClient.invalidateQueries({ queryKey: settingsQueryOptions.queryKey });
        return user;
      } catch (error) {
        setStoredToken(null);
        setApiIdentity(null);
        throw error;
      }
    },
    [applyUser, loadSession, queryClient],
  );

  const signOut = useCallback(async (): Promise<void> => {
    const token = getStoredToken();
    try {
      if (token) await invalidateToken(token);
    } catch {
      // The session is cleared locally whatever the server says (spec §4).
    } finally {
      clearLocalSession();
    }
  }, [clearLocalSession]);

  const refreshUser = useCallback(async (): Promise<CurrentUser | null> => {
    if (!getStoredToken()) return null;
    const { user, organisation } = await loadSession();
    applyUser(user, organisation);
    return user;
  }, [applyUser, loadSession]);

  const resolveSessionExpired = useCallback(() => setSessionExpired(false), []);

  const value = useMemo<SessionValue>(
    () => ({
      ...state,
      pendingLogin,
      sessionExpired,
      setPendingLogin,
      signIn,
      signOut,
      refreshUser,
      resolveSessionExpired,
    }),
    [state, pendingLogin, sessionExpired, signIn, signOut, refreshUser, resolveSessionExpired],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
