import type { DocumentSeries } from '@ghiseu/domain';
import {
  Button,
  Group,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  TagsInput,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../components/feedback/toast';
import { Notice } from '../../../components/page/notice';
import { Toggle } from '../../../components/toggle/toggle';
import { useCreateSeries, useOrganisationOptions, usePatchSeries, useSeriesTypeOptions } from '../api/document-series';
import { seriesErrorText } from '../errors';
import { errorCodeOf, validationFieldErrors } from '../../../lib/api-errors';
import {
  type FieldErrors,
  MAX_INDEX,
  nextNumberPreview,
  type SeriesValues,
  seriesCreateBody,
  seriesPatch,
  seriesValues,
  validateSeries,
} from '../form-model';

export interface SeriesModalProps {
  opened: boolean;
  onClose: () => void;
  /** The series being edited; null to add one. */
  series: DocumentSeries | null;
  /** The super administrator chooses the organisation of a new series. */
  superAdmin: boolean;
  /** The organisation proposed for a new series (the user's own). */
  defaultOrganisationId: number | null;
}

const FIELDS = [
  'type_id',
  'organisation_id',
  'name',
  'description',
  'separator',
  'prefix',
  'rejected_prefix',
  'registers',
  'yearly_reset',
  'active',
  'current_index',
  'rejected_index',
] as const;

/**
 * Add or edit a document series: type, name, separator, prefixes, registers, yearly reset,
 * active flag and the two indexes, with a live preview of the next number. The indexes only
 * move forward (the form's minimum is the current value; the server says the same with
 * INDEX_CANNOT_BE_LOWER_THAN_CURRENT_VALUE).
 */
export function SeriesModal({ opened, onClose, series, superAdmin, defaultOrganisationId }: SeriesModalProps) {
  const { t } = useTranslation('document-series');
  const create = useCreateSeries();
  const patch = usePatchSeries();
  const types = useSeriesTypeOptions();
  const organisations = useOrganisationOptions(superAdmin && opened);
  const initial = () => seriesValues(series, { organisationId: defaultOrganisationId });
  const [values, setValues] = useState<SeriesValues>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const year = series?.year || new Date().getFullYear();

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when another series opens.
  useEffect(() => {
    if (opened) {
      setValues(initial());
      setErrors({});
      setFormError(null);
    }
  }, [opened, series?.id]);

  const set = <K extends keyof SeriesValues>(key: K, value: SeriesValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: '' }));
  };

  const typeOptions = useMemo(
    () => (types.data ?? []).map((type) => ({ value: String(type.id), label: type.name })),
    [types.data],
  );
  const organisationOptions = useMemo(
    () => (organisations.data ?? []).map((o) => ({ value: String(o.id), label: o.name })),
    [organisations.data],
  );

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const problems = Object.fromEntries(Object.entries(validateSeries(values, series, superAdmin)).filter(([, v]) => v));
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      document.getElementById(`series-${Object.keys(problems)[0].replace('_', '-')}`)?.focus();
      return;
    }
    let sentPatch: ReturnType<typeof seriesPatch> | null = null;
    try {
      if (series) {
        sentPatch = seriesPatch(series, values);
        if (Object.keys(sentPatch).length === 0) {
          showToast('info', t('series.unchanged'));
          onClose();
          return;
        }
        await patch.mutateAsync({ id: series.id, patch: sentPatch });
      } else {
        await create.mutateAsync(seriesCreateBody(values, superAdmin));
      }
      showToast('success', t(series ? 'series.saved' : 'series.created', { name: values.name.trim() }));
      onClose();
    } catch (error) {
      const code = errorCodeOf(error);
      if (code === 'INDEX_CANNOT_BE_LOWER_THAN_CURRENT_VALUE') {
        const field = sentPatch && sentPatch.current_index === undefined ? 'rejected_index' : 'current_index';
        setErrors({ [field]: seriesErrorText(error) });
        return;
      }
      if (code === 'DOCUMENT_SERIES_EXISTS') {
        setErrors({ name: seriesErrorText(error) });
        return;
      }
      const fields = Object.fromEntries(
        Object.entries(validationFieldErrors(error)).filter(([field]) => (FIELDS as readonly string[]).includes(field)),
      );
      if (Object.keys(fields).length > 0) {
        setErrors(fields);
        return;
      }
      setFormError(seriesErrorText(error));
    }
  };

  const indexInput = (field: 'current_index' | 'rejected_index', label: string) => {
    const minimum = series ? series[field] : 0;
    return (
      <NumberInput
        id={`series-${field.replace('_', '-')}`}
        label={label}
        description={series ? t('series.hints.index') : t('series.hints.indexNew')}
        min={minimum}
        max={MAX_INDEX}
        allowDecimal={false}
        allowNegative={false}
        clampBehavior="none"
        value={values[field]}
        onChange={(value) => set(field, typeof value === 'number' ? value : value === '' ? '' : Number(value))}
        error={errors[field] || undefined}
        data-testid={`series-${field.replace('_', '-')}`}
      />
    );
  };

  const title = series ? t('series.editTitle') : t('series.createTitle');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      size="xl"
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      <form onSubmit={onSubmit} noValidate aria-label={title} data-testid="series-form">
        <Stack gap="md">
          {formError ? <Notice tone="error">{formError}</Notice> : null}
          {types.isSuccess && typeOptions.length === 0 ? <Notice tone="warning">{t('series.needTypes')}</Notice> : null}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              id="series-type-id"
              label={t('series.fields.type')}
              required
              data={typeOptions}
              value={values.type_id}
              onChange={(value) => value && set('type_id', value)}
              allowDeselect={false}
              searchable
              nothingFoundMessage={t('nothingFound')}
              placeholder={types.isPending ? t('loading') : undefined}
              error={errors.type_id || (types.isError ? t('optionsFailed') : undefined)}
              data-testid="series-type"
            />
            {superAdmin ? (
              <Select
                id="series-organisation-id"
                label={t('series.fields.organisation')}
                required
                data={organisationOptions}
                value={values.organisation_id}
                onChange={(value) => value && set('organisation_id', value)}
                allowDeselect={false}
                searchable
                disabled={series !== null}
                nothingFoundMessage={t('nothingFound')}
                placeholder={organisations.isPending ? t('loading') : undefined}
                error={errors.organisation_id || (organisations.isError ? t('optionsFailed') : undefined)}
                data-testid="series-organisation"
              />
            ) : null}
          </SimpleGrid>
          <TextInput
            id="series-name"
            label={t('series.fields.name')}
            required
            maxLength={255}
            value={values.name}
            onChange={(event) => set('name', event.currentTarget.value)}
            error={errors.name || undefined}
            data-testid="series-name"
          />
          <Textarea
            id="series-description"
            label={t('series.fields.description')}
            autosize
            minRows={2}
            maxLength={2000}
            value={values.description}
            onChange={(event) => set('description', event.currentTarget.value)}
            error={errors.description || undefined}
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput
              id="series-prefix"
              label={t('series.fields.prefix')}
              description={t('series.hints.prefix')}
              maxLength={30}
              value={values.prefix}
              onChange={(event) => set('prefix', event.currentTarget.value)}
              error={errors.prefix || undefined}
              data-testid="series-prefix"
            />
            <TextInput
              id="series-separator"
              label={t('series.fields.separator')}
              description={t('series.hints.separator')}
              required
              maxLength={3}
              value={values.separator}
              onChange={(event) => set('separator', event.currentTarget.value)}
              error={errors.separator || undefined}
              data-testid="series-separator"
            />
            <TextInput
              id="series-rejected-prefix"
              label={t('series.fields.rejectedPrefix')}
              maxLength={30}
              value={values.rejected_prefix}
              onChange={(event) => set('rejected_prefix', event.currentTarget.value)}
              error={errors.rejected_prefix || undefined}
              data-testid="series-rejected-prefix"
            />
          </SimpleGrid>
          <TagsInput
            id="series-registers"
            label={t('series.fields.registers')}
            description={t('series.hints.registers')}
            value={values.registers}
            onChange={(value) => set('registers', value)}
            maxTags={50}
            clearable
            error={errors.registers || undefined}
          />
          <Group gap="xl">
            <Toggle
              id="series-yearly-reset"
              label={t('series.fields.yearlyReset')}
              checked={values.yearly_reset}
              onChange={(checked) => set('yearly_reset', checked)}
            />
            <Toggle
              id="series-active"
              label={t('series.fields.active')}
              checked={values.active}
              onChange={(checked) => set('active', checked)}
            />
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {indexInput('current_index', t('series.fields.currentIndex'))}
            {indexInput('rejected_index', t('series.fields.rejectedIndex'))}
          </SimpleGrid>
          <Notice tone="info" data-testid="series-preview">
            <Text size="sm" fw={600} component="span" aria-live="polite">
              {t('series.preview', { number: nextNumberPreview(values, year) })}
            </Text>
            {values.rejected_prefix.trim() ? (
              <Text size="sm">{t('series.previewRejected', { number: nextNumberPreview(values, year, true) })}</Text>
            ) : null}
          </Notice>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending || patch.isPending} data-testid="series-submit">
              {t('actions.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
