import type { ProseMirrorNode, SigningCell, SigningLayout } from '@ghiseu/domain';
import { and, asc, desc, eq, inArray, max, notInArray, sql } from 'drizzle-orm';
import {
  applicationBeneficiaries,
  applicationDocuments,
  applicationRealEstates,
  applications,
  applicationTypes,
  counties,
  documentSeries,
  documentTemplates,
  documentSignatures,
  files,
  localities,
  organisations,
  profiles,
  settings,
  staffFunctions,
  territorialUnits,
  userFunctions,
  users,
} from '../../../db/schema/index.js';
import { type Db, executeRows } from '../../../platform/db.js';

/**
 * Data access of an application's output documents (application_documents) and of what the
 * generation prints. Every function takes the executor it runs on (pass `tx` in a transaction).
 * The generation job runs outside the HTTP app, so nothing here goes through the application
 * parts registry: the tables are read directly.
 */

export type DocumentRow = typeof applicationDocuments.$inferSelect;

const live = notInArray(applicationDocuments.state, ['returned', 'error']);

/** The live revision (at most one: a partial unique index), locked with `lock`. */
export async function findLiveDocument(db: Db, applicationId: number, options: { lock?: boolean } = {}) {
  const query = db
    .select()
    .from(applicationDocuments)
    .where(and(eq(applicationDocuments.applicationId, applicationId), live));
  const [row] = await (options.lock ? query.for('update') : query);
  return row as DocumentRow | undefined;
}

/** The newest revision, whatever its state. */
export async function findLatestDocument(db: Db, applicationId: number): Promise<DocumentRow | undefined> {
  const [row] = await db
    .select()
    .from(applicationDocuments)
    .where(eq(applicationDocuments.applicationId, applicationId))
    .orderBy(desc(applicationDocuments.revision))
    .limit(1);
  return row;
}

/** Every revision, newest first. */
export function listDocuments(db: Db, applicationId: number): Promise<DocumentRow[]> {
  return db
    .select()
    .from(applicationDocuments)
    .where(eq(applicationDocuments.applicationId, applicationId))
    .orderBy(desc(applicationDocuments.revision));
}

export async function findDocument(db: Db, id: number, options: { lock?: boolean } = {}): Promise<DocumentRow | undefined> {
  const query = db.select().from(applicationDocuments).where(eq(applicationDocuments.id, id));
  const [row] = await (options.lock ? query.for('update') : query);
  return row;
}

export async function nextRevision(db: Db, applicationId: number): Promise<number> {
  const [row] = await db
    .select({ last: max(applicationDocuments.revision) })
    .from(applicationDocuments)
    .where(eq(applicationDocuments.applicationId, applicationId));
  return (row?.last ?? 0) + 1;
}

export async function insertDocument(db: Db, values: typeof applicationDocuments.$inferInsert): Promise<DocumentRow> {
  const [row] = await db.insert(applicationDocuments).values(values).returning();
  return row;
}

export async function updateDocument(db: Db, id: number, values: Partial<typeof applicationDocuments.$inferInsert>) {
  await db
    .update(applicationDocuments)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(applicationDocuments.id, id));
}

/** The public verification: the document of a code with its issuer and its current file's hash. */
export async function findByVerificationCode(db: Db, code: string) {
  const [row] = await db
    .select({
      document: applicationDocuments,
      organisationName: organisations.name,
      typeName: applicationTypes.name,
      fileSha256: files.sha256,
    })
    .from(applicationDocuments)
    .innerJoin(organisations, eq(organisations.id, applicationDocuments.organisationId))
    .innerJoin(applications, eq(applications.id, applicationDocuments.applicationId))
    .innerJoin(applicationTypes, eq(applicationTypes.id, applications.applicationTypeId))
    .leftJoin(files, eq(files.id, applicationDocuments.fileId))
    .where(eq(applicationDocuments.verificationCode, code));
  return row;
}

/** A template as the generation reads it (the document-templates module owns the table). */
export async function findTemplate(db: Db, id: number) {
  const [row] = await db
    .select({
      id: documentTemplates.id,
      name: documentTemplates.name,
      status: documentTemplates.status,
      organisationId: documentTemplates.organisationId,
      content: documentTemplates.content,
      signingLayout: documentTemplates.signingLayout,
    })
    .from(documentTemplates)
    .where(eq(documentTemplates.id, id));
  return row ? { ...row, content: row.content as unknown as ProseMirrorNode } : undefined;
}

export async function templateName(db: Db, templateId: number | null): Promise<string | null> {
  if (templateId === null) return null;
  const [row] = await db
    .select({ name: documentTemplates.name })
    .from(documentTemplates)
    .where(eq(documentTemplates.id, templateId));
  return row?.name ?? null;
}

/** When each revision's generated PDF was stored (its file's date), by revision id. */
export async function generatedDates(db: Db, documents: readonly DocumentRow[]): Promise<Map<number, Date>> {
  const ids = documents.map((d) => d.generatedFileId).filter((id): id is number => id !== null);
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: files.id, createdAt: files.createdAt }).from(files).where(inArray(files.id, ids));
  const byFile = new Map(rows.map((r) => [r.id, r.createdAt]));
  const out = new Map<number, Date>();
  for (const d of documents) {
    const date = d.generatedFileId === null ? undefined : byFile.get(d.generatedFileId);
    if (date) out.set(d.id, date);
  }
  return out;
}

