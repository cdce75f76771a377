import type { FormRecord, FormSummary, FormVersionRecord } from '@ghiseu/domain';
import type { Actor } from '../../platform/auth/actor.js';
import { formAbilities } from './policy.js';
import type { FormRow, FormSummaryRow, FormVersionRow, listVersions } from './repository.js';

/** Rows → the contracts of `contracts/forms.ts`. */

export function presentFormSummary(row: FormSummaryRow): FormSummary {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    status: row.status,
    latest_version: row.latestVersion,
    published_version_id: row.publishedVersionId,
    field_count: row.fieldCount,
    has_unpublished_changes: row.hasUnpublishedChanges,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function presentForm(
  actor: Actor,
  row: FormRow,
  versions: Awaited<ReturnType<typeof listVersions>>,
  usage: { applicationTypes: number; applications: number },
): FormRecord {
  return {
    ...presentFormSummary(row),
    definition: row.draftDefinition,
    versions: versions.map((v) => ({
      id: v.id,
      version: v.version,
      published_at: v.publishedAt.toISOString(),
      published_by: v.publishedBy,
    })),
    usage: { application_types: usage.applicationTypes, applications: usage.applications },
    abilities: formAbilities(actor, { ...row, usage }),
  };
}

export function presentFormVersion(row: FormVersionRow, formName: string): FormVersionRecord {
  return {
    id: row.id,
    form_id: row.formId,
    form_name: formName,
    version: row.version,
    definition: row.definition,
    published_at: row.publishedAt.toISOString(),
    published_by: row.publishedBy,
  };
}
