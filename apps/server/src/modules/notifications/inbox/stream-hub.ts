import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db } from '../../../platform/db.js';
import { presentUserMessage } from './presenter.js';
import * as repo from './repository.js';
import { USER_MESSAGES_CHANNEL } from './store.js';

/**
 * The live bell (GET /user-messages/stream): one hub per server process. It LISTENs once on
 * {@link USER_MESSAGES_CHANNEL}; `insertUserMessages` NOTIFYs the recipient's id when the
 * message's transaction commits, in whichever process (server or worker) wrote it. For a
 * notified user with open streams the hub reads, from the database, the messages each stream has
 * not sent yet and writes them as server-sent events. Nothing but the open sockets lives in
 * memory: a stream that reconnects to another process resumes from its Last-Event-ID.
 *
 * What is "new" is decided by message id. A message whose transaction began earlier but
 * committed after a later one was sent (two writers for one user at the same instant) can be
 * skipped by a live stream; the web app refetches its window after every reconnect, and the
 * NOTIFY itself is best-effort (lost while the listening connection is down), so the stream is
 * the fast path and the list call the truth.
 */

/** Server-sent event comment written every `pingMs`: keeps proxies from closing an idle stream. */
const PING = ': ping\n\n';
/** How far back (ms) of a stream's newest message the catch-up query reads (slow transactions). */
const SINCE_MARGIN_MS = 5 * 60_000;

interface OpenStream {
  userId: number;
  /** The session the stream was opened with: the stream ends when it does. */
  sessionId: number;
  /** The highest message id written to this stream. */
  lastId: number;
  /** Messages created before this are never new for the stream (bounds the index range read). */
  since: Date;
  write(chunk: string): void;
  end(): void;
}

export interface StreamHubOptions {
  /** Interval of the keep-alive comment, and of the session check; 25 s by default. */
  pingMs?: number;
  /**
   * Of the given session ids, those still valid. Checked at each ping for all open streams in one
   * call: a stream whose session was revoked (logout, password change, deactivation), expired
   * or went idle is ended; the client's reconnection then meets 401.
   */
  liveSessions?: (sessionIds: number[]) => Promise<Set<number>>;
}

/** One server-sent event of a message (`id`, `event: message`, `data` the ZUserMessage JSON). */
export function messageEvent(row: repo.UserMessageRow): string {
  return `id: ${row.id}\nevent: message\ndata: ${JSON.stringify(presentUserMessage(row))}\n\n`;
}

