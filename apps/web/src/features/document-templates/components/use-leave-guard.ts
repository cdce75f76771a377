import { type RefObject, useEffect } from 'react';
import { useBlocker } from 'react-router';
import { confirmDialog } from '../../../components/feedback/confirm-dialog';

/**
 * Asks before leaving the template editor with unsaved changes: navigation inside the portal
 * through react-router's blocker, closing or reloading the tab through `beforeunload`. `allow`
 * lets the page's own navigation through (to the new template's address after its creation).
 * The process editor and the form builder keep their own copies (features do not import each other).
 */
export function useLeaveGuard(
  dirty: boolean,
  texts: { title: string; message: string; confirm: string; cancel: string },
  allow?: RefObject<boolean>,
) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && !allow?.current && currentLocation.pathname !== nextLocation.pathname,
  );

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
