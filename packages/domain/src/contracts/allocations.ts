import { z } from 'zod';
import { zIsoDate } from '../validators/schemas.js';
import { zId } from './common.js';
import { ZApplicationListItem } from './applications.js';

/**
 * Reserved series (spec §3 "Reserved series", §2 /document-series-allocation, §6 document series
 * allocation: staff and super_admin read, create and edit staff only, §7 allocations, §9 limits):
 * an output number a staff member reserves for a document issued outside the portal's workflow,
 * either the next number of one of the organisation's active series (`source: 'series'`, "manual
 * allocation") or a number allocated outside the portal (`source: 'external'`, typed in).
 */

export const ALLOCATION_SOURCES = ['series', 'external'] as const;
export type AllocationSource = (typeof ALLOCATION_SOURCES)[number];
export const ALLOCATION_SOURCE_LABELS: Record<AllocationSource, string> = {
  series: 'Următorul număr din serie',
  external: 'Număr alocat în afara portalului',
};

export const LOCATION_TYPES = ['pin', 'land_registry'] as const;
export type LocationType = (typeof LOCATION_TYPES)[number];
export const LOCATION_TYPE_LABELS: Record<LocationType, string> = {
  pin: 'Punct pe hartă',
  land_registry: 'Carte funciară',
};

/** §9 limits of the allocation screens. */
export const ALLOCATION_LIMITS = {
  /** Creators per grouped answer, and allocations per creator. */
  byCreator: 100,
  /** The allocations offered for an extension request (the "external series list"). */
  forExtension: 50,
  /** Active series offered for a manual allocation. */
  activeSeries: 500,
} as const;

export const ALLOCATION_MESSAGES = {
  seriesRequired: 'Alegeți seria din care se rezervă numărul.',
  numberRequired: 'Introduceți numărul alocat.',
  typeRequired: 'Alegeți tipul de serie.',
  seriesUnknown: 'Seria nu există în instituția dumneavoastră sau este inactivă.',
  typeUnknown: 'Tipul de serie nu există.',
  uatUnknown: 'Unitatea administrativ-teritorială nu există.',
  fileUnknown: 'Fișierul nu există sau nu a fost încărcat de dumneavoastră.',
  fileType: 'Fișierul trebuie să fie PDF.',
  amount: 'Introduceți o sumă pozitivă, cu cel mult două zecimale.',
  months: 'Introduceți un număr întreg de luni, între 0 și 1200.',
  startAfterExtension: 'Data prelungirii nu poate fi înaintea datei de începere.',
  seriesNotEditable: 'Numărul luat dintr-o serie nu poate fi modificat.',
} as const;

const M = ALLOCATION_MESSAGES;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `Textul poate avea cel mult ${max} caractere.` })
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();
const optionalDate = zIsoDate.nullable().optional();
const amount = (max: number) =>
  z
    .number({ error: M.amount })
    .min(0, { error: M.amount })
    .max(max, { error: M.amount })
    .refine((v) => Math.round(v * 100) === Number((v * 100).toFixed(6)), { error: M.amount })
    .nullable()
    .optional();
const months = z.number({ error: M.months }).int({ error: M.months }).min(0, { error: M.months }).max(1200, { error: M.months });

/** The fields of a reservation that staff fill in, create and edit alike. */
const ZAllocationFields = z.object({
  allocation_date: zIsoDate.optional().describe('Data alocării (implicit azi)'),
  file_id: zId().nullable().optional().describe('Scanul documentului (PDF încărcat cu scopul pdfOnly)'),
  issue_date: optionalDate,
  location: optionalText(500),
  uat_id: zId().nullable().optional(),
  tax_lei: amount(999_999_999_999).describe('Taxa în lei (RON)'),
  validity_months: months.nullable().optional(),
  execution_duration_months: months.nullable().optional(),
  start_date: optionalDate,
  extension_date: optionalDate,
  investment_value: amount(99_999_999_999_999).describe('Valoarea investiției în lei (RON)'),
  location_type: z.enum(LOCATION_TYPES).nullable().optional(),
});

const checkDates = (v: { start_date?: string | null; extension_date?: string | null }, ctx: z.RefinementCtx) => {
  if (v.start_date && v.extension_date && v.extension_date < v.start_date)
    ctx.addIssue({ code: 'custom', path: ['extension_date'], message: M.startAfterExtension });
};

export const ZAllocationCreateRequest = ZAllocationFields.extend({
  source: z.enum(ALLOCATION_SOURCES),
  document_series_id: zId().optional().describe('source=series: seria din care se ia următorul număr'),
  series: z.string().trim().max(100).optional().describe('source=external: numărul alocat în afara portalului'),
  series_type_id: zId().optional().describe('source=external: tipul de serie (source=series: tipul seriei)'),
})
  .strict()
  .superRefine((v, ctx) => {
    if (v.source === 'series' && v.document_series_id === undefined)
      ctx.addIssue({ code: 'custom', path: ['document_series_id'], message: M.seriesRequired });
    if (v.source === 'external') {
      if (!v.series) ctx.addIssue({ code: 'custom', path: ['series'], message: M.numberRequired });
      if (v.series_type_id === undefined) ctx.addIssue({ code: 'custom', path: ['series_type_id'], message: M.typeRequired });
    }
    checkDates(v, ctx);
  });
export type AllocationCreateRequest = z.infer<typeof ZAllocationCreateRequest>;

