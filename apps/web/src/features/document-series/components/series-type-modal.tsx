import type { DocumentSeriesType } from '@ghiseu/domain';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../components/feedback/toast';
import { NameDescriptionModal } from '../../../components/record-modal/name-description-modal';
import { errorCodeOf, validationFieldErrors } from '../../../lib/api-errors';
import { zodResolver } from '../../../lib/validation';
import { useCreateSeriesType, usePatchSeriesType } from '../api/document-series';
import { seriesErrorText } from '../errors';
import {
  type SeriesTypeBody,
  type SeriesTypeValues,
  seriesTypeFormSchema,
  seriesTypePatch,
  seriesTypeValues,
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
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<SeriesTypeValues, unknown, SeriesTypeBody>({
    // The form holds text; the schema's output (trimmed, empty description as null) is the body.
    resolver: zodResolver(seriesTypeFormSchema) as never,
    defaultValues: seriesTypeValues(seriesType),
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when another type opens.
  useEffect(() => {
    if (opened) {
      form.reset(seriesTypeValues(seriesType));
      setFormError(null);
    }
  }, [opened, seriesType?.id]);

  const onSubmit = form.handleSubmit(async (body) => {
    setFormError(null);
    try {
      if (seriesType) {
        const changes = seriesTypePatch(seriesType, body);
        if (Object.keys(changes).length === 0) {
          showToast('info', t('types.unchanged'));
          onClose();
          return;
        }
        await patch.mutateAsync({ id: seriesType.id, patch: changes });
      } else {
        await create.mutateAsync(body);
      }
      showToast('success', t(seriesType ? 'types.saved' : 'types.created', { name: body.name }));
      onClose();
    } catch (error) {
      const fields = validationFieldErrors(error);
      if (errorCodeOf(error) === 'DOCUMENT_SERIES_TYPE_EXISTS' || fields.name) {
        form.setError('name', { type: 'server', message: fields.name ?? seriesErrorText(error) }, { shouldFocus: true });
        return;
      }
      setFormError(seriesErrorText(error));
    }
  });

  return (
    <NameDescriptionModal
      opened={opened}
      onClose={onClose}
      title={seriesType ? t('types.editTitle') : t('types.createTitle')}
      prefix="series-type"
      form={form}
      onSubmit={onSubmit}
      pending={create.isPending || patch.isPending}
      formError={formError}
      labels={{
        name: t('types.fields.name'),
        description: t('types.fields.description'),
        cancel: t('actions.cancel'),
        save: t('actions.save'),
        close: t('actions.close'),
      }}
    />
  );
}
