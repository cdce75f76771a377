import {
  type Application,
  type ApplicationBeneficiary,
  type ApplicationComment,
  type ApplicationFile,
  type ApplicationListItem,
  APPLICATION_STATUS_LABELS,
  addCalendarDays,
  beneficiaryDisplayName,
  LIMITS,
  type RealEstate,
  remainingResponseDays,
  type SignDetails,
  todayInRomania,
} from '@ghiseu/domain';
import type { Actor } from '../../platform/auth/actor.js';
import { applicationAbilities, inCombinedFileList } from './policy.js';
import type {
  ApplicationDetailRow,
  ApplicationFileRow,
  ApplicationListRow,
  ApplicationRow,
  BeneficiaryNameRow,
  FormVersionRow,
} from './repository.js';

/** Rows → the application contracts, with the abilities the policy computes for the actor. */

const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);

export function presentListItem(
  actor: Actor,
  row: ApplicationListRow,
  beneficiaries: BeneficiaryNameRow[],
  cadastralNumbers: string[],
): ApplicationListItem {
  const a = row.application;
  return {
    id: a.id,
    application_type_id: a.applicationTypeId,
    application_type_name: row.typeName,
    organisation_id: a.organisationId,
    tenant_name: row.tenantName,
    identification_number: a.identificationNumber,
    status: a.status,
    status_label: APPLICATION_STATUS_LABELS[a.status],
    purpose: a.purpose,
    created_at: a.createdAt.toISOString(),
    updated_at: a.updatedAt.toISOString(),
    application_date: iso(a.applicationDate),
    response_due_in_days: a.responseDueInDays,
    // The list cell shows the first two and '+N' for the rest (spec §2).
    beneficiaries: beneficiaries.slice(0, LIMITS.listCellVisibleEntries).map((b) => ({
      id: b.id,
      person_type: b.personType,
      display_name: beneficiaryDisplayName({
        person_type: b.personType,
        company_name: b.companyName,
        first_name: b.firstName,
        last_name: b.lastName,
      }),
    })),
    beneficiaries_count: beneficiaries.length,
    cadastral_numbers: cadastralNumbers,
    abilities: applicationAbilities(actor, a),
  };
}

/**
 * The land area an application declares (m²): the sum of its real estates' areas, to the
 * hundredth; null when none has an area. The record shows it and the taxes are computed on it.
 */
export function declaredLandArea(realEstates: readonly { area: number | null }[]): number | null {
  const areas = realEstates.map((r) => r.area).filter((v): v is number => v !== null);
  return areas.length > 0 ? Math.round(areas.reduce((sum, v) => sum + v, 0) * 100) / 100 : null;
}

export function presentFile(actor: Actor, application: ApplicationRow, row: ApplicationFileRow): ApplicationFile {
  const creator = [row.creatorFirstName, row.creatorLastName].filter(Boolean).join(' ');
  return {
    id: row.id,
    file_id: row.fileId,
    name: row.name,
    mime_type: row.mimeType,
    size: row.size,
    file_type: row.fileType,
    status: row.status,
    category: row.category,
    is_public: row.isPublic,
    is_preview: row.isPreview,
    is_identification: row.isIdentification,
    is_gis: row.isGis,
    qr: row.mimeType === 'application/pdf',
    created_by: row.createdBy === null ? 'system' : creator || 'system',
    created_at: row.createdAt.toISOString(),
    canBeDeleted: applicationAbilities(actor, application).canEdit && row.fileType === 'input' && row.createdBy === actor.userId,
  };
}

/**
 * Due date and days left of a submitted application: once registered, the legal clock (working
 * days, paused during clarifications); before, an estimate in calendar days from the submission day.
 */
function responseTerm(a: ApplicationRow): { due: string | null; remaining: number | null; pausedOn: string | null } {
  const pausedOn = a.clockPausedAt ? todayInRomania(a.clockPausedAt) : null;
  if (a.responseDueDate) {
    return { due: a.responseDueDate, remaining: remainingResponseDays({ dueDate: a.responseDueDate, pausedOn }), pausedOn };
  }
  if (!a.applicationDate || a.responseDueInDays === null) return { due: null, remaining: null, pausedOn };
  const due = addCalendarDays(todayInRomania(a.applicationDate), a.responseDueInDays);
  const remaining = Math.round((Date.parse(`${due}T00:00:00Z`) - Date.parse(`${todayInRomania()}T00:00:00Z`)) / 86_400_000);
  return { due, remaining, pausedOn };
}

