import { z } from 'zod';
import { ZFormData } from '../forms/fields.js';
import { APPLICATION_STATUSES } from '../statuses.js';
import { zEmail, zIsoDate } from '../validators/schemas.js';
import { ZApplicationBeneficiaryCreateRequest } from './beneficiaries.js';
import { zId } from './common.js';
import { ZSignDetails } from './applications.js';
import { ZRealEstateCreateRequest } from './real-estate.js';

/**
 * The general registry (spec §2 /register-application, §3 Document register, §4 register and
 * REGISTERED, §5 document registration files, §7 register*, registry-send, invite-beneficiary):
 * staff register, for a walk-in person or an organisation, either an APPLICATION of an inbound
 * type of their organisation (the type's citizen form answered by the clerk) or an INCOMING
 * DOCUMENT (external number and date, connected documents, subject, the scanned file). Both get
 * an entry number from the type's incoming series and the status REGISTERED at once, with the
 * offline signing details of spec §4.
 */

export const REGISTRY_KINDS = ['application', 'document'] as const;
export type RegistryKind = (typeof REGISTRY_KINDS)[number];

/** What a registration slip and the records say when the registry is not usable. */
export const REGISTRY_MESSAGES = {
  documentFileRequired: 'Atașați documentul scanat.',
  documentFileType: 'Documentul trebuie să fie PDF, JPEG sau PNG.',
  documentFileUnknown: 'Fișierul nu există sau nu a fost încărcat de dumneavoastră.',
  typeNotRegistrable: 'Tipul de cerere nu poate fi înregistrat: trebuie să fie activ, de intrare și cu serie de intrare.',
  connectedUnknown: 'Documentul conex nu există în registrul instituției.',
  invitationFailed: 'Invitația nu a fost trimisă: verificați adresa de e-mail.',
  registerFailed: 'Documentul nu a putut fi înregistrat. Verificați datele și reîncercați.',
} as const;

/** The types whose scans a registered document may be (spec §5: type checked by content). */
export const REGISTRY_DOCUMENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v === '' || v === undefined ? null : v));

/** The document-register data (spec §3): external number and date, subject, connected documents. */
export const ZRegistryData = z.object({
  external_number: optionalText(100).describe('Numărul documentului la emitent (extern)'),
  external_date: zIsoDate.nullish().describe('Data documentului la emitent (YYYY-MM-DD)'),
  subject: optionalText(1000).describe('Obiectul documentului'),
  connected_application_ids: z
    .array(zId())
    .max(20)
    .default([])
    .describe('Documente conexe: cereri ale aceleiași instituții (căutate după număr)'),
});
export type RegistryData = z.infer<typeof ZRegistryData>;

/** `POST /staff-applications/register`: an application filed at the desk. */
export const ZRegisterApplicationRequest = z.object({
  application_type_id: zId().describe('Tip activ, de intrare, al instituției, cu serie de intrare'),
  purpose: optionalText(2000).describe('Scopul cererii'),
  form: ZFormData.default({}).describe('Răspunsurile formularului cetățeanului, completate de funcționar'),
  beneficiary: ZApplicationBeneficiaryCreateRequest.describe(
    'Persoana pentru care se înregistrează: din registrul propriu (from_beneficiary_id) sau nouă',
  ),
  real_estates: z.array(ZRealEstateCreateRequest).max(20).default([]).describe('Imobilele, când formularul le cere'),
  attachments: z
    .array(z.object({ file_id: zId(), category: z.string().trim().min(1).max(100) }))
    .max(100)
    .default([])
    .describe('Fișiere încărcate de funcționar, pe câmpurile de atașamente ale formularului'),
  registry: ZRegistryData.prefault({}),
});
export type RegisterApplicationRequest = z.infer<typeof ZRegisterApplicationRequest>;

/** `POST /staff-applications/generate-registry-doc`: an incoming document (with its scan) put in the register. */
export const ZRegisterDocumentRequest = z.object({
  application_type_id: zId().describe('Tipul a cărui serie de intrare dă numărul'),
  beneficiary: ZApplicationBeneficiaryCreateRequest.describe('Emitentul / persoana pentru care se înregistrează'),
  document_file_id: zId().describe('Documentul scanat (POST /files, scop register): PDF, JPEG sau PNG, cel mult 50 MB'),
  registry: ZRegistryData.extend({
    subject: z.string().trim().min(1).max(1000).describe('Obiectul documentului'),
  }),
});
export type RegisterDocumentRequest = z.infer<typeof ZRegisterDocumentRequest>;

