import type { Parcel, ParcelSearchRequest } from '@ghiseu/domain';
import { and, eq, sql } from 'drizzle-orm';
import { cadastralParcels, territorialUnits } from '../../db/schema/index.js';
import type { Db } from '../../platform/db.js';

/**
 * The portal's cadastral table: the built-in land-registry source (DESIGN.md §6). Parcels come
 * from imported layers (and the demo seed) through {@link importParcels}; applications look
 * their targets up here and the parcel search answers from it.
 */

/** The registry's record of a parcel, for the area check of a real-estate target. */
export async function findParcel(db: Db, uatId: number, cadastralNumber: string) {
  const [row] = await db
    .select({ area: cadastralParcels.area, address: cadastralParcels.address })
    .from(cadastralParcels)
    .where(and(eq(cadastralParcels.uatId, uatId), eq(cadastralParcels.cadastralNumber, cadastralNumber)))
    .orderBy(cadastralParcels.id)
    .limit(1);
  return row ? { area: Number(row.area), address: row.address } : undefined;
}

/** Most parcels one search answers with. */
const SEARCH_LIMIT = 100;

/**
 * Parcels matching every criterion given: cadastral number and UAT, topo number. Geometry goes
 * out as GeoJSON in EPSG:4326 with six decimals (the same text on both engines).
 */
export async function searchParcels(db: Db, search: ParcelSearchRequest): Promise<Parcel[]> {
  const rows = await db
    .select({
      cadastralNumber: cadastralParcels.cadastralNumber,
      topoNumber: cadastralParcels.topoNumber,
      uatId: cadastralParcels.uatId,
      uatName: territorialUnits.name,
      area: cadastralParcels.area,
      address: cadastralParcels.address,
      landRegistryNumber: cadastralParcels.landRegistryNumber,
      geometry: sql<string | null>`ST_AsGeoJSON(ST_Transform(${cadastralParcels.geom}, 4326), 6)`,
    })
    .from(cadastralParcels)
    .innerJoin(territorialUnits, eq(territorialUnits.id, cadastralParcels.uatId))
    .where(
      and(
        search.cadastral_number !== undefined ? eq(cadastralParcels.cadastralNumber, search.cadastral_number) : undefined,
        search.uat_id !== undefined ? eq(cadastralParcels.uatId, search.uat_id) : undefined,
        search.topo_number !== undefined ? eq(cadastralParcels.topoNumber, search.topo_number) : undefined,
      ),
    )
    .orderBy(cadastralParcels.id)
    .limit(SEARCH_LIMIT);
  return rows.map((row) => ({
    cadastral_number: row.cadastralNumber,
    topo_number: row.topoNumber,
    uat_id: row.uatId,
    uat_name: row.uatName,
    area: Number(row.area),
    address: row.address,
    land_registry_number: row.landRegistryNumber,
    geometry: row.geometry ? JSON.parse(row.geometry) : null,
  }));
}

/** One parcel of an import (a layer's feature, or the demo seed). */
export interface ParcelImport {
  uatId: number;
  cadastralNumber: string;
  topoNumber: string;
  /** Square metres; a parcel without a positive area is not stored (spec §5). */
  area: number | string | null | undefined;
  address?: string | null;
  landRegistryNumber?: string | null;
  /** A GeoJSON Polygon or MultiPolygon, in `srid` coordinates. */
  geometry?: { type: string; coordinates: unknown } | null;
}

export interface ParcelImportResult {
  inserted: number;
  skippedWithoutArea: number;
  skippedDuplicates: number;
}

const IMPORT_CHUNK = 500;

/**
 * Stores parcels in the cadastral table following spec §5: only parcels with an area, and never
 * a second parcel with a topo number already present (in the table or earlier in the batch).
 * Geometries are stored as MultiPolygon in Stereo 70 (SRID 3844); `srid` is the SRID of the
 * given coordinates (4326 for GeoJSON from the web, 3844 for the national grid). Run it inside
 * the caller's transaction.
 */
export async function importParcels(
  db: Db,
  parcels: readonly ParcelImport[],
  options: { srid?: number } = {},
): Promise<ParcelImportResult> {
  const srid = options.srid ?? 4326;
  let skippedWithoutArea = 0;
  const seen = new Set<string>();
  const candidates: ParcelImport[] = [];
  for (const parcel of parcels) {
    const area = Number(parcel.area);
    if (parcel.area === null || parcel.area === undefined || parcel.area === '' || !Number.isFinite(area) || area <= 0) {
      skippedWithoutArea++;
      continue;
    }
    if (seen.has(parcel.topoNumber)) continue;
    seen.add(parcel.topoNumber);
    candidates.push(parcel);
  }
  let inserted = 0;
  for (let start = 0; start < candidates.length; start += IMPORT_CHUNK) {
    const chunk = candidates.slice(start, start + IMPORT_CHUNK);
    const rows = await db
      .insert(cadastralParcels)
      .values(
        chunk.map((p) => ({
          uatId: p.uatId,
          cadastralNumber: p.cadastralNumber.trim(),
          topoNumber: p.topoNumber.trim(),
          area: (Math.round(Number(p.area) * 100) / 100).toFixed(2),
          address: p.address ?? null,
          landRegistryNumber: p.landRegistryNumber ?? null,
          geom: p.geometry
            ? sql`ST_Multi(ST_Transform(ST_SetSRID(ST_GeomFromGeoJSON(${JSON.stringify(p.geometry)}), ${srid}::int), 3844))`
            : null,
        })),
      )
      .onConflictDoNothing({ target: cadastralParcels.topoNumber })
      .returning({ id: cadastralParcels.id });
    inserted += rows.length;
  }
  return { inserted, skippedWithoutArea, skippedDuplicates: parcels.length - skippedWithoutArea - inserted };
}
