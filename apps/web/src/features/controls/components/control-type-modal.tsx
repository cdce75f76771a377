import type { ControlType } from '@ghiseu/domain';
import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../components/feedback/toast';
import { Notice } from '../../../components/page/notice';
import { Toggle } from '../../../components/toggle/toggle';
import { errorCodeOf, validationFieldErrors } from '../../../lib/api-errors';
import { useCreateControlType, useOrganisationOptions, usePatchControlType, useSeriesTypeOptions } from '../api/control-types';
import { controlTypeErrorText } from '../errors';

export interface ControlTypeModalProps {
  opened: boolean;
  onClose: () => void;
  /** The type being edited; null to add one. */
  controlType: ControlType | null;
  /** The organisation proposed for a new type (the user's own). */
  defaultOrganisationId: number | null;
}

interface Values {
  name: string;
  active: boolean;
  series_type_id: string | null;
  organisation_id: string | null;
}

const str = (n: number | null | undefined) => (n === null || n === undefined ? null : String(n));

const initial = (type: ControlType | null, organisationId: number | null): Values => ({
  name: type?.name ?? '',
  active: (type?.status ?? 'active') === 'active',
  series_type_id: str(type?.series_type_id),
  organisation_id: str(type?.organisation_id ?? organisationId),
});

/**
 * Add or edit a control type: name (unique in the organisation: DUPLICATE_CONTROL_TYPE_NAME, shown
 * on the field), status, the series type the entry codes of its controls come from, and the
 * organisation that runs such controls.
 */
export function ControlTypeModal({ opened, onClose, controlType, defaultOrganisationId }: ControlTypeModalProps) {
  const { t } = useTranslation('controls');
  const create = useCreateControlType();
  const patch = usePatchControlType();
  const seriesTypes = useSeriesTypeOptions(opened);
  const organisations = useOrganisationOptions(opened);
  const [values, setValues] = useState<Values>(() => initial(controlType, defaultOrganisationId));
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when another type opens.
  useEffect(() => {
    if (opened) {
      setValues(initial(controlType, defaultOrganisationId));
      setErrors({});
      setFormError(null);
    }
  }, [opened, controlType?.id]);

  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const seriesOptions = useMemo(
    () => (seriesTypes.data ?? []).map((type) => ({ value: String(type.id), label: type.name })),
    [seriesTypes.data],
  );
  const organisationOptions = useMemo(() => {
    const options = (organisations.data ?? []).map((o) => ({ value: String(o.id), label: o.name }));
    if (controlType && !options.some((o) => o.value === String(controlType.organisation_id)))
      options.push({
        value: String(controlType.organisation_id),
        label: controlType.organisation_name,
      });
    return options;
  }, [organisations.data, controlType]);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const name = values.name.trim();
    const missing: Partial<Record<keyof Values, string>> = {};
    if (!name) missing.name = t('required');
    if (!values.organisation_id) missing.organisation_id = t('required');
    if (Object.keys(missing).length > 0) {
      setErrors(missing);
      return;
    }
    const body = {
      name,
      status: values.active ? ('active' as const) : ('inactive' as const),
      series_type_id: values.series_type_id ? Number(values.series_type_id) : null,
      organisation_id: Number(values.organisation_id),
    };
    try {
      if (controlType) {
        const changes: Partial<typeof body> = {};
        if (body.name !== controlType.name) changes.name = body.name;
        if (body.status !== controlType.status) changes.status = body.status;
        if (body.series_type_id !== (controlType.series_type_id ?? null)) changes.series_type_id = body.series_type_id;
        if (body.organisation_id !== controlType.organisation_id) changes.organisation_id = body.organisation_id;
        if (Object.keys(changes).length === 0) {
          showToast('info', t('unchanged'));
          onClose();
          return;
        }
        await patch.mutateAsync({ id: controlType.id, patch: changes });
      } else {
        await create.mutateAsync(body);
      }
      showToast('success', t(controlType ? 'types.saved' : 'types.created', { name }));
      onClose();
    } catch (error) {
      const fields = validationFieldErrors(error);
      if (errorCodeOf(error) === 'DUPLICATE_CONTROL_TYPE_NAME' || fields.name) {
        setErrors({ name: fields.name ?? controlTypeErrorText(error) });
        return;
      }
      const known = (['series_type_id', 'organisation_id'] as const).filter((f) => fields[f]);
      if (known.length > 0) {
        setErrors(Object.fromEntries(known.map((f) => [f, fields[f]])));
        return;
      }
      setFormError(controlTypeErrorText(error));
    }
  };

  const title = controlType ? t('types.editTitle') : t('types.createTitle');
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered closeButtonProps={{ 'aria-label': t('actions.close') }}>
      <form onSubmit={(e) => void submit(e)} noValidate aria-label={title} data-testid="control-type-form">
        <Stack gap="md">
          {formError ? <Notice tone="error">{formError}</Notice> : null}
          <TextInput
            id="control-type-name"
            label={t('types.fields.name')}
            required
            maxLength={200}
            value={values.name}
            onChange={(e) => set('name', e.currentTarget.value)}
            error={errors.name}
            data-testid="control-type-name"
          />
          <Select
            label={t('types.fields.organisation')}
            required
            allowDeselect={false}
            searchable
            data={organisationOptions}
            value={values.organisation_id}
            onChange={(v) => set('organisation_id', v)}
            error={errors.organisation_id ?? (organisations.isError ? t('optionsFailed') : undefined)}
            nothingFoundMessage={t('nothingFound')}
            data-testid="control-type-organisation"
          />
          <Select
            label={t('types.fields.seriesType')}
            description={t('types.seriesHelp')}
            clearable
            clearButtonProps={{ 'aria-label': t('actions.clear') }}
            searchable
            data={seriesOptions}
            value={values.series_type_id}
            onChange={(v) => set('series_type_id', v)}
            error={errors.series_type_id ?? (seriesTypes.isError ? t('optionsFailed') : undefined)}
            nothingFoundMessage={t('nothingFound')}
            data-testid="control-type-series"
          />
          <Toggle
            id="control-type-active"
            label={t('types.fields.active')}
            checked={values.active}
            onChange={(v) => set('active', v)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending || patch.isPending} data-testid="control-type-save">
              {t('actions.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
