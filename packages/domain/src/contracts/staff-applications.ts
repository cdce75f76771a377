import { z } from 'zod';
import { zId, zIdParam } from './common.js';
import { ZListQuery } from './administration.js';
import { ZApplication, ZApplicationFile, ZApplicationListItem } from './applications.js';
import { ZFormData } from '../forms/fields.js';
import { APPLICATION_STATUSES } from '../statuses.js';
import { zIsoDate, zRequiredText, zResponseDays } from '../validators/schemas.js';
import { STAFF_ACTIONS } from '../processing/transitions.js';

/**
 * Staff processing of applications (spec §2 Applications — the six staff work lists, §3
 * Application, §4 actions, §6 grants, §7 Staff applications; issue 11). The staff see an
 * application of their organisation as the citizen does, plus the staff fields (assignee,
 * reviewer, legal clock, staff form, consultations, internal comments) and the `abilities` the
 * server computes from the transition table of `processing/transitions.ts`.
 */

/** The six work lists (spec §2): 'assigned' and 'review' are the `assigned` / `to_review` flags. */
export const STAFF_WORK_LISTS = ['inbox', 'new', 'in-work', 'completed', 'assigned', 'review'] as const;
export type StaffWorkList = (typeof STAFF_WORK_LISTS)[number];

/** The `view` query values: which statuses a list shows (see transitions.ts for the status sets). */
export const STAFF_LIST_VIEWS = ['inbox', 'new', 'in-work', 'completed'] as const;
export type StaffListView = (typeof STAFF_LIST_VIEWS)[number];

const zFlag = (description: string) => z.enum(['true', 'false']).optional().describe(description);

/**
 * `GET /staff-applications`: the shared list query plus the work-list switches. Filters
 * (`field[op]=value`): status[eq], application_type_id[eq], identification_number[contains],
 * created_at[ge|lt], application_date[ge|lt], response_due_date[ge|lt], assignee_user_id[eq],
 * overdue[eq]=true|false. `orLikeQuery` searches the stored quick-search text (entry number,
 * names, CNP/CUI, cadastral numbers). `sortKey`: application_date, response_due_date,
 * identification_number, status, created_at (`-` for descending; default `-application_date`).
 */
export const ZStaffApplicationListQuery = ZListQuery.extend({
  view: z.enum(STAFF_LIST_VIEWS).optional().describe('Lista: inbox (toate nefinalizate, implicit), new, in-work, completed'),
  assigned: zFlag('`true`: doar cererile alocate mie (sau funcției mele pe pasul curent)'),
  to_review: zFlag('`true`: cererile la care sunt verificator sau cu o consultare deschisă către mine'),
  internal: zFlag('`true`: doar tipurile de categorie internă'),
});
export type StaffApplicationListQuery = z.infer<typeof ZStaffApplicationListQuery>;

/** Filter fields and sort keys the staff list accepts (the server's parser uses these lists). */
export const STAFF_LIST_FILTER_FIELDS = [
  'status',
  'application_type_id',
  'identification_number',
  'created_at',
  'application_date',
  'response_due_date',
  'assignee_user_id',
  'overdue',
] as const;
export const STAFF_LIST_SORT_KEYS = [
  'application_date',
  'response_due_date',
  'identification_number',
  'status',
  'created_at',
] as const;

export const ZStaffApplicationAbilities = z.object({
  canRegister: z.boolean(),
  canAssign: z.boolean().describe('Alocare (altcuiva: CAN_ASSIGN_APPLICATION; sieși: doar o cerere nealocată)'),
  canAssignReviewer: z.boolean(),
  canSendToConsultant: z.boolean(),
  canAnswerConsultation: z.boolean(),
  canStaffReview: z.boolean(),
  canApprove: z.boolean(),
  canReject: z.boolean(),
  canVizaReject: z.boolean(),
  canRequestClarification: z.boolean(),
  canModifyType: z.boolean(),
  canRemoveDocument: z.boolean(),
  canDownloadFiles: z.boolean(),
  canManualComplete: z.boolean(),
  canClose: z.boolean(),
  canComment: z.boolean(),
  canEditResponseDays: z.boolean(),
  canStartProcess: z.boolean(),
  canSaveStaffForm: z.boolean().describe('application-reviewed-by-staff-function'),
  canReviewDocument: z.boolean().describe('staff-review-document'),
  canGenerateDocument: z.boolean().describe('{action}/generate-document'),
  canReturnDocument: z.boolean().describe('return-document (ireversibil)'),
  canSign: z.boolean().describe('{action}/sign: următoarea semnătură a machetei îi revine actorului'),
  canSeal: z.boolean().describe('aplicarea sigiliului instituției (reluare după SEAL_ERROR)'),
});
export type StaffApplicationAbilities = z.infer<typeof ZStaffApplicationAbilities>;

