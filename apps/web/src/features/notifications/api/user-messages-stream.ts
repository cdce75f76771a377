import type { UserMessage } from '@ghiseu/domain';
import { useQueryClient } from '@tanstack/react-query';
import { createParser } from 'eventsource-parser';
import { useEffect } from 'react';
import { API_BASE_URL } from '../../../lib/api-client';
import { getStoredLanguage, getStoredToken } from '../../../lib/storage';
import { prependMessage, USER_MESSAGES_KEY } from './user-messages';

/**
 * The live side of the bell: one connection per signed-in tab to `GET /user-messages/stream`
 * (server-sent events). It uses fetch rather than EventSource because the API wants the session
 * token in `Authorization: Bearer`, which EventSource cannot send. Each `message` event carries a
 * UserMessage that goes to the top of the default window, so the dot lights without a reload.
 * A dropped connection is opened again with a growing delay (1 s … 30 s), resuming after the last
 * event received (Last-Event-ID), and the window is read again after the reconnect (read marks
 * and messages may have changed in between). A 204 answer ends it (the SSE rule); 401 or 403 (the
 * session ended) slow it to one try in 30 s until the user signs in again; leaving ends it
 * (sign-out unmounts the bell).
 */

export const STREAM_BACKOFF_MS = [1_000, 2_000, 5_000, 10_000, 30_000] as const;
/** A stream open at least this long counts as healthy (the delays start again from the first). */
const STABLE_STREAM_MS = 10_000;

export interface StreamHandlers {
  onMessage: (message: UserMessage) => void;
  /** The stream is open again after a failure. */
  onReconnect: () => void;
}

function isUserMessage(value: unknown): value is UserMessage {
  if (!value || typeof value !== 'object') return false;
  const m = value as Record<string, unknown>;
  return typeof m.id === 'number' && typeof m.created_date === 'string' && typeof m.has_been_read === 'boolean';
}

/** Opens the stream and keeps it open until `signal` aborts. */
export async function runUserMessagesStream(signal: AbortSignal, handlers: StreamHandlers): Promise<void> {
  let failures = 0;
  let opened = false;
  /** The id of the last event received: the server resumes after it (Last-Event-ID). */
  let lastEventId: string | undefined;
  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      signal.addEventListener(
        'abort',
        () => {
          clearTimeout(timer);
          resolve();
        },
        { once: true },
      );
    });

  while (!signal.aborted) {
    try {
      const headers: Record<string, string> = { Accept: 'text/event-stream', 'Accept-Language': getStoredLanguage() };
      const token = getStoredToken();
      if (token) headers.Authorization = `Bearer ${token}`;
      if (lastEventId) headers['Last-Event-ID'] = lastEventId;
      const response = await fetch(`${API_BASE_URL}/user-messages/stream`, { headers, signal, cache: 'no-store' });
      if (response.status === 204) return;
      if (response.status === 401 || response.status === 403) {
        // The session ended (the login modal is open, or opens at the next call): try again
        // at the slowest pace, so the bell comes back by itself after the user signs in again.
        failures = STREAM_BACKOFF_MS.length - 1;
        throw new Error(`HTTP_${response.status}`);
      }
      if (!response.ok || !response.body) throw new Error(`HTTP_${response.status}`);
      if (opened) handlers.onReconnect();
      opened = true;
      const openedAt = Date.now();
      const parser = createParser({
        onEvent(event) {
          if (event.id) lastEventId = event.id;
          if (event.event !== undefined && event.event !== 'message') return;
          try {
            const data: unknown = JSON.parse(event.data);
            if (isUserMessage(data)) handlers.onMessage(data);
          } catch {
            // A malformed event is skipped; the next refetch of the window has the message anyway.
          }
        },
      });
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parser.feed(decoder.decode(value, { stream: true }));
      }
      // A stream that lived a while starts the delays again; one cut at once keeps growing them.
      if (Date.now() - openedAt >= STABLE_STREAM_MS) failures = 0;
    } catch (error) {
      if (signal.aborted || (error instanceof DOMException && error.name === 'AbortError')) return;
    }
    if (signal.aborted) return;
    // A stream that ended or failed: try again after a growing delay.
    await wait(STREAM_BACKOFF_MS[Math.min(failures, STREAM_BACKOFF_MS.length - 1)] ?? 30_000);
    failures += 1;
    // The next successful open counts as a reconnect (the window is read again).
    opened = true;
  }
}

/** Keeps the stream open while `enabled` (a signed-in user); `userId` restarts it for another user. */
export function useUserMessagesStream(enabled: boolean, userId: number | null): void {
  const client = useQueryClient();
  // biome-ignore lint/correctness/useExhaustiveDependencies: another user means another stream.
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    void runUserMessagesStream(controller.signal, {
      onMessage: (message) => prependMessage(client, message),
      onReconnect: () => void client.invalidateQueries({ queryKey: USER_MESSAGES_KEY }),
    });
    return () => controller.abort();
  }, [client, enabled, userId]);
}
