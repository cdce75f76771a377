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
import { Controller, type Path, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../components/feedback/toast';
import { Notice } from '../../../components/page/notice';
import { Toggle } from '../../../components/toggle/toggle';
import { errorCodeOf, validationFieldErrors } from '../../../lib/api-errors';
import { zodResolver } from '../../../lib/validation';
import { useCreateSeries, useOrganisationOptions, usePatchSeries, useSeriesTypeOptions } from '../api/document-series';
import { seriesErrorText } from '../errors';
import {
  MAX_INDEX,
  nextNumberPreview,
  type SeriesOutput,
  type SeriesValues,
  seriesCreateBody,
  seriesFormSchema,
  seriesPatch,
  seriesValues,
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
  const schema = useMemo(() => seriesFormSchema(series, superAdmin), [series, superAdmin]);
  const form = useForm<SeriesValues, unknown, SeriesOutput>({
    resolver: zodResolver(schema) as never,
    defaultValues: initial(),
  });
  const { errors } = form.formState;
  const values = useWatch({ control: form.control }) as SeriesValues;
  const [formError, setFormError] = useState<string | null>(null);
  const year = series?.year || new Date().getFullYear();

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when another series opens.
  useEffect(() => {
    if (opened) {
      form.reset(initial());
      setFormError(null);
    }
  }, [opened, series?.id]);

  const typeOptions = useMemo(
    () => (types.data ?? []).map((type) => ({ value: String(type.id), label: type.name })),
    [types.data],
  );
  const organisationOptions = useMemo(
    () => (organisations.data ?? []).map((o) => ({ value: String(o.id), label: o.name })),
    [organisations.data],
  );

  const fieldError = (field: Path<SeriesValues>, message: string) =>
    form.setError(field, { type: 'server', message }, { shouldFocus: true });

  const onSubmit = form.handleSubmit(async (output) => {
    setFormError(null);
    let sentPatch: ReturnType<typeof seriesPatch> | null = null;
    try {
      if (series) {
        sentPatch = seriesPatch(series, output);
        if (Object.keys(sentPatch).length === 0) {
          showToast('info', t('series.unchanged'));
          onClose();
          return;
        }
        await patch.mutateAsync({ id: series.id, patch: sentPatch });
      } else {
        await create.mutateAsync(seriesCreateBody(output, superAdmin));
      }
      showToast('success', t(series ? 'series.saved' : 'series.created', { name: output.name }));
      onClose();
    } catch (error) {
      const code = errorCodeOf(error);
      if (code === 'INDEX_CANNOT_BE_LOWER_THAN_CURRENT_VALUE') {
        fieldError(
          sentPatch && sentPatch.current_index === undefined ? 'rejected_index' : 'current_index',
          seriesErrorText(error),
        );
        return;
      }
      if (code === 'DOCUMENT_SERIES_EXISTS') {
        fieldError('name', seriesErrorText(error));
        return;
      }
      const fields = Object.entries(validationFieldErrors(error)).filter(([field]) => field in values);
      if (fields.length > 0) {
        for (const [field, message] of fields) form.setError(field as Path<SeriesValues>, { type: 'server', message });
        return;
      }
      setFormError(seriesErrorText(error));
    }
  });

  const indexInput = (name: 'current_index' | 'rejected_index', label: string) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <NumberInput
          ref={field.ref}
          id={`series-${name.replace('_', '-')}`}
          label={label}
          description={series ? t('series.hints.index') : t('series.hints.indexNew')}
          min={series ? series[name] : 0}
          max={MAX_INDEX}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          value={field.value ?? ''}
          onChange={(value) => field.onChange(typeof value === 'number' ? value : value === '' ? null : Number(value))}
          onBlur={field.onBlur}
          error={errors[name]?.message}
          data-testid={`series-${name.replace('_', '-')}`}
        />
      )}
    />
  );

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
            <Controller
              control={form.control}
              name="type_id"
              render={({ field }) => (
                <Select
                  ref={field.ref}
                  id="series-type-id"
                  label={t('series.fields.type')}
                  required
                  data={typeOptions}
                  value={field.value === null ? null : String(field.value)}
                  onChange={(value) => value && field.onChange(Number(value))}
                  allowDeselect={false}
                  searchable
                  nothingFoundMessage={t('nothingFound')}
                  placeholder={types.isPending ? t('loading') : undefined}
                  error={errors.type_id?.message ?? (types.isError ? t('optionsFailed') : undefined)}
                  data-testid="series-type"
                />
              )}
            />
            {superAdmin ? (
              <Controller
                control={form.control}
                name="organisation_id"
                render={({ field }) => (
                  <Select
                    ref={field.ref}
                    id="series-organisation-id"
                    label={t('series.fields.organisation')}
                    required
                    data={organisationOptions}
                    value={field.value === null ? null : String(field.value)}
                    onChange={(value) => value && field.onChange(Number(value))}
                    allowDeselect={false}
                    searchable
                    disabled={series !== null}
                    nothingFoundMessage={t('nothingFound')}
                    placeholder={organisations.isPending ? t('loading') : undefined}
                    error={errors.organisation_id?.message ?? (organisations.isError ? t('optionsFailed') : undefined)}
                    data-testid="series-organisation"
                  />
                )}
              />
            ) : null}
          </SimpleGrid>
          <TextInput
            id="series-name"
            label={t('series.fields.name')}
            required
            maxLength={255}
            error={errors.name?.message}
            data-testid="series-name"
            {...form.register('name')}
          />
          <Textarea
            id="series-description"
            label={t('series.fields.description')}
            autosize
            minRows={2}
            maxLength={2000}
            error={errors.description?.message}
            {...form.register('description')}
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput
              id="series-prefix"
              label={t('series.fields.prefix')}
              description={t('series.hints.prefix')}
              maxLength={30}
              error={errors.prefix?.message}
              data-testid="series-prefix"
              {...form.register('prefix')}
            />
            <TextInput
              id="series-separator"
              label={t('series.fields.separator')}
              description={t('series.hints.separator')}
              required
              maxLength={3}
              error={errors.separator?.message}
              data-testid="series-separator"
              {...form.register('separator')}
            />
            <TextInput
              id="series-rejected-prefix"
              label={t('series.fields.rejectedPrefix')}
              maxLength={30}
              error={errors.rejected_prefix?.message}
              data-testid="series-rejected-prefix"
              {...form.register('rejected_prefix')}
            />
          </SimpleGrid>
          <Controller
            control={form.control}
            name="registers"
            render={({ field, fieldState }) => (
              <TagsInput
                ref={field.ref}
                id="series-registers"
                label={t('series.fields.registers')}
                description={t('series.hints.registers')}
                value={field.value}
                onChange={field.onChange}
                maxTags={50}
                clearable
                error={fieldState.error?.message}
              />
            )}
          />
          <Group gap="xl">
            <Controller
              control={form.control}
              name="yearly_reset"
              render={({ field }) => (
                <Toggle
                  id="series-yearly-reset"
                  label={t('series.fields.yearlyReset')}
                  checked={field.value}
                  onChange={field.onChange}
                />
              )}
            />
            <Controller
              control={form.control}
              name="active"
              render={({ field }) => (
                <Toggle id="series-active" label={t('series.fields.active')} checked={field.value} onChange={field.onChange} />
              )}
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
            {values.rejected_prefix?.trim() ? (
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
