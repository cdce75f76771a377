import { sql } from 'drizzle-orm';
import { userMessages } from '../../../db/schema/index.js';
import type { Db } from '../../../platform/db.js';

/** The NOTIFY channel of new in-app messages; the payload is the recipient's user id. */
export const USER_MESSAGES_CHANNEL = 'user_messages';

export type NewUserMessage = typeof userMessages.$inferInsert;

/**
 * Writes in-app messages in the caller's transaction and tells every server process (NOTIFY,
 * delivered on commit) whose bell to ring. `message` must already be sanitised HTML. Rows that
 * repeat an (event, recipient) pair are skipped: a dispatcher run that is retried writes nothing twice.
 */
export async function insertUserMessages(tx: Db, rows: NewUserMessage[]): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await tx
    .insert(userMessages)
    .values(rows)
    .onConflictDoNothing()
    .returning({ recipientUserId: userMessages.recipientUserId });
  for (const userId of new Set(inserted.map((r) => r.recipientUserId)))
    await tx.execute(sql`SELECT pg_notify(${USER_MESSAGES_CHANNEL}, ${String(userId)})`);
  return inserted.length;
}
