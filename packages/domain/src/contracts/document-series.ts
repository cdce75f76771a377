import { zId } from './common.js';
import { z } from 'zod';
import { zRequiredText } from '../validators/schemas.js';

/**
 * Contracts of document series types (/document-series-type, super administrator) and of the
 * numbered series themselves (registratură; administrators of the organisation). A series hands
 * out numbers `prefix{sep}index{sep}year` with no gap and no duplicate; its index only moves
 * forward (INDEX_CANNOT_BE_LOWER_THAN_CURRENT_VALUE).
 */

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v === '' ? null : v));

const abilities = z.object({ canEdit: z.boolean(), canDelete: z.boolean() });

/* ───────────────────────────── Series types ───────────────────────────── */

export const ZDocumentSeriesType = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  series_count: z.number().int().describe('Câte serii sunt de acest tip'),
  created_at: z.string(),
  abilities,
});
export type DocumentSeriesType = z.infer<typeof ZDocumentSeriesType>;

export const ZDocumentSeriesTypeCreateRequest = z.object({
  name: zRequiredText().describe('Denumirea tipului (unică): Intrări, Ieșiri, Viză…'),
  description: optionalText(2000),
});
export const ZDocumentSeriesTypePatchRequest = z.object({
  name: zRequiredText().optional(),
  description: optionalText(2000),
});

/* ───────────────────────────── Series ───────────────────────────── */

const index = z.number().int().min(0).max(2_000_000_000);
const separator = z
  .string()
  .min(1)
  .max(3)
  .regex(/^[^\s\d]+$/, { error: 'Separatorul nu poate conține spații sau cifre' })
  .describe('Separatorul dintre prefix, număr și an (de exemplu /)');
const prefix = z
  .string()
  .trim()
  .max(30)
  .regex(/^[\p{L}\p{N}._-]*$/u, { error: 'Prefixul poate conține doar litere, cifre, punct, cratimă și _' });

export const ZDocumentSeries = z.object({
  id: z.number().int(),
  organisation_id: z.number().int(),
  organisation_name: z.string(),
  type_id: z.number().int(),
  type_name: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  separator: z.string(),
  prefix: z.string(),
  rejected_prefix: z.string(),
  registers: z.array(z.string()).describe('Categoriile sau registrele deservite'),
  yearly_reset: z.boolean(),
  active: z.boolean(),
  year: z.number().int().describe('Anul contoarelor afișate (0 pentru seriile fără resetare anuală)'),
  current_index: z.number().int().describe('Ultimul număr dat în acest an'),
  rejected_index: z.number().int().describe('Ultimul număr de respingere dat în acest an'),
  next_number: z.string().describe('Numărul care va fi dat următorul'),
  created_at: z.string(),
  updated_at: z.string(),
  abilities,
});
export type DocumentSeries = z.infer<typeof ZDocumentSeries>;

/** A list record; with `fields=` only the asked properties (and `id`) are present. */
export const ZDocumentSeriesListItem = ZDocumentSeries.partial().extend({ id: z.number().int() });

export const ZDocumentSeriesCreateRequest = z.object({
  type_id: zId().describe('Tipul seriei'),
  organisation_id: zId().optional().describe('Doar super administratorul; implicit instituția sa'),
  name: zRequiredText().describe('Denumirea (unică în instituție)'),
  description: optionalText(2000),
  separator: separator.default('/'),
  prefix: prefix.default('').describe('Prefixul numerelor (de exemplu CJMS)'),
  rejected_prefix: prefix.default('').describe('Prefixul răspunsurilor de respingere (de exemplu RES)'),
  registers: z.array(zRequiredText(100)).max(50).default([]),
  yearly_reset: z.boolean().default(true).describe('Numerotarea reîncepe de la 1 în fiecare an'),
  active: z.boolean().default(true),
  current_index: index.optional().describe('Ultimul număr deja dat (aliniere cu registrul pe hârtie)'),
  rejected_index: index.optional().describe('Ultimul număr de respingere deja dat'),
});
export type DocumentSeriesCreateRequest = z.infer<typeof ZDocumentSeriesCreateRequest>;

export const ZDocumentSeriesPatchRequest = z.object({
  type_id: zId().optional(),
  name: zRequiredText().optional(),
  description: optionalText(2000),
  separator: separator.optional(),
  prefix: prefix.optional(),
  rejected_prefix: prefix.optional(),
  registers: z.array(zRequiredText(100)).max(50).optional(),
  yearly_reset: z.boolean().optional(),
  active: z.boolean().optional(),
  current_index: index
    .optional()
    .describe('Doar înainte: mai mic decât valoarea curentă dă INDEX_CANNOT_BE_LOWER_THAN_CURRENT_VALUE'),
  rejected_index: index.optional(),
});
export type DocumentSeriesPatchRequest = z.infer<typeof ZDocumentSeriesPatchRequest>;
