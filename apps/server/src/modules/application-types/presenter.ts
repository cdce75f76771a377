import {
  type ApplicationTypeRecord,
  DOCUMENT_TEMPLATE_ROLES,
  type PublicApplicationType,
  SERIES_TYPE_USES,
  TAX_CATEGORY_ROLES,
} from '@ghiseu/domain';
import type { Actor } from '../../platform/auth/actor.js';
import { applicationTypeAbilities } from './policy.js';
import type { ApplicationTypeRow, PublicTypeRow } from './repository.js';
import { SERIES_USE_STORAGE_KEY } from './series-uses.js';

/** Rows → the contracts of `contracts/application-types.ts`. */

export interface FormLinkRow {
  id: number;
  name: string;
  status: 'draft' | 'published';
  publishedVersionId: number | null;
  latestVersion: number | null;
}

const idOrNull = (value: unknown): number | null => (typeof value === 'number' ? value : null);

function idsByKey<K extends string>(
  keys: readonly K[],
  stored: Record<string, number | null>,
  storageKey: (k: K) => string = (k) => k,
) {
  return Object.fromEntries(keys.map((k) => [k, idOrNull(stored[storageKey(k)])])) as Record<K, number | null>;
}

const formLink = (id: number | null, forms: Map<number, FormLinkRow>) => {
  const form = id === null ? undefined : forms.get(id);
  return form
    ? {
        id: form.id,
        name: form.name,
        status: form.status,
        published_version_id: form.publishedVersionId,
        latest_version: form.latestVersion,
      }
    : null;
};

export function presentApplicationType(
  actor: Actor,
  row: ApplicationTypeRow,
  forms: Map<number, FormLinkRow>,
): ApplicationTypeRecord {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    status: row.status,
    domain: row.domain,
    category: row.category,
    organisation_id: row.organisationId,
    organisation_name: row.organisationName,
    citizen_form_id: row.citizenFormId,
    staff_form_id: row.staffFormId,
    reject_form_id: row.rejectFormId,
    citizen_form: formLink(row.citizenFormId, forms),
    staff_form: formLink(row.staffFormId, forms),
    reject_form: formLink(row.rejectFormId, forms),
    document_template_ids: idsByKey(DOCUMENT_TEMPLATE_ROLES, row.documentTemplateIds),
    series_type_ids: idsByKey(SERIES_TYPE_USES, row.seriesTypeIds, (use) => SERIES_USE_STORAGE_KEY[use]),
    tax_category_ids: idsByKey(TAX_CATEGORY_ROLES, row.taxCategoryIds),
    reference_type_ids: row.referenceTypeIds,
    archive_document_type_code: row.archiveDocumentTypeCode,
    workflow_id: row.workflowId,
    is_auto: row.isAuto,
    remaining_period: row.remainingPeriod,
    list_order: row.listOrder,
    discounts: row.discounts,
    uat_ids: row.uatIds,
    dynamic_form: row.dynamicForm,
    digital_seal: row.digitalSeal,
    custom_seal_file_id: row.customSealFileId,
    related_clarification_type_id: row.relatedClarificationTypeId,
    related_internal_type_id: row.relatedInternalTypeId,
    department_ids: row.departmentIds,
    function_ids: row.functionIds,
    usage_categories: row.usageCategories,
    application_count: row.applicationCount,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    abilities: applicationTypeAbilities(actor, row),
  };
}

export function presentPublicApplicationType(row: PublicTypeRow): PublicApplicationType {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    domain: row.domain,
    category: row.category,
    organisation_id: row.organisationId,
    organisation_name: row.organisationName,
    remaining_period: row.remainingPeriod,
    list_order: row.listOrder,
    is_auto: row.isAuto,
    uat_ids: row.uatIds,
    citizen_form_id: row.citizenFormId,
    citizen_form_version_id: row.citizenFormVersionId,
    citizen_form_version: row.citizenFormVersion,
  };
}
