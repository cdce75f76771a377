import { z } from 'zod';
import {
  DOCUMENT_ACTIONS,
  DOCUMENT_KINDS,
  DOCUMENT_STATES,
  SIGNER_KINDS,
  SIGNING_LAYOUT_MAX_ROWS,
  type SigningLayout,
} from '../documents/lifecycle.js';
import {
  DOCUMENT_SYSTEM_TYPES,
  DOCUMENT_TEMPLATE_STATUSES,
  PLACEHOLDER_GROUPS,
  type ProseMirrorNode,
  SIGNING_LAYOUT_MAX_CELLS_PER_ROW,
  TEMPLATE_CONTENT_MAX_CHARS,
  TEMPLATE_CONTENT_MAX_DEPTH,
  jsonDepth,
} from '../documents/placeholders.js';
import { zRequiredText } from '../validators/schemas.js';
import { ZListQuery } from './administration.js';
import { zId, zIdParam } from './common.js';

/**
 * Contracts of document templates (spec §2 /document-template*, §3 Document template, Signing
 * layout; super_admin and admin: documentTemplateRead / Create / Edit) and of an application's
 * output document (spec §4 generate / return / preview, §7; the staff panel; the public
 * verification page of the QR code). snake_case like the rest of the API.
 */

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v === '' || v === undefined ? null : v));

/* ───────────────────────────── The editor's document (ProseMirror JSON) ───────────────────────────── */

const ZMark = z.object({ type: z.enum(['bold', 'italic', 'underline', 'strike']) });

const ZTextAlign = z.enum(['left', 'center', 'right', 'justify']).nullish();

/**
 * One node of a TipTap StarterKit document (+ tables and the inline `placeholder` atom). Unknown
 * attributes are dropped; unknown node or mark types are refused.
 */
export const ZTemplateNode: z.ZodType<ProseMirrorNode> = z.lazy(() =>
  z.discriminatedUnion('type', [
    z.object({
      type: z.literal('text'),
      text: z.string().min(1).max(20_000),
      marks: z.array(ZMark).max(8).optional(),
    }),
    z.object({
      type: z.literal('placeholder'),
      attrs: z.object({
        key: z.string().regex(/^[A-Za-z0-9_.-]{1,120}$/, { error: 'Cheia substituentului nu este validă' }),
      }),
      marks: z.array(ZMark).max(8).optional(),
    }),
    z.object({ type: z.literal('hardBreak'), marks: z.array(ZMark).max(8).optional() }),
    z.object({ type: z.literal('horizontalRule') }),
    z.object({
      type: z.literal('paragraph'),
      attrs: z.object({ textAlign: ZTextAlign }).optional(),
      content: z.array(ZTemplateNode).max(5000).optional(),
    }),
    z.object({
      type: z.literal('heading'),
      attrs: z.object({ level: z.union([z.literal(1), z.literal(2), z.literal(3)]), textAlign: ZTextAlign }),
      content: z.array(ZTemplateNode).max(5000).optional(),
    }),
    z.object({ type: z.literal('blockquote'), content: z.array(ZTemplateNode).max(5000).optional() }),
    z.object({ type: z.literal('bulletList'), content: z.array(ZTemplateNode).max(5000).optional() }),
    z.object({
      type: z.literal('orderedList'),
      attrs: z.object({ start: z.number().int().min(0).max(100_000).nullish() }).optional(),
      content: z.array(ZTemplateNode).max(5000).optional(),
    }),
    z.object({ type: z.literal('listItem'), content: z.array(ZTemplateNode).max(5000).optional() }),
    z.object({ type: z.literal('table'), content: z.array(ZTemplateNode).max(500).optional() }),
    z.object({ type: z.literal('tableRow'), content: z.array(ZTemplateNode).max(50).optional() }),
    z.object({
      type: z.enum(['tableHeader', 'tableCell']),
      attrs: z
        .object({
          colspan: z.number().int().min(1).max(50).nullish(),
          rowspan: z.number().int().min(1).max(500).nullish(),
          colwidth: z.array(z.number().min(0).max(5000)).max(50).nullish(),
        })
        .optional(),
      content: z.array(ZTemplateNode).max(5000).optional(),
    }),
  ]),
) as z.ZodType<ProseMirrorNode>;

