import type { StaffAccount } from '@ghiseu/domain';
import { describe, expect, it } from 'vitest';
import { formValuesOfAccount, staffInviteFormSchema, toAccountPatch, toInviteBody } from './staff-account-form-model';

const account: StaffAccount = {
  id: 12,
  email: 'ana.pop@cjmures.ro',
  first_name: 'Ana',
  last_name: 'Pop',
  phone: null,
  user_type_name: 'staff',
  status: 'active',
  organisation_id: 1,
  is_organisation_admin: false,
  badge_number: 'CJMS-7',
  badge_issuer: null,
  external_enrollment_id: null,
  enrolled: false,
  departments: [{ id: 2, name: 'Urbanism' }],
  functions: [{ id: 5, name: 'Inspector', is_system: false }],
  responsibilities: [],
  uats: [],
  created_at: '2026-01-01T00:00:00.000Z',
  last_login_at: null,
  abilities: {
    canEdit: true,
    canDelete: true,
    canActivate: false,
    canDeactivate: true,
    canResetPassword: true,
    canChangeRole: true,
    canGrantAdminRole: true,
    canAssignUats: true,
  },
};

describe('staff account form', () => {
  it('validates the invitation (e-mail, names, Romanian phone)', () => {
    const result = staffInviteFormSchema.safeParse({
      ...formValuesOfAccount(account),
      email: 'nu-e-email',
      first_name: ' ',
      phone: '12345',
    });
    const messages = Object.fromEntries(result.error?.issues.map((issue) => [issue.path[0], issue.message]) ?? []);
    expect(messages).toEqual({
      email: 'Adresa de e-mail nu este validă',
      first_name: 'Acest câmp este obligatoriu',
      phone: 'Numărul de telefon nu este valid',
    });
  });

  it('invites with numeric memberships and null for empty texts', () => {
    expect(toInviteBody({ ...formValuesOfAccount(account), email: ' Ana.Pop@cjmures.ro ', badge_number: '' })).toEqual({
      email: 'Ana.Pop@cjmures.ro',
      first_name: 'Ana',
      last_name: 'Pop',
      phone: null,
      user_type_name: 'staff',
      is_organisation_admin: false,
      badge_number: null,
      badge_issuer: null,
      external_enrollment_id: null,
      department_ids: [2],
      function_ids: [5],
    });
  });

  it('patches only the changes, and the role only when it may change', () => {
    const initial = formValuesOfAccount(account);
    expect(toAccountPatch(initial, initial, { roleEditable: true })).toEqual({});
    const changed = { ...initial, user_type_name: 'admin' as const, function_ids: ['5', '8'], badge_number: '' };
    expect(toAccountPatch(changed, initial, { roleEditable: true })).toEqual({
      user_type_name: 'admin',
      function_ids: [5, 8],
      badge_number: null,
    });
    expect(toAccountPatch(changed, initial, { roleEditable: false })).toEqual({ function_ids: [5, 8], badge_number: null });
  });
});
