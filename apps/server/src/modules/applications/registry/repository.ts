import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  applications,
  applicationTypes,
  beneficiaryInvitations,
  files,
  registryRecords,
  settings,
  users,
} from '../../../db/schema/index.js';
import type { Db } from '../../../platform/db.js';
import { escapeLike, folded } from '../../../platform/list-query.js';

/** Data access of the general registry: the document register rows, invitations and look-ups. */

export type RegistryRow = typeof registryRecords.$inferSelect;

export async function insertRecord(db: Db, values: typeof registryRecords.$inferInsert): Promise<number> {
  const [row] = await db.insert(registryRecords).values(values).returning({ id: registryRecords.id });
  return row.id;
}

export async function findRecord(db: Db, applicationId: number): Promise<RegistryRow | undefined> {
  const [row] = await db.select().from(registryRecords).where(eq(registryRecords.applicationId, applicationId));
  return row;
}

export async function updateRecord(db: Db, id: number, values: Partial<typeof registryRecords.$inferInsert>): Promise<void> {
  await db
    .update(registryRecords)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(registryRecords.id, id));
}

/** The slip's next version, stamped now. */
export async function bumpSlip(db: Db, id: number): Promise<number> {
  const [row] = await db
    .update(registryRecords)
    .set({ slipVersion: sql`${registryRecords.slipVersion} + 1`, slipGeneratedAt: new Date(), updatedAt: new Date() })
    .where(eq(registryRecords.id, id))
    .returning({ version: registryRecords.slipVersion });
  return row.version;
}

export interface ConnectionRow {
  id: number;
  organisationId: number;
  identificationNumber: string | null;
  status: typeof applications.$inferSelect.status;
  applicationDate: Date | null;
  typeName: string;
}

const connectionColumns = {
  id: applications.id,
  organisationId: applications.organisationId,
  identificationNumber: applications.identificationNumber,
  status: applications.status,
  applicationDate: applications.applicationDate,
  typeName: applicationTypes.name,
};

/** Applications by id (the connected documents), with their type's name. */
export function connectionsByIds(db: Db, ids: readonly number[]): Promise<ConnectionRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select(connectionColumns)
    .from(applications)
    .innerJoin(applicationTypes, eq(applicationTypes.id, applications.applicationTypeId))
    .where(inArray(applications.id, [...ids]))
    .orderBy(asc(applications.id));
}

/**
 * Submitted applications of an organisation whose entry number contains `value` (folded), newest
 * first, at most `limit`: the connected-document search. Served by the organisation index and
 * the entry number's unique index (organisation_id, identification_number).
 */
export function searchConnections(db: Db, organisationId: number, value: string, limit: number): Promise<ConnectionRow[]> {
  const pattern = `%${escapeLike(value.trim())}%`;
  return db
    .select(connectionColumns)
    .from(applications)
    .innerJoin(applicationTypes, eq(applicationTypes.id, applications.applicationTypeId))
    .where(
      and(
        eq(applications.organisationId, organisationId),
        ne(applications.status, 'DRAFT'),
        sql`${folded(applications.identificationNumber)} LIKE lower(f_unaccent(${pattern}))`,
      ),
    )
    .orderBy(desc(applications.applicationDate), desc(applications.id))
    .limit(limit);
}

export async function fileSummary(db: Db, id: number | null) {
  if (id === null) return null;
  const [row] = await db
    .select({ id: files.id, name: files.name, size: files.size, mimeType: files.mimeType })
    .from(files)
    .where(eq(files.id, id));
  return row ?? null;
}

/** A user's display name (e-mail when the account has no name), '' when unknown. */
export async function personName(db: Db, id: number | null): Promise<string> {
  if (id === null) return '';
  const [row] = await db
    .select({ first: users.firstName, last: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.id, id));
  if (!row) return '';
  return [row.first, row.last].filter(Boolean).join(' ') || row.email;
}

/** Active staff members of an organisation: whom a registered document can be sent to. */
export function assignees(db: Db, organisationId: number) {
  return db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(
      and(
        eq(users.organisationId, organisationId),
        eq(users.status, 'active'),
        inArray(users.userType, ['staff', 'admin', 'super_admin']),
      ),
    )
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
    .limit(500);
}

/** Records an invitation; false when this e-mail was already invited for the application. */
export async function insertInvitation(
  db: Db,
  values: { applicationId: number; email: string; invitedBy: number },
): Promise<{ id: number; createdAt: Date } | undefined> {
  const [row] = await db
    .insert(beneficiaryInvitations)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: beneficiaryInvitations.id, createdAt: beneficiaryInvitations.createdAt });
  return row;
}

export async function invitedEmails(db: Db, applicationId: number): Promise<string[]> {
  const rows = await db
    .select({ email: beneficiaryInvitations.email })
    .from(beneficiaryInvitations)
    .where(eq(beneficiaryInvitations.applicationId, applicationId))
    .orderBy(asc(beneficiaryInvitations.id));
  return rows.map((r) => r.email);
}

export async function settingValue(db: Db, key: string): Promise<string | undefined> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
  return row?.value;
}
