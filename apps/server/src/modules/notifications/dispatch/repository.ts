import type { NotificationLanguage } from '@ghiseu/domain';
import { and, asc, desc, eq, gt, inArray, isNull, ne } from 'drizzle-orm';
import { applicationComments, domainEvents, notificationDigestItems, users } from '../../../db/schema/index.js';
import type { Db } from '../../../platform/db.js';

/**
 * The dispatcher's and the digests' queries. Every function takes its executor: the database for
 * reads outside a transaction, the transaction inside one (PGlite has a single connection).
 */

export type DomainEventRow = typeof domainEvents.$inferSelect;

/** Ids of the events not yet dispatched after `afterId`, oldest first (a cursor: locked ones are skipped, not re-read). */
export async function findPendingEventIds(db: Db, afterId: number, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: domainEvents.id })
    .from(domainEvents)
    .where(and(isNull(domainEvents.processedAt), gt(domainEvents.id, afterId)))
    .orderBy(asc(domainEvents.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

/**
 * Takes one pending event for this transaction: its row lock keeps every other process off it
 * until the transaction ends (SKIP LOCKED: they move on to the next event instead of waiting);
 * undefined when another process holds it or has already dispatched it.
 */
export async function lockPendingEvent(tx: Db, id: number): Promise<DomainEventRow | undefined> {
  const [row] = await tx
    .select()
    .from(domainEvents)
    .where(and(eq(domainEvents.id, id), isNull(domainEvents.processedAt)))
    .for('update', { skipLocked: true });
  return row;
}

export async function markEventProcessed(tx: Db, id: number): Promise<void> {
  await tx.update(domainEvents).set({ processedAt: new Date() }).where(eq(domainEvents.id, id));
}

/** Who registered an application (the actor of its last `application.registered` event), if anyone did. */
export async function findRegisteringUserId(db: Db, applicationId: number): Promise<number | null> {
  const [row] = await db
    .select({ actorUserId: domainEvents.actorUserId })
    .from(domainEvents)
    .where(
      and(
        eq(domainEvents.entityType, 'application'),
        eq(domainEvents.entityId, applicationId),
        eq(domainEvents.type, 'application.registered'),
      ),
    )
    .orderBy(desc(domainEvents.id))
    .limit(1);
  return row?.actorUserId ?? null;
}

/** The text of a comment the applicant may read (never an internal note). */
export async function findPublicCommentText(db: Db, commentId: number, applicationId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ text: applicationComments.text })
    .from(applicationComments)
    .where(
      and(
        eq(applicationComments.id, commentId),
        eq(applicationComments.applicationId, applicationId),
        eq(applicationComments.isInternal, false),
      ),
    );
  return row?.text;
}

/** What the dispatcher needs of a recipient: name, addresses that may be written to, language. */
export interface RecipientContact {
  id: number;
  firstName: string | null;
  lastName: string | null;
  email: string;
  emailConfirmed: boolean;
  phone: string | null;
  phoneConfirmed: boolean;
  language: NotificationLanguage;
}

/** Where a channel may write to this recipient: a confirmed address or phone only, else null. */
export function contactAddress(contact: RecipientContact, channel: 'email' | 'sms'): string | null {
  if (channel === 'email') return contact.emailConfirmed ? contact.email : null;
  return contact.phoneConfirmed ? contact.phone : null;
}

/** The users by id (inactive accounts left out: nothing is sent to a closed account). */
export async function findRecipientContacts(db: Db, ids: number[]): Promise<RecipientContact[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      emailConfirmedAt: users.emailConfirmedAt,
      phone: users.phone,
      phoneConfirmedAt: users.phoneConfirmedAt,
      language: users.notificationLanguage,
    })
    .from(users)
    .where(and(inArray(users.id, ids), ne(users.status, 'inactive')));
  return rows.map((r) => ({
    id: r.id,
    firstName: r.firstName,
    lastName: r.lastName,
    email: r.email,
    emailConfirmed: r.emailConfirmedAt !== null,
    phone: r.phone,
    phoneConfirmed: r.phoneConfirmedAt !== null,
    language: r.language,
  }));
}

/** A person's display name, for `applicant_name`, `assignee_name`, `signer_name`. */
export async function findUserNames(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, displayName(r)]));
}

export function displayName(user: { firstName: string | null; lastName: string | null; email?: string }): string {
  const name = [user.firstName, user.lastName].filter((part) => part && part.trim().length > 0).join(' ');
  return name || (user.email ?? '');
}

/* ───────────────────────────── Digest items ───────────────────────────── */

export type DigestItemInsert = typeof notificationDigestItems.$inferInsert;
export type DigestFrequency = 'daily' | 'weekly' | 'monthly';

/** Adds an event to a user's digest; a second insert of the same (user, event, channel) is ignored. */
export async function insertDigestItems(tx: Db, rows: DigestItemInsert[]): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await tx
    .insert(notificationDigestItems)
    .values(rows)
    .onConflictDoNothing()
    .returning({ id: notificationDigestItems.id });
  return inserted.length;
}

/** The (user, channel) pairs with unsent items of a frequency. */
export async function findDigestGroups(
  db: Db,
  frequency: DigestFrequency,
): Promise<{ userId: number; channel: 'email' | 'sms' }[]> {
  return db
    .selectDistinct({ userId: notificationDigestItems.userId, channel: notificationDigestItems.channel })
    .from(notificationDigestItems)
    .where(and(eq(notificationDigestItems.frequency, frequency), isNull(notificationDigestItems.sentAt)))
    .orderBy(asc(notificationDigestItems.userId), asc(notificationDigestItems.channel));
}

export type DigestItemRow = typeof notificationDigestItems.$inferSelect;

/**
 * Takes the unsent items of one user's digest for this transaction, oldest first. Items another
 * run holds are skipped (SKIP LOCKED), and a run that finds them already sent gets none: an event
 * goes out in one digest only.
 */
export async function lockUnsentDigestItems(
  tx: Db,
  group: { userId: number; channel: 'email' | 'sms'; frequency: DigestFrequency },
): Promise<DigestItemRow[]> {
  return tx
    .select()
    .from(notificationDigestItems)
    .where(
      and(
        eq(notificationDigestItems.userId, group.userId),
        eq(notificationDigestItems.channel, group.channel),
        eq(notificationDigestItems.frequency, group.frequency),
        isNull(notificationDigestItems.sentAt),
      ),
    )
    .orderBy(asc(notificationDigestItems.createdAt), asc(notificationDigestItems.id))
    .for('update', { skipLocked: true });
}

export async function markDigestItemsSent(tx: Db, ids: number[], messageId: number | null): Promise<void> {
  if (ids.length === 0) return;
  await tx.update(notificationDigestItems).set({ sentAt: new Date(), messageId }).where(inArray(notificationDigestItems.id, ids));
}
