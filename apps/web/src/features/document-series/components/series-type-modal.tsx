import type { DocumentSeriesType } from '@ghiseu/domain';
import { Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../components/feedback/toast';
import { Notice } from '../../../components/page/notice';
import { useCreateSeriesType, usePatchSeriesType } from '../api/document-series';
import { seriesErrorText } from '../errors';
import { errorCodeOf, validationFieldErrors } from '../../../lib/api-errors';
import {
  type FieldErrors,
  type SeriesTypeValues,
  seriesTypeBody,
  seriesTypePatch,
  seriesTypeValues,
  validateSeriesType,
} from '../form-model';

export interface SeriesTypeModalProps {
  opened: boolean;
  onClose: () => void;
  /** The type being edited; null to add one. */
  seriesType: DocumentSeriesType | null;
}

/** Add or edit a series type (name unique: DOCUMENT_SERIES_TYPE_EXISTS, description). */
export function SeriesTypeModal({ opened, onClose, seriesType }: SeriesTypeModalProps) {
  const { t } = useTranslation('document-series');
  const create = useCreateSeriesType();
  const patch = usePatchSeriesType();
  const [values, setValues] = useState<SeriesTypeValues>(() => seriesTypeValues(seriesType));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when another type opens.
  useEffect(() => {
    if (opened) {
      setValues(seriesTypeValues(seriesType));
      setErrors({});
      setFormError(null);
    }
  }, [opened, seriesType?.id]);

  const set = <K extends keyof SeriesTypeValues>(key: K, value: SeriesTypeValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: '' }));
  };

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const problems = validateSeriesType(values);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    try {
      if (seriesType) {
        const body = seriesTypePatch(seriesType, values);
        if (Object.keys(body).length === 0) {
          showToast('info', t('types.unchanged'));
          onClose();
          return;
        }
        await patch.mutateAsync({ id: seriesType.id, patch: body });
      } else {
        await create.mutateAsync(seriesTypeBody(values));
      }
      showToast('success', t(seriesType ? 'types.saved' : 'types.created', { name: values.name.trim() }));
      onClose();
    } catch (error) {
      const fields = validationFieldErrors(error);
      if (errorCodeOf(error) === 'DOCUMENT_SERIES_TYPE_EXISTS' || fields.name) {
        setErrors({ name: fields.name ?? seriesErrorText(error) });
        return;
      }
      setFormError(seriesErrorText(error));
    }
  };

  const title = seriesType ? t('types.editTitle') : t('types.createTitle');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      <form onSubmit={onSubmit} noValidate aria-label={title} data-testid="series-type-form">
        <Stack gap="md">
          {formError ? <Notice tone="error">{formError}</Notice> : null}
          <TextInput
            id="series-type-name"
            label={t('types.fields.name')}
            required
            maxLength={255}
            data-autofocus
            value={values.name}
            onChange={(event) => set('name', event.currentTarget.value)}
            error={errors.name || undefined}
            data-testid="series-type-name"
          />
          <Textarea
            id="series-type-description"
            label={t('types.fields.description')}
            autosize
            minRows={2}
            maxLength={2000}
            value={values.description}
            onChange={(event) => set('description', event.currentTarget.value)}
            error={errors.description || undefined}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending || patch.isPending} data-testid="series-type-submit">
              {t('actions.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