export interface ApplicationParts {
  row: ApplicationDetailRow;
  applicantName: string;
  formVersion: FormVersionRow | undefined;
  beneficiaries: ApplicationBeneficiary[];
  realEstates: RealEstate[];
  realEstateTargets: Application['form']['real_estate_target'];
  beneficiaryUsers: Application['form']['beneficiary_users'];
  files: ApplicationFileRow[];
  comments: {
    id: number;
    text: string;
    authorUserId: number;
    isClarification: boolean;
    createdAt: Date;
    firstName: string | null;
    lastName: string | null;
  }[];
}

/** The full record of spec §3 as far as the portal stores it. */
export function presentApplication(actor: Actor, parts: ApplicationParts): Application {
  const { row } = parts;
  const a = row.application;
  const base = presentListItem(
    actor,
    row,
    [],
    parts.realEstates.map((r) => r.cadastral_number),
  );
  const { beneficiaries: _b, beneficiaries_count: _c, ...item } = base;
  const files = parts.files.filter((f) => inCombinedFileList(f, a.status)).map((f) => presentFile(actor, a, f));
  const term = responseTerm(a);
  const signDetails = a.signDetails as SignDetails;
  // The application's UAT is its first target's (kept in step by the real-estate module).
  const uat = parts.realEstates.find((r) => r.uat_id === a.uatId);
  return {
    ...item,
    type: { id: a.applicationTypeId, name: row.typeName, domain: row.typeDomain, category: row.typeCategory },
    application_type_is_inbound_category: row.typeCategory === 'inbound',
    application_type_is_outbound_category: row.typeCategory === 'outbound',
    application_type_is_internal_category: row.typeCategory === 'internal',
    uat_id: a.uatId,
    uat_name: uat?.uat_name ?? null,
    uat_type: uat?.uat_type ?? null,
    real_estate_type: a.realEstateType,
    land_area: declaredLandArea(parts.realEstates),
    applicant_user_id: a.applicantUserId,
    applicant_name: parts.applicantName,
    created_by: a.createdBy,
    assignee_user_id: a.assigneeUserId,
    parent_application_id: a.parentApplicationId,
    last_review_at: iso(a.lastReviewAt),
    issued_date: iso(a.issuedAt),
    resolved_at: iso(a.resolvedAt),
    response_due_date: term.due,
    remaining_response_days: term.remaining,
    clock_paused_since: term.pausedOn,
    paused_working_days: a.pausedWorkingDays,
    rejected_reason: a.rejectedReason,
    is_paid: a.isPaid,
    is_internal: a.isInternal,
    total_tax: a.totalTax === null ? null : Number(a.totalTax),
    tax_summary: a.taxSummary ?? null,
    tax_inputs: (a.taxInputs as Application['tax_inputs']) ?? null,
    discount_name: a.discountName ?? null,
    payment_type: a.paymentType ?? null,
    transaction_number: a.transactionNumber ?? null,
    quick_search_values: a.quickSearch,
    form_version_id: a.formVersionId,
    form_definition: parts.formVersion
      ? { form_id: parts.formVersion.formId, version: parts.formVersion.version, definition: parts.formVersion.definition }
      : null,
    form: {
      ...a.formData,
      real_estate_target: parts.realEstateTargets,
      beneficiary_users: parts.beneficiaryUsers,
      sign_details: signDetails,
    },
    sign_details: signDetails,
    beneficiaries: parts.beneficiaries,
    real_estates: parts.realEstates,
    files,
    attachments: files.filter((f) => f.file_type === 'input' && !f.is_identification && !f.is_gis),
    identification_files: files.filter((f) => f.is_identification),
    gis_files: files.filter((f) => f.is_gis),
    comments: parts.comments.map(
      (c): ApplicationComment => ({
        id: c.id,
        text: c.text,
        author_user_id: c.authorUserId,
        author_name: [c.firstName, c.lastName].filter(Boolean).join(' '),
        is_mine: c.authorUserId === actor.userId,
        is_clarification: c.isClarification,
        created_at: c.createdAt.toISOString(),
      }),
    ),
  };
}