/** `PATCH /staff-applications/{id}/registry-application`: the registry data (merge-patch), while REGISTERED. */
export const ZRegistryApplicationPatch = z.object({
  external_number: optionalText(100).optional(),
  external_date: zIsoDate.nullish(),
  subject: optionalText(1000).optional(),
  connected_application_ids: z.array(zId()).max(20).optional(),
  document_file_id: zId().optional().describe('Un alt scan al documentului'),
  purpose: optionalText(2000).optional(),
});
export type RegistryApplicationPatch = z.infer<typeof ZRegistryApplicationPatch>;

/** `PATCH /staff-applications/{id}/registry-application-form`: the form answers (merge-patch), while REGISTERED. */
export const ZRegistryFormPatch = z.object({
  form: ZFormData.describe('Răspunsurile schimbate (null șterge un răspuns); verificate complet după îmbinare'),
});
export type RegistryFormPatch = z.infer<typeof ZRegistryFormPatch>;

/** `PUT /staff-applications/{id}/registry-send`: to whom the registered document goes. */
export const ZRegistrySendRequest = z.object({
  assignee_user_id: zId().describe('Funcționar activ al instituției (GET /staff-applications/registry/assignees)'),
  comment: z.string().trim().max(4000).nullish().describe('Notă internă pentru destinatar'),
});
export type RegistrySendRequest = z.infer<typeof ZRegistrySendRequest>;

/** `POST /notifications/invite-beneficiary`. */
export const ZInviteBeneficiaryRequest = z.object({
  email: zEmail.describe('Adresa beneficiarului'),
  application_id: zId().describe('Cererea înregistrată pe care beneficiarul o poate urmări'),
});
export type InviteBeneficiaryRequest = z.infer<typeof ZInviteBeneficiaryRequest>;

export const ZInviteBeneficiaryResult = z.object({
  email: z.string(),
  application_id: z.number().int(),
  invited_at: z.string(),
});

const ZPersonRef = z.object({ id: z.number().int(), name: z.string() });

export const ZRegistryConnection = z.object({
  id: z.number().int(),
  identification_number: z.string().nullable(),
  application_type_name: z.string(),
  status: z.enum(APPLICATION_STATUSES),
  application_date: z.string().nullable(),
});
export type RegistryConnection = z.infer<typeof ZRegistryConnection>;

export const ZRegistryAbilities = z.object({
  canEditRegistry: z.boolean().describe('registry-application, generate-registry-doc (doar în REGISTERED)'),
  canEditForm: z.boolean().describe('registry-application-form (o cerere, în REGISTERED)'),
  canSend: z.boolean().describe('registry-send (în REGISTERED)'),
  canInvite: z.boolean().describe('invite-beneficiary'),
});

/** A registered application or document, as the registry answers it. */
export const ZRegistryRecord = z.object({
  id: z.number().int().describe('Identificatorul cererii'),
  kind: z.enum(REGISTRY_KINDS),
  identification_number: z.string(),
  status: z.enum(APPLICATION_STATUSES),
  status_label: z.string(),
  application_type_id: z.number().int(),
  application_type_name: z.string(),
  organisation_id: z.number().int(),
  application_date: z.string(),
  purpose: z.string().nullable(),
  form: z.record(z.string(), z.unknown()),
  sign_details: ZSignDetails,
  applicant: ZPersonRef.extend({
    is_placeholder: z
      .boolean()
      .describe('true: beneficiarul nu are cont; solicitantul înregistrat este funcționarul care a înregistrat'),
  }),
  beneficiary: z.object({ name: z.string(), email: z.string().nullable() }).nullable(),
  external_number: z.string().nullable(),
  external_date: z.string().nullable(),
  subject: z.string().nullable(),
  connected: z.array(ZRegistryConnection),
  document_file: z.object({ id: z.number().int(), name: z.string(), size: z.number().int(), mime_type: z.string() }).nullable(),
  slip: z.object({
    version: z.number().int(),
    generated_at: z.string(),
    url: z.string().describe('GET: fișa de înregistrare (PDF)'),
  }),
  sent_at: z.string().nullable(),
  sent_to: ZPersonRef.nullable(),
  invited_emails: z.array(z.string()),
  registered_by: ZPersonRef,
  abilities: ZRegistryAbilities,
});
export type RegistryRecord = z.infer<typeof ZRegistryRecord>;

export const ZRegistryConnectionsQuery = z.object({
  value: z.string().trim().min(1).max(100).describe('Text din numărul de înregistrare'),
});

export const ZRegistryAssignee = z.object({ id: z.number().int(), name: z.string(), email: z.string() });
export type RegistryAssignee = z.infer<typeof ZRegistryAssignee>;
