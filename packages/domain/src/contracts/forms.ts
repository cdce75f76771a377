import { zIdParam } from './common.js';
import { z } from 'zod';
import { ZFormDefinition, ZFormDefinitionShape } from '../forms/definition.js';
import { FORM_STATUSES } from '../statuses.js';
import { zRequiredText } from '../validators/schemas.js';
import { ZListQuery } from './administration.js';

/**
 * Contracts of the form interfaces (spec §2 /forms, /form/new, /form/{id}; §7 Forms). A form has
 * one editable draft and immutable published versions; an application keeps the version it was
 * filed with. PATCH bodies are JSON merge patches; `definition` is replaced as a whole.
 */

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v === '' ? null : v));

/**
 * Query of a list that can also trim its records: `fields=id,name` (the autocomplete of
 * `?limit=500&fields=id,name`) returns only those properties; `id` is always kept.
 */
export const ZTrimmableListQuery = ZListQuery.extend({
  fields: z.string().max(500).optional().describe('Proprietățile întoarse, separate prin virgulă (id este mereu inclus)'),
});

export const ZFormAbilities = z.object({
  canEdit: z.boolean(),
  canPublish: z.boolean().describe('Ciorna are câmpuri și diferă de ultima versiune publicată'),
  canDelete: z.boolean().describe('Niciun tip de cerere și nicio cerere nu folosesc formularul'),
});

export const ZFormSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  status: z.enum(FORM_STATUSES).describe('draft până la prima publicare, apoi published'),
  latest_version: z.number().int().nullable().describe('Numărul ultimei versiuni publicate'),
  published_version_id: z.number().int().nullable().describe('Identificatorul ultimei versiuni publicate'),
  field_count: z.number().int().describe('Câte câmpuri are ciorna (la primul nivel)'),
  has_unpublished_changes: z.boolean().describe('Ciorna diferă de ultima versiune publicată'),
  created_at: z.string(),
  updated_at: z.string(),
});
export type FormSummary = z.infer<typeof ZFormSummary>;

/** A list record; with `fields=` only the asked properties (and `id`) are present. */
export const ZFormListItem = ZFormSummary.partial().extend({ id: z.number().int() });

export const ZFormVersionSummary = z.object({
  id: z.number().int(),
  version: z.number().int(),
  published_at: z.string(),
  published_by: z.number().int().nullable(),
});

export const ZFormRecord = ZFormSummary.extend({
  definition: ZFormDefinitionShape.describe('Ciorna în lucru'),
  versions: z.array(ZFormVersionSummary).describe('Versiunile publicate, de la cea mai nouă'),
  usage: z.object({
    application_types: z.number().int().describe('Tipuri de cereri care folosesc formularul'),
    applications: z.number().int().describe('Cereri depuse cu o versiune a formularului'),
  }),
  abilities: ZFormAbilities,
});
export type FormRecord = z.infer<typeof ZFormRecord>;

/** One published version, frozen: what an application filed with it renders. */
export const ZFormVersionRecord = z.object({
  id: z.number().int(),
  form_id: z.number().int(),
  form_name: z.string(),
  version: z.number().int(),
  definition: ZFormDefinitionShape,
  published_at: z.string(),
  published_by: z.number().int().nullable(),
});
export type FormVersionRecord = z.infer<typeof ZFormVersionRecord>;

export const ZFormCreateRequest = z.object({
  name: zRequiredText().describe('Denumirea formularului (unică)'),
  description: optionalText(2000),
  definition: ZFormDefinition.default({ fields: [] }).describe('Ciorna inițială'),
});
export type FormCreateRequest = z.infer<typeof ZFormCreateRequest>;

export const ZFormPatchRequest = z.object({
  name: zRequiredText().optional(),
  description: optionalText(2000),
  definition: ZFormDefinition.optional().describe('Ciorna nouă, întreagă (verificată structural)'),
});
export type FormPatchRequest = z.infer<typeof ZFormPatchRequest>;

export const ZFormVersionParams = z.object({
  id: zIdParam(),
  version: zIdParam().describe('Numărul versiunii (1, 2, …)'),
});
