import { z } from 'zod';
import {
  CONDITION_OPERATORS,
  CONDITION_SOURCES,
  GIS_COMPLETION_METHODS,
  GIS_INTERSECTION_TYPES,
  PROCESS_RUN_STATES,
  PROCESS_STATUSES,
  STEP_ACTION_TYPES,
  STEP_FILE_STATUSES,
  STEP_FILE_TYPES,
} from '../processes/definition.js';
import { APPLICATION_STATUSES } from '../statuses.js';
import { zRequiredText } from '../validators/schemas.js';
import { ZListQuery } from './administration.js';
import { zId, zIdParam } from './common.js';

/**
 * Contracts of the workflow processes (spec §2 /process-editor, /process/new, /process/{id};
 * §3 Process, Process step, GIS mapping; §4 Process states). Super administrator only
 * (processEditorRead / Create / Edit). Steps are written as a whole list
 * (`PUT /processes/{id}/steps`) and point at each other by `key`.
 */

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v === '' || v === undefined ? null : v));

/** A step's key: short, stable inside its process (`pas-1`, `verificare`). */
export const zStepKey = () =>
  z
    .string()
    .trim()
    .regex(/^[a-z0-9][a-z0-9_-]{0,39}$/, { error: 'Cheia are litere mici, cifre, „-” sau „_” (cel mult 40)' });

export const ZStepCondition = z.object({
  source: z.enum(CONDITION_SOURCES).describe('Ce se citește din cerere'),
  field: optionalText(100).describe('Cheia câmpului din formular (pentru form_field)'),
  operator: z.enum(CONDITION_OPERATORS),
  value: optionalText(255).describe('Valoarea comparată (lipsește pentru is_empty / is_not_empty)'),
  next_step_key: zStepKey().describe('Pasul la care merge cererea când condiția este îndeplinită'),
});
export type StepConditionInput = z.infer<typeof ZStepCondition>;

export const ZStepGisMapping = z.object({
  organisation_id: zId()
    .nullish()
    .transform((v) => v ?? null),
  layer: zRequiredText(),
  sublayer: optionalText(255),
  gis_attribute: zRequiredText(),
  metadata_name: zRequiredText(),
  intersection_type: z.enum(GIS_INTERSECTION_TYPES),
  completion_method: z.enum(GIS_COMPLETION_METHODS),
  manual_value: optionalText(255).describe('Valoarea folosită când completion_method = manual'),
});
export type StepGisMappingInput = z.infer<typeof ZStepGisMapping>;

/** One step as the editor writes it (every field of spec §3 Process step). */
export const ZProcessStepInput = z.object({
  key: zStepKey(),
  name: zRequiredText(),
  is_start: z.boolean().default(false).describe('Pasul de start (trebuie să fie primul)'),
  action_type: z.enum(STEP_ACTION_TYPES).default('staff_action'),
  action_name: optionalText(60).describe('Acțiunea care încheie pasul (staff_action) sau acțiunea documentului'),
  next_step_key: zStepKey()
    .nullish()
    .transform((v) => v ?? null),
  conditions: z.array(ZStepCondition).max(20).default([]).describe('Rutare condiționată, în ordine'),
  return_step_key: zStepKey()
    .nullish()
    .transform((v) => v ?? null)
    .describe('Pasul la care revine cererea la o acțiune de returnare'),
  file_type: z
    .enum(STEP_FILE_TYPES)
    .nullish()
    .transform((v) => v ?? null),
  file_status: z
    .enum(STEP_FILE_STATUSES)
    .nullish()
    .transform((v) => v ?? null),
  extra_document_template_id: zId()
    .nullish()
    .transform((v) => v ?? null),
  generated_file_public: z.boolean().default(false).describe('Documentul generat este vizibil solicitantului'),
  function_id: zId()
    .nullish()
    .transform((v) => v ?? null)
    .describe('Funcția care lucrează la pas'),
  sign_by_assigned_user: z.boolean().default(false),
  application_status: z
    .enum(APPLICATION_STATUSES)
    .nullish()
    .transform((v) => v ?? null)
    .describe('Starea pe care o primește cererea la sosirea în pas'),
  sign_with_visa: z.boolean().default(false),
  visa_series_type_id: zId()
    .nullish()
    .transform((v) => v ?? null),
  gis_mappings: z.array(ZStepGisMapping).max(50).default([]),
});
export type ProcessStepInput = z.input<typeof ZProcessStepInput>;
export type ProcessStepValues = z.infer<typeof ZProcessStepInput>;

export const ZProcessStepsRequest = z.object({
  steps: z.array(ZProcessStepInput).max(100).describe('Toți pașii, în ordine; primul este pasul de start'),
});
export type ProcessStepsRequest = z.infer<typeof ZProcessStepsRequest>;

/** A condition as answered (no defaults to fill in: the answer is written as stored). */
const ZStepConditionRecord = z.object({
  source: z.enum(CONDITION_SOURCES),
  field: z.string().nullable(),
  operator: z.enum(CONDITION_OPERATORS),
  value: z.string().nullable(),
  next_step_key: z.string(),
});

