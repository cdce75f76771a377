import { and, count, eq, inArray, sql } from 'drizzle-orm';
import {
  counties,
  departments,
  localities,
  organisations,
  responsibilities,
  sessions,
  staffFunctions,
  territorialUnits,
  uatAssignments,
  userDepartments,
  userFunctions,
  users,
} from '../../../db/schema/index.js';
import { type Db, nameTaken } from '../../../platform/db.js';
import { SYSTEM_FUNCTIONS } from '../system-functions.js';

/**
 * Organisations (organisation-service, delegation-service): the organisation rows, their system
 * functions, the cascade of a delete, and the territory look-ups that validate an organisation's
 * jurisdiction.
 *
 * Every function takes the executor it runs on: the database for reads, the business
 * transaction (`tx`) inside one; with PGlite, reaching for the outer database inside a
 * transaction hangs.
 */

/* ───────────────────────────── Reference look-ups ───────────────────────────── */

export type OrganisationRow = typeof organisations.$inferSelect;

export async function findOrganisation(db: Db, id: number): Promise<OrganisationRow | undefined> {
  const [row] = await db.select().from(organisations).where(eq(organisations.id, id));
  return row;
}

export async function findOrganisationsByIds(db: Db, ids: number[]): Promise<{ id: number }[]> {
  if (ids.length === 0) return [];
  return db.select({ id: organisations.id }).from(organisations).where(inArray(organisations.id, ids));
}

export async function findCounty(db: Db, id: number) {
  const [row] = await db.select({ id: counties.id }).from(counties).where(eq(counties.id, id));
  return row;
}

export async function findUat(db: Db, id: number) {
  const [row] = await db
    .select({ id: territorialUnits.id, countyId: territorialUnits.countyId, name: territorialUnits.name })
    .from(territorialUnits)
    .where(eq(territorialUnits.id, id));
  return row;
}

export async function findLocality(db: Db, id: number) {
  const [row] = await db
    .select({ id: localities.id, uatId: localities.uatId, countyId: localities.countyId })
    .from(localities)
    .where(eq(localities.id, id));
  return row;
}

/* ───────────────────────────── Organisations ───────────────────────────── */

export async function countOrganisationUsers(db: Db, organisationId: number): Promise<number> {
  const [row] = await db.select({ total: count() }).from(users).where(eq(users.organisationId, organisationId));
  return row.total;
}

/** The users of each of `organisationIds` (absent: none), in one grouped query. */
export async function countUsersByOrganisation(db: Db, organisationIds: number[]): Promise<Map<number, number>> {
  if (organisationIds.length === 0) return new Map();
  const rows = await db
    .select({ organisationId: users.organisationId, total: count() })
    .from(users)
    .where(inArray(users.organisationId, organisationIds))
    .groupBy(users.organisationId);
  return new Map(rows.map((row) => [row.organisationId as number, row.total]));
}

export function organisationNameTaken(db: Db, name: string, exceptId?: number): Promise<boolean> {
  return nameTaken(db, organisations, organisations, name, { exceptId });
}

export async function insertOrganisation(db: Db, values: typeof organisations.$inferInsert): Promise<OrganisationRow> {
  const [row] = await db.insert(organisations).values(values).returning();
  return row;
}

export async function updateOrganisation(
  db: Db,
  id: number,
  values: Partial<typeof organisations.$inferInsert>,
): Promise<OrganisationRow> {
  const [row] = await db
    .update(organisations)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(organisations.id, id))
    .returning();
  return row;
}

/** Creates the protected system functions of a new organisation (idempotent). */
export async function insertSystemFunctions(db: Db, organisationId: number): Promise<void> {
  const existing = await db
    .select({ key: staffFunctions.systemKey })
    .from(staffFunctions)
    .where(and(eq(staffFunctions.organisationId, organisationId), eq(staffFunctions.isSystem, true)));
  const have = new Set(existing.map((r) => r.key));
  const missing = SYSTEM_FUNCTIONS.filter((f) => !have.has(f.key));
  if (missing.length === 0) return;
  await db
    .insert(staffFunctions)
    .values(missing.map((f) => ({ organisationId, name: f.name, description: f.description, isSystem: true, systemKey: f.key })));
}

/**
 * Removes an organisation without users and what belongs only to it: its departments,
 * functions, responsibilities, UAT allocations, its id in permission records, and delegated
 * super-admin sessions into it (revoked). Anything else still pointing at it (applications,
 * files…) makes the delete fail with a foreign-key violation, which the service reports.
 */
export async function deleteOrganisation(db: Db, id: number): Promise<void> {
  const functionIds = db.select({ id: staffFunctions.id }).from(staffFunctions).where(eq(staffFunctions.organisationId, id));
  const departmentIds = db.select({ id: departments.id }).from(departments).where(eq(departments.organisationId, id));
  await db.delete(userFunctions).where(inArray(userFunctions.functionId, functionIds));
  await db.delete(userDepartments).where(inArray(userDepartments.departmentId, departmentIds));
  await db.delete(uatAssignments).where(eq(uatAssignments.organisationId, id));
  await db.delete(staffFunctions).where(eq(staffFunctions.organisationId, id));
  await db.delete(departments).where(eq(departments.organisationId, id));
  await db.delete(responsibilities).where(eq(responsibilities.organisationId, id));
  await db
    .update(sessions)
    .set({ delegatedOrganisationId: null, revokedAt: sql`coalesce(${sessions.revokedAt}, now())` })
    .where(eq(sessions.delegatedOrganisationId, id));
  await db.execute(
    sql`UPDATE permission_definitions
        SET organisation_ids = coalesce((SELECT jsonb_agg(e) FROM jsonb_array_elements(organisation_ids) e WHERE e <> to_jsonb(${id}::int)), '[]'::jsonb)
        WHERE organisation_ids @> to_jsonb(ARRAY[${id}::int])`,
  );
  await db.delete(organisations).where(eq(organisations.id, id));
}
