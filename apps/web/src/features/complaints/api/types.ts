/**
 * TEMPORARY mirror of the agreed API outline (briefs/api-complaints.md) until the contract of
 * packages/domain/src/contracts/complaints.ts lands; then these names come from `@ghiseu/domain`.
 */
import type { COMPLAINT_STATUSES } from '@ghiseu/domain';

export type ComplaintStatus = (typeof COMPLAINT_STATUSES)[number];
type Ref = { id: number; name: string };

export interface ComplaintListItem {
  id: number;
  entry_code: string;
  status: ComplaintStatus;
  complaint_type: Ref;
  uat: Ref;
  locality: Ref | null;
  address: string;
  solver: Ref | null;
  created_at: string;
  updated_at: string;
}

export interface ComplaintFile {
  id: number;
  file_id: number;
  name: string;
  kind: 'photo' | 'document';
  mime_type: string;
  size: number;
  created_at?: string;
}

export interface ComplaintComment {
  id: number;
  author: Ref;
  text: string;
  is_internal: boolean;
  created_at: string;
}

export interface ComplaintHistoryEntry {
  from_status: ComplaintStatus | null;
  to_status: ComplaintStatus;
  actor_name: string | null;
  created_at: string;
}

export interface ComplaintAbilities {
  can_assign: boolean;
  can_comment: boolean;
  can_resolve: boolean;
  can_reject: boolean;
  can_dismiss: boolean;
  can_prepare_control: boolean;
}

export interface ComplaintRecord extends ComplaintListItem {
  organisation: Ref;
  address_details: string | null;
  location: { lat: number; lng: number } | null;
  description: string;
  contact_name: string;
  contact_phone: string | null;
  contact_email: string | null;
  reporter: Ref;
  response: string | null;
  responded_at: string | null;
  files: ComplaintFile[];
  comments: ComplaintComment[];
  history: ComplaintHistoryEntry[];
  abilities: ComplaintAbilities;
}

export interface ComplaintCreateRequest {
  complaint_type_id: number;
  uat_id: number;
  locality_id?: number | null;
  address: string;
  address_details?: string | null;
  location?: { lat: number; lng: number } | null;
  description: string;
  contact_name: string;
  contact_phone?: string | null;
  contact_email?: string | null;
  photo_file_ids?: number[];
  document_file_ids?: number[];
}

export interface ComplaintTypeRecord {
  id: number;
  name: string;
  status: 'active' | 'inactive';
  series_type_id: number | null;
  series_type_name?: string | null;
  organisation_id: number;
  organisation_name?: string | null;
  created_at?: string;
  updated_at?: string;
}

export interface ComplaintTypeWrite {
  name: string;
  status: 'active' | 'inactive';
  series_type_id: number | null;
  organisation_id: number;
}

export interface AvailableComplaintType {
  id: number;
  name: string;
  organisation_id: number;
  organisation_name: string;
}

export type ResponseTemplateCategory = 'complaints' | 'applications' | 'notices';

export interface ResponseTemplateRecord {
  id: number;
  title: string;
  category: ResponseTemplateCategory;
  message: string;
  created_at?: string;
  updated_at?: string;
}

export interface ResponseTemplateWrite {
  title: string;
  category: ResponseTemplateCategory;
  message: string;
}

export interface Solver {
  id: number;
  name: string;
}
