import { and, desc, eq, gt, gte, inArray, isNull, lt, lte, max, type SQL, sql } from 'drizzle-orm';
import { sessions, userMessages, users } from '../../../db/schema/index.js';
import type { Db } from '../../../platform/db.js';

/** Data access of the in-app messages (spec §3 "Notification"). Every query is scoped to one recipient. */

export type UserMessageRow = typeof userMessages.$inferSelect;

/** The most messages one answer carries (spec §9: user messages, limit 100). */
export const USER_MESSAGES_MAX = 100;

export interface MessageWindow {
  /** created_date ≥ */
  from?: string;
  /** created_date ≤ */
  to?: string;
  /** created_date < */
  before?: string;
  limit: number;
}

/**
 * The recipient's messages in a created_date window, newest first. The order and the recipient
 * equality are those of `user_messages_recipient_created_idx`: the page is read straight from
 * the index, however many messages the user has.
 */
export function listMessages(db: Db, recipientUserId: number, window: MessageWindow): Promise<UserMessageRow[]> {
  const conditions: (SQL | undefined)[] = [eq(userMessages.recipientUserId, recipientUserId)];
  if (window.from !== undefined) conditions.push(gte(userMessages.createdDate, new Date(window.from)));
  if (window.to !== undefined) conditions.push(lte(userMessages.createdDate, new Date(window.to)));
  if (window.before !== undefined) conditions.push(lt(userMessages.createdDate, new Date(window.before)));
  return db
    .select()
    .from(userMessages)
    .where(and(...conditions))
    .orderBy(desc(userMessages.createdDate), desc(userMessages.id))
    .limit(window.limit);
}

/** The recipient's messages about one application, newest first (`user_messages_recipient_source_idx`). */
export function listMessagesOfApplication(db: Db, recipientUserId: number, applicationId: number): Promise<UserMessageRow[]> {
  return db
    .select()
    .from(userMessages)
    .where(
      and(
        eq(userMessages.recipientUserId, recipientUserId),
        eq(userMessages.sourceId, applicationId),
        eq(userMessages.messageSource, 'application'),
      ),
    )
    .orderBy(desc(userMessages.createdDate), desc(userMessages.id))
    .limit(USER_MESSAGES_MAX);
}

/** Sets the read flag of one of the recipient's messages; undefined when it is not theirs (or missing). */
export async function setRead(db: Db, recipientUserId: number, id: number, read: boolean): Promise<UserMessageRow | undefined> {
  const [row] = await db
    .update(userMessages)
    .set({ hasBeenRead: read, readAt: read ? new Date() : null })
    .where(and(eq(userMessages.id, id), eq(userMessages.recipientUserId, recipientUserId)))
    .returning();
  return row;
}

/** One of the recipient's messages (the stream's Last-Event-ID), or undefined. */
export async function findMessage(db: Db, recipientUserId: number, id: number): Promise<UserMessageRow | undefined> {
  const [row] = await db
    .select()
    .from(userMessages)
    .where(and(eq(userMessages.id, id), eq(userMessages.recipientUserId, recipientUserId)));
  return row;
}

/** The highest message id of anyone (the primary key's last entry): where a new stream starts. */
export async function lastMessageId(db: Db): Promise<number> {
  const [row] = await db.select({ id: max(userMessages.id) }).from(userMessages);
  return row?.id ?? 0;
}

/**
 * The recipient's messages with an id above `afterId`, created at `since` or later, oldest
 * first. `since` bounds the index range read (the recipient's newest messages only); ids decide
 * what is new.
 */
export function messagesAfter(db: Db, recipientUserId: number, afterId: number, since: Date): Promise<UserMessageRow[]> {
  return db
    .select()
    .from(userMessages)
    .where(
      and(eq(userMessages.recipientUserId, recipientUserId), gte(userMessages.createdDate, since), gt(userMessages.id, afterId)),
    )
    .orderBy(desc(userMessages.createdDate), desc(userMessages.id))
    .limit(USER_MESSAGES_MAX)
    .then((rows) => rows.reverse());
}

/**
 * Of the given sessions, those still valid (not revoked, not expired, not idle past
 * `idleMinutes`, their user active): the rule of `lookupSession` for many sessions in one query,
 * so that open streams end when their session does.
 */
export async function liveSessionIds(db: Db, ids: number[], idleMinutes: number): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        inArray(sessions.id, ids),
        isNull(sessions.revokedAt),
        sql`${sessions.expiresAt} > now()`,
        sql`${sessions.lastSeenAt} > now() - make_interval(mins => ${idleMinutes})`,
        eq(users.status, 'active'),
      ),
    );
  return new Set(rows.map((r) => r.id));
}
