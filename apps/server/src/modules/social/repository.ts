import { and, eq, gt, lt } from 'drizzle-orm';
import { oauthRequests, profiles, socialIdentities, users } from '../../db/schema/index.js';
import type { Db } from '../../platform/db.js';

/**
 * Data access of social sign-in: the pending OpenID requests (state, PKCE verifier, nonce), the
 * provider identities linked to accounts, and the account changes a social sign-in makes. Every
 * function takes the executor it runs on (the transaction inside one).
 */

export type Provider = 'google' | 'facebook';
export type OauthRequestRow = typeof oauthRequests.$inferSelect;

/** Stores a started sign-in and drops the expired ones. */
export async function insertOauthRequest(tx: Db, values: typeof oauthRequests.$inferInsert): Promise<void> {
  await tx.delete(oauthRequests).where(lt(oauthRequests.expiresAt, new Date()));
  await tx.insert(oauthRequests).values(values);
}

/** Takes (deletes and answers) the unexpired request of a state hash: single use, whatever happens next. */
export async function takeOauthRequest(db: Db, provider: Provider, stateHash: string): Promise<OauthRequestRow | undefined> {
  const [request] = await db
    .delete(oauthRequests)
    .where(
      and(eq(oauthRequests.stateHash, stateHash), eq(oauthRequests.provider, provider), gt(oauthRequests.expiresAt, new Date())),
    )
    .returning();
  return request;
}

/** The account a provider identity was linked to, if any. */
export async function findLinkedUserId(tx: Db, provider: Provider, subject: string): Promise<number | undefined> {
  const [linked] = await tx
    .select({ userId: socialIdentities.userId })
    .from(socialIdentities)
    .where(and(eq(socialIdentities.provider, provider), eq(socialIdentities.subject, subject)));
  return linked?.userId;
}

export async function linkIdentity(tx: Db, userId: number, provider: Provider, subject: string): Promise<void> {
  await tx.insert(socialIdentities).values({ userId, provider, subject }).onConflictDoNothing();
}

/** A citizen account created from a provider identity (the address is verified), with an empty profile. */
export async function insertSocialCitizen(
  tx: Db,
  person: { email: string; firstName: string | null; lastName: string | null },
): Promise<number> {
  const [created] = await tx
    .insert(users)
    .values({
      email: person.email.trim().toLowerCase(),
      firstName: person.firstName,
      lastName: person.lastName,
      userType: 'citizen',
      emailConfirmedAt: new Date(),
    })
    .returning({ id: users.id });
  await tx.insert(profiles).values({ userId: created.id });
  return created.id;
}

export async function confirmEmail(tx: Db, userId: number): Promise<void> {
  await tx.update(users).set({ emailConfirmedAt: new Date() }).where(eq(users.id, userId));
}

export async function findUser(tx: Db, userId: number) {
  const [user] = await tx.select().from(users).where(eq(users.id, userId));
  return user;
}

/** A social sign-in counts as a successful login (the failure counter starts again). */
export async function recordSocialLogin(tx: Db, userId: number): Promise<void> {
  await tx.update(users).set({ lastLoginAt: new Date(), failedLoginCount: 0 }).where(eq(users.id, userId));
}
