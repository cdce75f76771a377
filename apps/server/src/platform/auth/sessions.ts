import { and, eq, isNull, sql } from 'drizzle-orm';
import { sessions, users } from '../../db/schema/index.js';
import type { Db } from '../db.js';
import { hashToken, newOpaqueToken } from '../tokens.js';

export interface SessionPolicy {
  ttlHours: number;
  idleMinutes: number;
}

/** Creates a session and returns the opaque token; only its hash is stored. */
export async function createSession(
  db: Db,
  userId: number,
  policy: SessionPolicy,
  meta: { ip?: string; userAgent?: string; delegatedOrganisationId?: number | null } = {},
): Promise<{ token: string; sessionId: number }> {
  const token = newOpaqueToken();
  const [row] = await db
    .insert(sessions)
    .values({
      userId,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + policy.ttlHours * 3600_000),
      ip: meta.ip ?? null,
      userAgent: meta.userAgent?.slice(0, 255) ?? null,
      delegatedOrganisationId: meta.delegatedOrganisationId ?? null,
    })
    .returning({ id: sessions.id });
  return { token, sessionId: row.id };
}

export type SessionLookup =
  | { status: 'valid'; session: typeof sessions.$inferSelect; user: typeof users.$inferSelect }
  | { status: 'invalid' | 'expired' };

/** last_seen_at is refreshed at most once a minute, so reads do not turn into writes. */
const TOUCH_INTERVAL_MS = 60_000;

/**
 * Resolves a bearer token. A token is invalid when unknown or revoked, expired when past its
 * lifetime or idle for too long, or when its user is no longer active.
 */
export async function lookupSession(db: Db, token: string, policy: SessionPolicy, now = new Date()): Promise<SessionLookup> {
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, hashToken(token)));
  if (!row || row.session.revokedAt) return { status: 'invalid' };
  const idleLimit = row.session.lastSeenAt.getTime() + policy.idleMinutes * 60_000;
  if (row.session.expiresAt <= now || idleLimit <= now.getTime()) return { status: 'expired' };
  if (row.user.status !== 'active') return { status: 'invalid' };
  if (now.getTime() - row.session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.session.id));
  }
  return { status: 'valid', session: row.session, user: row.user };
}

export async function revokeSessionByToken(db: Db, token: string): Promise<number | null> {
  const [row] = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt)))
    .returning({ userId: sessions.userId });
  return row?.userId ?? null;
}

/** Ends every session of a user (password change, deactivation). */
export async function revokeUserSessions(db: Db, userId: number): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}