const ZStepGisMappingRecord = z.object({
  organisation_id: z.number().int().nullable(),
  layer: z.string(),
  sublayer: z.string().nullable(),
  gis_attribute: z.string(),
  metadata_name: z.string(),
  intersection_type: z.enum(GIS_INTERSECTION_TYPES),
  completion_method: z.enum(GIS_COMPLETION_METHODS),
  manual_value: z.string().nullable(),
});

/** A stored step, as the API answers it (the fields of {@link ZProcessStepInput}, plus id and position). */
export const ZProcessStep = z.object({
  id: z.number().int(),
  position: z.number().int(),
  key: z.string(),
  name: z.string(),
  is_start: z.boolean(),
  action_type: z.enum(STEP_ACTION_TYPES),
  action_name: z.string().nullable(),
  next_step_key: z.string().nullable(),
  conditions: z.array(ZStepConditionRecord),
  return_step_key: z.string().nullable(),
  file_type: z.enum(STEP_FILE_TYPES).nullable(),
  file_status: z.enum(STEP_FILE_STATUSES).nullable(),
  extra_document_template_id: z.number().int().nullable(),
  generated_file_public: z.boolean(),
  function_id: z.number().int().nullable(),
  sign_by_assigned_user: z.boolean(),
  application_status: z.enum(APPLICATION_STATUSES).nullable(),
  sign_with_visa: z.boolean(),
  visa_series_type_id: z.number().int().nullable(),
  gis_mappings: z.array(ZStepGisMappingRecord),
});
export type ProcessStep = z.infer<typeof ZProcessStep>;

export const ZProcessProblem = z.object({
  code: z.string(),
  path: z.string(),
  message: z.string(),
  step_key: z.string().optional(),
  structural: z.boolean(),
});

export const ZProcessAbilities = z.object({
  canEdit: z.boolean().describe('Ciornă sau nepublicat'),
  canPublish: z.boolean().describe('Se poate încerca publicarea'),
  canDelete: z.boolean().describe('Niciun tip de cerere și nicio cerere nu îl folosesc'),
});

export const ZProcessSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  status: z.enum(PROCESS_STATUSES),
  organisation_id: z.number().int().nullable().describe('null: proces comun tuturor instituțiilor'),
  organisation_name: z.string().nullable(),
  step_count: z.number().int(),
  application_type_count: z.number().int(),
  published_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  abilities: ZProcessAbilities,
});
export type ProcessSummary = z.infer<typeof ZProcessSummary>;

export const ZProcessRecord = ZProcessSummary.extend({
  steps: z.array(ZProcessStep),
  problems: z.array(ZProcessProblem).describe('Ce împiedică publicarea'),
  usage: z.object({ application_types: z.number().int(), runs: z.number().int() }),
});
export type ProcessRecord = z.infer<typeof ZProcessRecord>;

export const ZProcessListQuery = ZListQuery;

export const ZProcessCreateRequest = z.object({
  name: zRequiredText().describe('Denumirea procesului (unică)'),
  description: optionalText(2000),
  organisation_id: zId()
    .nullish()
    .transform((v) => v ?? null),
});
export type ProcessCreateRequest = z.infer<typeof ZProcessCreateRequest>;

/** `PUT /processes/{id}`: the General tab (name, description, organisation), whole. */
export const ZProcessUpdateRequest = ZProcessCreateRequest;
export type ProcessUpdateRequest = ProcessCreateRequest;

export const ZPublishedProcessQuery = z.object({
  organisation_id: zIdParam().optional().describe('Doar procesele comune și cele ale acestei instituții'),
});

export const ZPublishedProcess = z.object({
  id: z.number().int(),
  name: z.string(),
  organisation_id: z.number().int().nullable(),
  status: z.enum(PROCESS_STATUSES),
});
export type PublishedProcess = z.infer<typeof ZPublishedProcess>;

export const ZProcessHistoryEntry = z.object({
  id: z.number().int(),
  kind: z.enum(['start', 'advance', 'route', 'return', 'finish', 'documents']),
  action: z.string().nullable(),
  from_step_name: z.string().nullable(),
  to_step_name: z.string().nullable(),
  actor_user_id: z.number().int().nullable(),
  actor_name: z.string().nullable(),
  at: z.string(),
});

export const ZProcessRun = z.object({
  application_id: z.number().int(),
  process_id: z.number().int(),
  process_name: z.string(),
  state: z.enum(PROCESS_RUN_STATES),
  current_step: z.object({ key: z.string(), name: z.string(), position: z.number().int() }).nullable(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  history: z.array(ZProcessHistoryEntry).describe('Pașii parcurși, în ordine'),
});
export type ProcessRun = z.infer<typeof ZProcessRun>;

export const ZApplicationIdParams = z.object({ applicationId: zIdParam().describe('Identificatorul cererii') });
