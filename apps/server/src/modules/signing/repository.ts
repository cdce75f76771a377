import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { signingCertificates } from '../../db/schema/index.js';
import type { Db } from '../../platform/db.js';

/** The queries of the signing module (signing_certificates). */

export type CertificateRow = typeof signingCertificates.$inferSelect;
export type NewCertificateRow = typeof signingCertificates.$inferInsert;

/** The current (not replaced) certificate of a subject: 'root', 'issuing', 'tsa', 'seal:<id>', 'user:<id>'. */
export async function currentCertificate(db: Db, subjectKey: string): Promise<CertificateRow | undefined> {
  const [row] = await db
    .select()
    .from(signingCertificates)
    .where(and(eq(signingCertificates.subjectKey, subjectKey), isNull(signingCertificates.replacedAt)))
    .limit(1);
  return row;
}

/** Serialises the issuing of one subject's certificate until the end of the transaction. */
export async function lockSubject(tx: Db, subjectKey: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(7012, hashtext(${subjectKey}))`);
}

export async function markReplaced(db: Db, id: number): Promise<void> {
  await db.update(signingCertificates).set({ replacedAt: new Date() }).where(eq(signingCertificates.id, id));
}

export async function insertCertificate(db: Db, row: NewCertificateRow): Promise<CertificateRow> {
  const [inserted] = await db.insert(signingCertificates).values(row).returning();
  return inserted as CertificateRow;
}

/** Every CA certificate the portal ever had (root and issuing, current and replaced). */
export async function caCertificates(db: Db): Promise<CertificateRow[]> {
  return db
    .select()
    .from(signingCertificates)
    .where(inArray(signingCertificates.role, ['root', 'issuing']));
}

export async function certificateBySerial(db: Db, serial: string): Promise<CertificateRow | undefined> {
  const [row] = await db.select().from(signingCertificates).where(eq(signingCertificates.serial, serial)).limit(1);
  return row;
}
