import { LIMITS } from '@ghiseu/domain';
import { notifications } from '@mantine/notifications';
import { ACCENT_COLORS } from '../colors';
import { demandOverlayHosts } from './overlay-demand';

export type ToastType = 'success' | 'error' | 'warning' | 'info';

/**
 * Accent colours (left bar and icon) keep at least 3:1 against the white toast (WCAG 1.4.11);
 * the text itself is the default dark body colour.
 */
const COLORS: Record<ToastType, string> = ACCENT_COLORS;
const TITLES: Record<ToastType, string> = { success: 'Succes', error: 'Eroare', warning: 'Atenție', info: 'Informație' };

/** How long a toast stays on screen (spec §9: 5000 ms). */
export const TOAST_DURATION_MS = LIMITS.toastDurationMs;

/**
 * Shows a toast for 5 s (spec §8) with a progress line that empties as the time runs out.
 * Mantine pauses both the timer and the line while the pointer is over the toast (or it has
 * focus), which is the pause-on-hover behaviour the spec asks for.
 * Errors are announced assertively (`role="alert"`), the others politely (`role="status"`).
 * The toast waits in Mantine's store until the toast host is mounted (`DeferredOverlayHosts`).
 */
export function showToast(type: ToastType, message: string, title?: string): string {
  void demandOverlayHosts();
  return notifications.show({
    color: COLORS[type],
    title: title ?? TITLES[type],
    message,
    autoClose: TOAST_DURATION_MS,
    withAutoCloseProgress: true,
    withBorder: true,
    role: type === 'error' ? 'alert' : 'status',
    className: `toast toast-${type}`,
    closeButtonProps: { 'aria-label': 'Închideți notificarea' },
    // Mantine draws the message in gray.6 (3.3:1 on white); the body colour passes AA.
    styles: { description: { color: 'var(--mantine-color-text)' } },
  });
}

/** Shorthands: `toast.success('Salvat')`. */
export const toast = {
  success: (message: string, title?: string) => showToast('success', message, title),
  error: (message: string, title?: string) => showToast('error', message, title),
  warning: (message: string, title?: string) => showToast('warning', message, title),
  info: (message: string, title?: string) => showToast('info', message, title),
};
