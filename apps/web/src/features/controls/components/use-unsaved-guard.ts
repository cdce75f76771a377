import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { confirmDialog } from '../../../components/feedback/confirm-dialog';

/**
 * Asks before leaving the control with unsaved changes of the preparation: another page of the
 * portal (a question, "Rămâneți" by default) or closing the tab (the browser's own question).
 * Moving between the tabs of the control keeps the form, so it is not asked about.
 */
export function useUnsavedGuard(dirty: boolean) {
  const { t } = useTranslation('controls');
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);
  const asking = useRef(false);

  useEffect(() => {
    if (blocker.state !== 'blocked' || asking.current) return;
    asking.current = true;
    void confirmDialog({
      title: t('leave.title'),
      message: t('leave.message'),
      confirmLabel: t('leave.confirm'),
      cancelLabel: t('leave.cancel'),
      destructive: true,
    }).then((leave) => {
      asking.current = false;
      if (leave) blocker.proceed();
      else blocker.reset();
    });
  }, [blocker, t]);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);
}
