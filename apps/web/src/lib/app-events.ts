/**
 * Events raised outside React (by the API client) and handled inside it (by the session
 * provider and the router). Kept tiny on purpose: one listener list per event.
 */
type Listener = () => void;

const sessionExpiredListeners = new Set<Listener>();

/** Subscribes to "the server says the session is over"; returns the unsubscribe function. */
export function onSessionExpired(listener: Listener): () => void {
  sessionExpiredListeners.add(listener);
  return () => sessionExpiredListeners.delete(listener);
}

/** Raised on 403 SESSION_EXPIRED / TOKEN_INVALID: the session provider opens the login modal. */
export function emitSessionExpired(): void {
  for (const listener of [...sessionExpiredListeners]) listener();
}

/** `replace`: the page is replaced in the history (Back does not lead to it again). */
type Navigator = (to: string, options?: { replace?: boolean }) => void;
let navigator: Navigator | null = null;

/** The router registers its navigate function here so that non-React code can redirect. */
export function registerNavigator(fn: Navigator | null): void {
  navigator = fn;
}

/** Client-side navigation when the router is mounted, a full page load otherwise. */
export function navigateTo(to: string, options?: { replace?: boolean }): void {
  if (navigator) navigator(to, options);
  else if (options?.replace) window.location.replace(to);
  else window.location.assign(to);
}
