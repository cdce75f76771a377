import { and, eq } from 'drizzle-orm';
import { files } from '../../db/schema/index.js';
import type { Db } from '../../platform/db.js';

/** Data access of stored files (their rows; the bytes are in `ctx.storage`). */

export type FileRow = typeof files.$inferSelect;

export async function insertFile(tx: Db, values: typeof files.$inferInsert): Promise<FileRow> {
  const [row] = await tx.insert(files).values(values).returning();
  return row;
}

export async function findFileRow(db: Db, id: number): Promise<FileRow | undefined> {
  const [row] = await db.select().from(files).where(eq(files.id, id));
  return row;
}

export async function findFileOfOwner(db: Db, fileId: number, ownerUserId: number): Promise<FileRow | undefined> {
  const [row] = await db
    .select()
    .from(files)
    .where(and(eq(files.id, fileId), eq(files.ownerUserId, ownerUserId)));
  return row;
}