const ZPerson = z.object({ id: z.number().int(), name: z.string() });
export type StaffPerson = z.infer<typeof ZPerson>;

/** The staff fields shared by the list item and the full record. */
const staffFields = {
  applicant_name: z.string(),
  assignee: ZPerson.nullable(),
  reviewer: ZPerson.nullable(),
  registered_at: z.string().nullable().describe('Momentul înregistrării (ISO 8601); de atunci curge termenul'),
  response_due_date: z.string().nullable().describe('Termenul de răspuns (YYYY-MM-DD)'),
  remaining_response_days: z.number().int().nullable().describe('Zile lucrătoare rămase (negativ: depășit)'),
  clock_paused: z.boolean().describe('Termenul este oprit (cerere de clarificări în curs)'),
  overdue: z.boolean(),
  current_step_name: z.string().nullable().describe('Pasul procesului la care se află cererea'),
  current_function_id: z.number().int().nullable().describe('Funcția care lucrează pe pasul curent'),
  abilities: ZStaffApplicationAbilities,
};

export const ZStaffApplicationListItem = ZApplicationListItem.omit({ abilities: true }).extend(staffFields);
export type StaffApplicationListItem = z.infer<typeof ZStaffApplicationListItem>;

export const REVIEW_STATUSES = ['approved', 'rejected', 'changes'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];
export const REVIEW_STATUS_LABELS: Record<ReviewStatus, string> = {
  approved: 'Aprobat',
  rejected: 'Respins',
  changes: 'Necesită modificări',
};

export const ZStaffConsultation = z.object({
  id: z.number().int(),
  consultant: ZPerson,
  requested_by: ZPerson,
  question: z.string(),
  answer: z.string().nullable(),
  requested_at: z.string(),
  answered_at: z.string().nullable(),
});
export type StaffConsultation = z.infer<typeof ZStaffConsultation>;

export const ZStaffDeadline = z.object({
  registered_at: z.string().nullable(),
  response_due_in_days: z.number().int().nullable(),
  response_due_date: z.string().nullable(),
  remaining_response_days: z.number().int().nullable(),
  clock_paused_since: z.string().nullable().describe('Ziua opririi termenului (YYYY-MM-DD), dacă este oprit'),
  paused_working_days: z.number().int().describe('Zile lucrătoare cu termenul oprit până acum'),
});
export type StaffDeadline = z.infer<typeof ZStaffDeadline>;

const ZFormVersionRef = z
  .object({ form_id: z.number().int(), form_version_id: z.number().int(), version: z.number().int(), definition: z.unknown() })
  .nullable();

/** A comment as staff see it: the internal notes too. */
export const ZStaffComment = z.object({
  id: z.number().int(),
  text: z.string(),
  author_user_id: z.number().int(),
  author_name: z.string(),
  is_mine: z.boolean(),
  is_internal: z.boolean().describe('Notă internă, nevăzută de solicitant'),
  is_clarification: z.boolean(),
  created_at: z.string(),
});
export type StaffComment = z.infer<typeof ZStaffComment>;

/** `GET /staff-applications/{id}`: the citizen's full record plus the staff fields. */
export const ZStaffApplication = ZApplication.omit({ abilities: true, comments: true }).extend({
  ...staffFields,
  reviewer_user_id: z.number().int().nullable(),
  form_staff: z.record(z.string(), z.unknown()).describe('Formularul funcționarului (răspunsuri)'),
  staff_form_definition: ZFormVersionRef.describe('Versiunea formularului funcționarului a tipului, dacă există'),
  reject_form_definition: ZFormVersionRef.describe('Formularul de respingere publicat al tipului, dacă există'),
  review_status: z.enum(REVIEW_STATUSES).nullable(),
  consultations: z.array(ZStaffConsultation),
  deadline: ZStaffDeadline,
  comments: z.array(ZStaffComment),
});
export type StaffApplication = z.infer<typeof ZStaffApplication>;

/* ───────────────────────────── Action bodies ───────────────────────────── */

export const ZStaffAction = z.enum(STAFF_ACTIONS);

