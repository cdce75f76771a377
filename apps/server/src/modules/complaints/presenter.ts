import {
  COMPLAINT_STATUS_LABELS,
  type Complaint,
  type ComplaintListItem,
  type ComplaintType,
  RESPONSE_TEMPLATE_CATEGORY_LABELS,
  type ResponseTemplate,
} from '@ghiseu/domain';
import type { Actor } from '../../platform/auth/actor.js';
import { complaintAbilities, complaintTypeAbilities, responseTemplateAbilities } from './policy.js';
import type { ComplaintDetailRow, ComplaintListRow, ComplaintTypeRow, ResponseTemplateRow } from './repository.js';

/** The wire shapes of the complaints contract (packages/domain/src/contracts/complaints.ts). */

export function presentComplaintType(actor: Actor, row: ComplaintTypeRow): ComplaintType {
  const t = row.type;
  const count = Number(row.complaintsCount);
  return {
    id: t.id,
    name: t.name,
    status: t.status,
    organisation_id: t.organisationId,
    organisation_name: row.organisationName,
    series_type_id: t.seriesTypeId,
    series_type_name: row.seriesTypeName,
    complaints_count: count,
    created_at: t.createdAt.toISOString(),
    updated_at: t.updatedAt.toISOString(),
    abilities: complaintTypeAbilities(actor, count),
  };
}

export function presentResponseTemplate(actor: Actor, row: ResponseTemplateRow): ResponseTemplate {
  return {
    id: row.id,
    title: row.title,
    category: row.category,
    category_label: RESPONSE_TEMPLATE_CATEGORY_LABELS[row.category],
    message: row.message,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    abilities: responseTemplateAbilities(actor),
  };
}

export function presentComplaintListItem(row: ComplaintListRow): ComplaintListItem {
  const x = row.complaint;
  return {
    id: x.id,
    entry_code: x.entryCode,
    status: x.status,
    status_label: COMPLAINT_STATUS_LABELS[x.status],
    complaint_type: { id: x.complaintTypeId, name: row.typeName },
    organisation: { id: x.organisationId, name: row.organisationName },
    uat: { id: x.uatId, name: row.uatName },
    locality: x.localityId !== null && row.localityName !== null ? { id: x.localityId, name: row.localityName } : null,
    address: x.address,
    solver: x.solverUserId !== null && row.solverName !== null ? { id: x.solverUserId, name: row.solverName } : null,
    created_at: x.createdAt.toISOString(),
    updated_at: x.updatedAt.toISOString(),
  };
}

export interface ComplaintParts {
  files: {
    id: number;
    fileId: number;
    kind: 'photo' | 'document';
    createdAt: Date;
    name: string;
    mimeType: string;
    size: number;
  }[];
  comments: { id: number; authorId: number; authorName: string; text: string; isInternal: boolean; createdAt: Date }[];
  history: { fromStatus: Complaint['status'] | null; toStatus: Complaint['status']; actorName: string | null; createdAt: Date }[];
}

export function presentComplaint(actor: Actor, row: ComplaintDetailRow, parts: ComplaintParts): Complaint {
  const x = row.complaint;
  return {
    ...presentComplaintListItem(row),
    address_details: x.addressDetails,
    location: row.lat !== null && row.lng !== null ? { lat: row.lat, lng: row.lng } : null,
    description: x.description,
    contact_name: x.contactName,
    contact_phone: x.contactPhone,
    contact_email: x.contactEmail,
    reporter: { id: x.reporterUserId, name: row.reporterName },
    response: x.response,
    response_template_id: x.responseTemplateId,
    responded_at: x.closedAt ? x.closedAt.toISOString() : null,
    responded_by: x.closedBy !== null && row.closerName !== null ? { id: x.closedBy, name: row.closerName } : null,
    files: parts.files.map((f) => ({
      id: f.id,
      file_id: f.fileId,
      name: f.name,
      kind: f.kind,
      mime_type: f.mimeType,
      size: f.size,
      created_at: f.createdAt.toISOString(),
    })),
    comments: parts.comments.map((cm) => ({
      id: cm.id,
      author: { id: cm.authorId, name: cm.authorName },
      text: cm.text,
      is_internal: cm.isInternal,
      created_at: cm.createdAt.toISOString(),
    })),
    history: parts.history.map((h) => ({
      from_status: h.fromStatus,
      to_status: h.toStatus,
      actor_name: h.actorName,
      created_at: h.createdAt.toISOString(),
    })),
    abilities: complaintAbilities(actor, {
      organisationId: x.organisationId,
      reporterUserId: x.reporterUserId,
      status: x.status,
    }),
  };
}