export async function fileSummary(db: Db, fileId: number | null) {
  if (fileId === null) return undefined;
  const [row] = await db
    .select({ id: files.id, name: files.name, size: files.size, sha256: files.sha256 })
    .from(files)
    .where(eq(files.id, fileId));
  return row;
}

/** The signatures of a revision, in the order they were given. */
export function signaturesOf(db: Db, documentId: number) {
  return db
    .select({
      cellIndex: documentSignatures.cellIndex,
      kind: documentSignatures.kind,
      signerUserId: documentSignatures.signerUserId,
      visaCode: documentSignatures.visaCode,
      signedAt: documentSignatures.signedAt,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(documentSignatures)
    .leftJoin(users, eq(users.id, documentSignatures.signerUserId))
    .where(eq(documentSignatures.documentId, documentId))
    .orderBy(asc(documentSignatures.signedAt), asc(documentSignatures.id));
}

/* ───────────────────────────── Numbering ───────────────────────────── */

/** The type's outgoing series (the organisation's series of the type's outgoing series type). */
export async function outgoingSeriesOf(db: Db, applicationTypeId: number) {
  const [type] = await db
    .select({ organisationId: applicationTypes.organisationId, seriesTypeIds: applicationTypes.seriesTypeIds })
    .from(applicationTypes)
    .where(eq(applicationTypes.id, applicationTypeId));
  const seriesTypeId = type?.seriesTypeIds.outgoing;
  if (!type || !seriesTypeId) return undefined;
  const [series] = await db
    .select({ id: documentSeries.id, active: documentSeries.active, rejectedPrefix: documentSeries.rejectedPrefix })
    .from(documentSeries)
    .where(and(eq(documentSeries.typeId, seriesTypeId), eq(documentSeries.organisationId, type.organisationId)))
    .orderBy(desc(documentSeries.active), asc(documentSeries.id))
    .limit(1);
  return series;
}

/* ───────────────────────────── What the document prints ───────────────────────────── */

const fullName = (u: { firstName: string | null; lastName: string | null } | undefined) =>
  u ? [u.firstName, u.lastName].filter(Boolean).join(' ').trim() : '';

async function userName(db: Db, id: number | null): Promise<string> {
  if (id === null) return '';
  const [row] = await db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, id));
  return fullName(row);
}

export async function settingValue(db: Db, key: string): Promise<string | undefined> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
  return row?.value ?? undefined;
}

/** Everything the placeholders and the header read, for one application. */
export async function printContext(db: Db, applicationId: number) {
  const [row] = await db
    .select({
      application: applications,
      typeName: applicationTypes.name,
      typeTemplateIds: applicationTypes.documentTemplateIds,
      organisation: {
        id: organisations.id,
        name: organisations.name,
        logoFileId: organisations.logoFileId,
        uatName: territorialUnits.name,
        countyName: counties.name,
        localityName: localities.name,
      },
    })
    .from(applications)
    .innerJoin(applicationTypes, eq(applicationTypes.id, applications.applicationTypeId))
    .innerJoin(organisations, eq(organisations.id, applications.organisationId))
    .leftJoin(territorialUnits, eq(territorialUnits.id, organisations.uatId))
    .leftJoin(counties, eq(counties.id, organisations.countyId))
    .leftJoin(localities, eq(localities.id, organisations.localityId))
    .where(eq(applications.id, applicationId));
  if (!row) return undefined;
  const a = row.application;
  const [applicant] = await db
    .select({
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      phone: users.phone,
      cnp: profiles.personalNumericCode,
      companyName: profiles.companyName,
      address: profiles.address,
      street: profiles.street,
      streetNumber: profiles.streetNumber,
      city: profiles.city,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, a.applicantUserId));
  const [beneficiary] = await db
    .select()
    .from(applicationBeneficiaries)
    .where(eq(applicationBeneficiaries.applicationId, applicationId))
    .orderBy(asc(applicationBeneficiaries.position), asc(applicationBeneficiaries.id))
    .limit(1);
  const [estate] = await db
    .select({
      cadastralNumber: applicationRealEstates.cadastralNumber,
      type: applicationRealEstates.type,
      address: applicationRealEstates.address,
      uatName: territorialUnits.name,
    })
    .from(applicationRealEstates)
    .innerJoin(territorialUnits, eq(territorialUnits.id, applicationRealEstates.uatId))
    .where(eq(applicationRealEstates.applicationId, applicationId))
    .orderBy(asc(applicationRealEstates.position), asc(applicationRealEstates.id))
    .limit(1);
  const [assigneeName, reviewerName, presidentName] = await Promise.all([
    userName(db, a.assigneeUserId),
    userName(db, a.reviewerUserId),
    holderOfSystemFunction(db, a.organisationId, 'president'),
  ]);
  return {
    application: a,
    typeName: row.typeName,
    typeTemplateIds: row.typeTemplateIds,
    organisation: row.organisation,
    applicant: applicant
      ? {
          name: applicant.companyName || fullName(applicant),
          email: applicant.email,
          phone: applicant.phone ?? '',
          cnp: applicant.cnp ?? '',
          address:
            applicant.address ||
            [applicant.street, applicant.streetNumber ? `nr. ${applicant.streetNumber}` : null, applicant.city]
              .filter(Boolean)
              .join(', '),
        }
      : undefined,
    beneficiary,
    estate,
    assigneeName,
    reviewerName,
    presidentName: presidentName?.name ?? '',
  };
}
export type PrintContext = NonNullable<Awaited<ReturnType<typeof printContext>>>;

