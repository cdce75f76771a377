import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { multiPolygon3844, point3844 } from './types.js';

/** The 42 counties (SIRUTA code as id). */
export const counties = pgTable(
  'counties',
  {
    id: integer('id').primaryKey(),
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    insCode: integer('ins_code').notNull(),
    nuts3: text('nuts3').notNull(),
    region: text('region').notNull(),
    seatUatId: integer('seat_uat_id'),
    /** The UAT that stands for the county itself (București: 179132). */
    uatId: integer('uat_id'),
    label: point3844('label'),
    geom: multiPolygon3844('geom'),
  },
  (t) => [index('counties_geom_idx').using('gist', t.geom)],
);

/** UATs: municipii, orașe, comune and the Bucharest sectors (SIRUTA code as id). */
export const territorialUnits = pgTable(
  'territorial_units',
  {
    id: integer('id').primaryKey(),
    countyId: integer('county_id')
      .notNull()
      .references(() => counties.id),
    name: text('name').notNull(),
    /** Accent- and case-folded name for prefix search ('targu mures'). */
    searchName: text('search_name').notNull(),
    type: text('type', { enum: ['municipiu', 'oraș', 'comună', 'sector'] }).notNull(),
    isCountySeat: boolean('is_county_seat').notNull().default(false),
    environment: text('environment', { enum: ['urban', 'rural'] }).notNull(),
    parentId: integer('parent_id'),
    sirutaName: text('siruta_name').notNull(),
    label: point3844('label'),
    geom: multiPolygon3844('geom'),
  },
  (t) => [
    // A county's UATs in Romanian alphabetical order (ro_sort_key, migration 0010).
    index('territorial_units_county_name_idx').on(t.countyId, sql`ro_sort_key(${t.name}) COLLATE "C"`),
    index('territorial_units_search_idx').on(t.searchName),
    index('territorial_units_geom_idx').using('gist', t.geom),
  ],
);

/** Every SIRUTA locality (villages and component localities) with its UAT. */
export const localities = pgTable(
  'localities',
  {
    id: integer('id').primaryKey(),
    uatId: integer('uat_id')
      .notNull()
      .references(() => territorialUnits.id),
    countyId: integer('county_id')
      .notNull()
      .references(() => counties.id),
    name: text('name').notNull(),
    searchName: text('search_name').notNull(),
    type: text('type', { enum: ['sat', 'localitate componentă'] }).notNull(),
    isUatSeat: boolean('is_uat_seat').notNull().default(false),
    environment: text('environment', { enum: ['urban', 'rural'] }).notNull(),
    postalCode: text('postal_code'),
  },
  (t) => [
    // A UAT's localities in Romanian alphabetical order (ro_sort_key, migration 0010).
    index('localities_uat_name_idx').on(t.uatId, sql`ro_sort_key(${t.name}) COLLATE "C"`),
    index('localities_county_search_idx').on(t.countyId, t.searchName),
  ],
);

export const countries = pgTable('countries', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  isoCode: text('iso_code').notNull().unique(),
});
