import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { confirmDialog } from '../../../components/feedback/confirm-dialog';

/**
 * Asks before leaving the process editor with unsaved changes: navigation inside the portal
 * through react-router's blocker, closing or reloading the tab through `beforeunload`. The form
 * builder has the same guard; features do not import each other, so each keeps its copy.
 */
export function useLeaveGuard(dirty: boolean, texts: { title: string; message: string; confirm: string; cancel: string }) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void confirmDialog({
      title: texts.title,
      message: texts.message,
      confirmLabel: texts.confirm,
      cancelLabel: texts.cancel,
      destructive: true,
    }).then((leave) => (leave ? blocker.proceed() : blocker.reset()));
  }, [blocker, texts.title, texts.message, texts.confirm, texts.cancel]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
}
