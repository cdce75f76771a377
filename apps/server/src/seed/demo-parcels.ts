import { sql } from 'drizzle-orm';
import type { Db } from '../platform/db.js';
import { importParcels, type ParcelImport } from '../modules/real-estate/index.js';

/**
 * Demo parcels of the cadastral table: 20 synthetic but plausible plots in Târgu Mureș (UAT
 * 114319) and 20 in Sighișoara (114514), laid out on a grid around a point inside each UAT
 * (ST_PointOnSurface of its boundary) in Stereo 70, each a slightly different rectangle of
 * 400–3 000 m². Everything is derived from the index, so every run gives the same parcels;
 * areas are the geometries' own (ST_Area, rounded to the square metre). Stored through the import
 * helper, so the spec §5 rules (area required, topo number unique) apply here too.
 */

interface DemoUat {
  uatId: number;
  /** First cadastral number and the step between two parcels. */
  cadastralStart: number;
  cadastralStep: number;
  /** First topo number; the part after '/' cycles 1–3. */
  topoStart: number;
  streets: string[];
}

const DEMO_UATS: DemoUat[] = [
  {
    uatId: 114319,
    cadastralStart: 123410,
    cadastralStep: 13,
    topoStart: 3100,
    streets: [
      'Str. Gheorghe Doja',
      'Str. Livezeni',
      'Str. Voinicenilor',
      'Str. Cutezanței',
      'Bd. 1 Decembrie 1918',
      'Str. Ion Buteanu',
      'Str. Moldovei',
      'Str. Budiului',
      'Str. Remetea',
      'Str. Bodoni Sándor',
    ],
  },
  {
    uatId: 114514,
    cadastralStart: 51207,
    cadastralStep: 11,
    topoStart: 870,
    streets: [
      'Str. Morii',
      'Str. Hermann Oberth',
      'Str. Mihai Viteazul',
      'Str. Ilarie Chendi',
      'Str. Zaharia Boiu',
      'Str. Consiliul Europei',
      'Str. Tâmplarilor',
      'Str. Viilor',
      'Str. Dealul Gării',
      'Str. Libertății',
    ],
  },
];

const PER_UAT = 20;

/** Five columns, four rows, 90 m apart, centred on the UAT's point on surface. */
async function demoGeometries(tx: Db, uatId: number): Promise<{ index: number; geometry: string; area: string }[]> {
  const result = (await tx.execute(sql`
    WITH centre AS (SELECT ST_PointOnSurface(geom) AS p FROM territorial_units WHERE id = ${uatId} AND geom IS NOT NULL),
    plots AS (
      SELECT i,
        ST_MakeEnvelope(
          ST_X(p) + (i % 5) * 90 - 180 - (14 + (i * 7) % 13),
          ST_Y(p) + (i / 5) * 90 - 135 - (12 + (i * 5) % 11),
          ST_X(p) + (i % 5) * 90 - 180 + (14 + (i * 7) % 13),
          ST_Y(p) + (i / 5) * 90 - 135 + (12 + (i * 5) % 11),
          3844) AS g
      FROM centre, generate_series(0, ${PER_UAT - 1}) AS i
    )
    SELECT i AS index, ST_AsGeoJSON(g, 2) AS geometry, round(ST_Area(g)::numeric) AS area FROM plots ORDER BY i`)) as unknown as {
    rows: { index: number; geometry: string; area: string }[];
  };
  return result.rows;
}

/** Creates the demo parcels; returns how many were stored. */
export async function seedDemoParcels(tx: Db): Promise<Record<string, number>> {
  const parcels: ParcelImport[] = [];
  for (const uat of DEMO_UATS) {
    for (const plot of await demoGeometries(tx, uat.uatId)) {
      const i = Number(plot.index);
      const cadastralNumber = String(uat.cadastralStart + i * uat.cadastralStep);
      parcels.push({
        uatId: uat.uatId,
        cadastralNumber,
        topoNumber: `${uat.topoStart + i}/${(i % 3) + 1}`,
        area: plot.area,
        address: `${uat.streets[i % uat.streets.length]} nr. ${2 * i + 1}`,
        // Since the 2009 conversion the land-book number is the cadastral number.
        landRegistryNumber: cadastralNumber,
        geometry: JSON.parse(plot.geometry),
      });
    }
  }
  const result = await importParcels(tx, parcels, { srid: 3844 });
  return { parcels: result.inserted };
}
