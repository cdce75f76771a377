import { lazy, Suspense, useEffect, useState } from 'react';
import { demandOverlayHosts, onOverlayHostsDemanded } from './overlay-demand';

const OverlayHosts = lazy(() => import('./overlay-hosts').then((m) => ({ default: m.OverlayHosts })));

/**
 * Mounts the toast and dialog hosts (`OverlayHosts`, a chunk of their own) when a toast or dialog
 * is first shown, or on the first pointer or key press: a dialog opened by that click is then
 * ready, and the first paint never waits for them.
 */
export function DeferredOverlayHosts() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => onOverlayHostsDemanded(() => setWanted(true)), []);
  useEffect(() => {
    if (wanted) return;
    const demand = () => void demandOverlayHosts();
    const options = { once: true, capture: true, passive: true } as const;
    window.addEventListener('pointerdown', demand, options);
    window.addEventListener('keydown', demand, options);
    return () => {
      window.removeEventListener('pointerdown', demand, options);
      window.removeEventListener('keydown', demand, options);
    };
  }, [wanted]);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <OverlayHosts />
    </Suspense>
  );
}
