import {
  BUILDING_FUNCTION_LABELS,
  BUILDING_FUNCTIONS,
  type BuildingFunction,
  type ControlBuildingBody,
  type ControlDetail,
  IMPORTANCE_CATEGORIES,
  IMPORTANCE_CATEGORY_LABELS,
  type ImportanceCategory,
} from '@ghiseu/domain';
import { Button, Fieldset, Group, Modal, NumberInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../components/feedback/toast';
import { Notice } from '../../../components/page/notice';
import { validationFieldErrors } from '../../../lib/api-errors';
import { useAddBuildingBody, usePatchBuildingBody } from '../api/controls';
import { controlErrorText } from '../errors';
import {
  BODY_COUNT_FIELDS,
  BODY_MEASURE_FIELDS,
  BODY_TEXT_FIELDS,
  type BodyValues,
  bodyBody,
  bodyErrors,
  bodyValues,
} from '../form-model';

export interface BuildingBodyModalProps {
  opened: boolean;
  onClose: () => void;
  control: ControlDetail;
  /** The body being edited; null to add one. */
  body: ControlBuildingBody | null;
}

/** Decimals typed the Romanian way (1.234,50). */
const decimalProps = { decimalSeparator: ',', thousandSeparator: '.', decimalScale: 2, min: 0, allowNegative: false } as const;
const countProps = { min: 0, max: 10_000, allowDecimal: false, allowNegative: false } as const;

const HEIGHTS = ['height_cornice', 'height_ridge'] as const;
const LEVELS = ['levels_below', 'levels_above'] as const;
const AREAS = ['built_area', 'developed_area', 'useful_area', 'living_area'] as const;
const APARTMENTS = BODY_COUNT_FIELDS.filter((f) => f.startsWith('apartments_'));

/**
 * Add or edit a building body found on the site, with every field of the statistical form (spec §3
 * "Building body"): heights, levels and height regime, structure, foundations, roof, heating,
 * finishes, function (CL, CAS, CIE, CA), importance category (A–D), the four areas and the
 * apartments by number of rooms.
 */
export function BuildingBodyModal({ opened, onClose, control, body }: BuildingBodyModalProps) {
  const { t } = useTranslation('controls');
  const add = useAddBuildingBody(control.id);
  const patch = usePatchBuildingBody(control.id);
  const [values, setValues] = useState<BodyValues>(() => bodyValues(body));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when another body opens.
  useEffect(() => {
    if (opened) {
      setValues(bodyValues(body));
      setErrors({});
      setFormError(null);
    }
  }, [opened, body?.id]);

  const set = <K extends keyof BodyValues>(key: K, value: BodyValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: '' }));
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const found = bodyErrors(values);
    if (Object.keys(found).length > 0) {
      setErrors(found);
      return;
    }
    try {
      const request = bodyBody(values, control.version);
      if (body) await patch.mutateAsync({ bodyId: body.id, body: request });
      else await add.mutateAsync(request);
      showToast('success', t(body ? 'bodies.saved' : 'bodies.added', { name: values.name.trim() }));
      onClose();
    } catch (error) {
      const fields = validationFieldErrors(error);
      const known = Object.keys(fields).filter((f) => f in values);
      if (known.length > 0) {
        setErrors(Object.fromEntries(known.map((f) => [f, fields[f]])));
        return;
      }
      setFormError(controlErrorText(error));
    }
  };

  const numberField = (field: (typeof BODY_MEASURE_FIELDS)[number] | (typeof BODY_COUNT_FIELDS)[number]) => (
    <NumberInput
      key={field}
      label={t(`bodies.fields.${field}`)}
      {...((BODY_MEASURE_FIELDS as readonly string[]).includes(field) ? decimalProps : countProps)}
      value={values[field]}
      onChange={(v) => set(field, v)}
      error={errors[field] || undefined}
      data-testid={`body-${field}`}
    />
  );
  const textField = (field: (typeof BODY_TEXT_FIELDS)[number]) => (
    <TextInput
      key={field}
      label={t(`bodies.fields.${field}`)}
      maxLength={field === 'height_regime' ? 50 : 255}
      value={values[field]}
      onChange={(e) => set(field, e.currentTarget.value)}
      error={errors[field] || undefined}
      data-testid={`body-${field}`}
    />
  );

  const title = body ? t('bodies.editTitle', { name: body.name }) : t('bodies.createTitle');
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="xl" closeButtonProps={{ 'aria-label': t('actions.close') }}>
      <form onSubmit={(e) => void submit(e)} noValidate aria-label={title} data-testid="body-form">
        <Stack gap="md">
          {formError ? <Notice tone="error">{formError}</Notice> : null}
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput
              label={t('bodies.fields.name')}
              description={t('bodies.nameHelp')}
              required
              maxLength={200}
              value={values.name}
              onChange={(e) => set('name', e.currentTarget.value)}
              error={errors.name || undefined}
              data-testid="body-name"
            />
            <Select
              label={t('bodies.fields.function')}
              clearable
              clearButtonProps={{ 'aria-label': t('actions.clearFunction') }}
              data={BUILDING_FUNCTIONS.map((value) => ({ value, label: `${value} – ${BUILDING_FUNCTION_LABELS[value]}` }))}
              value={values.function}
              onChange={(v) => set('function', v as BuildingFunction | null)}
              error={errors.function || undefined}
              data-testid="body-function"
            />
            <Select
              label={t('bodies.fields.importance_category')}
              clearable
              clearButtonProps={{ 'aria-label': t('actions.clearCategory') }}
              data={IMPORTANCE_CATEGORIES.map((value) => ({
                value,
                label: `${value} – ${IMPORTANCE_CATEGORY_LABELS[value]}`,
              }))}
              value={values.importance_category}
              onChange={(v) => set('importance_category', v as ImportanceCategory | null)}
              error={errors.importance_category || undefined}
              data-testid="body-importance"
            />
          </SimpleGrid>
          <Fieldset legend={t('bodies.sections.height')}>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              {HEIGHTS.map(numberField)}
              {textField('height_regime')}
              {LEVELS.map(numberField)}
            </SimpleGrid>
          </Fieldset>
          <Fieldset legend={t('bodies.sections.structure')}>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              {BODY_TEXT_FIELDS.filter((f) => f !== 'height_regime').map(textField)}
            </SimpleGrid>
          </Fieldset>
          <Fieldset legend={t('bodies.sections.areas')}>
            <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>{AREAS.map(numberField)}</SimpleGrid>
          </Fieldset>
          <Fieldset legend={t('bodies.sections.apartments')}>
            <SimpleGrid cols={{ base: 1, sm: 3, md: 5 }}>{APARTMENTS.map(numberField)}</SimpleGrid>
          </Fieldset>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={add.isPending || patch.isPending} data-testid="body-save">
              {t('actions.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
