import {
  ALLOCATION_SOURCE_LABELS,
  type Allocation,
  type AllocationCreateRequest,
  type AllocationPatch,
  type AllocationSource,
  LOCATION_TYPE_LABELS,
  type LocationType,
} from '@ghiseu/domain';
import { Button, FileInput, Group, Modal, NumberInput, Radio, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../components/feedback/toast';
import { DateInput } from '../../../components/inputs';
import { Notice } from '../../../components/page/notice';
import { apiErrorText, validationFieldErrors } from '../../../lib/api-errors';
import { uploadFile } from '../../../lib/files';
import { useSession } from '../../../lib/session';
import { useJurisdictionUats } from '../../../lib/territory';
import { useActiveSeries, useCreateAllocation, usePatchAllocation } from '../api/allocations';

export interface AllocationModalProps {
  opened: boolean;
  onClose: () => void;
  /** The allocation being edited; null to reserve a new number. */
  allocation: Allocation | null;
}

interface Values {
  source: AllocationSource;
  document_series_id: string | null;
  series: string;
  series_type_id: string | null;
  allocation_date: string | null;
  file_id: number | null;
  file_name: string | null;
  issue_date: string | null;
  location: string;
  uat_id: string | null;
  tax_lei: number | string;
  validity_months: number | string;
  execution_duration_months: number | string;
  start_date: string | null;
  extension_date: string | null;
  investment_value: number | string;
  location_type: LocationType | null;
}

const str = (n: number | null | undefined) => (n === null || n === undefined ? null : String(n));
const num = (v: number | string): number | null => (v === '' || v === null ? null : Number(v));

function initial(a: Allocation | null): Values {
  return {
    source: a?.source ?? 'series',
    document_series_id: str(a?.document_series_id),
    series: a?.series ?? '',
    series_type_id: str(a?.series_type_id),
    allocation_date: a?.allocation_date ?? null,
    file_id: a?.file?.id ?? null,
    file_name: a?.file?.name ?? null,
    issue_date: a?.issue_date ?? null,
    location: a?.location ?? '',
    uat_id: str(a?.uat_id),
    tax_lei: a?.tax_lei ?? '',
    validity_months: a?.validity_months ?? '',
    execution_duration_months: a?.execution_duration_months ?? '',
    start_date: a?.start_date ?? null,
    extension_date: a?.extension_date ?? null,
    investment_value: a?.investment_value ?? '',
    location_type: a?.location_type ?? null,
  };
}

/** Money in lei typed the Romanian way: 1.234,50. */
const moneyProps = {
  decimalSeparator: ',',
  thousandSeparator: '.',
  decimalScale: 2,
  min: 0,
  allowNegative: false,
  suffix: ' lei',
} as const;
const monthsProps = { min: 0, max: 1200, allowDecimal: false, allowNegative: false } as const;

/**
 * Reserve a number (the next one of an active series, or one allocated outside the portal) or
 * edit a reservation: every field of spec §3 "Reserved series", dates dd.mm.yyyy, amounts in
 * RON with Romanian formatting. The server checks everything again; its field messages show
 * under the fields.
 */
export function AllocationModal({ opened, onClose, allocation }: AllocationModalProps) {
  const { t } = useTranslation('seriesAllocations');
  const { user } = useSession();
  const create = useCreateAllocation();
  const patch = usePatchAllocation();
  const series = useActiveSeries(opened);
  const uats = useJurisdictionUats(opened ? (user?.organisation_id ?? null) : null);
  const [values, setValues] = useState<Values>(() => initial(allocation));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when another record opens.
  useEffect(() => {
    if (opened) {
      setValues(initial(allocation));
      setErrors({});
      setFormError(null);
    }
  }, [opened, allocation?.id]);

  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((v) => ({ ...v, [key]: value }));
  const seriesOptions = useMemo(
    () =>
      (series.data?.data ?? []).map((s) => ({
        value: String(s.id),
        label: `${s.name ?? s.id} (${s.type_name ?? ''})`,
      })),
    [series.data],
  );
  const typeOptions = useMemo(() => {
    const seen = new Map<string, string>();
    for (const s of series.data?.data ?? []) if (s.type_id) seen.set(String(s.type_id), s.type_name ?? '');
    if (allocation) seen.set(String(allocation.series_type_id), allocation.series_type_name);
    return [...seen].map(([value, label]) => ({ value, label }));
  }, [series.data, allocation]);
  const uatOptions = useMemo(() => {
    const options = (uats.data ?? []).map((u) => ({ value: String(u.id), label: u.name }));
    if (allocation?.uat_id && !options.some((o) => o.value === String(allocation.uat_id)))
      options.push({ value: String(allocation.uat_id), label: allocation.uat_name ?? String(allocation.uat_id) });
    return options;
  }, [uats.data, allocation]);

  const external = values.source === 'external';
  const editing = allocation !== null;
  const numberLocked = editing && allocation.source === 'series';

  const fields = () => ({
    allocation_date: values.allocation_date ?? undefined,
    file_id: values.file_id,
    issue_date: values.issue_date,
    location: values.location,
    uat_id: values.uat_id ? Number(values.uat_id) : null,
    tax_lei: num(values.tax_lei),
    validity_months: num(values.validity_months),
    execution_duration_months: num(values.execution_duration_months),
    start_date: values.start_date,
    extension_date: values.extension_date,
    investment_value: num(values.investment_value),
    location_type: values.location_type,
  });

  const submit = async () => {
    setErrors({});
    setFormError(null);
    const missing: Record<string, string> = {};
    if (!editing && !external && !values.document_series_id) missing.document_series_id = t('required.series');
    if ((external || (editing && !numberLocked)) && !values.series.trim()) missing.series = t('required.number');
    if ((external || (editing && !numberLocked)) && !values.series_type_id) missing.series_type_id = t('required.type');
    if (Object.keys(missing).length > 0) {
      setErrors(missing);
      return;
    }
    try {
      const saved = editing
        ? await patch.mutateAsync({
            id: allocation.id,
            body: {
              ...fields(),
              ...(numberLocked ? {} : { series: values.series.trim(), series_type_id: Number(values.series_type_id) }),
            } as AllocationPatch,
          })
        : await create.mutateAsync({
            ...fields(),
            source: values.source,
            ...(external
              ? { series: values.series.trim(), series_type_id: Number(values.series_type_id) }
              : { document_series_id: Number(values.document_series_id) }),
          } as AllocationCreateRequest);
      showToast('success', t(editing ? 'saved' : 'created', { series: saved.series }));
      onClose();
    } catch (error) {
      const fieldErrors = validationFieldErrors(error);
      if (Object.keys(fieldErrors).length > 0) setErrors(fieldErrors);
      else setFormError(apiErrorText(error));
    }
  };

  const onFile = async (file: File | null) => {
    if (!file) {
      setValues((v) => ({ ...v, file_id: null, file_name: null }));
      return;
    }
    setUploading(true);
    try {
      const stored = await uploadFile('pdfOnly', file);
      setValues((v) => ({ ...v, file_id: stored.id, file_name: file.name }));
      setErrors((e) => ({ ...e, file_id: '' }));
    } catch (error) {
      setErrors((e) => ({ ...e, file_id: apiErrorText(error) }));
    } finally {
      setUploading(false);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={editing ? t('editTitle', { series: allocation.series }) : t('createTitle')}
      size="xl"
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      <Stack gap="md" data-testid="allocation-modal">
        {formError ? <Notice tone="error">{formError}</Notice> : null}
        {editing ? null : (
          <Radio.Group label={t('fields.source')} value={values.source} onChange={(v) => set('source', v as AllocationSource)}>
            <Group mt="xs">
              <Radio value="series" label={ALLOCATION_SOURCE_LABELS.series} />
              <Radio value="external" label={ALLOCATION_SOURCE_LABELS.external} />
            </Group>
          </Radio.Group>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {!editing && !external ? (
            <Select
              label={t('fields.documentSeries')}
              required
              searchable
              data={seriesOptions}
              value={values.document_series_id}
              onChange={(v) => set('document_series_id', v)}
              error={errors.document_series_id}
              nothingFoundMessage={t('noSeries')}
              data-testid="allocation-series-select"
            />
          ) : (
            <>
              <TextInput
                label={t('fields.series')}
                required={!numberLocked}
                disabled={numberLocked}
                value={values.series}
                onChange={(e) => set('series', e.currentTarget.value)}
                error={errors.series}
                data-testid="allocation-number"
              />
              <Select
                label={t('fields.type')}
                required={!numberLocked}
                disabled={numberLocked}
                data={typeOptions}
                value={values.series_type_id}
                onChange={(v) => set('series_type_id', v)}
                error={errors.series_type_id}
                data-testid="allocation-type-select"
              />
            </>
          )}
          <DateInput
            label={t('fields.allocationDate')}
            value={values.allocation_date}
            onChange={(v) => set('allocation_date', v)}
            error={errors.allocation_date}
          />
          <DateInput
            label={t('fields.issueDate')}
            value={values.issue_date}
            onChange={(v) => set('issue_date', v)}
            error={errors.issue_date}
          />
          <TextInput
            label={t('fields.location')}
            value={values.location}
            onChange={(e) => set('location', e.currentTarget.value)}
            error={errors.location}
            data-testid="allocation-location"
          />
          <Select
            label={t('fields.locationType')}
            clearable
            clearButtonProps={{ 'aria-label': t('actions.clear') }}
            data={(Object.keys(LOCATION_TYPE_LABELS) as LocationType[]).map((k) => ({
              value: k,
              label: LOCATION_TYPE_LABELS[k],
            }))}
            value={values.location_type}
            onChange={(v) => set('location_type', v as LocationType | null)}
            error={errors.location_type}
          />
          <Select
            label={t('fields.uat')}
            clearable
            clearButtonProps={{ 'aria-label': t('actions.clear') }}
            searchable
            data={uatOptions}
            value={values.uat_id}
            onChange={(v) => set('uat_id', v)}
            error={errors.uat_id}
          />
          <NumberInput
            label={t('fields.tax')}
            {...moneyProps}
            value={values.tax_lei}
            onChange={(v) => set('tax_lei', v)}
            error={errors.tax_lei}
            data-testid="allocation-tax"
          />
          <NumberInput
            label={t('fields.validity')}
            {...monthsProps}
            value={values.validity_months}
            onChange={(v) => set('validity_months', v)}
            error={errors.validity_months}
          />
          <NumberInput
            label={t('fields.execution')}
            {...monthsProps}
            value={values.execution_duration_months}
            onChange={(v) => set('execution_duration_months', v)}
            error={errors.execution_duration_months}
          />
          <DateInput
            label={t('fields.startDate')}
            value={values.start_date}
            onChange={(v) => set('start_date', v)}
            error={errors.start_date}
          />
          <DateInput
            label={t('fields.extensionDate')}
            value={values.extension_date}
            onChange={(v) => set('extension_date', v)}
            error={errors.extension_date}
          />
          <NumberInput
            label={t('fields.investment')}
            {...moneyProps}
            value={values.investment_value}
            onChange={(v) => set('investment_value', v)}
            error={errors.investment_value}
          />
          <FileInput
            label={t('fields.file')}
            accept="application/pdf"
            clearable
            clearButtonProps={{ 'aria-label': t('actions.clear') }}
            description={values.file_name ? t('currentFile', { name: values.file_name }) : t('filePlaceholder')}
            onChange={(file) => void onFile(file)}
            error={errors.file_id || undefined}
            disabled={uploading}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <Button
            onClick={() => void submit()}
            loading={create.isPending || patch.isPending || uploading}
            data-testid="allocation-save"
          >
            {t('actions.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