export const ZAllocationPatch = ZAllocationFields.extend({
  series: z
    .string()
    .trim()
    .min(1, { error: M.numberRequired })
    .max(100)
    .optional()
    .describe('Doar pentru numerele alocate în afara portalului'),
  series_type_id: zId().optional(),
})
  .strict()
  .superRefine(checkDates);
export type AllocationPatch = z.infer<typeof ZAllocationPatch>;

const zDay = z.string().nullable();

export const ZAllocation = z.object({
  id: z.number().int(),
  organisation_id: z.number().int(),
  created_by: z.object({ id: z.number().int(), name: z.string() }),
  allocation_date: z.string(),
  series: z.string(),
  source: z.enum(ALLOCATION_SOURCES),
  series_type_id: z.number().int(),
  series_type_name: z.string(),
  document_series_id: z.number().int().nullable(),
  file: z.object({ id: z.number().int(), name: z.string(), size: z.number().int() }).nullable(),
  issue_date: zDay,
  location: z.string().nullable(),
  uat_id: z.number().int().nullable(),
  uat_name: z.string().nullable(),
  tax_lei: z.number().nullable(),
  validity_months: z.number().int().nullable(),
  execution_duration_months: z.number().int().nullable(),
  start_date: zDay,
  extension_date: zDay,
  investment_value: z.number().nullable(),
  location_type: z.enum(LOCATION_TYPES).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  abilities: z.object({ can_edit: z.boolean(), can_delete: z.boolean() }),
});
export type Allocation = z.infer<typeof ZAllocation>;

/** `GET /allocations?group_by=created_by`: the allocations per creator. */
export const ZAllocationGroup = z.object({
  created_by: z.object({ id: z.number().int(), name: z.string() }),
  total: z.number().int(),
  allocations: z.array(ZAllocation),
});
export type AllocationGroup = z.infer<typeof ZAllocationGroup>;

/** What anyone signed in may see of an allocation, to ask for its extension: no personal data. */
export const ZAllocationForExtension = z.object({
  id: z.number().int(),
  organisation_id: z.number().int(),
  organisation_name: z.string(),
  series: z.string(),
  series_type_name: z.string(),
  issue_date: zDay,
  validity_months: z.number().int().nullable(),
  valid_until: zDay,
  uat_name: z.string().nullable(),
});
export type AllocationForExtension = z.infer<typeof ZAllocationForExtension>;

export const ZAllocationExtensionQuery = z.object({
  organisation_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  series: z.string().trim().min(1).max(100).optional(),
});

/** `POST /allocations/export`: the filters of the list (all optional). */
export const ZAllocationExportRequest = z
  .object({
    series: z.string().trim().max(100).optional().describe('Numărul conține'),
    created_by: zId().optional(),
    series_type_id: zId().optional(),
    from: zIsoDate.optional().describe('Data alocării, de la (inclusiv)'),
    to: zIsoDate.optional().describe('Data alocării, până la (inclusiv)'),
  })
  .strict();
export type AllocationExportRequest = z.infer<typeof ZAllocationExportRequest>;

/** Romanian headers of the CSV export, in column order. */
export const ALLOCATION_CSV_HEADERS = [
  'Creat de',
  'Data',
  'Serie',
  'Tip',
  'Fișier',
  'Data emiterii',
  'Amplasament',
  'UAT',
  'Taxă (lei)',
  'Valabilitate (luni)',
  'Durata de execuție (luni)',
  'Data începerii',
  'Data prelungirii',
  'Valoarea investiției (lei)',
  'Tip amplasament',
] as const;

/* ───────────────────────────── Issued documents ───────────────────────────── */

export const ISSUED_KIND_LABELS = { answer: 'Răspuns', rejection: 'Respingere' } as const;

/** A row of `GET /issued-documents` (spec §2 Issued documents). */
export const ZIssuedDocument = z.object({
  id: z.number().int(),
  application_id: z.number().int(),
  identification_number: z.string().nullable(),
  application_type_id: z.number().int(),
  application_type_name: z.string(),
  organisation_id: z.number().int(),
  organisation_name: z.string(),
  output_number: z.string().nullable(),
  kind: z.enum(['answer', 'rejection']),
  kind_label: z.string(),
  issued_at: z.string().nullable(),
  applicant_name: z.string(),
  file: z.object({ id: z.number().int(), name: z.string(), size: z.number().int() }).nullable(),
});
export type IssuedDocument = z.infer<typeof ZIssuedDocument>;

/** Issued statuses the series search reads (spec "status eq closed": every finished file with an issued output). */
export const SERIES_SEARCH_STATUSES = ['RESOLVED', 'REJECTED', 'CLOSED'] as const;
export const SERIES_SEARCH_LIMIT = 100;

/** A row of the series search (find/findAll?series=): the list item plus its output number and issue time. */
export const ZSeriesSearchItem = ZApplicationListItem.extend({
  allocated_document_series: z.string().nullable(),
  issued_at: z.string().nullable(),
});
export type SeriesSearchItem = z.infer<typeof ZSeriesSearchItem>;

export const ZSeriesSearchQuery = z.object({
  series: z.string().trim().min(1).max(100).describe('Numărul documentului emis (allocated_document_series)'),
  organisation_id: z.coerce.number().int().positive().max(2_147_483_647).optional().describe('Instituția (filtru de tenant)'),
});
