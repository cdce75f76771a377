import { COMPLAINT_TYPE_STATUS_LABELS, COMPLAINT_TYPE_STATUSES, type ComplaintTypeStatus } from '@ghiseu/domain';
import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../components/feedback/toast';
import { foldedOptionsFilter } from '../../../components/inputs';
import { Notice } from '../../../components/page/notice';
import { errorCodeOf, apiErrorText, validationFieldErrors } from '../../../lib/api-errors';
import {
  useCreateComplaintType,
  useOrganisationOptions,
  usePatchComplaintType,
  useSeriesTypeOptions,
} from '../api/complaint-types';
import type { ComplaintTypeRecord } from '../api/types';

interface Values {
  name: string;
  status: ComplaintTypeStatus;
  series_type_id: string | null;
  organisation_id: string | null;
}

const initial = (record: ComplaintTypeRecord | null, organisationId: number | null): Values => ({
  name: record?.name ?? '',
  status: record?.status ?? 'active',
  series_type_id: record?.series_type_id ? String(record.series_type_id) : null,
  organisation_id: record ? String(record.organisation_id) : organisationId ? String(organisationId) : null,
});

/**
 * Add or edit a complaint type (spec §3: name, status, document series type, organisation). A
 * name already used in the organisation (DUPLICATE_COMPLAIN_TYPE_NAME) shows under the name.
 */
export function ComplaintTypeModal({
  opened,
  onClose,
  record,
  defaultOrganisationId,
}: {
  opened: boolean;
  onClose: () => void;
  record: ComplaintTypeRecord | null;
  defaultOrganisationId: number | null;
}) {
  const { t } = useTranslation('complaints');
  const create = useCreateComplaintType();
  const patch = usePatchComplaintType();
  const organisations = useOrganisationOptions(opened);
  const seriesTypes = useSeriesTypeOptions(opened);
  const [values, setValues] = useState<Values>(() => initial(record, defaultOrganisationId));
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when another record opens.
  useEffect(() => {
    if (opened) {
      setValues(initial(record, defaultOrganisationId));
      setErrors({});
      setFormError(null);
    }
  }, [opened, record?.id]);

  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const submit = async () => {
    setFormError(null);
    const missing: Partial<Record<keyof Values, string>> = {};
    if (!values.name.trim()) missing.name = t('types.required.name');
    if (!values.organisation_id) missing.organisation_id = t('types.required.organisation');
    if (Object.keys(missing).length > 0) {
      setErrors(missing);
      return;
    }
    const body = {
      name: values.name.trim(),
      status: values.status,
      series_type_id: values.series_type_id ? Number(values.series_type_id) : null,
      organisation_id: Number(values.organisation_id),
    };
    try {
      const saved = record ? await patch.mutateAsync({ id: record.id, body }) : await create.mutateAsync(body);
      showToast('success', t(record ? 'types.saved' : 'types.created', { name: saved.name }));
      onClose();
    } catch (error) {
      if (errorCodeOf(error) === 'DUPLICATE_COMPLAIN_TYPE_NAME') {
        setErrors({ name: apiErrorText(error) });
        return;
      }
      const fields = validationFieldErrors(error);
      if (Object.keys(fields).length > 0) setErrors(fields);
      else setFormError(apiErrorText(error));
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={record ? t('types.editTitle', { name: record.name }) : t('types.createTitle')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      <Stack gap="md" data-testid="complaint-type-modal">
        {formError ? <Notice tone="error">{formError}</Notice> : null}
        <TextInput
          label={t('types.fields.name')}
          required
          maxLength={255}
          value={values.name}
          onChange={(e) => set('name', e.currentTarget.value)}
          error={errors.name}
          data-testid="complaint-type-name"
        />
        <Select
          label={t('types.fields.organisation')}
          required
          searchable
          filter={foldedOptionsFilter}
          nothingFoundMessage={t('form.nothingFound')}
          data={(organisations.data ?? []).map((o) => ({ value: String(o.id), label: o.name }))}
          value={values.organisation_id}
          onChange={(v) => set('organisation_id', v)}
          error={organisations.isError ? t('form.optionsFailed') : errors.organisation_id}
          data-testid="complaint-type-organisation"
        />
        <Select
          label={t('types.fields.seriesType')}
          description={t('types.hints.seriesType')}
          searchable
          clearable
          clearButtonProps={{ 'aria-label': t('types.clearSeriesType') }}
          filter={foldedOptionsFilter}
          nothingFoundMessage={t('form.nothingFound')}
          data={(seriesTypes.data ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
          value={values.series_type_id}
          onChange={(v) => set('series_type_id', v)}
          error={seriesTypes.isError ? t('form.optionsFailed') : errors.series_type_id}
          data-testid="complaint-type-series"
        />
        <Select
          label={t('types.fields.status')}
          required
          allowDeselect={false}
          data={COMPLAINT_TYPE_STATUSES.map((value) => ({ value, label: COMPLAINT_TYPE_STATUS_LABELS[value] }))}
          value={values.status}
          onChange={(v) => v && set('status', v as ComplaintTypeStatus)}
          error={errors.status}
          data-testid="complaint-type-status"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <Button onClick={() => void submit()} loading={create.isPending || patch.isPending} data-testid="complaint-type-save">
            {t('actions.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
