import type { UserType } from '@ghiseu/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { sessions, users } from '../../db/schema/index.js';
import type { Db } from '../db.js';
import { withCompiledRowMapper } from '../list-query.js';
import { hashToken, newOpaqueToken } from '../tokens.js';
import { permissionKeysSql, permissionSourcesVersion } from './permissions.js';

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

export interface SessionRow {
  id: number;
  expiresAt: Date;
  lastSeenAt: Date;
  revokedAt: Date | null;
  delegatedOrganisationId: number | null;
}

/** What authorisation needs of the user: never the password hash or the profile. */
export interface SessionUser {
  id: number;
  email: string;
  userType: UserType;
  status: 'active' | 'inactive' | 'pending';
  organisationId: number | null;
  isOrganisationAdmin: boolean;
}

export type SessionLookup =
  | { status: 'valid'; session: SessionRow; user: SessionUser; permissionKeys: string[] }
  | { status: 'invalid' | 'expired' };

/** last_seen_at is refreshed at most once a minute, so reads do not turn into writes. */
const TOUCH_INTERVAL_MS = 60_000;

/**
 * Session, user and the extra permission keys of the organisation the session works in, in one
 * statement. Built once per database (and again only if a permission source is registered
 * later) and prepared: on PostgreSQL each pool connection parses and plans it once, instead of
 * drizzle building the SQL and the server planning it on every request.
 */
function buildSessionQuery(db: Db, name: string) {
  return withCompiledRowMapper(
    db
      .select({
        id: sessions.id,
        expiresAt: sessions.expiresAt,
        lastSeenAt: sessions.lastSeenAt,
        revokedAt: sessions.revokedAt,
        delegatedOrganisationId: sessions.delegatedOrganisationId,
        userId: users.id,
        email: users.email,
        userType: users.userType,
        userStatus: users.status,
        organisationId: users.organisationId,
        isOrganisationAdmin: users.isOrganisationAdmin,
        permissionKeys: permissionKeysSql(
          sql`${users.id}`,
          sql`coalesce(${sessions.delegatedOrganisationId}, ${users.organisationId})`,
        ),
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
      .prepare(name),
  );
}

type SessionQuery = ReturnType<typeof buildSessionQuery>;
const prepared = new WeakMap<Db, { version: number; query: SessionQuery }>();

function sessionQuery(db: Db): SessionQuery {
  const version = permissionSourcesVersion();
  const cached = prepared.get(db);
  if (cached?.version === version) return cached.query;
  const query = buildSessionQuery(db, `session_lookup_${version}`);
  prepared.set(db, { version, query });
  return query;
}

/**
 * Resolves a bearer token. A token is invalid when unknown or revoked, expired when past its
 * lifetime or idle for too long, or when its user is no longer active.
 */
export async function lookupSession(db: Db, token: string, policy: SessionPolicy, now = new Date()): Promise<SessionLookup> {
  const [row] = await sessionQuery(db).execute({ tokenHash: hashToken(token) });
  if (!row || row.revokedAt) return { status: 'invalid' };
  const idleLimit = row.lastSeenAt.getTime() + policy.idleMinutes * 60_000;
  if (row.expiresAt <= now || idleLimit <= now.getTime()) return { status: 'expired' };
  if (row.userStatus !== 'active') return { status: 'invalid' };
  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.id));
  }
  return {
    status: 'valid',
    session: {
      id: row.id,
      expiresAt: row.expiresAt,
      lastSeenAt: row.lastSeenAt,
      revokedAt: row.revokedAt,
      delegatedOrganisationId: row.delegatedOrganisationId,
    },
    user: {
      id: row.userId,
      email: row.email,
      userType: row.userType,
      status: row.userStatus,
      organisationId: row.organisationId,
      isOrganisationAdmin: row.isOrganisationAdmin,
    },
    permissionKeys: row.permissionKeys,
  };
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

/** Ends one session (the one a delegated sign-in replaces), if it is still open. */
export async function revokeSession(db: Db, sessionId: number): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}
