import { and, count, eq, ne, sql } from 'drizzle-orm';
import { applicationRealEstates, counties, organisations, territorialUnits } from '../../db/schema/index.js';
import type { Db } from '../../platform/db.js';

/** Data access of an application's real-estate targets and of the UATs they lie in. */

export type RealEstateRow = typeof applicationRealEstates.$inferSelect & {
  uatName: string;
  uatType: string;
  countyName: string;
};

const columns = {
  id: applicationRealEstates.id,
  applicationId: applicationRealEstates.applicationId,
  cadastralNumber: applicationRealEstates.cadastralNumber,
  uatId: applicationRealEstates.uatId,
  countyId: applicationRealEstates.countyId,
  type: applicationRealEstates.type,
  area: applicationRealEstates.area,
  address: applicationRealEstates.address,
  registryArea: applicationRealEstates.registryArea,
  areaMismatch: applicationRealEstates.areaMismatch,
  position: applicationRealEstates.position,
  uatName: territorialUnits.name,
  uatType: territorialUnits.type,
  countyName: counties.name,
};

function selectRealEstates(db: Db) {
  return db
    .select(columns)
    .from(applicationRealEstates)
    .innerJoin(territorialUnits, eq(territorialUnits.id, applicationRealEstates.uatId))
    .innerJoin(counties, eq(counties.id, applicationRealEstates.countyId));
}

export function realEstateRows(db: Db, applicationId: number): Promise<RealEstateRow[]> {
  return selectRealEstates(db)
    .where(eq(applicationRealEstates.applicationId, applicationId))
    .orderBy(applicationRealEstates.position, applicationRealEstates.id);
}

export async function findRealEstate(db: Db, applicationId: number, id: number): Promise<RealEstateRow | undefined> {
  const [row] = await selectRealEstates(db).where(
    and(eq(applicationRealEstates.applicationId, applicationId), eq(applicationRealEstates.id, id)),
  );
  return row;
}

export async function cadastralNumberTaken(
  db: Db,
  applicationId: number,
  cadastralNumber: string,
  exceptId?: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: applicationRealEstates.id })
    .from(applicationRealEstates)
    .where(
      and(
        eq(applicationRealEstates.applicationId, applicationId),
        eq(applicationRealEstates.cadastralNumber, cadastralNumber),
        exceptId ? ne(applicationRealEstates.id, exceptId) : undefined,
      ),
    );
  return row !== undefined;
}

export async function countRealEstates(db: Db, applicationId: number): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(applicationRealEstates)
    .where(eq(applicationRealEstates.applicationId, applicationId));
  return row.total;
}

export async function insertRealEstate(db: Db, values: typeof applicationRealEstates.$inferInsert): Promise<number> {
  const [{ next }] = await db
    .select({ next: sql<number>`coalesce(max(${applicationRealEstates.position}), -1) + 1`.mapWith(Number) })
    .from(applicationRealEstates)
    .where(eq(applicationRealEstates.applicationId, values.applicationId));
  const [row] = await db
    .insert(applicationRealEstates)
    .values({ ...values, position: next })
    .returning({ id: applicationRealEstates.id });
  return row.id;
}

export async function updateRealEstate(
  db: Db,
  id: number,
  values: Partial<typeof applicationRealEstates.$inferInsert>,
): Promise<void> {
  await db.update(applicationRealEstates).set(values).where(eq(applicationRealEstates.id, id));
}

export async function deleteRealEstate(db: Db, id: number): Promise<void> {
  await db.delete(applicationRealEstates).where(eq(applicationRealEstates.id, id));
}

/** Every real-estate target of an application goes (the type changed, spec §4). */
export async function deleteAllRealEstates(db: Db, applicationId: number): Promise<number> {
  const rows = await db
    .delete(applicationRealEstates)
    .where(eq(applicationRealEstates.applicationId, applicationId))
    .returning({ id: applicationRealEstates.id });
  return rows.length;
}

export async function findUat(db: Db, id: number) {
  const [row] = await db
    .select({ id: territorialUnits.id, name: territorialUnits.name, countyId: territorialUnits.countyId })
    .from(territorialUnits)
    .where(eq(territorialUnits.id, id));
  return row;
}

/**
 * The county an organisation files applications for: its own county, else the county of its
 * UAT; null when it has neither (no restriction can be derived).
 */
export async function organisationCounty(db: Db, organisationId: number): Promise<{ id: number; name: string } | null> {
  const [row] = await db
    .select({ id: counties.id, name: counties.name })
    .from(organisations)
    .leftJoin(territorialUnits, eq(territorialUnits.id, organisations.uatId))
    .innerJoin(counties, eq(counties.id, sql`coalesce(${organisations.countyId}, ${territorialUnits.countyId})`))
    .where(eq(organisations.id, organisationId));
  return row ?? null;
}
