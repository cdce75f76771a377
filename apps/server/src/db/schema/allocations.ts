import { sql } from 'drizzle-orm';
import { date, index, integer, numeric, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { documentSeries, documentSeriesTypes } from './applications.js';
import { timestamps } from './columns.js';
import { organisations } from './organisations.js';
import { files } from './platform.js';
import { territorialUnits } from './territory.js';
import { users } from './users.js';

/**
 * Reserved series (spec §3 "Reserved series", §2 /document-series-allocation, §7 allocations):
 * an output number a staff member reserves for a document issued outside the portal's workflow
 * (e.g. an urbanism certificate on paper) — taken from one of the organisation's series
 * (`source = 'series'`, the series' next number) or recorded as allocated outside
 * (`source = 'external'`, typed in). The series text is unique per organisation (folded).
 */
export const seriesAllocations = pgTable(
  'series_allocations',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    /** The allocation's date (spec "date"), Romanian calendar day. */
    allocationDate: date('allocation_date', { mode: 'string' }).notNull(),
    /** The reserved number as printed, e.g. 'CU/15/2026'. */
    series: text('series').notNull(),
    source: text('source', { enum: ['series', 'external'] }).notNull(),
    /** The document series type (spec "type"). */
    seriesTypeId: integer('series_type_id')
      .notNull()
      .references(() => documentSeriesTypes.id),
    /** The series the number was taken from (null for a number allocated outside). */
    documentSeriesId: integer('document_series_id').references(() => documentSeries.id),
    /** The document's scan (PDF), optional. */
    fileId: integer('file_id').references(() => files.id),
    issueDate: date('issue_date', { mode: 'string' }),
    location: text('location'),
    uatId: integer('uat_id').references(() => territorialUnits.id),
    /** Tax in lei (RON), two decimals. */
    taxLei: numeric('tax_lei', { precision: 14, scale: 2 }),
    validityMonths: integer('validity_months'),
    /** Execution duration, in months. */
    executionDurationMonths: integer('execution_duration_months'),
    startDate: date('start_date', { mode: 'string' }),
    extensionDate: date('extension_date', { mode: 'string' }),
    /** Investment value in lei (RON), two decimals. */
    investmentValue: numeric('investment_value', { precision: 16, scale: 2 }),
    locationType: text('location_type', { enum: ['pin', 'land_registry'] }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('series_allocations_series_unique').on(t.organisationId, sql`lower(${t.series})`),
    // The list grouped by creator and the default sort (newest first).
    index('series_allocations_org_creator_idx').on(t.organisationId, t.createdBy, t.allocationDate.desc(), t.id),
    index('series_allocations_org_date_idx').on(t.organisationId, t.allocationDate.desc(), t.id),
    // series[contains] and the extension search (folded, trigram).
    index('series_allocations_series_trgm_idx').using('gin', sql`lower(public.f_unaccent(${t.series})) gin_trgm_ops`),
    index('series_allocations_type_idx').on(t.seriesTypeId),
    index('series_allocations_file_idx').on(t.fileId),
  ],
);
