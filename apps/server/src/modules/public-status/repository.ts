import { and, desc, eq, inArray, lt } from 'drizzle-orm';
import {
  applicationBeneficiaries,
  applicationFiles,
  applications,
  files,
  profiles,
  publicPhoneBlocks,
  publicStatusCodes,
  settings,
  users,
} from '../../db/schema/index.js';
import type { Db } from '../../platform/db.js';

/** Data access of the public status page: SMS codes, phone blocks, the phones and public files of an application. */

export type PublicStatusCodeRow = typeof publicStatusCodes.$inferSelect;
export type PhoneBlockRow = typeof publicPhoneBlocks.$inferSelect;

/** The bare facts every public call starts from (no join: a missing application answers the same way). */
export async function findApplicationFacts(db: Db, id: number) {
  const [row] = await db
    .select({
      id: applications.id,
      status: applications.status,
      applicantUserId: applications.applicantUserId,
      organisationId: applications.organisationId,
      identificationNumber: applications.identificationNumber,
    })
    .from(applications)
    .where(eq(applications.id, id));
  return row;
}

/** Phones on record for the application: the applicant's account and every beneficiary's, as stored. */
export async function applicationPhones(db: Db, applicationId: number, applicantUserId: number): Promise<string[]> {
  const [applicant, beneficiaries] = await Promise.all([
    db.select({ phone: users.phone }).from(users).where(eq(users.id, applicantUserId)),
    db
      .select({ phone: applicationBeneficiaries.phone })
      .from(applicationBeneficiaries)
      .where(eq(applicationBeneficiaries.applicationId, applicationId)),
  ]);
  return [...applicant, ...beneficiaries].map((r) => r.phone).filter((p): p is string => Boolean(p));
}

/* ───────────────────────────── Phone blocks ───────────────────────────── */

const blockOf = (applicationId: number, phone: string) =>
  and(eq(publicPhoneBlocks.applicationId, applicationId), eq(publicPhoneBlocks.phone, phone));

export async function findPhoneBlock(db: Db, applicationId: number, phone: string): Promise<PhoneBlockRow | undefined> {
  const [row] = await db.select().from(publicPhoneBlocks).where(blockOf(applicationId, phone));
  return row;
}

/**
 * The counter row of the pair (application, phone), created when missing and locked
 * (SELECT … FOR UPDATE) until the transaction ends: two checks of one pair run one after the
 * other, so parallel guesses cannot slip past the fifth wrong code. Counting per application
 * means that guessing on one application never locks the phone's owner out of their own.
 */
export async function lockPhoneBlock(tx: Db, applicationId: number, phone: string): Promise<PhoneBlockRow> {
  await tx.insert(publicPhoneBlocks).values({ applicationId, phone }).onConflictDoNothing();
  const [row] = await tx.select().from(publicPhoneBlocks).where(blockOf(applicationId, phone)).for('update');
  return row;
}

export async function updatePhoneBlock(
  tx: Db,
  applicationId: number,
  phone: string,
  values: { wrongCodes: number; blockedUntil: Date | null },
): Promise<void> {
  await tx
    .update(publicPhoneBlocks)
    .set({ ...values, updatedAt: new Date() })
    .where(blockOf(applicationId, phone));
}

/* ───────────────────────────── Codes ───────────────────────────── */

/** The newest code not yet used for this application and phone. */
export async function latestOpenCode(db: Db, applicationId: number, phone: string): Promise<PublicStatusCodeRow | undefined> {
  const [row] = await db
    .select()
    .from(publicStatusCodes)
    .where(and(eq(publicStatusCodes.applicationId, applicationId), eq(publicStatusCodes.phone, phone)))
    .orderBy(desc(publicStatusCodes.createdAt), desc(publicStatusCodes.id))
    .limit(1);
  return row && row.verifiedAt === null ? row : undefined;
}

