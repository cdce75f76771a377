import type { profiles, users } from '../../db/schema/index.js';
import type { Db } from '../../platform/db.js';
import * as repo from './repository.js';

/**
 * User records as other modules write them: the administration module creates staff accounts,
 * edits them and approves identity enrollments. Each function runs on the executor it is given,
 * so it joins the caller's transaction. Look-ups by id or e-mail are the auth module's
 * (`findUserById`, `findUserByEmail`).
 */

export type ProfileRow = repo.ProfileRow;

/** Inserts an account and returns its id. A taken e-mail raises a unique violation (`isUniqueViolation`). */
export async function createUser(tx: Db, values: typeof users.$inferInsert): Promise<number> {
  return (await repo.insertUser(tx, values)).id;
}

export async function updateUser(tx: Db, userId: number, values: Partial<typeof users.$inferInsert>): Promise<void> {
  await repo.updateUser(tx, userId, values);
}

export function findProfile(db: Db, userId: number): Promise<ProfileRow | undefined> {
  return repo.findProfile(db, userId);
}

/** Writes profile fields, creating the profile row when the user has none yet. */
export async function saveProfile(
  tx: Db,
  userId: number,
  values: Partial<Omit<typeof profiles.$inferInsert, 'userId'>>,
): Promise<void> {
  await repo.upsertProfile(tx, { ...values, userId });
}

/**
 * Stores the hash of a link key the caller e-mails (a staff invitation or password reset) and
 * retires the user's earlier unused keys of that purpose.
 */
export async function replaceLinkKey(
  tx: Db,
  values: { userId: number; purpose: repo.CodePurpose; codeHash: string; expiresAt: Date },
): Promise<void> {
  await repo.replaceCode(tx, values);
}
