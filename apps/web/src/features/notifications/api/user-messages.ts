import { NOTIFICATION_LIMITS, type UserMessage } from '@ghiseu/domain';
import { type InfiniteData, infiniteQueryOptions, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type DataEnvelope } from '../../../lib/api-client';

/**
 * The in-app notifications of the bell (spec §2, §4 "Notification", §9 window): the list is read
 * month by month. Page 0 is the default window, one month ago → tomorrow; page n (n ≥ 1) is the
 * month before page n − 1. The windows are computed from the clock at each fetch, so a refetch
 * (after a reconnect, after the dropdown closes) reads the current month. This file is part of the
 * shell's chunk (the bell's dot reads it): keep it small.
 */

export const USER_MESSAGES_KEY = ['notifications', 'user-messages'] as const;

/** How far back scrolling may go (months before the default window). */
export const MAX_MONTHS_BACK = 24;

const MINUTE_MS = 60_000;
const RECENT_MS = NOTIFICATION_LIMITS.recentUnreadMinutes * MINUTE_MS;

/** The created_date range of page `monthsBack` (0: one month ago → tomorrow). */
export function messageWindow(monthsBack: number, now: Date = new Date()): { from: Date; to: Date } {
  const shift = (months: number) => {
    const date = new Date(now);
    date.setMonth(date.getMonth() - months);
    return date;
  };
  if (monthsBack === 0) {
    const tomorrow = new Date(now);
    tomorrow.setDate(tomorrow.getDate() + 1);
    return { from: shift(1), to: tomorrow };
  }
  return { from: shift(monthsBack + 1), to: shift(monthsBack) };
}

/** `GET /user-messages` of one window, newest first (spec §7: limit 100). */
export async function getUserMessages(monthsBack: number, signal?: AbortSignal): Promise<UserMessage[]> {
  const { from, to } = messageWindow(monthsBack);
  const body = await api.get<DataEnvelope<UserMessage[]>>('/user-messages', {
    query: {
      'created_date[ge]': from.toISOString(),
      'created_date[le]': to.toISOString(),
      sortKey: '-created_date',
      limit: NOTIFICATION_LIMITS.messagesPerPage,
    },
    signal,
  });
  return body.data;
}

export const userMessagesQueryOptions = infiniteQueryOptions({
  queryKey: USER_MESSAGES_KEY,
  queryFn: ({ pageParam, signal }) => getUserMessages(pageParam, signal),
  initialPageParam: 0,
  getNextPageParam: (_last, _all, lastParam) => (lastParam < MAX_MONTHS_BACK ? lastParam + 1 : undefined),
  // The stream keeps it current; a focus refetch would also drop the older months.
  staleTime: 5 * MINUTE_MS,
  refetchOnWindowFocus: false,
  // The bell shows its own error state; a background failure is no reason for a toast.
  meta: { skipGlobalErrorHandler: true },
});

export type UserMessagePages = InfiniteData<UserMessage[], number>;

/** Every message loaded, newest first, each once (the month windows touch at their ends). */
export function flattenMessages(data: InfiniteData<UserMessage[], unknown> | undefined): UserMessage[] {
  if (!data) return [];
  const seen = new Set<number>();
  const out: UserMessage[] = [];
  for (const page of data.pages)
    for (const message of page)
      if (!seen.has(message.id)) {
        seen.add(message.id);
        out.push(message);
      }
  return out;
}

/**
 * Spec §4/§9: the dot shows while an unread message is younger than 30 minutes. Returns whether
 * it shows at `now` and, when it does, in how many ms it goes out by itself (null: never).
 */
export function recentUnread(messages: readonly UserMessage[], now: number): { lit: boolean; expiresInMs: number | null } {
  let newest = Number.NEGATIVE_INFINITY;
  for (const message of messages) {
    if (message.has_been_read) continue;
    const created = Date.parse(message.created_date);
    if (Number.isFinite(created) && created > newest) newest = created;
  }
  const age = now - newest;
  if (!Number.isFinite(age) || age >= RECENT_MS) return { lit: false, expiresInMs: null };
  return { lit: true, expiresInMs: RECENT_MS - Math.max(age, 0) };
}

/** A message that arrived on the stream goes to the top of the default window (once). */
export function prependMessage(client: QueryClient, message: UserMessage): void {
  client.setQueryData<UserMessagePages>(USER_MESSAGES_KEY, (data) => {
    if (!data) return { pages: [[message]], pageParams: [0] };
    if (data.pages.some((page) => page.some((m) => m.id === message.id))) return data;
    const [first = [], ...rest] = data.pages;
    return { ...data, pages: [[message, ...first], ...rest] };
  });
}

/** Closing the dropdown: back to the default window (the older months are dropped, the first refetched). */
export function resetMessageWindow(client: QueryClient): void {
  client.setQueryData<UserMessagePages>(USER_MESSAGES_KEY, (data) =>
    data ? { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) } : data,
  );
  void client.invalidateQueries({ queryKey: USER_MESSAGES_KEY });
}

function markReadInCache(client: QueryClient, id: number): void {
  client.setQueryData<UserMessagePages>(USER_MESSAGES_KEY, (data) =>
    data
      ? { ...data, pages: data.pages.map((page) => page.map((m) => (m.id === id ? { ...m, has_been_read: true } : m))) }
      : data,
  );
}

/** `PATCH /user-messages/{id} { has_been_read: true }`; the cache follows at once. */
export function useMarkMessageRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.patch<DataEnvelope<UserMessage>>(`/user-messages/${id}`, { has_been_read: true }),
    meta: { skipGlobalErrorHandler: true },
    onSuccess: (_body, id) => markReadInCache(client, id),
  });
}

/** Where opening a message goes: its application (staff and applicants share the route) or complaint. */
export function messageTarget(message: Pick<UserMessage, 'message_source' | 'recipient_identification_id'>): string | null {
  const id = message.recipient_identification_id;
  if (id === null) return null;
  if (message.message_source === 'complain') return `/complain/${id}`;
  if (message.message_source === 'application') return `/application/${id}`;
  return null;
}