export const ZStaffAssignRequest = z.object({
  assignee_user_id: zId().describe('Funcționar activ al aceleiași instituții'),
});
export const ZStaffAssignReviewerRequest = z.object({
  reviewer_user_id: zId().describe('Funcționar activ al aceleiași instituții'),
});
export const ZStaffSendToConsultantRequest = z.object({
  consultant_user_id: zId().describe('Utilizator activ cu rolul consultant'),
  question: zRequiredText(4000).describe('Ce i se cere consultantului'),
});
export const ZStaffConsultantReviewRequest = z.object({
  answer: zRequiredText(4000).describe('Răspunsul consultantului'),
});
export const ZStaffReviewRequest = z.object({
  review_status: z.enum(REVIEW_STATUSES),
  comment: z.string().trim().max(4000).nullish().describe('Observațiile verificatorului (comentariu intern)'),
});
export const ZStaffFormRequest = z.object({
  form_staff: ZFormData.describe('Răspunsurile formularului funcționarului'),
});
export const ZStaffClarificationRequest = z.object({
  message: zRequiredText(4000).describe('Ce trebuie să clarifice solicitantul (comentariu vizibil)'),
});
export const ZStaffResponseDaysRequest = z.object({
  application_type_remaining_period: zResponseDays.describe('Termenul de răspuns, în zile lucrătoare (0–9999)'),
  application_date: zIsoDate.optional().describe('Data de la care curge termenul (YYYY-MM-DD); implicit data înregistrării'),
});
export const ZStaffModifyTypeRequest = z.object({
  application_type_id: zId().describe('Tip activ al aceleiași instituții'),
  application_type_name: z.string().trim().max(255).optional().describe('Ignorat: numele se ia din tip'),
});
export const ZStaffRemoveDocumentRequest = z.object({
  file_id: zId().describe('Identificatorul legăturii fișier–cerere (id din lista de fișiere)'),
});
export const ZStaffDownloadRequest = z.object({
  files: z.array(zId()).min(1).max(100).describe('Fișierele cererii de pus în arhivă (id din lista de fișiere)'),
});
export const ZStaffManualCompletionQuery = z.object({
  force: z.enum(['true', 'false']).optional().describe('`true`: finalizează fără document emis'),
});
export const ZStaffApproveRequest = z.object({
  comment: z.string().trim().max(4000).nullish().describe('Observații (comentariu intern)'),
});
export const ZStaffRejectRequest = z.object({
  rejected_reason: zRequiredText(4000).describe('Motivul respingerii'),
  reject_form: ZFormData.describe('Răspunsurile formularului de respingere al tipului'),
});
export const ZStaffVizaRejectRequest = z.object({
  rejected_reason: zRequiredText(4000).describe('Motivul refuzului vizei'),
});
export const ZStaffCommentRequest = z.object({
  text: zRequiredText(4000),
  is_internal: z.boolean().optional().describe('Notă internă (implicit true): nu o vede solicitantul'),
});
export type StaffCommentRequest = z.infer<typeof ZStaffCommentRequest>;

/** `GET /staff-applications/search`: the related-document search (limit 100, newest issued first). */
export const ZStaffSearchQuery = z.object({
  value: z.string().trim().min(1).max(100).describe('Text din numărul de înregistrare'),
  parentAppId: zIdParam().optional().describe('Cererea pentru care se caută (exclusă din rezultate)'),
  getFileToken: z.string().optional().describe('Acceptat pentru compatibilitate; ignorat'),
});
export const ZStaffSearchResult = z.object({
  id: z.number().int(),
  identification_number: z.string().nullable(),
  application_type_name: z.string(),
  status: z.enum(APPLICATION_STATUSES),
  status_label: z.string(),
  applicant_name: z.string(),
  application_date: z.string().nullable(),
  issued_date: z.string().nullable(),
});
export type StaffSearchResult = z.infer<typeof ZStaffSearchResult>;

/** `GET /staff-applications/{id}/related-files`: files of the parent and child applications. */
export const ZStaffRelatedFile = ZApplicationFile.extend({
  application_id: z.number().int(),
  identification_number: z.string().nullable(),
});
export type StaffRelatedFile = z.infer<typeof ZStaffRelatedFile>;

/** `GET /staff-applications/counters`: the menu counters (spec §2 Layout and menu). */
export const ZStaffCounters = z.object({
  assigned: z.number().int().describe('Cereri nefinalizate alocate mie (sau funcției mele)'),
  to_review: z.number().int().describe('Cereri nefinalizate de verificat sau cu consultare deschisă către mine'),
});
export type StaffCounters = z.infer<typeof ZStaffCounters>;

/** A staff user that can be picked as assignee, reviewer or consultant (`GET /staff-applications/candidates?role=`). */
export const ZStaffCandidate = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  user_type_name: z.string(),
});
export type StaffCandidate = z.infer<typeof ZStaffCandidate>;
export const ZStaffCandidatesQuery = z.object({
  role: z.enum(['assignee', 'reviewer', 'consultant']).optional().describe('Pentru ce alegere (implicit assignee)'),
});
