import { desc, eq } from 'drizzle-orm';
import { outboxMessages } from '../../db/schema/index.js';
import type { Db } from '../../platform/db.js';

/** Data access of the development helpers: the stored outbound messages. */

export type OutboxMessageRow = typeof outboxMessages.$inferSelect;

/** The newest messages first, all or those to one address (as stored: e-mail lower-cased, phone as given). */
export function listOutboxMessages(db: Db, to: string | undefined, limit: number): Promise<OutboxMessageRow[]> {
  return db
    .select()
    .from(outboxMessages)
    .where(to === undefined ? undefined : eq(outboxMessages.to, to))
    .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
    .limit(limit);
}