/** An active holder of the organisation's system function `key` (the president…), if any. */
async function holderOfSystemFunction(db: Db, organisationId: number, key: string) {
  const [row] = await db
    .select({ userId: users.id, firstName: users.firstName, lastName: users.lastName, functionName: staffFunctions.name })
    .from(staffFunctions)
    .innerJoin(userFunctions, eq(userFunctions.functionId, staffFunctions.id))
    .innerJoin(users, eq(users.id, userFunctions.userId))
    .where(and(eq(staffFunctions.organisationId, organisationId), eq(staffFunctions.systemKey, key), eq(users.status, 'active')))
    .orderBy(asc(users.id))
    .limit(1);
  return row ? { userId: row.userId, name: fullName(row), functionName: row.functionName } : undefined;
}

async function holderOfFunction(db: Db, functionId: number) {
  const [row] = await db
    .select({ userId: users.id, firstName: users.firstName, lastName: users.lastName, functionName: staffFunctions.name })
    .from(staffFunctions)
    .leftJoin(userFunctions, eq(userFunctions.functionId, staffFunctions.id))
    .leftJoin(users, and(eq(users.id, userFunctions.userId), eq(users.status, 'active')))
    .where(eq(staffFunctions.id, functionId))
    .orderBy(asc(users.id))
    .limit(1);
  return row ? { userId: row.userId, name: fullName(row), functionName: row.functionName } : undefined;
}

async function functionOfOrganisation(db: Db, organisationId: number, key: string) {
  const [row] = await db
    .select({ id: staffFunctions.id })
    .from(staffFunctions)
    .where(and(eq(staffFunctions.organisationId, organisationId), eq(staffFunctions.systemKey, key)));
  return row?.id;
}

export interface ExpectedSigner {
  userId: number | null;
  name: string | null;
  functionName: string | null;
}

/**
 * Who is expected to sign each cell of a layout on this application: the holder of the
 * president's system function, of the cell's function (its own, or the organisation's function
 * with the cell's system key), the assignee, the reviewer, the applicant.
 */
export async function expectedSigners(
  db: Db,
  a: { organisationId: number; assigneeUserId: number | null; reviewerUserId: number | null; applicantUserId: number },
  layout: SigningLayout,
): Promise<Map<number, ExpectedSigner>> {
  const out = new Map<number, ExpectedSigner>();
  const person = async (userId: number | null, functionName: string | null): Promise<ExpectedSigner> => ({
    userId,
    name: userId === null ? null : (await userName(db, userId)) || null,
    functionName,
  });
  for (const cell of layout.rows.flat() as SigningCell[]) {
    switch (cell.signer) {
      case 'president': {
        const holder = await holderOfSystemFunction(db, a.organisationId, 'president');
        out.set(cell.index, {
          userId: holder?.userId ?? null,
          name: holder?.name || null,
          functionName: holder?.functionName ?? 'Președinte',
        });
        break;
      }
      case 'function': {
        const functionId =
          cell.functionId ??
          (cell.functionKey ? await functionOfOrganisation(db, a.organisationId, cell.functionKey) : undefined);
        const holder = functionId ? await holderOfFunction(db, functionId) : undefined;
        out.set(cell.index, {
          userId: holder?.userId ?? null,
          name: holder?.name || null,
          functionName: holder?.functionName ?? null,
        });
        break;
      }
      case 'assignee':
        out.set(cell.index, await person(a.assigneeUserId, null));
        break;
      case 'reviewer':
        out.set(cell.index, await person(a.reviewerUserId, null));
        break;
      case 'applicant':
        out.set(cell.index, await person(a.applicantUserId, null));
        break;
    }
  }
  return out;
}

/** Applications of an organisation in a list of ids (the preview's "a real application of the actor's organisation"). */
export async function applicationOrganisation(db: Db, applicationId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ organisationId: applications.organisationId })
    .from(applications)
    .where(eq(applications.id, applicationId));
  return row?.organisationId;
}

/** Signing requests of the application still open (cancelled when the document is returned). */
export async function cancelOpenSigningRequests(db: Db, applicationId: number): Promise<number> {
  const rows = await executeRows<{ id: number }>(
    db,
    sql`
    UPDATE signing_requests SET status = 'cancelled', updated_at = now()
    WHERE status IN ('pending', 'processing')
      AND items @> ${JSON.stringify([{ applicationId }])}::jsonb
    RETURNING id`,
  );
  return rows.length;
}
