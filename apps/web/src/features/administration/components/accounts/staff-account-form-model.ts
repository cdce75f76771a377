import type { StaffAccount } from '@ghiseu/domain';
import { VALIDATION_MESSAGES as M, normalizeRomanianPhone, zEmail, zRequiredText } from '@ghiseu/domain';
import { z } from 'zod';
import type { StaffAccountPatchBody, StaffInviteBody } from '../../api/staff-accounts';

/**
 * The staff account form (spec §3 staff account): e-mail (invitation only), names, phone,
 * role, badge number and issuer, external enrollment id, departments, functions and the
 * organisation-admin flag. Memberships are held as text ids, as the multi-selects hold them.
 */

const optionalText = z.string().max(255, { error: M.maxLength.replace('{max}', '255') });

export const staffAccountFormSchema = z.object({
  email: z.string(),
  first_name: zRequiredText(),
  last_name: zRequiredText(),
  phone: z
    .string()
    .trim()
    .refine((value) => value === '' || normalizeRomanianPhone(value) !== null, { error: M.phone }),
  user_type_name: z.enum(['staff', 'admin', 'super_admin']),
  is_organisation_admin: z.boolean(),
  badge_number: optionalText,
  badge_issuer: optionalText,
  external_enrollment_id: optionalText,
  department_ids: z.array(z.string()),
  function_ids: z.array(z.string()),
});

/** The invitation also needs a valid e-mail address. */
export const staffInviteFormSchema = staffAccountFormSchema.extend({ email: zEmail });

export type StaffAccountFormValues = z.input<typeof staffAccountFormSchema>;

export const EMPTY_STAFF_ACCOUNT: StaffAccountFormValues = {
  email: '',
  first_name: '',
  last_name: '',
  phone: '',
  user_type_name: 'staff',
  is_organisation_admin: false,
  badge_number: '',
  badge_issuer: '',
  external_enrollment_id: '',
  department_ids: [],
  function_ids: [],
};

export function formValuesOfAccount(account: StaffAccount): StaffAccountFormValues {
  return {
    email: account.email,
    first_name: account.first_name ?? '',
    last_name: account.last_name ?? '',
    phone: account.phone ?? '',
    user_type_name:
      account.user_type_name === 'admin' || account.user_type_name === 'super_admin' ? account.user_type_name : 'staff',
    is_organisation_admin: account.is_organisation_admin,
    badge_number: account.badge_number ?? '',
    badge_issuer: account.badge_issuer ?? '',
    external_enrollment_id: account.external_enrollment_id ?? '',
    department_ids: account.departments.map((d) => String(d.id)),
    function_ids: account.functions.map((f) => String(f.id)),
  };
}

const orNull = (text: string | null | undefined) => (text ?? '').trim() || null;
const ids = (values: readonly string[]) => values.map(Number);

export function toInviteBody(values: StaffAccountFormValues): StaffInviteBody {
  return {
    email: values.email.trim(),
    first_name: values.first_name.trim(),
    last_name: values.last_name.trim(),
    phone: orNull(values.phone),
    user_type_name: values.user_type_name === 'admin' ? 'admin' : 'staff',
    is_organisation_admin: values.is_organisation_admin,
    badge_number: orNull(values.badge_number),
    badge_issuer: orNull(values.badge_issuer),
    external_enrollment_id: orNull(values.external_enrollment_id),
    department_ids: ids(values.department_ids),
    function_ids: ids(values.function_ids),
  };
}

const sameIds = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((id) => b.includes(id));

/** The merge patch of an edit: only what changed; the role only when it may be changed. */
export function toAccountPatch(
  values: StaffAccountFormValues,
  initial: StaffAccountFormValues,
  { roleEditable }: { roleEditable: boolean },
): StaffAccountPatchBody {
  const patch: StaffAccountPatchBody = {};
  if (values.first_name.trim() !== initial.first_name) patch.first_name = values.first_name.trim();
  if (values.last_name.trim() !== initial.last_name) patch.last_name = values.last_name.trim();
  if (orNull(values.phone) !== orNull(initial.phone)) patch.phone = orNull(values.phone);
  if (roleEditable && values.user_type_name !== initial.user_type_name && values.user_type_name !== 'super_admin') {
    patch.user_type_name = values.user_type_name;
  }
  if (values.is_organisation_admin !== initial.is_organisation_admin) patch.is_organisation_admin = values.is_organisation_admin;
  for (const key of ['badge_number', 'badge_issuer', 'external_enrollment_id'] as const) {
    if (orNull(values[key]) !== orNull(initial[key])) patch[key] = orNull(values[key]);
  }
  if (!sameIds(values.department_ids, initial.department_ids)) patch.department_ids = ids(values.department_ids);
  if (!sameIds(values.function_ids, initial.function_ids)) patch.function_ids = ids(values.function_ids);
  return patch;
}
