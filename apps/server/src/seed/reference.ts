import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { foldText, DEFAULT_SETTINGS } from '@ghiseu/domain';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import countriesLib from 'i18n-iso-countries';
import { counties, countries, localities, settings, territorialUnits } from '../db/schema/index.js';
import type { Db } from '../platform/db.js';

/** Finds reference-data/ from the sources (src/seed) and from the bundle (dist). */
export function referenceDataFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [
    path.join(here, 'reference-data'),
    path.join(here, '../../reference-data'),
    path.join(here, '../reference-data'),
  ];
  const found = candidates.find((dir) => fs.existsSync(path.join(dir, 'uats.csv')));
  if (!found) throw new Error(`reference-data folder not found (looked in ${candidates.join(', ')})`);
  return found;
}

function readCsv<T>(folder: string, name: string): T[] {
  return parse(fs.readFileSync(path.join(folder, name), 'utf8'), { columns: true, skip_empty_lines: true }) as T[];
}

interface CountyCsv {
  siruta: string;
  code: string;
  name: string;
  ins_code: string;
  nuts3: string;
  region: string;
  seat_siruta: string;
  label_lon: string;
  label_lat: string;
}
interface UatCsv {
  siruta: string;
  county_siruta: string;
  name: string;
  type: 'municipiu' | 'oraș' | 'comună' | 'sector';
  is_county_seat: string;
  environment: 'urban' | 'rural';
  parent_siruta: string;
  label_lon: string;
  label_lat: string;
  siruta_name: string;
}
interface LocalityCsv {
  siruta: string;
  uat_siruta: string;
  county_code: string;
  name: string;
  type: 'sat' | 'localitate componentă';
  is_uat_seat: string;
  environment: 'urban' | 'rural';
  postal_code: string;
}

const chunk = <T>(items: T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, i * size + size));
const point = (lon: string, lat: string) =>
  sql`ST_Transform(ST_SetSRID(ST_MakePoint(${Number(lon)}, ${Number(lat)}), 4326), 3844)`;

/** Stores boundaries from GeoJSON (EPSG:4326) as MultiPolygon in Stereo 70 (SRID 3844). */
async function loadBoundaries(db: Db, table: 'counties' | 'territorial_units', file: string): Promise<number> {
  const collection = JSON.parse(fs.readFileSync(file, 'utf8')) as {
    features: { id?: number; properties: { siruta: number }; geometry: unknown }[];
  };
  let updated = 0;
  for (const part of chunk(collection.features, 200)) {
    const payload = JSON.stringify(part.map((f) => ({ id: f.properties.siruta, geometry: f.geometry })));
    const result = await db.execute(sql`
      UPDATE ${sql.identifier(table)} AS t
      SET geom = ST_Multi(ST_Transform(ST_SetSRID(ST_MakeValid(ST_GeomFromGeoJSON(f.value->>'geometry')), 4326), 3844))
      FROM jsonb_array_elements(${payload}::jsonb) AS f
      WHERE t.id = (f.value->>'id')::int`);
    updated +=
      (result as unknown as { rowCount?: number; affectedRows?: number }).rowCount ??
      (result as unknown as { affectedRows?: number }).affectedRows ??
      0;
  }
  return updated;
}

/**
 * Loads the SIRUTA counties, UATs and localities with their boundaries, the countries and the
 * default settings. Runs once per database (seed_runs), inside one transaction.
 */
export async function seedReferenceData(db: Db, options: { defaultCounty: string }): Promise<Record<string, number>> {
  const folder = referenceDataFolder();
  const countyRows = readCsv<CountyCsv>(folder, 'counties.csv');
  const uatRows = readCsv<UatCsv>(folder, 'uats.csv');
  const localityRows = readCsv<LocalityCsv>(folder, 'localities.csv');
  const countyIdByCode = new Map(countyRows.map((c) => [c.code, Number(c.siruta)]));

  await db.insert(counties).values(
    countyRows.map((c) => ({
      id: Number(c.siruta),
      code: c.code,
      name: c.name,
      insCode: Number(c.ins_code),
      nuts3: c.nuts3,
      region: c.region,
      seatUatId: Number(c.seat_siruta),
      // București is both a county and a UAT (179132).
      uatId: c.code === 'B' ? 179132 : null,
      label: point(c.label_lon, c.label_lat),
    })),
  );
  for (const part of chunk(uatRows, 500)) {
    await db.insert(territorialUnits).values(
      part.map((u) => ({
        id: Number(u.siruta),
        countyId: Number(u.county_siruta),
        name: u.name,
        searchName: foldText(u.name),
        type: u.type,
        isCountySeat: u.is_county_seat === 'true',
        environment: u.environment,
        parentId: u.parent_siruta ? Number(u.parent_siruta) : null,
        sirutaName: u.siruta_name,
        label: point(u.label_lon, u.label_lat),
      })),
    );
  }
  for (const part of chunk(localityRows, 1000)) {
    await db.insert(localities).values(
      part.map((l) => ({
        id: Number(l.siruta),
        uatId: Number(l.uat_siruta),
        countyId: countyIdByCode.get(l.county_code) as number,
        name: l.name,
        searchName: foldText(l.name),
        type: l.type,
        isUatSeat: l.is_uat_seat === 'true',
        environment: l.environment,
        postalCode: l.postal_code || null,
      })),
    );
  }
  const countyBoundaries = await loadBoundaries(db, 'counties', path.join(folder, 'counties.geojson'));
  const uatBoundaries = await loadBoundaries(db, 'territorial_units', path.join(folder, 'uats.geojson'));

  // JSON through require: the bundle keeps npm packages external and ESM JSON imports need attributes.
  countriesLib.registerLocale(createRequire(import.meta.url)('i18n-iso-countries/langs/ro.json'));
  const names = countriesLib.getNames('ro', { select: 'official' });
  const countryRows = Object.entries(names).map(([isoCode, name]) => ({ isoCode, name }));
  await db.insert(countries).values(countryRows);

  const defaults = { ...DEFAULT_SETTINGS, defaultCounty: options.defaultCounty };
  await db
    .insert(settings)
    .values([
      {
        key: 'RECORDS_PER_PAGE',
        value: String(defaults.recordsPerPage),
        description: 'Numărul de înregistrări pe pagină în liste',
      },
      { key: 'DATE_FORMAT', value: defaults.dateFormat, description: 'Formatul datelor afișate' },
      { key: 'DEFAULT_COUNTY', value: defaults.defaultCounty, description: 'Județul implicit (indicativ)' },
      { key: 'DECIMAL_SEPARATOR', value: defaults.decimalSeparator, description: 'Separatorul zecimal' },
      { key: 'MAINTENANCE_BANNER_ENABLED', value: 'false', description: 'Afișează bannerul de mentenanță' },
      { key: 'MAINTENANCE_BANNER_TEXT', value: '', description: 'Textul bannerului de mentenanță' },
      { key: 'COUNCIL_NAME', value: defaults.councilName, description: 'Numele consiliului afișat în subsol' },
    ])
    .onConflictDoNothing();

  return {
    counties: countyRows.length,
    territorialUnits: uatRows.length,
    localities: localityRows.length,
    countyBoundaries,
    uatBoundaries,
    countries: countryRows.length,
  };
}
