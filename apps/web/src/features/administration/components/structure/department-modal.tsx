import type { Department } from '@ghiseu/domain';
import { VALIDATION_MESSAGES as M, zRequiredText } from '@ghiseu/domain';
import { zodResolver } from '../../../../lib/validation';
import { Select } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { showToast } from '../../../../components/feedback/toast';
import { useCreateDepartment, usePatchDepartment } from '../../api/structure';
import { adminErrorText } from '../../errors';
import { errorCodeOf, validationFieldErrors } from '../../../../lib/api-errors';
import { NameDescriptionModal } from '../../../../components/record-modal/name-description-modal';

const schema = z.object({
  name: zRequiredText(),
  description: z.string().max(2000, { error: M.maxLength.replace('{max}', '2000') }),
  status: z.enum(['active', 'inactive']),
});
type Values = z.input<typeof schema>;

export interface DepartmentModalProps {
  opened: boolean;
  onClose: () => void;
  organisationId: number;
  /** The department being edited; null to add one. */
  department: Department | null;
}

/** Add or edit a department (spec §3: name, description, status); names are unique per organisation. */
export function DepartmentModal({ opened, onClose, organisationId, department }: DepartmentModalProps) {
  const { t } = useTranslation('administration');
  const create = useCreateDepartment();
  const patch = usePatchDepartment();
  const [formError, setFormError] = useState<string | null>(null);
  const initial: Values = {
    name: department?.name ?? '',
    description: department?.description ?? '',
    status: department?.status ?? 'active',
  };
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: initial, mode: 'onTouched' });

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when another department opens.
  useEffect(() => {
    if (opened) {
      form.reset(initial);
      setFormError(null);
    }
  }, [opened, department?.id]);

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    const body = { name: values.name.trim(), description: values.description.trim() || null, status: values.status };
    try {
      if (department) await patch.mutateAsync({ id: department.id, patch: body });
      else await create.mutateAsync({ ...body, organisation_id: organisationId });
      showToast('success', t(department ? 'departments.saved' : 'departments.created', { name: body.name }));
      onClose();
    } catch (error) {
      const code = errorCodeOf(error);
      const fields = validationFieldErrors(error);
      if (code === 'DUPLICATE_DEPARTMENT_NAME' || code === 'NAME_NOT_UNIQUE' || fields.name) {
        form.setError('name', { type: 'server', message: fields.name ?? adminErrorText(error) }, { shouldFocus: true });
        return;
      }
      setFormError(adminErrorText(error, { entity: 'department' }));
    }
  });

  return (
    <NameDescriptionModal
      opened={opened}
      onClose={onClose}
      title={department ? t('departments.editTitle') : t('departments.createTitle')}
      prefix="department"
      form={form}
      onSubmit={onSubmit}
      pending={create.isPending || patch.isPending}
      formError={formError}
      labels={{
        name: t('departments.fields.name'),
        description: t('departments.fields.description'),
        cancel: t('actions.cancel'),
        save: t('actions.save'),
        close: t('actions.close'),
      }}
    >
      <Controller
        control={form.control}
        name="status"
        render={({ field }) => (
          <Select
            id="department-status"
            label={t('departments.fields.status')}
            data={[
              { value: 'active', label: t('statuses.active') },
              { value: 'inactive', label: t('statuses.inactive') },
            ]}
            value={field.value}
            onChange={(value) => value && field.onChange(value)}
            allowDeselect={false}
          />
        )}
      />
    </NameDescriptionModal>
  );
}