/** The template's text: a `doc` node; depth and size are limited before the structure is read. */
export const ZTemplateContent = z
  .unknown()
  .superRefine((value, ctx) => {
    if (jsonDepth(value, TEMPLATE_CONTENT_MAX_DEPTH * 2 + 4) > TEMPLATE_CONTENT_MAX_DEPTH * 2 + 2) {
      ctx.addIssue({ code: 'custom', message: 'Documentul are prea multe niveluri imbricate.', abort: true });
      return;
    }
    if (JSON.stringify(value ?? null).length > TEMPLATE_CONTENT_MAX_CHARS) {
      ctx.addIssue({ code: 'custom', message: 'Documentul este prea mare.', abort: true });
    }
  })
  .pipe(
    z.object({
      type: z.literal('doc'),
      content: z.array(ZTemplateNode).max(5000).default([]),
    }),
  );
export type TemplateContent = z.infer<typeof ZTemplateContent>;

/* ───────────────────────────── Signing layout ───────────────────────────── */

export const ZSignatureBox = z.object({
  page: z.number().int().min(0),
  x: z.number(),
  y: z.number(),
  width: z.number(),
  height: z.number(),
});

/** A layout cell as the API writes it (the domain's SigningCell in snake_case). */
export const ZSigningCellInput = z.object({
  index: z.number().int().min(1).max(100).describe('Ordinea semnării (crescătoare, unică)'),
  label: zRequiredText(100).describe('Textul de sub semnătură (Primar, Arhitect-șef…)'),
  signer: z.enum(SIGNER_KINDS),
  function_id: zId()
    .nullish()
    .transform((v) => v ?? null)
    .describe('Pentru signer = function: funcția'),
  function_key: optionalText(60).describe('Pentru signer = function într-un șablon comun: cheia funcției de sistem'),
  visa: z
    .enum(['visa1', 'visa2'])
    .nullish()
    .transform((v) => v ?? null)
    .describe('Semnătura ia și un număr de viză din seria tipului'),
});
export type SigningCellInput = z.infer<typeof ZSigningCellInput>;

export const ZSigningLayoutInput = z.object({
  rows: z
    .array(z.array(ZSigningCellInput).max(SIGNING_LAYOUT_MAX_CELLS_PER_ROW))
    .min(1)
    .max(SIGNING_LAYOUT_MAX_ROWS)
    .describe('Rândurile de semnături (1–7); regulile: signingLayoutProblems'),
});
export type SigningLayoutInput = z.infer<typeof ZSigningLayoutInput>;

export const ZSigningCell = z.object({
  index: z.number().int(),
  label: z.string(),
  signer: z.enum(SIGNER_KINDS),
  function_id: z.number().int().nullable(),
  function_key: z.string().nullable(),
  visa: z.enum(['visa1', 'visa2']).nullable(),
});
export const ZSigningLayout = z.object({ rows: z.array(z.array(ZSigningCell)) });
export type SigningLayoutOutput = z.infer<typeof ZSigningLayout>;

/** API (snake_case) → domain (camelCase, as stored). */
export function signingLayoutFromInput(input: SigningLayoutInput): SigningLayout {
  return {
    rows: input.rows.map((row) =>
      row.map((c) => ({
        index: c.index,
        label: c.label,
        signer: c.signer,
        functionId: c.function_id ?? null,
        functionKey: c.function_key ?? null,
        visa: c.visa ?? null,
      })),
    ),
  };
}

/** Domain → API. */
export function signingLayoutToOutput(layout: SigningLayout): SigningLayoutOutput {
  return {
    rows: (layout?.rows ?? []).map((row) =>
      row.map((c) => ({
        index: c.index,
        label: c.label,
        signer: c.signer,
        function_id: c.functionId ?? null,
        function_key: c.functionKey ?? null,
        visa: c.visa ?? null,
      })),
    ),
  };
}

/* ───────────────────────────── Templates ───────────────────────────── */

export const ZDocumentTemplateAbilities = z.object({ canEdit: z.boolean(), canDelete: z.boolean() });

