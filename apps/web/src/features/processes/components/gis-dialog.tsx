import {
  GIS_COMPLETION_LABELS,
  GIS_COMPLETION_METHODS,
  GIS_INTERSECTION_LABELS,
  GIS_INTERSECTION_TYPES,
  type Organisation,
} from '@ghiseu/domain';
import { ActionIcon, Button, Group, Modal, Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useMemo } from 'react';
import { Controller, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { zodResolver } from '../../../lib/validation';
import type { EditorStep } from '../step-model';

export interface GisDialogProps {
  opened: boolean;
  onClose: () => void;
  step: EditorStep | null;
  organisations: Organisation[];
  onApply: (mappings: EditorStep['gis_mappings']) => void;
}

function schemaFor(messages: { required: string; manual: string }) {
  const text = z.string().trim().min(1, { error: messages.required }).max(255);
  return z.object({
    mappings: z.array(
      z
        .object({
          organisation_id: z.string().nullable(),
          layer: text,
          sublayer: z.string().max(255),
          gis_attribute: text,
          metadata_name: text,
          intersection_type: z.enum(GIS_INTERSECTION_TYPES),
          completion_method: z.enum(GIS_COMPLETION_METHODS),
          manual_value: z.string().max(255),
        })
        .superRefine((m, ctx) => {
          if (m.completion_method === 'manual' && !m.manual_value.trim())
            ctx.addIssue({ code: 'custom', path: ['manual_value'], message: messages.manual });
        }),
    ),
  });
}
type Values = z.infer<ReturnType<typeof schemaFor>>;

const valuesOf = (step: EditorStep | null): Values => ({
  mappings: (step?.gis_mappings ?? []).map((m) => ({
    organisation_id: m.organisation_id ? String(m.organisation_id) : null,
    layer: m.layer,
    sublayer: m.sublayer ?? '',
    gis_attribute: m.gis_attribute,
    metadata_name: m.metadata_name,
    intersection_type: m.intersection_type,
    completion_method: m.completion_method,
    manual_value: m.manual_value ?? '',
  })),
});

/**
 * The GIS-intersection settings of a step (spec §2: one dialog per step): for a layer and
 * sublayer of an organisation, which GIS attribute fills which metadata, for which kind of
 * intersection, from the GIS value or a manual one. Stored now; evaluated once the atlas exists.
 */
export function GisDialog({ opened, onClose, step, organisations, onApply }: GisDialogProps) {
  const { t } = useTranslation('processes');
  const schema = useMemo(() => schemaFor({ required: t('step.required'), manual: t('gis.manualRequired') }), [t]);
  // Checked on 'Aplicați' (then on every change): a check on leaving a field re-rendered the rows under the
  // pointer, and the click on 'Aplicați' that caused the blur was lost.
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: valuesOf(step), mode: 'onSubmit' });
  const rows = useFieldArray({ control: form.control, name: 'mappings' });
  const watched = useWatch({ control: form.control, name: 'mappings' });
  const { errors } = form.formState;

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when another step opens.
  useEffect(() => {
    if (opened) form.reset(valuesOf(step));
  }, [opened, step]);

  const onSubmit = form.handleSubmit((values) =>
    onApply(
      values.mappings.map((m) => ({
        organisation_id: m.organisation_id ? Number(m.organisation_id) : null,
        layer: m.layer.trim(),
        sublayer: m.sublayer.trim() || null,
        gis_attribute: m.gis_attribute.trim(),
        metadata_name: m.metadata_name.trim(),
        intersection_type: m.intersection_type,
        completion_method: m.completion_method,
        manual_value: m.completion_method === 'manual' ? m.manual_value.trim() : null,
      })),
    ),
  );

  const organisationOptions = organisations.map((o) => ({ value: String(o.id), label: o.name }));

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="60rem"
      title={t('gis.title', { name: step?.name ?? '' })}
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      <form onSubmit={onSubmit} noValidate data-testid="gis-form">
        <Stack gap="md">
          <Text size="sm" c="gray.7">
            {t('gis.hint')}
          </Text>
          {rows.fields.length === 0 ? <Text size="sm">{t('gis.empty')}</Text> : null}
          {rows.fields.map((item, i) => {
            const rowErrors = errors.mappings?.[i];
            const manual = watched?.[i]?.completion_method === 'manual';
            return (
              <Paper
                key={item.id}
                withBorder
                p="sm"
                radius="md"
                component="fieldset"
                style={{ margin: 0 }}
                data-testid={`gis-${i}`}
              >
                <Group justify="space-between" mb="xs">
                  <Text component="legend" fw={600} size="sm">
                    {t('gis.item', { n: i + 1 })}
                  </Text>
                  <ActionIcon
                    variant="subtle"
                    color="red.9"
                    aria-label={t('gis.remove', { n: i + 1 })}
                    onClick={() => rows.remove(i)}
                  >
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                </Group>
                <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm">
                  <Controller
                    control={form.control}
                    name={`mappings.${i}.organisation_id`}
                    render={({ field }) => (
                      <Select
                        label={t('gis.organisation')}
                        data={organisationOptions}
                        value={field.value}
                        onChange={field.onChange}
                        clearable
                        searchable
                        comboboxProps={{ withinPortal: true }}
                      />
                    )}
                  />
                  <TextInput
                    label={t('gis.layer')}
                    required
                    {...form.register(`mappings.${i}.layer`)}
                    error={rowErrors?.layer?.message}
                  />
                  <TextInput label={t('gis.sublayer')} {...form.register(`mappings.${i}.sublayer`)} />
                  <TextInput
                    label={t('gis.attribute')}
                    required
                    {...form.register(`mappings.${i}.gis_attribute`)}
                    error={rowErrors?.gis_attribute?.message}
                  />
                  <TextInput
                    label={t('gis.metadata')}
                    required
                    {...form.register(`mappings.${i}.metadata_name`)}
                    error={rowErrors?.metadata_name?.message}
                  />
                  <Controller
                    control={form.control}
                    name={`mappings.${i}.intersection_type`}
                    render={({ field }) => (
                      <Select
                        label={t('gis.intersection')}
                        data={GIS_INTERSECTION_TYPES.map((value) => ({ value, label: GIS_INTERSECTION_LABELS[value] }))}
                        value={field.value}
                        onChange={(value) => field.onChange(value ?? 'total')}
                        allowDeselect={false}
                        comboboxProps={{ withinPortal: true }}
                      />
                    )}
                  />
                  <Controller
                    control={form.control}
                    name={`mappings.${i}.completion_method`}
                    render={({ field }) => (
                      <Select
                        label={t('gis.completion')}
                        data={GIS_COMPLETION_METHODS.map((value) => ({ value, label: GIS_COMPLETION_LABELS[value] }))}
                        value={field.value}
                        onChange={(value) => field.onChange(value ?? 'gis_value')}
                        allowDeselect={false}
                        comboboxProps={{ withinPortal: true }}
                      />
                    )}
                  />
                  {manual ? (
                    <TextInput
                      label={t('gis.manualValue')}
                      required
                      {...form.register(`mappings.${i}.manual_value`)}
                      error={rowErrors?.manual_value?.message}
                    />
                  ) : null}
                </SimpleGrid>
              </Paper>
            );
          })}
          <Group justify="space-between">
            <Button
              variant="default"
              size="xs"
              leftSection={<IconPlus size={14} aria-hidden />}
              onClick={() =>
                rows.append({
                  organisation_id: null,
                  layer: '',
                  sublayer: '',
                  gis_attribute: '',
                  metadata_name: '',
                  intersection_type: 'total',
                  completion_method: 'gis_value',
                  manual_value: '',
                })
              }
              data-testid="gis-add"
            >
              {t('gis.add')}
            </Button>
            <Group>
              <Button variant="default" onClick={onClose}>
                {t('actions.cancel')}
              </Button>
              <Button type="submit" data-testid="gis-apply">
                {t('step.apply')}
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
