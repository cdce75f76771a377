import { and, asc, eq, sql } from 'drizzle-orm';
import { staffFunctions, unknownLoginFailures, userFunctions, users } from '../../db/schema/index.js';
import type { Db } from '../../platform/db.js';
import { hashToken } from '../../platform/tokens.js';

export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`);
  return row;
}

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/** The functions a user holds in one organisation (for `users/me`). */
export async function listUserFunctions(
  db: Db,
  userId: number,
  organisationId: number | null,
): Promise<{ id: number; name: string }[]> {
  if (organisationId === null) return [];
  return db
    .select({ id: staffFunctions.id, name: staffFunctions.name })
    .from(userFunctions)
    .innerJoin(staffFunctions, eq(staffFunctions.id, userFunctions.functionId))
    .where(and(eq(userFunctions.userId, userId), eq(staffFunctions.organisationId, organisationId)))
    .orderBy(asc(staffFunctions.name));
}

/** Counts a failed attempt; locks the account when the limit is reached. Returns the new count. */
export async function recordFailedLogin(
  db: Db,
  userId: number,
  maxAttempts: number,
  lockMinutes: number,
): Promise<{ count: number; locked: boolean }> {
  const [row] = await db
    .update(users)
    .set({ failedLoginCount: sql`${users.failedLoginCount} + 1` })
    .where(eq(users.id, userId))
    .returning({ count: users.failedLoginCount });
  if (row.count >= maxAttempts) {
    await db
      .update(users)
      .set({ lockedUntil: new Date(Date.now() + lockMinutes * 60_000), failedLoginCount: 0 })
      .where(eq(users.id, userId));
    return { count: row.count, locked: true };
  }
  return { count: row.count, locked: false };
}

export async function recordSuccessfulLogin(db: Db, userId: number): Promise<void> {
  await db.update(users).set({ failedLoginCount: 0, lockedUntil: null, lastLoginAt: new Date() }).where(eq(users.id, userId));
}

/* ───────── Addresses without an account: counted the same way, by a hash of the address ───────── */

const unknownKey = (email: string) => hashToken(`login:${email.trim().toLowerCase()}`);

/** When sign-ins for an address without an account are locked, as `users.locked_until` says for one with. */
export async function unknownLoginLockedUntil(db: Db, email: string): Promise<Date | null> {
  const [row] = await db
    .select({ lockedUntil: unknownLoginFailures.lockedUntil })
    .from(unknownLoginFailures)
    .where(eq(unknownLoginFailures.emailHash, unknownKey(email)));
  return row?.lockedUntil ?? null;
}

/** {@link recordFailedLogin} for an address without an account. */
export async function recordUnknownLoginFailure(
  db: Db,
  email: string,
  maxAttempts: number,
  lockMinutes: number,
): Promise<{ count: number; locked: boolean }> {
  const emailHash = unknownKey(email);
  const [row] = await db
    .insert(unknownLoginFailures)
    .values({ emailHash, failedCount: 1 })
    .onConflictDoUpdate({
      target: unknownLoginFailures.emailHash,
      set: { failedCount: sql`${unknownLoginFailures.failedCount} + 1`, updatedAt: new Date() },
    })
    .returning({ count: unknownLoginFailures.failedCount });
  if (row.count >= maxAttempts) {
    await db
      .update(unknownLoginFailures)
      .set({ lockedUntil: new Date(Date.now() + lockMinutes * 60_000), failedCount: 0, updatedAt: new Date() })
      .where(eq(unknownLoginFailures.emailHash, emailHash));
    return { count: row.count, locked: true };
  }
  return { count: row.count, locked: false };
}
