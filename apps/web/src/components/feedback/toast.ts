import { notifications } from '@mantine/notifications';
import { LIMITS } from '@ghiseu/domain';

export type ToastType = 'success' | 'error' | 'warning' | 'info';

const COLORS: Record<ToastType, string> = { success: 'green.8', error: 'red.8', warning: 'orange.9', info: 'navy.7' };
const TITLES: Record<ToastType, string> = { success: 'Succes', error: 'Eroare', warning: 'Atenție', info: 'Informație' };

/**
 * Shows a toast for 5 s (spec §8). Mantine pauses the timer while the pointer is over it;
 * the progress bar is drawn by the Toasts styles in `toasts.css`.
 */
export function showToast(type: ToastType, message: string, title?: string): string {
  return notifications.show({
    color: COLORS[type],
    title: title ?? TITLES[type],
    message,
    autoClose: LIMITS.toastDurationMs,
    withBorder: true,
    className: `toast toast-${type}`,
  });
}
