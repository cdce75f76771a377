import {
  DOCUMENT_SYSTEM_TYPE_LABELS,
  type DocumentSystemType,
  type DocumentTemplateRecord,
  type DocumentTemplateSummary,
  type ProseMirrorNode,
  placeholderKeysOf,
  signingLayoutToOutput,
} from '@ghiseu/domain';
import type { Actor } from '../../platform/auth/actor.js';
import { templateAbilities } from './policy.js';
import type { TemplateRow } from './repository.js';

/** snake_case API shapes of document templates. */

export function presentTemplateSummary(actor: Actor, row: TemplateRow): DocumentTemplateSummary {
  const systemType = (row.systemType ?? null) as DocumentSystemType | null;
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    status: row.status,
    system_type: systemType,
    system_type_label: systemType ? (DOCUMENT_SYSTEM_TYPE_LABELS[systemType] ?? null) : null,
    organisation_id: row.organisationId,
    organisation_name: row.organisationName,
    application_type_count: row.applicationTypeCount,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    abilities: templateAbilities(actor, row),
  };
}

export function presentTemplate(actor: Actor, row: TemplateRow): DocumentTemplateRecord {
  const content = row.content as unknown as ProseMirrorNode;
  return {
    ...presentTemplateSummary(actor, row),
    content: { type: 'doc', content: (content?.content ?? []) as unknown[] },
    signing_layout: signingLayoutToOutput(row.signingLayout),
    placeholder_keys: placeholderKeysOf(content ?? { type: 'doc' }),
  };
}
