import { isHttpsUrl, ORGANISATION_TYPES, type OrganisationType, VALIDATION_MESSAGES as M, zRequiredText } from '@ghiseu/domain';
import { z } from 'zod';
import type { OrganisationCreateBody, OrganisationPatchBody, OrganisationRecord } from '../../api/organisations';

/**
 * The organisation form (spec §3: name, description, status, type, county / UAT / locality,
 * test flag, logo, external link, citizen-dashboard flag, payment-order details). Select values
 * are strings (SIRUTA codes as text) as the inputs hold them; {@link toCreateBody} and
 * {@link toPatch} turn them into the API's numbers.
 */

const maxText = (max: number) => z.string().max(max, { error: M.maxLength.replace('{max}', String(max)) });

export const organisationFormSchema = z
  .object({
    name: zRequiredText(),
    description: maxText(2000),
    status: z.enum(['active', 'inactive']),
    type: z.enum(ORGANISATION_TYPES),
    county_id: z.string().nullable(),
    uat_id: z.string().nullable(),
    locality_id: z.string().nullable(),
    is_test: z.boolean(),
    logo_file_id: z.number().int().positive().nullable(),
    external_link: z
      .string()
      .trim()
      .max(2048)
      .refine((value) => value === '' || isHttpsUrl(value), { error: M.httpsUrl }),
    citizen_dashboard_visible: z.boolean(),
    payment_order_details: maxText(4000),
  })
  // The territory a type needs (the server checks the same and answers VALIDATION_ERROR).
  .refine((value) => value.type !== 'county_council' || value.county_id !== null, { error: M.required, path: ['county_id'] })
  .refine((value) => value.type !== 'city_hall' || value.uat_id !== null, { error: M.required, path: ['uat_id'] });

export type OrganisationFormValues = z.input<typeof organisationFormSchema>;

export const EMPTY_ORGANISATION: OrganisationFormValues = {
  name: '',
  description: '',
  status: 'active',
  type: 'city_hall',
  county_id: null,
  uat_id: null,
  locality_id: null,
  is_test: false,
  logo_file_id: null,
  external_link: '',
  citizen_dashboard_visible: true,
  payment_order_details: '',
};

const idText = (id: number | null) => (id === null ? null : String(id));
const idNumber = (text: string | null) => (text === null || text === '' ? null : Number(text));
const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

export function formValuesOf(record: OrganisationRecord): OrganisationFormValues {
  return {
    name: record.name,
    description: record.description ?? '',
    status: record.status,
    type: record.type,
    county_id: idText(record.county_id),
    uat_id: idText(record.uat_id),
    locality_id: idText(record.locality_id),
    is_test: record.is_test,
    logo_file_id: record.logo_file_id,
    external_link: record.external_link ?? '',
    citizen_dashboard_visible: record.citizen_dashboard_visible,
    payment_order_details: record.payment_order_details ?? '',
  };
}

export function toCreateBody(values: OrganisationFormValues): OrganisationCreateBody {
  return {
    name: values.name.trim(),
    description: orNull(values.description),
    status: values.status,
    type: values.type as OrganisationType,
    county_id: idNumber(values.county_id),
    uat_id: idNumber(values.uat_id),
    locality_id: idNumber(values.locality_id),
    is_test: values.is_test,
    logo_file_id: values.logo_file_id,
    external_link: orNull(values.external_link),
    citizen_dashboard_visible: values.citizen_dashboard_visible,
    payment_order_details: orNull(values.payment_order_details),
  };
}

/** Fields only the super administrator changes (type, status, test flag, territory). */
export const JURISDICTION_FIELDS = ['type', 'status', 'is_test', 'county_id', 'uat_id', 'locality_id'] as const;

/**
 * The merge patch of an edit: the fields whose value differs from the stored record. The
 * jurisdiction fields are left out when the user may not change them.
 */
export function toPatch(
  values: OrganisationFormValues,
  record: OrganisationRecord,
  { jurisdiction }: { jurisdiction: boolean },
): OrganisationPatchBody {
  const next = toCreateBody(values);
  const current: Record<string, unknown> = { ...record };
  const patch: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(next)) {
    if (!jurisdiction && (JURISDICTION_FIELDS as readonly string[]).includes(key)) continue;
    if ((current[key] ?? null) !== (value ?? null)) patch[key] = value;
  }
  return patch as OrganisationPatchBody;
}
