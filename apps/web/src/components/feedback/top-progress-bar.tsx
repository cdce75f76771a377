import { PRIMARY_COLOR } from '@ghiseu/domain';
import { useEffect, useRef, useState } from 'react';

/** Props of `TopProgressBar`. */
export interface TopProgressBarProps {
  /** True while a navigation (lazy chunk, route loader) is in progress. */
  active: boolean;
  /** Accessible name of the bar (default 'Se încarcă pagina'). */
  label?: string;
}

/** How often the bar creeps forward while active, and how long the finishing fade lasts. */
const TICK_MS = 200;
const FINISH_MS = 300;

/**
 * Next width of the bar: it approaches 90 % ever more slowly, because the real duration of a
 * navigation is unknown; only `active` turning false takes it to 100 %.
 */
export function nextProgress(current: number): number {
  return Math.min(90, current + (90 - current) * 0.15);
}

/**
 * Thin bar at the top of the viewport during navigation (spec §2). It is decorative for sighted
 * users and exposes an indeterminate progressbar while active for assistive technology.
 */
export function TopProgressBar({ active, label = 'Se încarcă pagina' }: TopProgressBarProps) {
  const [progress, setProgress] = useState(0);
  const [visible, setVisible] = useState(false);
  const wasActive = useRef(false);

  useEffect(() => {
    if (active) {
      wasActive.current = true;
      setVisible(true);
      setProgress(8);
      const timer = window.setInterval(() => setProgress(nextProgress), TICK_MS);
      return () => window.clearInterval(timer);
    }
    if (!wasActive.current) return undefined;
    // Finish: fill the bar, then fade it out and reset for the next navigation.
    wasActive.current = false;
    setProgress(100);
    const timer = window.setTimeout(() => {
      setVisible(false);
      setProgress(0);
    }, FINISH_MS);
    return () => window.clearTimeout(timer);
  }, [active]);

  return (
    <div
      role={active ? 'progressbar' : undefined}
      aria-label={active ? label : undefined}
      aria-hidden={active ? undefined : true}
      aria-busy={active || undefined}
      data-active={active || undefined}
      style={{
        position: 'fixed',
        top: 0,
        left: 0,
        zIndex: 1000,
        height: 3,
        width: `${progress}%`,
        background: PRIMARY_COLOR,
        opacity: visible ? 1 : 0,
        transition: `width ${TICK_MS}ms linear, opacity ${FINISH_MS}ms ease`,
        pointerEvents: 'none',
      }}
    />
  );
}
