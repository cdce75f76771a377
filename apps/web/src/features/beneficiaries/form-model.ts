import type { Beneficiary, Citizenship, PersonType } from '@ghiseu/domain';

/**
 * The beneficiary form's values: texts as typed ('' for empty), the profile fields of spec §3
 * under `details`. The request body is what `ZBeneficiaryInput` makes of them (empty texts
 * become null), so the form, the wizard and the API apply one set of rules.
 */

export const DETAIL_KEYS = [
  'street',
  'street_number',
  'block',
  'staircase',
  'floor',
  'apartment',
  'postal_code',
  'city',
  'address',
  'passport_number',
  'id_card_series',
  'id_card_number',
  'id_card_issuer',
  'trade_registry_number',
  'iban',
  'bank',
] as const;
export type DetailKey = (typeof DETAIL_KEYS)[number];

export interface BeneficiaryFormValues {
  person_type: PersonType;
  citizenship: Citizenship;
  first_name: string;
  last_name: string;
  company_name: string;
  personal_numeric_code: string;
  unique_registration_code: string;
  email: string;
  phone: string;
  is_contact_person: boolean;
  tna_code: string;
  subsidiary: string;
  details: Record<DetailKey, string>;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The form's values for a record (or a new one). */
export function beneficiaryFormValues(record: Beneficiary | null): BeneficiaryFormValues {
  const details = Object.fromEntries(DETAIL_KEYS.map((key) => [key, text(record?.details[key])])) as Record<DetailKey, string>;
  return {
    person_type: record?.person_type ?? 'individual',
    citizenship: record?.citizenship ?? 'romanian',
    first_name: record?.first_name ?? '',
    last_name: record?.last_name ?? '',
    company_name: record?.company_name ?? '',
    personal_numeric_code: record?.personal_numeric_code ?? '',
    unique_registration_code: record?.unique_registration_code ?? '',
    email: record?.email ?? '',
    phone: record?.phone ?? '',
    is_contact_person: record?.is_contact_person ?? false,
    tna_code: record?.tna_code ?? '',
    subsidiary: record?.subsidiary ?? '',
    details,
  };
}

/**
 * The record's other profile details (county, locality, ID dates…) that this form does not show:
 * kept as they are, since PUT replaces the whole record.
 */
export function hiddenDetails(record: Beneficiary | null): Record<string, unknown> {
  if (!record) return {};
  return Object.fromEntries(Object.entries(record.details).filter(([key]) => !(DETAIL_KEYS as readonly string[]).includes(key)));
}
