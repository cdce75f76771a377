import { type StaffFunctionRecord, VALIDATION_MESSAGES as M, zRequiredText } from '@ghiseu/domain';
import { zodResolver } from '../../../../lib/validation';
import { MultiSelect } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { showToast } from '../../../../components/feedback/toast';
import { foldedOptionsFilter } from '../../../../components/inputs/autocomplete-field';
import { useResponsibilities } from '../../api/responsibilities';
import { useCreateFunction, usePatchFunction } from '../../api/structure';
import { adminErrorText } from '../../errors';
import { errorCodeOf, validationFieldErrors } from '../../../../lib/api-errors';
import { NameDescriptionModal } from '../../../../components/record-modal/name-description-modal';

const schema = z.object({
  name: zRequiredText(),
  description: z.string().max(2000, { error: M.maxLength.replace('{max}', '2000') }),
  responsibility_ids: z.array(z.string()),
});
type Values = z.input<typeof schema>;

const NAME_CODES = new Set(['DUPLICATE_FUNCTION_NAME', 'FUNCTION_NAME_ALREADY_EXIST', 'NAME_NOT_UNIQUE']);

export interface FunctionModalProps {
  opened: boolean;
  onClose: () => void;
  organisationId: number;
  fn: StaffFunctionRecord | null;
}

/**
 * Add or edit a function (spec §3: name, description, responsibilities). A function may hold
 * the organisation's own responsibilities and the shared ones; staff holding the function get
 * their permissions at once.
 */
export function FunctionModal({ opened, onClose, organisationId, fn }: FunctionModalProps) {
  const { t } = useTranslation('administration');
  const create = useCreateFunction();
  const patch = usePatchFunction();
  const responsibilities = useResponsibilities('limit=500&sortKey=name', opened);
  const [formError, setFormError] = useState<string | null>(null);
  const initial: Values = {
    name: fn?.name ?? '',
    description: fn?.description ?? '',
    responsibility_ids: (fn?.responsibility_ids ?? []).map(String),
  };
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: initial, mode: 'onTouched' });
  const { errors } = form.formState;

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when another function opens.
  useEffect(() => {
    if (opened) {
      form.reset(initial);
      setFormError(null);
    }
  }, [opened, fn?.id]);

  const options = useMemo(
    () =>
      (responsibilities.data?.data ?? [])
        .filter((r) => r.organisation_id === null || r.organisation_id === organisationId)
        .map((r) => ({
          value: String(r.id),
          label: r.organisation_id === null ? t('functions.sharedResponsibility', { name: r.name }) : r.name,
        })),
    [responsibilities.data, organisationId, t],
  );

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    const body = {
      name: values.name.trim(),
      description: values.description.trim() || null,
      responsibility_ids: values.responsibility_ids.map(Number),
    };
    try {
      if (fn) await patch.mutateAsync({ id: fn.id, patch: body });
      else await create.mutateAsync({ ...body, organisation_id: organisationId });
      showToast('success', t(fn ? 'functions.saved' : 'functions.created', { name: body.name }));
      onClose();
    } catch (error) {
      const fields = validationFieldErrors(error);
      if (NAME_CODES.has(errorCodeOf(error)) || fields.name) {
        form.setError('name', { type: 'server', message: fields.name ?? adminErrorText(error) }, { shouldFocus: true });
        return;
      }
      if (fields.responsibility_ids) {
        form.setError('responsibility_ids', { type: 'server', message: fields.responsibility_ids });
        return;
      }
      setFormError(adminErrorText(error, { entity: 'function' }));
    }
  });

  return (
    <NameDescriptionModal
      opened={opened}
      onClose={onClose}
      title={fn ? t('functions.editTitle') : t('functions.createTitle')}
      prefix="function"
      form={form}
      onSubmit={onSubmit}
      pending={create.isPending || patch.isPending}
      formError={formError}
      labels={{
        name: t('functions.fields.name'),
        description: t('functions.fields.description'),
        cancel: t('actions.cancel'),
        save: t('actions.save'),
        close: t('actions.close'),
      }}
    >
      <Controller
        control={form.control}
        name="responsibility_ids"
        render={({ field }) => (
          <MultiSelect
            id="function-responsibilities"
            label={t('functions.fields.responsibilities')}
            description={t('functions.responsibilitiesHint')}
            data={options}
            value={field.value}
            onChange={field.onChange}
            searchable
            clearable
            filter={foldedOptionsFilter}
            nothingFoundMessage={t('organisation.nothingFound')}
            placeholder={responsibilities.isPending ? t('common:loading') : undefined}
            error={errors.responsibility_ids?.message ?? (responsibilities.isError ? t('organisation.optionsFailed') : undefined)}
            clearButtonProps={{ 'aria-label': t('functions.clearResponsibilities') }}
            data-testid="function-responsibilities"
          />
        )}
      />
    </NameDescriptionModal>
  );
}
