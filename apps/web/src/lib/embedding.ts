/** True when the portal runs inside a host application's frame (social sign-in is then hidden). */
export function isEmbedded(): boolean {
  try {
    return window.self !== window.top;
  } catch {
    // A cross-origin parent makes window.top unreadable: that is an embedding too.
    return true;
  }
}

/** True when this window was opened as a sign-in pop-up by another portal window. */
export function isSignInPopup(search: string = window.location.search): boolean {
  if (new URLSearchParams(search).get('popup') === 'true') return true;
  try {
    return Boolean(window.opener) && window.opener.location.origin === window.location.origin;
  } catch {
    return false;
  }
}
