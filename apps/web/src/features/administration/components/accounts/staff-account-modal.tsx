import { type StaffAccount, USER_TYPE_LABELS } from '@ghiseu/domain';
import { zodResolver } from '../../../../lib/validation';
import { Button, Checkbox, Group, Modal, MultiSelect, Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { Controller, type Path, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../../components/feedback/toast';
import { foldedOptionsFilter } from '../../../../components/inputs/autocomplete-field';
import { useSession } from '../../../../lib/session';
import { useInviteStaffAccount, usePatchStaffAccount } from '../../api/staff-accounts';
import { useDepartments, useFunctions } from '../../api/structure';
import { adminErrorText, applyFieldErrors } from '../../errors';
import { errorCodeOf } from '../../../../lib/api-errors';
import { withFilter } from '../../list-params';
import {
  EMPTY_STAFF_ACCOUNT,
  formValuesOfAccount,
  type StaffAccountFormValues,
  staffAccountFormSchema,
  staffInviteFormSchema,
  toAccountPatch,
  toInviteBody,
} from './staff-account-form-model';
import { Notice } from '../../../../components/page/notice';
import { PhoneField } from '../../../../components/inputs/phone-field';

const FIELDS = Object.keys(EMPTY_STAFF_ACCOUNT) as Path<StaffAccountFormValues>[];
const EMAIL_CODES = new Set(['USER_ALREADY_EXISTS', 'REGISTRATION_EMAIL_ALREADY_EXISTS', 'USER_PROFILE_ALREADY_EXISTS']);

export interface StaffAccountModalProps {
  opened: boolean;
  onClose: () => void;
  /** The account being edited; null to invite a new staff member. */
  account: StaffAccount | null;
  /** The organisation a new staff member joins (the one the user works in). */
  organisationId: number | null;
  organisationName?: string;
  /** For an invitation: whether the reader may hand out the admin role (the list's abilities). */
  inviterGrantsAdmin: boolean;
}

/**
 * Invites a staff member (pending account, set-password link by e-mail) or edits an account:
 * names, phone, role (staff or admin), badge, external enrollment id, departments, functions and
 * the organisation-admin flag (spec §3).
 */
export function StaffAccountModal({
  opened,
  onClose,
  account,
  organisationId,
  organisationName,
  inviterGrantsAdmin,
}: StaffAccountModalProps) {
  const { t } = useTranslation('administration');
  const { user } = useSession();
  const invite = useInviteStaffAccount();
  const patch = usePatchStaffAccount();
  const [formError, setFormError] = useState<string | null>(null);
  const orgId = account ? account.organisation_id : organisationId;
  const optionParams = withFilter('limit=500&sortKey=name', 'organisation_id', 'eq', orgId ?? 0);
  const departments = useDepartments(optionParams, opened && orgId !== null);
  const functions = useFunctions(optionParams, opened && orgId !== null);
  const initial = useMemo(() => (account ? formValuesOfAccount(account) : EMPTY_STAFF_ACCOUNT), [account]);
  const form = useForm<StaffAccountFormValues>({
    resolver: zodResolver(account ? staffAccountFormSchema : staffInviteFormSchema),
    defaultValues: initial,
    mode: 'onTouched',
  });
  const { errors } = form.formState;
  // The server's policy decides (the account's abilities, or the list's for an invitation).
  const grantsAdmin = account ? account.abilities.canGrantAdminRole : inviterGrantsAdmin;
  const roleEditable = account ? account.abilities.canChangeRole : true;
  // Only to say why the role is fixed.
  const self = account !== null && account.id === user?.user_id;
  const superAdminTarget = account?.user_type_name === 'super_admin';

  // biome-ignore lint/correctness/useExhaustiveDependencies: start again when another account opens.
  useEffect(() => {
    if (opened) {
      form.reset(initial);
      setFormError(null);
    }
  }, [opened, account?.id]);

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      if (account) {
        const changes = toAccountPatch(values, initial, { roleEditable });
        if (Object.keys(changes).length === 0) {
          showToast('info', t('accounts.nothingChanged'));
          onClose();
          return;
        }
        await patch.mutateAsync({ id: account.id, patch: changes });
        showToast('success', t('accounts.saved'));
      } else {
        const created = await invite.mutateAsync(toInviteBody(values));
        showToast('success', t('accounts.invited', { email: created.email }));
      }
      onClose();
    } catch (error) {
      if (EMAIL_CODES.has(errorCodeOf(error)) && !account) {
        form.setError('email', { type: 'server', message: adminErrorText(error) }, { shouldFocus: true });
        return;
      }
      if (!applyFieldErrors(form.setError, error, FIELDS)) setFormError(adminErrorText(error, { entity: 'staffAccount' }));
    }
  });

  const departmentOptions = (departments.data?.data ?? []).map((d) => ({ value: String(d.id), label: d.name }));
  const functionOptions = (functions.data?.data ?? []).map((f) => ({
    value: String(f.id),
    label: f.is_system ? t('accounts.systemFunction', { name: f.name }) : f.name,
  }));
  const title = account ? t('accounts.editTitle', { email: account.email }) : t('accounts.inviteTitle');

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size="xl"
      centered
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      <form onSubmit={onSubmit} noValidate aria-label={title} data-testid="staff-account-form">
        <Stack gap="md">
          {account ? null : (
            <Text size="sm">
              {t('accounts.inviteIntro', { organisation: organisationName ?? t('delegation.unknownOrganisation') })}
            </Text>
          )}
          {formError ? (
            <Notice tone="error" data-testid="staff-account-error">
              {formError}
            </Notice>
          ) : null}
          {account ? null : (
            <TextInput
              id="staff-email"
              label={t('accounts.fields.email')}
              type="email"
              autoComplete="off"
              required
              data-autofocus
              error={errors.email?.message}
              data-testid="staff-email"
              {...form.register('email')}
            />
          )}
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            <TextInput
              id="staff-last-name"
              label={t('accounts.fields.last_name')}
              required
              maxLength={255}
              error={errors.last_name?.message}
              data-testid="staff-last-name"
              {...form.register('last_name')}
            />
            <TextInput
              id="staff-first-name"
              label={t('accounts.fields.first_name')}
              required
              maxLength={255}
              error={errors.first_name?.message}
              data-testid="staff-first-name"
              {...form.register('first_name')}
            />
            <PhoneField
              control={form.control}
              name="phone"
              id="staff-phone"
              label={t('accounts.fields.phone')}
              data-testid="staff-phone"
            />
          </SimpleGrid>
          <Controller
            control={form.control}
            name="user_type_name"
            render={({ field }) =>
              superAdminTarget ? (
                <Text size="sm">
                  {t('accounts.fields.role')}: <strong>{USER_TYPE_LABELS.super_admin}</strong>
                </Text>
              ) : (
                <Radio.Group
                  label={t('accounts.fields.role')}
                  description={self ? t('accounts.ownRole') : grantsAdmin ? undefined : t('accounts.adminRoleReserved')}
                  value={field.value}
                  onChange={field.onChange}
                >
                  <Group gap="lg" mt={6}>
                    <Radio value="staff" label={USER_TYPE_LABELS.staff} disabled={!roleEditable} data-testid="staff-role-staff" />
                    <Radio
                      value="admin"
                      label={USER_TYPE_LABELS.admin}
                      disabled={!roleEditable || (!grantsAdmin && field.value !== 'admin')}
                      data-testid="staff-role-admin"
                    />
                  </Group>
                </Radio.Group>
              )
            }
          />
          <Controller
            control={form.control}
            name="is_organisation_admin"
            render={({ field }) => (
              <Checkbox
                label={t('accounts.fields.is_organisation_admin')}
                description={t('accounts.organisationAdminHint')}
                checked={field.value}
                onChange={(event) => field.onChange(event.currentTarget.checked)}
                disabled={!grantsAdmin && !field.value}
                data-testid="staff-organisation-admin"
              />
            )}
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            <TextInput
              id="staff-badge-number"
              label={t('accounts.fields.badge_number')}
              maxLength={255}
              error={errors.badge_number?.message}
              data-testid="staff-badge-number"
              {...form.register('badge_number')}
            />
            <TextInput
              id="staff-badge-issuer"
              label={t('accounts.fields.badge_issuer')}
              maxLength={255}
              error={errors.badge_issuer?.message}
              {...form.register('badge_issuer')}
            />
            <TextInput
              id="staff-external-enrollment-id"
              label={t('accounts.fields.external_enrollment_id')}
              maxLength={255}
              error={errors.external_enrollment_id?.message}
              {...form.register('external_enrollment_id')}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Controller
              control={form.control}
              name="department_ids"
              render={({ field }) => (
                <MultiSelect
                  id="staff-departments"
                  label={t('accounts.fields.departments')}
                  data={departmentOptions}
                  value={field.value}
                  onChange={field.onChange}
                  searchable
                  clearable
                  filter={foldedOptionsFilter}
                  nothingFoundMessage={t('organisation.nothingFound')}
                  placeholder={departments.isPending ? t('common:loading') : undefined}
                  error={errors.department_ids?.message ?? (departments.isError ? t('organisation.optionsFailed') : undefined)}
                  clearButtonProps={{ 'aria-label': t('accounts.clearDepartments') }}
                  data-testid="staff-departments"
                />
              )}
            />
            <Controller
              control={form.control}
              name="function_ids"
              render={({ field }) => (
                <MultiSelect
                  id="staff-functions"
                  label={t('accounts.fields.functions')}
                  description={t('accounts.functionsHint')}
                  data={functionOptions}
                  value={field.value}
                  onChange={field.onChange}
                  searchable
                  clearable
                  filter={foldedOptionsFilter}
                  nothingFoundMessage={t('organisation.nothingFound')}
                  placeholder={functions.isPending ? t('common:loading') : undefined}
                  error={errors.function_ids?.message ?? (functions.isError ? t('organisation.optionsFailed') : undefined)}
                  clearButtonProps={{ 'aria-label': t('accounts.clearFunctions') }}
                  data-testid="staff-functions"
                />
              )}
            />
          </SimpleGrid>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={invite.isPending || patch.isPending} data-testid="staff-account-submit">
              {account ? t('actions.save') : t('accounts.inviteSubmit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
