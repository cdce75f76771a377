import { zodResolver } from '../../../../lib/validation';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconDeviceFloppy, IconLock } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../../components/feedback/toast';
import { type OrganisationRecord, usePatchOrganisation } from '../../api/organisations';
import type { OrganisationAbilities } from '@ghiseu/domain';
import { adminErrorText, applyFieldErrors } from '../../errors';
import { errorCodeOf } from '../../../../lib/api-errors';
import { LogoField } from './logo-field';
import { OrganisationFields } from './organisation-fields';
import { formValuesOf, type OrganisationFormValues, organisationFormSchema, toPatch } from './organisation-form-model';
import { UsefulLinksEditor } from './useful-links-editor';
import { Notice } from '../../../../components/page/notice';

/**
 * Tab 'Detalii instituție' (tab=institution-details): every field of the organisation (spec §3),
 * saved as a merge patch of the changed fields, then the useful links as CSV. What may be
 * changed follows the abilities: the jurisdiction fields only for the super administrator.
 */
export function OrganisationDetailsTab({ record, abilities }: { record: OrganisationRecord; abilities: OrganisationAbilities }) {
  const { t } = useTranslation('administration');
  const patch = usePatchOrganisation();
  const [formError, setFormError] = useState<string | null>(null);
  const initial = useMemo(() => formValuesOf(record), [record]);
  const form = useForm<OrganisationFormValues>({
    resolver: zodResolver(organisationFormSchema),
    defaultValues: initial,
    mode: 'onTouched',
  });
  const readOnly = !abilities.canEdit;

  // The stored record changed (saved here or elsewhere): start again from it.
  useEffect(() => form.reset(initial), [form, initial]);

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    const changes = toPatch(values, record, { jurisdiction: abilities.canEditJurisdiction });
    if (Object.keys(changes).length === 0) {
      showToast('info', t('organisation.nothingChanged'));
      return;
    }
    try {
      await patch.mutateAsync({ id: record.id, patch: changes });
      showToast('success', t('organisation.saved'));
    } catch (error) {
      if (errorCodeOf(error) === 'ORGANISATION_ALREADY_EXISTS') {
        form.setError('name', { type: 'server', message: adminErrorText(error) }, { shouldFocus: true });
        return;
      }
      if (!applyFieldErrors(form.setError, error, Object.keys(initial))) {
        setFormError(adminErrorText(error, { entity: 'organisation' }));
      }
    }
  });

  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="organisation-details-title">
        <form onSubmit={onSubmit} noValidate aria-labelledby="organisation-details-title" data-testid="organisation-details-form">
          <Stack gap="md">
            <Title order={2} size="h4" id="organisation-details-title">
              {t('organisation.detailsTitle')}
            </Title>
            {readOnly ? (
              <Notice tone="info" icon={<IconLock aria-hidden />}>
                {t('organisation.readOnly')}
              </Notice>
            ) : !abilities.canEditJurisdiction ? (
              <Text size="sm" c="gray.7" data-testid="jurisdiction-locked">
                {t('organisation.jurisdictionLocked')}
              </Text>
            ) : null}
            {formError ? <Notice tone="error">{formError}</Notice> : null}
            <OrganisationFields
              control={form.control}
              register={form.register}
              setValue={form.setValue}
              errors={form.formState.errors}
              jurisdictionEditable={abilities.canEditJurisdiction}
              readOnly={readOnly}
              idPrefix="organisation"
            />
            <Controller
              control={form.control}
              name="logo_file_id"
              render={({ field }) => (
                <LogoField
                  organisationId={record.id}
                  organisationName={record.name}
                  value={field.value}
                  storedValue={record.logo_file_id}
                  onChange={(value) => field.onChange(value)}
                  disabled={readOnly}
                />
              )}
            />
            {readOnly ? null : (
              <Group justify="flex-end" gap="sm">
                <Button variant="default" onClick={() => form.reset(initial)} disabled={!form.formState.isDirty}>
                  {t('actions.reset')}
                </Button>
                <Button
                  type="submit"
                  leftSection={<IconDeviceFloppy size={16} aria-hidden />}
                  loading={patch.isPending}
                  data-testid="organisation-save"
                >
                  {t('actions.save')}
                </Button>
              </Group>
            )}
          </Stack>
        </form>
      </Paper>
      <UsefulLinksEditor record={record} editable={abilities.canEditUsefulLinks} />
    </Stack>
  );
}
