import { zodResolver } from '../../../../lib/validation';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { type Path, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../../components/feedback/toast';
import { useCreateOrganisation } from '../../api/organisations';
import { adminErrorText, applyFieldErrors } from '../../errors';
import { errorCodeOf } from '../../../../lib/api-errors';
import { OrganisationFields } from './organisation-fields';
import { EMPTY_ORGANISATION, type OrganisationFormValues, organisationFormSchema, toCreateBody } from './organisation-form-model';
import { Notice } from '../../../../components/page/notice';

const FIELD_NAMES = Object.keys(EMPTY_ORGANISATION) as Path<OrganisationFormValues>[];

/** 'Instituție nouă' (super administrator): the organisation gets its system functions on creation. */
export function CreateOrganisationModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('administration');
  const create = useCreateOrganisation();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<OrganisationFormValues>({
    resolver: zodResolver(organisationFormSchema),
    defaultValues: EMPTY_ORGANISATION,
    mode: 'onTouched',
  });

  const close = () => {
    form.reset(EMPTY_ORGANISATION);
    setFormError(null);
    onClose();
  };

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const created = await create.mutateAsync(toCreateBody(values));
      showToast('success', t('organisations.created', { name: created.name }));
      close();
    } catch (error) {
      if (errorCodeOf(error) === 'ORGANISATION_ALREADY_EXISTS') {
        form.setError('name', { type: 'server', message: adminErrorText(error) }, { shouldFocus: true });
        return;
      }
      if (!applyFieldErrors(form.setError, error, FIELD_NAMES)) setFormError(adminErrorText(error, { entity: 'organisation' }));
    }
  });

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('organisations.createTitle')}
      size="xl"
      centered
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      <form onSubmit={onSubmit} noValidate aria-label={t('organisations.createTitle')} data-testid="organisation-create-form">
        <Stack gap="md">
          <Text size="sm">{t('organisations.createIntro')}</Text>
          {formError ? <Notice tone="error">{formError}</Notice> : null}
          <OrganisationFields
            control={form.control}
            register={form.register}
            setValue={form.setValue}
            errors={form.formState.errors}
            jurisdictionEditable
            idPrefix="organisation-new"
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending} data-testid="organisation-create-submit">
              {t('organisations.createSubmit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