export const ZDocumentTemplateSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  status: z.enum(DOCUMENT_TEMPLATE_STATUSES),
  system_type: z.enum(DOCUMENT_SYSTEM_TYPES).nullable(),
  system_type_label: z.string().nullable(),
  organisation_id: z.number().int().nullable().describe('null: șablon comun (super administrator)'),
  organisation_name: z.string().nullable(),
  application_type_count: z.number().int().describe('Câte tipuri de cerere folosesc șablonul'),
  created_at: z.string(),
  updated_at: z.string(),
  abilities: ZDocumentTemplateAbilities,
});
export type DocumentTemplateSummary = z.infer<typeof ZDocumentTemplateSummary>;

export const ZDocumentTemplateRecord = ZDocumentTemplateSummary.extend({
  content: z.object({ type: z.literal('doc'), content: z.array(z.any()) }),
  signing_layout: ZSigningLayout,
  placeholder_keys: z.array(z.string()).describe('Substituenții folosiți în text'),
});
export type DocumentTemplateRecord = z.infer<typeof ZDocumentTemplateRecord>;

/** A list record; with `fields=` only the asked properties (and `id`) are present. */
export const ZDocumentTemplateListItem = ZDocumentTemplateSummary.partial().extend({ id: z.number().int() });

/**
 * `GET /document-templates`: the shared list query; filters `name[contains]`, `status[eq]`,
 * `system_type[eq]`, `organisation_id[eq]`; sortKey name | created_at (default -created_at).
 */
export const ZDocumentTemplateListQuery = ZListQuery.extend({
  fields: z.string().optional().describe('Doar aceste proprietăți (și id), separate prin virgulă'),
  status: z.enum(DOCUMENT_TEMPLATE_STATUSES).optional().describe('Scurtătură pentru status[eq]'),
  system_type: z.enum(DOCUMENT_SYSTEM_TYPES).optional().describe('Scurtătură pentru system_type[eq]'),
});

export const ZDocumentTemplateCreateRequest = z.object({
  name: z
    .string()
    .trim()
    .min(3, { error: 'Denumirea are cel puțin 3 caractere' })
    .max(200, { error: 'Denumirea are cel mult 200 de caractere' })
    .describe('Unică în instituție'),
  description: optionalText(2000),
  status: z.enum(DOCUMENT_TEMPLATE_STATUSES).default('active'),
  system_type: z
    .enum(DOCUMENT_SYSTEM_TYPES)
    .nullish()
    .transform((v) => v ?? null),
  content: ZTemplateContent.describe('Documentul editorului (ProseMirror JSON)'),
  signing_layout: ZSigningLayoutInput,
});
export type DocumentTemplateCreateRequest = z.infer<typeof ZDocumentTemplateCreateRequest>;

export const ZDocumentTemplatePatchRequest = z.object({
  name: ZDocumentTemplateCreateRequest.shape.name.optional(),
  description: z
    .string()
    .trim()
    .max(2000)
    .nullish()
    .transform((v) => (v === '' ? null : v))
    .describe('Lipsă: neschimbată; null sau gol: ștearsă'),
  status: z.enum(DOCUMENT_TEMPLATE_STATUSES).optional(),
  system_type: z.enum(DOCUMENT_SYSTEM_TYPES).nullish(),
  content: ZTemplateContent.optional(),
  signing_layout: ZSigningLayoutInput.optional(),
});
export type DocumentTemplatePatchRequest = z.infer<typeof ZDocumentTemplatePatchRequest>;

/** `GET /document-templates/options`: active templates for the application-type selects (≤500). */
export const ZDocumentTemplateOptionsQuery = z.object({
  organisation_id: zIdParam().optional().describe('Comune + ale acestei instituții (super administrator)'),
});
export const ZDocumentTemplateOption = z.object({
  id: z.number().int(),
  name: z.string(),
  organisation_id: z.number().int().nullable(),
  system_type: z.enum(DOCUMENT_SYSTEM_TYPES).nullable(),
});
export type DocumentTemplateOption = z.infer<typeof ZDocumentTemplateOption>;
export const ZDocumentTemplateOptionsResponse = z.object({ data: z.array(ZDocumentTemplateOption) });

/** `GET /document-templates/placeholders?application_type_id=` */
export const ZPlaceholdersQuery = z.object({
  application_type_id: zIdParam().optional().describe('Adaugă câmpurile formularelor tipului'),
  system_type: z
    .enum(DOCUMENT_SYSTEM_TYPES)
    .optional()
    .describe('Doar grupurile de substituenți permise unui șablon de acest tip de sistem'),
});
export const ZPlaceholder = z.object({
  key: z.string(),
  label: z.string(),
  group: z.enum(PLACEHOLDER_GROUPS),
  group_label: z.string(),
  example: z.string(),
});
export type Placeholder = z.infer<typeof ZPlaceholder>;
export const ZPlaceholdersResponse = z.object({ data: z.array(ZPlaceholder) });

