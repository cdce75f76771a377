import { boolean, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.js';
import { sql } from 'drizzle-orm';
import { counties, localities, territorialUnits } from './territory.js';

export interface UsefulLink {
  name: string;
  link: string;
}

/** Organisations are the tenants: the county council, city halls and services. */
export const organisations = pgTable(
  'organisations',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description'),
    status: text('status', { enum: ['active', 'inactive'] })
      .notNull()
      .default('active'),
    type: text('type', { enum: ['county_council', 'city_hall', 'services'] }).notNull(),
    countyId: integer('county_id').references(() => counties.id),
    uatId: integer('uat_id').references(() => territorialUnits.id),
    localityId: integer('locality_id').references(() => localities.id),
    isTest: boolean('is_test').notNull().default(false),
    logoFileId: integer('logo_file_id'),
    externalLink: text('external_link'),
    citizenDashboardVisible: boolean('citizen_dashboard_visible').notNull().default(true),
    paymentOrderDetails: text('payment_order_details'),
    usefulLinks: jsonb('useful_links').$type<UsefulLink[]>().notNull().default([]),
    ...timestamps(),
  },
  (t) => [uniqueIndex('organisations_name_unique').on(sql`lower(${t.name})`)],
);