export class UserMessageHub {
  private readonly streams = new Map<number, Set<OpenStream>>();
  private listening: Promise<() => Promise<void>> | null = null;
  /** Users whose catch-up query runs now, and those notified again meanwhile. */
  private readonly flushing = new Map<number, Promise<void>>();
  private readonly again = new Set<number>();
  private pingTimer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly database: Pick<Database, 'listen'>,
    private readonly log: FastifyBaseLogger,
    private readonly options: StreamHubOptions = {},
  ) {}

  /** How many streams are open (tests, health). */
  get size(): number {
    let n = 0;
    for (const set of this.streams.values()) n += set.size;
    return n;
  }

  /**
   * Opens a stream for `userId`. With `lastEventId` (a message of theirs the client last
   * received) the messages after it are sent at once; without, nothing old is sent. Answers the
   * function that closes the stream (call it when the socket closes).
   */
  async open(
    { userId, sessionId }: { userId: number; sessionId: number },
    lastEventId: number | undefined,
    sink: { write(chunk: string): void; end(): void },
  ): Promise<() => void> {
    if (this.closed) throw new Error('the message hub is closed');
    if (!this.listening) {
      const listening = this.database.listen(USER_MESSAGES_CHANNEL, (payload) => this.onNotify(payload));
      // A failed LISTEN is tried again by the next stream, not remembered.
      listening.catch(() => {
        if (this.listening === listening) this.listening = null;
      });
      this.listening = listening;
    }
    await this.listening;
    const resumed = lastEventId !== undefined ? await repo.findMessage(this.db, userId, lastEventId) : undefined;
    const stream: OpenStream = resumed
      ? { userId, sessionId, lastId: resumed.id, since: new Date(resumed.createdDate.getTime() - SINCE_MARGIN_MS), ...sink }
      : { userId, sessionId, lastId: await repo.lastMessageId(this.db), since: new Date(Date.now() - SINCE_MARGIN_MS), ...sink };
    let set = this.streams.get(userId);
    if (!set) {
      set = new Set();
      this.streams.set(userId, set);
    }
    set.add(stream);
    this.startPings();
    // A message committed between reading the starting point and joining the set was notified
    // to nobody: one catch-up read covers it (and sends the resumed ones).
    this.flush(userId);
    return () => this.remove(stream);
  }

  /** Ends every stream and stops listening (server shutdown). */
  async close(): Promise<void> {
    this.closed = true;
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.pingTimer = null;
    for (const set of this.streams.values()) for (const stream of set) stream.end();
    this.streams.clear();
    await Promise.allSettled([...this.flushing.values()]);
    if (this.listening) {
      const unlisten = await this.listening.catch(() => null);
      this.listening = null;
      await unlisten?.().catch(() => {});
    }
  }

  private remove(stream: OpenStream): void {
    const set = this.streams.get(stream.userId);
    if (!set) return;
    set.delete(stream);
    if (set.size === 0) this.streams.delete(stream.userId);
    if (this.streams.size === 0 && this.pingTimer) {
      clearInterval(this.pingTimer);
      this.pingTimer = null;
    }
  }

  private startPings(): void {
    if (this.pingTimer) return;
    this.pingTimer = setInterval(() => {
      for (const set of this.streams.values()) for (const stream of set) stream.write(PING);
      void this.endExpiredSessions();
    }, this.options.pingMs ?? 25_000);
    this.pingTimer.unref();
  }

  private checking = false;

  /** Ends the streams whose session is no longer valid (one query for every open stream). */
  private async endExpiredSessions(): Promise<void> {
    const check = this.options.liveSessions;
    if (!check || this.checking || this.streams.size === 0) return;
    this.checking = true;
    try {
      const open = [...this.streams.values()].flatMap((set) => [...set]);
      const live = await check([...new Set(open.map((s) => s.sessionId))]);
      for (const stream of open)
        if (!live.has(stream.sessionId)) {
          this.remove(stream);
          stream.end();
        }
    } catch (error) {
      this.log.warn({ err: error }, 'user message stream: session check failed');
    } finally {
      this.checking = false;
    }
  }

  private onNotify(payload: string): void {
    const userId = Number(payload);
    if (Number.isInteger(userId) && this.streams.has(userId)) this.flush(userId);
  }

  /** Runs the user's catch-up; one at a time per user, once more if notified meanwhile. */
  private flush(userId: number): void {
    if (this.flushing.has(userId)) {
      this.again.add(userId);
      return;
    }
    const run = this.catchUp(userId)
      .catch((error: unknown) => this.log.warn({ err: error, userId }, 'user message stream: catch-up failed'))
      .finally(() => {
        this.flushing.delete(userId);
        if (this.again.delete(userId) && this.streams.has(userId)) this.flush(userId);
      });
    this.flushing.set(userId, run);
  }

  private async catchUp(userId: number): Promise<void> {
    const set = this.streams.get(userId);
    if (!set || set.size === 0) return;
    const streams = [...set];
    const afterId = Math.min(...streams.map((s) => s.lastId));
    const since = new Date(Math.min(...streams.map((s) => s.since.getTime())));
    const rows = await repo.messagesAfter(this.db, userId, afterId, since);
    if (rows.length === 0) return;
    for (const stream of streams) {
      if (!set.has(stream)) continue;
      const fresh = rows.filter((row) => row.id > stream.lastId);
      if (fresh.length === 0) continue;
      stream.write(fresh.map(messageEvent).join(''));
      const newest = fresh.reduce((a, b) => (b.id > a.id ? b : a));
      stream.lastId = newest.id;
      const floor = new Date(newest.createdDate.getTime() - SINCE_MARGIN_MS);
      if (floor > stream.since) stream.since = floor;
    }
  }
}
