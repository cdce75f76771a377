import { COMPLAINT_LIMITS, COMPLAINT_MESSAGES, isValidEmail, isValidRomanianPhone, VALIDATION_MESSAGES } from '@ghiseu/domain';
import type { UploadedFile } from '../../components/upload/upload';
import type { ComplaintCreateRequest } from './api/types';

/**
 * The complaint form of /complain/new (spec §3 Complaint): where (county, UAT, optional village),
 * what (type of the organisations answering for the UAT), the address and description, the
 * contact person and the photos and documents. The checks here only spare a round trip: the
 * server checks everything again and its field messages land under the same fields.
 */
export interface ComplaintFormValues {
  county_id: string | null;
  uat_id: string | null;
  locality_id: string | null;
  complaint_type_id: string | null;
  address: string;
  address_details: string;
  description: string;
  contact_name: string;
  contact_phone: string;
  contact_email: string;
  photos: UploadedFile[];
  documents: UploadedFile[];
}

export const EMPTY_COMPLAINT_FORM: ComplaintFormValues = {
  county_id: null,
  uat_id: null,
  locality_id: null,
  complaint_type_id: null,
  address: '',
  address_details: '',
  description: '',
  contact_name: '',
  contact_phone: '',
  contact_email: '',
  photos: [],
  documents: [],
};

export type ComplaintFormField = keyof ComplaintFormValues;
export type ComplaintFormErrors = Partial<Record<ComplaintFormField, string>>;

/** Limits of the free texts (the contract's). */
export const COMPLAINT_TEXT_LIMITS = {
  address: COMPLAINT_LIMITS.address,
  address_details: COMPLAINT_LIMITS.addressDetails,
  description: COMPLAINT_LIMITS.description,
  contact_name: COMPLAINT_LIMITS.contactName,
} as const;

/** The fields in the order they appear, so that the first error can take the focus. */
export const COMPLAINT_FIELD_ORDER: readonly ComplaintFormField[] = [
  'county_id',
  'uat_id',
  'locality_id',
  'complaint_type_id',
  'address',
  'address_details',
  'description',
  'contact_name',
  'contact_phone',
  'contact_email',
  'photos',
  'documents',
];

const M = VALIDATION_MESSAGES;

export function validateComplaintForm(values: ComplaintFormValues): ComplaintFormErrors {
  const errors: ComplaintFormErrors = {};
  if (!values.county_id) errors.county_id = M.required;
  if (!values.uat_id) errors.uat_id = COMPLAINT_MESSAGES.uatRequired;
  if (!values.complaint_type_id) errors.complaint_type_id = COMPLAINT_MESSAGES.typeRequired;
  if (!values.address.trim()) errors.address = M.required;
  if (values.description.trim().length === 0) errors.description = M.required;
  else if (values.description.trim().length < 10) errors.description = M.minLength.replace('{min}', '10');
  if (!values.contact_name.trim()) errors.contact_name = M.required;
  const phone = values.contact_phone.trim();
  const email = values.contact_email.trim();
  if (!phone && !email) errors.contact_phone = COMPLAINT_MESSAGES.contactRequired;
  else if (phone && !isValidRomanianPhone(phone)) errors.contact_phone = COMPLAINT_MESSAGES.phone;
  if (email && !isValidEmail(email)) errors.contact_email = COMPLAINT_MESSAGES.email;
  return errors;
}

const orNull = (value: string) => (value.trim() ? value.trim() : null);

export function toComplaintRequest(values: ComplaintFormValues): ComplaintCreateRequest {
  return {
    complaint_type_id: Number(values.complaint_type_id),
    uat_id: Number(values.uat_id),
    locality_id: values.locality_id ? Number(values.locality_id) : null,
    address: values.address.trim(),
    address_details: orNull(values.address_details),
    description: values.description.trim(),
    contact_name: values.contact_name.trim(),
    contact_phone: orNull(values.contact_phone),
    contact_email: orNull(values.contact_email),
    photo_file_ids: values.photos.map((file) => file.file_id),
    document_file_ids: values.documents.map((file) => file.file_id),
  };
}

/**
 * Server field paths to form fields: `photo_file_ids.0` → photos, `document_file_ids` →
 * documents, the rest by name.
 */
export function formFieldOfPath(path: string): ComplaintFormField | null {
  const head = path.split('.')[0] ?? '';
  if (head === 'photo_file_ids') return 'photos';
  if (head === 'document_file_ids') return 'documents';
  return (COMPLAINT_FIELD_ORDER as readonly string[]).includes(head) ? (head as ComplaintFormField) : null;
}
