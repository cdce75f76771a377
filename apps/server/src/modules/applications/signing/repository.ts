import { LIVE_DOCUMENT_STATES } from '@ghiseu/domain';
import { and, asc, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import {
  applicationDocuments,
  applicationTypes,
  documentSignatures,
  enrollments,
  organisations,
  profiles,
  signingRequests,
  staffFunctions,
  userFunctions,
  users,
} from '../../../db/schema/index.js';
import type { Db } from '../../../platform/db.js';

/** Queries of the signing flows: documents, signatures, requests, signers. */

export type DocumentRow = typeof applicationDocuments.$inferSelect;
export type SignatureRow = typeof documentSignatures.$inferSelect;
export type SigningRequestRow = typeof signingRequests.$inferSelect;

/** The application's live document (at most one), locked when asked. */
export async function findLiveDocument(
  db: Db,
  applicationId: number,
  options: { lock?: boolean } = {},
): Promise<DocumentRow | undefined> {
  const query = db
    .select()
    .from(applicationDocuments)
    .where(
      and(eq(applicationDocuments.applicationId, applicationId), inArray(applicationDocuments.state, [...LIVE_DOCUMENT_STATES])),
    )
    .orderBy(desc(applicationDocuments.revision))
    .limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export async function findDocument(db: Db, id: number): Promise<DocumentRow | undefined> {
  const [row] = await db.select().from(applicationDocuments).where(eq(applicationDocuments.id, id));
  return row;
}

export async function updateDocument(
  db: Db,
  id: number,
  values: Partial<typeof applicationDocuments.$inferInsert>,
): Promise<void> {
  await db
    .update(applicationDocuments)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(applicationDocuments.id, id));
}

export function signaturesOf(db: Db, documentId: number): Promise<SignatureRow[]> {
  return db
    .select()
    .from(documentSignatures)
    .where(eq(documentSignatures.documentId, documentId))
    .orderBy(asc(documentSignatures.id));
}

export async function insertSignature(db: Db, values: typeof documentSignatures.$inferInsert): Promise<number> {
  const [row] = await db.insert(documentSignatures).values(values).returning({ id: documentSignatures.id });
  return row.id;
}

/* ───────────────────────────── Requests ───────────────────────────── */

export async function insertRequest(db: Db, values: typeof signingRequests.$inferInsert): Promise<SigningRequestRow> {
  const [row] = await db.insert(signingRequests).values(values).returning();
  return row;
}

export async function findRequest(
  db: Db,
  requestId: string,
  options: { lock?: boolean } = {},
): Promise<SigningRequestRow | undefined> {
  const query = db.select().from(signingRequests).where(eq(signingRequests.requestId, requestId));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

/** The user's newest request of these kinds for an application (any status). */
export async function latestRequestOf(
  db: Db,
  userId: number,
  applicationId: number,
  kinds: SigningRequestRow['kind'][],
): Promise<SigningRequestRow | undefined> {
  const [row] = await db
    .select()
    .from(signingRequests)
    .where(
      and(
        eq(signingRequests.userId, userId),
        inArray(signingRequests.kind, kinds),
        sql`${signingRequests.items} @> ${JSON.stringify([{ applicationId }])}::jsonb`,
      ),
    )
    .orderBy(desc(signingRequests.id))
    .limit(1);
  return row;
}

/** The open (pending) request of an application by anyone, newest first. */
export async function openRequestOfApplication(db: Db, applicationId: number): Promise<SigningRequestRow | undefined> {
  const [row] = await db
    .select()
    .from(signingRequests)
    .where(
      and(eq(signingRequests.status, 'pending'), sql`${signingRequests.items} @> ${JSON.stringify([{ applicationId }])}::jsonb`),
    )
    .orderBy(desc(signingRequests.id))
    .limit(1);
  return row;
}

/** How many signing requests the user opened since `since` (the start rate limit). */
export async function requestsSince(db: Db, userId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(signingRequests)
    .where(and(eq(signingRequests.userId, userId), gte(signingRequests.createdAt, since)));
  return row?.n ?? 0;
}

export async function updateRequest(db: Db, id: number, values: Partial<typeof signingRequests.$inferInsert>): Promise<void> {
  await db
    .update(signingRequests)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(signingRequests.id, id));
}

/** Cancels the user's pending requests of these kinds on an application (a new start replaces them). */
export async function cancelPendingRequests(
  db: Db,
  userId: number,
  applicationId: number,
  kinds: SigningRequestRow['kind'][],
): Promise<void> {
  await db
    .update(signingRequests)
    .set({ status: 'cancelled', updatedAt: new Date() })
    .where(
      and(
        eq(signingRequests.userId, userId),
        eq(signingRequests.status, 'pending'),
        inArray(signingRequests.kind, kinds),
        sql`${signingRequests.items} @> ${JSON.stringify([{ applicationId }])}::jsonb`,
      ),
    );
}

/* ───────────────────────────── Signers ───────────────────────────── */

export interface SignerRow {
  id: number;
  firstName: string | null;
  lastName: string | null;
  email: string;
  phone: string | null;
  userType: string;
  organisationId: number | null;
  enrolled: boolean;
  signingPinHash: string | null;
  passwordHash: string | null;
  /** The language of the signing code's SMS. */
  notificationLanguage: 'ro' | 'en' | 'hu';
  personalNumericCode: string | null;
  idCardSeries: string | null;
  idCardNumber: string | null;
  idCardIssueDate: string | null;
  idCardExpiryDate: string | null;
}

export async function findSigner(db: Db, userId: number): Promise<SignerRow | undefined> {
  const [row] = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      phone: users.phone,
      userType: users.userType,
      organisationId: users.organisationId,
      enrolled: users.enrolled,
      signingPinHash: users.signingPinHash,
      passwordHash: users.passwordHash,
      notificationLanguage: users.notificationLanguage,
      personalNumericCode: profiles.personalNumericCode,
      idCardSeries: profiles.idCardSeries,
      idCardNumber: profiles.idCardNumber,
      idCardIssueDate: profiles.idCardIssueDate,
      idCardExpiryDate: profiles.idCardExpiryDate,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId));
  return row;
}

