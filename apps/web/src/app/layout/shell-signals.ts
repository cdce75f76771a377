import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { flattenMessages, recentUnread, userMessagesQueryOptions } from '../../features/notifications/api/user-messages';
import { staffCountersQueryOptions } from '../../features/staff-applications/api/counters';
import { usePermissions } from '../../lib/permissions';
import { useSession } from '../../lib/session';
import type { MenuCounterKey } from './menu';

/**
 * Values the shell shows but modules compute: the menu counters (assigned applications,
 * applications to review, internal documents, internal documents to review) and the unread
 * notifications dot. The applications counters come from `GET /staff-applications/counters`
 * for whoever reads the staff lists, asked again every 30 s, when the window regains focus and
 * after every staff action ("live", spec §2); nobody else calls it. The internal-document
 * counters wait for their module.
 */
export function useMenuCounters(): Partial<Record<MenuCounterKey, number>> {
  const { can } = usePermissions();
  const counters = useQuery({ ...staffCountersQueryOptions, enabled: can('applicationsStaffOwnRead') });
  if (!counters.data) return {};
  return { assignedApplications: counters.data.assigned, applicationsToReview: counters.data.to_review };
}

/**
 * The bell's dot (spec §4, §9): an unread message younger than 30 minutes. It reads the default
 * window of `GET /user-messages` (the stream prepends new messages to it) and wakes itself when
 * the youngest unread message turns 30 minutes old, so the dot goes out without any event.
 */
export function useHasUnreadNotifications(): boolean {
  const { user } = useSession();
  const messages = useInfiniteQuery({ ...userMessagesQueryOptions, enabled: user !== null });
  const [now, setNow] = useState(() => Date.now());
  const { lit, expiresInMs } = recentUnread(flattenMessages(messages.data), now);
  useEffect(() => {
    if (expiresInMs === null) return;
    // One timer to the moment the dot goes out (+1 ms so the check lands after the edge).
    const timer = setTimeout(() => setNow(Date.now()), expiresInMs + 1);
    return () => clearTimeout(timer);
  }, [expiresInMs]);
  // A new message (data changed) is judged against the current clock, not the last timer's.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the data is the trigger.
  useEffect(() => setNow(Date.now()), [messages.data]);
  return user !== null && lit;
}
