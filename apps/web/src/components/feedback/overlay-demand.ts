/**
 * Toasts and dialogs are drawn by hosts (Mantine's `Notifications` and `ModalsProvider`) that the
 * first screen does not need: they are loaded and mounted on first use, or on the first
 * interaction with the page (so that a dialog opened by a click appears at once). Kept free of
 * React and Mantine so that the entry can import it.
 */
type Listener = () => void;

let demanded = false;
const listeners = new Set<Listener>();
let markMounted: () => void = () => {};
const mounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});

/** Asks for the hosts; resolves once they are mounted (dialogs must wait for that, toasts need not). */
export function demandOverlayHosts(): Promise<void> {
  if (!demanded) {
    demanded = true;
    for (const listener of [...listeners]) listener();
  }
  return mounted;
}

/** Calls `listener` when the hosts are first asked for (at once if they already were). */
export function onOverlayHostsDemanded(listener: Listener): () => void {
  if (demanded) {
    listener();
    return () => {};
  }
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Called by the hosts when they are mounted. */
export function markOverlayHostsMounted(): void {
  markMounted();
}