/** `POST /document-templates/{id}/preview` → application/pdf (nothing stored). */
export const ZDocumentPreviewRequest = z.object({
  application_id: zId().describe('O cerere a instituției utilizatorului'),
});

/* ───────────────────────────── An application's output document ───────────────────────────── */

/** `PUT /staff-applications/{id}/{action}/generate-document` */
export const ZDocumentActionParams = z.object({
  id: zIdParam().describe('Identificatorul cererii'),
  action: z.enum(DOCUMENT_ACTIONS).describe('approve: răspunsul; reject: respingerea'),
});

/** `PATCH /staff-applications/{id}/return-document` (irreversible). */
export const ZReturnDocumentRequest = z.object({
  confirm: z.literal(true, { error: 'Returnarea documentului trebuie confirmată' }),
});

export const ZDocumentFile = z.object({
  id: z.number().int(),
  name: z.string(),
  size: z.number().int(),
  sha256: z.string().nullable(),
  download_url: z.string().describe('Descărcare cu token de scurtă durată (modulul de fișiere)'),
});

/** A revision of an application's output document. */
export const ZApplicationDocument = z.object({
  id: z.number().int(),
  application_id: z.number().int(),
  kind: z.enum(DOCUMENT_KINDS),
  revision: z.number().int(),
  state: z.enum(DOCUMENT_STATES),
  state_label: z.string(),
  progress: z.number().int().min(0).max(100),
  error_code: z.string().nullable(),
  template_id: z.number().int().nullable(),
  output_number: z.string().nullable(),
  generated_at: z.string().nullable().describe('Când s-a terminat generarea'),
  generated_sha256: z.string().nullable(),
  issued_at: z.string().nullable(),
  returned_at: z.string().nullable(),
  created_at: z.string(),
});
export type ApplicationDocument = z.infer<typeof ZApplicationDocument>;

/** `GET /applications/{id}/check-generation-status` */
export const ZGenerationStatus = z.object({
  state: z.enum(DOCUMENT_STATES),
  progress: z.number().int(),
  error_code: z.string().nullable(),
  document: ZApplicationDocument,
});
export type GenerationStatus = z.infer<typeof ZGenerationStatus>;

/** A layout cell in the staff panel: who signs it and whether it is signed. */
export const ZDocumentPanelCell = ZSigningCell.extend({
  signer_name: z.string().nullable().describe('Semnatarul așteptat (sau cel care a semnat)'),
  function_name: z.string().nullable(),
  signed: z.boolean(),
  signed_at: z.string().nullable(),
  visa_code: z.string().nullable(),
  box: ZSignatureBox.nullable().describe('Locul semnăturii vizibile în PDF (puncte, origine stânga-jos)'),
});
export type DocumentPanelCell = z.infer<typeof ZDocumentPanelCell>;

/** `GET /staff-applications/{id}/document`: the live revision and the history. */
export const ZDocumentPanel = z.object({
  document: ZApplicationDocument.extend({
    file: ZDocumentFile.nullable(),
    cells: z.array(ZDocumentPanelCell).describe('În ordinea semnării'),
    verification_url: z.string(),
  }).nullable(),
  history: z.array(ZApplicationDocument).describe('Reviziile returnate sau eșuate, cele mai noi primele'),
});
export type DocumentPanel = z.infer<typeof ZDocumentPanel>;

/** `GET /public/documents/{code}` (no sign-in): only these fields, only for an issued document. */
export const ZDocumentVerificationParams = z.object({
  code: z
    .string()
    .regex(/^[A-Za-z0-9_-]{10,64}$/)
    .describe('Codul de verificare din codul QR'),
});
export const ZDocumentVerification = z.object({
  output_number: z.string().nullable(),
  document_name: z.string(),
  issuer: z.string(),
  issued_at: z.string().nullable(),
  sha256: z.string().nullable().describe('SHA-256 al PDF-ului emis'),
  state: z.enum(DOCUMENT_STATES),
});
export type DocumentVerification = z.infer<typeof ZDocumentVerification>;