/** When the user's latest approved enrollment was approved (null: none on record). */
export async function enrolledAt(db: Db, userId: number): Promise<Date | null> {
  const [row] = await db
    .select({ at: sql<Date | null>`max(coalesce(${enrollments.reviewedAt}, ${enrollments.createdAt}))` })
    .from(enrollments)
    .where(and(eq(enrollments.userId, userId), eq(enrollments.status, 'approved')));
  return row?.at ? new Date(row.at) : null;
}

export async function setSigningPin(db: Db, userId: number, hash: string | null): Promise<void> {
  await db.update(users).set({ signingPinHash: hash, updatedAt: new Date() }).where(eq(users.id, userId));
}

/** The functions a user holds in an organisation: ids and system keys. */
export async function functionsOf(
  db: Db,
  userId: number,
  organisationId: number,
): Promise<{ ids: Set<number>; keys: Set<string> }> {
  const rows = await db
    .select({ id: staffFunctions.id, key: staffFunctions.systemKey, name: staffFunctions.name })
    .from(userFunctions)
    .innerJoin(staffFunctions, eq(staffFunctions.id, userFunctions.functionId))
    .where(and(eq(userFunctions.userId, userId), eq(staffFunctions.organisationId, organisationId)));
  return { ids: new Set(rows.map((r) => r.id)), keys: new Set(rows.flatMap((r) => (r.key ? [r.key] : []))) };
}

/** A function's name (for the caption) and, for the expected signer, its first holder. */
export async function functionHolder(
  db: Db,
  organisationId: number,
  by: { functionId?: number | null; systemKey?: string | null },
): Promise<{ functionName: string; userId: number | null } | undefined> {
  const where =
    by.functionId != null
      ? and(eq(staffFunctions.id, by.functionId), eq(staffFunctions.organisationId, organisationId))
      : by.systemKey
        ? and(eq(staffFunctions.systemKey, by.systemKey), eq(staffFunctions.organisationId, organisationId))
        : undefined;
  if (!where) return undefined;
  const [fn] = await db.select({ id: staffFunctions.id, name: staffFunctions.name }).from(staffFunctions).where(where).limit(1);
  if (!fn) return undefined;
  const [holder] = await db
    .select({ userId: userFunctions.userId })
    .from(userFunctions)
    .innerJoin(users, eq(users.id, userFunctions.userId))
    .where(and(eq(userFunctions.functionId, fn.id), eq(users.status, 'active')))
    .orderBy(asc(userFunctions.userId))
    .limit(1);
  return { functionName: fn.name, userId: holder?.userId ?? null };
}

export async function userNames(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, [r.firstName, r.lastName].filter(Boolean).join(' ') || r.email]));
}

export async function organisationName(db: Db, id: number): Promise<string> {
  const [row] = await db.select({ name: organisations.name }).from(organisations).where(eq(organisations.id, id));
  return row?.name ?? '';
}

export interface TypeSigning {
  digitalSeal: boolean;
  customSealFileId: number | null;
  name: string;
  documentTemplateIds: Record<string, number | null>;
}

export async function typeSigning(db: Db, typeId: number): Promise<TypeSigning | undefined> {
  const [row] = await db
    .select({
      digitalSeal: applicationTypes.digitalSeal,
      customSealFileId: applicationTypes.customSealFileId,
      name: applicationTypes.name,
      documentTemplateIds: applicationTypes.documentTemplateIds,
    })
    .from(applicationTypes)
    .where(eq(applicationTypes.id, typeId));
  return row;
}
