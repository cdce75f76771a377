import type { ApplicationTypeRecord } from '@ghiseu/domain';
import { Button, Group, Modal, Stack } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { FormProvider, type Path, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../components/feedback/toast';
import { Notice } from '../../../components/page/notice';
import { ApiError } from '../../../lib/api-client';
import { errorCodeOf } from '../../../lib/api-errors';
import { zodResolver } from '../../../lib/validation';
import { useCreateApplicationType, usePatchApplicationType } from '../api/application-types';
import { typeErrorText } from '../errors';
import {
  type ApplicationTypeOutput,
  type ApplicationTypeValues,
  applicationTypeCreateBody,
  applicationTypeFormSchema,
  applicationTypePatch,
  applicationTypeValues,
  serverFieldErrors,
} from '../form-model';
import { DiscountsSection } from './application-type-form/discounts-section';
import { FormsSection } from './application-type-form/forms-section';
import { GeneralSection } from './application-type-form/general-section';
import { LaterSection } from './application-type-form/later-section';
import { OtherSection } from './application-type-form/other-section';
import { ReferencesSection } from './application-type-form/references-section';
import { SeriesSection } from './application-type-form/series-section';
import { TerritorySection } from './application-type-form/territory-section';

export interface ApplicationTypeModalProps {
  opened: boolean;
  onClose: () => void;
  /** The type being edited; null to add one. */
  record: ApplicationTypeRecord | null;
  /** The super administrator chooses the organisation. */
  superAdmin: boolean;
  /** The organisation proposed for a new type (the user's own). */
  defaultOrganisationId: number | null;
}

/**
 * Create or edit an application type: every field of spec §3 in sections (one component each,
 * in `application-type-form/`, sharing the form through react-hook-form's context). The form
 * validates with the creation contract; field problems (the form's own, VALIDATION_ERROR
 * `data.fields[].path`, APPLICATION_TYPE_EXISTS) appear under their inputs.
 */
export function ApplicationTypeModal({ opened, onClose, record, superAdmin, defaultOrganisationId }: ApplicationTypeModalProps) {
  const { t } = useTranslation('application-types');
  const create = useCreateApplicationType();
  const patch = usePatchApplicationType();
  const initial = () => applicationTypeValues(record, { organisationId: defaultOrganisationId });
  const schema = useMemo(() => applicationTypeFormSchema({ requireOrganisation: superAdmin && !record }), [superAdmin, record]);
  const form = useForm<ApplicationTypeValues, unknown, ApplicationTypeOutput>({
    // The form holds nulls for empty choices; the schema answers them 'required' or leaves them out.
    resolver: zodResolver(schema) as never,
    defaultValues: initial(),
  });
  const [formError, setFormError] = useState<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when another type opens.
  useEffect(() => {
    if (opened) {
      form.reset(initial());
      setFormError(null);
    }
  }, [opened, record?.id]);

  const onSubmit = form.handleSubmit(async (output) => {
    setFormError(null);
    try {
      if (record) {
        const body = applicationTypePatch(record, output);
        if (Object.keys(body).length === 0) {
          showToast('info', t('unchanged'));
          onClose();
          return;
        }
        await patch.mutateAsync({ id: record.id, patch: body });
      } else {
        await create.mutateAsync(applicationTypeCreateBody(output));
      }
      showToast('success', t(record ? 'saved' : 'created', { name: output.name }));
      onClose();
    } catch (error) {
      if (errorCodeOf(error) === 'APPLICATION_TYPE_EXISTS') {
        form.setError('name', { type: 'server', message: typeErrorText(error) }, { shouldFocus: true });
        return;
      }
      const fields = error instanceof ApiError && error.code === 'VALIDATION_ERROR' ? serverFieldErrors(error.data?.fields) : {};
      const paths = Object.keys(fields);
      if (paths.length > 0) {
        paths.forEach((path, index) => {
          form.setError(
            path as Path<ApplicationTypeValues>,
            { type: 'server', message: fields[path] },
            { shouldFocus: index === 0 },
          );
        });
        setFormError(t('checkFields'));
        return;
      }
      setFormError(typeErrorText(error));
    }
  });

  const title = record ? t('editTitle') : t('createTitle');
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="70rem" closeButtonProps={{ 'aria-label': t('actions.close') }}>
      <FormProvider {...form}>
        <form onSubmit={onSubmit} noValidate aria-label={title} data-testid="application-type-form">
          <Stack gap="md">
            {formError ? <Notice tone="error">{formError}</Notice> : null}
            <GeneralSection superAdmin={superAdmin} />
            <FormsSection />
            <SeriesSection />
            <TerritorySection />
            <ReferencesSection recordId={record?.id ?? null} />
            <DiscountsSection />
            <OtherSection />
            <LaterSection />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onClose}>
                {t('actions.cancel')}
              </Button>
              <Button type="submit" loading={create.isPending || patch.isPending} data-testid="at-submit">
                {t('actions.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </FormProvider>
    </Modal>
  );
}
