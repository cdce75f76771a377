import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';

/**
 * What to do with a navigation away from the page: go, or stay. `afterLeave` runs once the page
 * has unmounted (its queries are gone: e.g. deleting the record it shows cannot make it refetch).
 */
export type LeaveDecision = { leave: true; afterLeave?: () => void } | { leave: false };

/**
 * Lets the page decide before the user leaves it through a link, the menu or Back (react-router's
 * blocker; only when `active`), and asks the browser to warn before a reload or closing the tab
 * while `warnOnUnload` (answers not saved yet). `decide` may save, ask or offer to clean up.
 */
export function useLeaveDecision(active: boolean, warnOnUnload: boolean, decide: () => Promise<LeaveDecision>) {
  const decideRef = useRef(decide);
  decideRef.current = decide;
  const blocker = useBlocker(({ currentLocation, nextLocation }) => active && currentLocation.pathname !== nextLocation.pathname);

  // One decision per blocked navigation, whatever re-renders the page meanwhile (a save ending).
  const blockerRef = useRef(blocker);
  blockerRef.current = blocker;
  const deciding = useRef(false);
  const afterLeave = useRef<(() => void) | null>(null);
  useEffect(
    () => () => {
      afterLeave.current?.();
    },
    [],
  );
  useEffect(() => {
    if (blocker.state !== 'blocked' || deciding.current) return;
    deciding.current = true;
    void decideRef
      .current()
      .catch((): LeaveDecision => ({ leave: false }))
      .then((decision) => {
        deciding.current = false;
        const current = blockerRef.current;
        if (current.state !== 'blocked') return;
        if (decision.leave) {
          afterLeave.current = decision.afterLeave ?? null;
          current.proceed();
        } else current.reset();
      });
  }, [blocker]);

  useEffect(() => {
    if (!warnOnUnload) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [warnOnUnload]);
}
