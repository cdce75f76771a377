import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { markOverlayHostsMounted } from './overlay-demand';

/**
 * What draws the toasts (`showToast`) and the dialogs (`confirmDialog`, `alertDialog`). Nothing
 * of it is on screen until one is shown, so the app mounts it lazily (`DeferredOverlayHosts`);
 * the test providers mount it directly.
 */
export function OverlayHosts() {
  useEffect(() => markOverlayHostsMounted(), []);
  return (
    <>
      <Notifications position="top-right" limit={5} />
      <ModalsProvider labels={{ confirm: 'Da', cancel: 'Nu' }} />
    </>
  );
}
