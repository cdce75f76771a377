import type { MenuCounterKey } from './menu';

/**
 * Values the shell shows but later modules compute: the menu counters (assigned applications,
 * applications to review, internal documents, internal documents to review) and the unread
 * notifications dot. Until those modules feed them, nothing is shown.
 */
export function useMenuCounters(): Partial<Record<MenuCounterKey, number>> {
  return {};
}

export function useHasUnreadNotifications(): boolean {
  return false;
}