/** The newest code of the pair, used or not (the resend cooldown). */
export async function latestCode(db: Db, applicationId: number, phone: string): Promise<PublicStatusCodeRow | undefined> {
  const [row] = await db
    .select()
    .from(publicStatusCodes)
    .where(and(eq(publicStatusCodes.applicationId, applicationId), eq(publicStatusCodes.phone, phone)))
    .orderBy(desc(publicStatusCodes.createdAt), desc(publicStatusCodes.id))
    .limit(1);
  return row;
}

/**
 * Stores a new code for the pair. Earlier codes of the pair are removed (only the newest code
 * works), and so are expired codes of the application, which nobody can use any more.
 */
export async function replaceCode(
  tx: Db,
  values: { applicationId: number; phone: string; codeHash: string; expiresAt: Date },
  now: Date,
): Promise<void> {
  await tx
    .delete(publicStatusCodes)
    .where(and(eq(publicStatusCodes.applicationId, values.applicationId), eq(publicStatusCodes.phone, values.phone)));
  await tx
    .delete(publicStatusCodes)
    .where(and(eq(publicStatusCodes.applicationId, values.applicationId), lt(publicStatusCodes.expiresAt, now)));
  await tx.insert(publicStatusCodes).values({ ...values, createdAt: now });
}

export async function countWrongAttempt(tx: Db, codeId: number, attempts: number): Promise<void> {
  await tx.update(publicStatusCodes).set({ attempts }).where(eq(publicStatusCodes.id, codeId));
}

export async function markCodeVerified(tx: Db, codeId: number, at: Date): Promise<void> {
  await tx.update(publicStatusCodes).set({ verifiedAt: at }).where(eq(publicStatusCodes.id, codeId));
}

/* ───────────────────────────── Public files ───────────────────────────── */

/** Files marked public on the application; `isVisitorDocument` (policy.ts) has the last word. */
export function publicFileRows(db: Db, applicationId: number) {
  return db
    .select({
      fileId: applicationFiles.fileId,
      name: files.name,
      mimeType: files.mimeType,
      size: files.size,
      createdAt: applicationFiles.createdAt,
      isPublic: applicationFiles.isPublic,
      isPreview: applicationFiles.isPreview,
      isIdentification: applicationFiles.isIdentification,
    })
    .from(applicationFiles)
    .innerJoin(files, eq(files.id, applicationFiles.fileId))
    .where(and(eq(applicationFiles.applicationId, applicationId), eq(applicationFiles.isPublic, true)))
    .orderBy(applicationFiles.createdAt, applicationFiles.id);
}

/** Attachment rows of the application for the given file ids. */
export function attachedFiles(db: Db, applicationId: number, fileIds: number[]) {
  return db
    .select({
      id: applicationFiles.id,
      fileId: applicationFiles.fileId,
      isPublic: applicationFiles.isPublic,
      isPreview: applicationFiles.isPreview,
      isIdentification: applicationFiles.isIdentification,
    })
    .from(applicationFiles)
    .where(and(eq(applicationFiles.applicationId, applicationId), inArray(applicationFiles.fileId, fileIds)));
}

export async function setFilesPublic(tx: Db, ids: number[], isPublic: boolean): Promise<void> {
  if (ids.length === 0) return;
  await tx.update(applicationFiles).set({ isPublic }).where(inArray(applicationFiles.id, ids));
}

export async function publicFileIds(db: Db, applicationId: number): Promise<number[]> {
  const rows = await db
    .select({ fileId: applicationFiles.fileId })
    .from(applicationFiles)
    .where(and(eq(applicationFiles.applicationId, applicationId), eq(applicationFiles.isPublic, true)))
    .orderBy(applicationFiles.fileId);
  return rows.map((r) => r.fileId);
}

/* ───────────────────────────── Settings ───────────────────────────── */

export async function settingValue(db: Db, key: string): Promise<string | undefined> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
  return row?.value;
}

/** The applicant as the receipt names them: the account's name and, for a company, its name. */
export async function applicantIdentity(db: Db, userId: number) {
  const [row] = await db
    .select({
      firstName: users.firstName,
      lastName: users.lastName,
      userType: users.userType,
      companyName: profiles.companyName,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId));
  return row;
}
