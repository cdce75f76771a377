import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useRouteHandle } from '../../lib/route-handle';

/**
 * After each navigation: the document title names the page, and focus moves to the page's
 * heading (else the main region) so keyboard and screen-reader users start at the content.
 * The first load keeps the browser's default focus.
 */
export function usePageTitleAndFocus(): void {
  const { t } = useTranslation('routes');
  const handle = useRouteHandle();
  const { pathname } = useLocation();
  const first = useRef(true);
  const title = handle ? t(handle.titleKey) : '';

  useEffect(() => {
    document.title = title ? `${title} – ${t('appName')}` : t('appName');
  }, [title, t]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every path change.
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const frame = window.requestAnimationFrame(() => {
      const target = document.querySelector<HTMLElement>('#main-content h1') ?? document.getElementById('main-content');
      if (!target) return;
      if (target.tagName === 'H1' && !target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
      target.focus({ preventScroll: false });
    });
    return () => window.cancelAnimationFrame(frame);
  }, [pathname]);
}
