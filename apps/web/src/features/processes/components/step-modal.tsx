import {
  APPLICATION_STATUS_LABELS,
  APPLICATION_STATUSES,
  CONDITION_OPERATOR_LABELS,
  CONDITION_OPERATORS,
  CONDITION_SOURCE_LABELS,
  CONDITION_SOURCES,
  STEP_ACTION_TYPE_LABELS,
  STEP_ACTION_TYPES,
  STEP_FILE_STATUSES,
  STEP_FILE_TYPES,
  STEP_STAFF_ACTION_LABELS,
  STEP_STAFF_ACTIONS,
  VALUELESS_OPERATORS,
} from '@ghiseu/domain';
import {
  ActionIcon,
  Button,
  Checkbox,
  Divider,
  Group,
  Modal,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useMemo } from 'react';
import { Controller, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { zodResolver } from '../../../lib/validation';
import type { EditorStep } from '../step-model';

export interface StepModalProps {
  opened: boolean;
  onClose: () => void;
  /** The step edited, its place, and the whole list (for targets and uniqueness). */
  step: EditorStep | null;
  index: number;
  steps: readonly EditorStep[];
  functions: { value: string; label: string }[];
  onApply: (step: EditorStep) => void;
}

const KEY = /^[a-z0-9][a-z0-9_-]{0,39}$/;
const nullable = z.string().nullable();

function schemaFor(others: readonly EditorStep[], messages: Record<string, string>) {
  const keys = new Set(others.map((s) => s.key));
  const names = new Set(others.map((s) => s.name.trim().toLocaleLowerCase('ro-RO')));
  return z
    .object({
      name: z.string().trim().min(1, { error: messages.required }).max(255),
      key: z.string().trim().regex(KEY, { error: messages.keyInvalid }),
      is_start: z.boolean(),
      action_type: z.enum(STEP_ACTION_TYPES),
      action_name: nullable,
      function_id: nullable,
      application_status: nullable,
      next_step_key: nullable,
      return_step_key: nullable,
      conditions: z.array(
        z.object({
          source: z.enum(CONDITION_SOURCES),
          field: z.string(),
          operator: z.enum(CONDITION_OPERATORS),
          value: z.string(),
          next_step_key: z.string().min(1, { error: messages.required }),
        }),
      ),
      file_type: nullable,
      file_status: nullable,
      extra_document_template_id: z.string().regex(/^\d{0,9}$/),
      generated_file_public: z.boolean(),
      sign_by_assigned_user: z.boolean(),
      sign_with_visa: z.boolean(),
      visa_series_type_id: z.string().regex(/^\d{0,9}$/),
    })
    .superRefine((values, ctx) => {
      if (keys.has(values.key.trim())) ctx.addIssue({ code: 'custom', path: ['key'], message: messages.keyTaken });
      if (names.has(values.name.trim().toLocaleLowerCase('ro-RO')))
        ctx.addIssue({ code: 'custom', path: ['name'], message: messages.nameTaken });
      if (values.action_type === 'staff_action' && !values.action_name)
        ctx.addIssue({ code: 'custom', path: ['action_name'], message: messages.required });
      values.conditions.forEach((c, i) => {
        if (c.source === 'form_field' && !c.field.trim())
          ctx.addIssue({ code: 'custom', path: ['conditions', i, 'field'], message: messages.required });
        if (!VALUELESS_OPERATORS.includes(c.operator) && !c.value.trim())
          ctx.addIssue({ code: 'custom', path: ['conditions', i, 'value'], message: messages.required });
      });
    });
}

type Values = z.infer<ReturnType<typeof schemaFor>>;

const str = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));

function valuesOf(step: EditorStep): Values {
  return {
    name: step.name,
    key: step.key,
    is_start: step.is_start,
    action_type: step.action_type,
    action_name: step.action_name,
    function_id: step.function_id === null ? null : String(step.function_id),
    application_status: step.application_status,
    next_step_key: step.next_step_key,
    return_step_key: step.return_step_key,
    conditions: step.conditions.map((c) => ({
      source: c.source,
      field: c.field ?? '',
      operator: c.operator,
      value: c.value ?? '',
      next_step_key: c.next_step_key,
    })),
    file_type: step.file_type,
    file_status: step.file_status,
    extra_document_template_id: str(step.extra_document_template_id),
    generated_file_public: step.generated_file_public,
    sign_by_assigned_user: step.sign_by_assigned_user,
    sign_with_visa: step.sign_with_visa,
    visa_series_type_id: str(step.visa_series_type_id),
  };
}

const idOrNull = (value: string | null) => (value ? Number(value) : null);

/**
 * The dialog of one step: every field of spec §3 Process step, in three sections (the action
 * and who acts, the routing with its conditional routes, documents and signing). The GIS
 * settings have their own dialog. Checked here with the server's structural rules; applied to
 * the editor's list, saved with the list.
 */
export function StepModal({ opened, onClose, step, index, steps, functions, onApply }: StepModalProps) {
  const { t } = useTranslation('processes');
  const messages = useMemo(
    () => ({
      required: t('step.required'),
      keyInvalid: t('step.keyInvalid'),
      keyTaken: t('step.keyTaken'),
      nameTaken: t('step.nameTaken'),
    }),
    [t],
  );
  const others = useMemo(() => steps.filter((_, i) => i !== index), [steps, index]);
  const schema = useMemo(() => schemaFor(others, messages), [others, messages]);
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: step ? valuesOf(step) : undefined,
    mode: 'onTouched',
  });
  const conditions = useFieldArray({ control: form.control, name: 'conditions' });
  const actionType = useWatch({ control: form.control, name: 'action_type' });
  const watchedConditions = useWatch({ control: form.control, name: 'conditions' });
  const { errors } = form.formState;

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when another step opens.
  useEffect(() => {
    if (opened && step) form.reset(valuesOf(step));
  }, [opened, step, index]);

  const targets = others.map((s) => ({ value: s.key, label: s.name || s.key }));
  const returnTargets = steps.map((s) => ({ value: s.key, label: s.name || s.key }));

  const onSubmit = form.handleSubmit((values) => {
    if (!step) return;
    onApply({
      ...step,
      name: values.name.trim(),
      key: values.key.trim(),
      is_start: values.is_start,
      action_type: values.action_type,
      action_name: values.action_name?.trim() || null,
      function_id: idOrNull(values.function_id),
      application_status: (values.application_status as EditorStep['application_status']) ?? null,
      next_step_key: values.next_step_key,
      return_step_key: values.return_step_key,
      conditions: values.conditions.map((c) => ({
        source: c.source,
        field: c.source === 'form_field' ? c.field.trim() : null,
        operator: c.operator,
        value: VALUELESS_OPERATORS.includes(c.operator) ? null : c.value.trim(),
        next_step_key: c.next_step_key,
      })),
      file_type: (values.file_type as EditorStep['file_type']) ?? null,
      file_status: (values.file_status as EditorStep['file_status']) ?? null,
      extra_document_template_id: idOrNull(values.extra_document_template_id),
      generated_file_public: values.generated_file_public,
      sign_by_assigned_user: values.sign_by_assigned_user,
      sign_with_visa: values.sign_with_visa,
      visa_series_type_id: idOrNull(values.visa_series_type_id),
    });
  });

  const select = (
    name:
      | 'action_name'
      | 'function_id'
      | 'application_status'
      | 'next_step_key'
      | 'return_step_key'
      | 'file_type'
      | 'file_status',
    label: string,
    data: { value: string; label: string }[],
    extra: { description?: string; placeholder?: string; required?: boolean } = {},
  ) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <Select
          id={`step-${name}`}
          label={label}
          data={data}
          value={field.value ?? null}
          onChange={(value) => field.onChange(value)}
          onBlur={field.onBlur}
          clearable={!extra.required}
          searchable
          error={errors[name]?.message}
          description={extra.description}
          placeholder={extra.placeholder}
          required={extra.required}
          comboboxProps={{ withinPortal: true }}
        />
      )}
    />
  );

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="60rem"
      title={step?.name ? t('step.dialogTitle', { name: step.name }) : t('step.newDialogTitle')}
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      <form onSubmit={onSubmit} noValidate data-testid="step-form">
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              id="step-name"
              label={t('step.name')}
              required
              {...form.register('name')}
              error={errors.name?.message}
              data-autofocus
            />
            <TextInput
              id="step-key"
              label={t('step.key')}
              description={t('step.keyHint')}
              required
              {...form.register('key')}
              error={errors.key?.message}
            />
          </SimpleGrid>
          <Checkbox id="step-is-start" label={t('step.isStart')} {...form.register('is_start')} />

          <Divider
            label={
              <Title order={3} size="h5">
                {t('step.sectionAction')}
              </Title>
            }
            labelPosition="left"
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Controller
              control={form.control}
              name="action_type"
              render={({ field }) => (
                <Select
                  id="step-action-type"
                  label={t('step.actionType')}
                  data={STEP_ACTION_TYPES.map((value) => ({ value, label: STEP_ACTION_TYPE_LABELS[value] }))}
                  value={field.value}
                  onChange={(value) => field.onChange(value ?? 'staff_action')}
                  allowDeselect={false}
                  comboboxProps={{ withinPortal: true }}
                />
              )}
            />
            {actionType === 'staff_action' ? (
              select(
                'action_name',
                t('step.actionName'),
                STEP_STAFF_ACTIONS.map((value) => ({ value, label: STEP_STAFF_ACTION_LABELS[value] })),
                { required: true },
              )
            ) : (
              <TextInput
                id="step-action_name"
                label={t('step.documentAction')}
                description={t('step.documentActionHint')}
                {...form.register('action_name', { setValueAs: (v: string) => v || null })}
              />
            )}
            {select('function_id', t('step.function'), functions, {
              description: t('step.functionHint'),
              placeholder: t('step.noValue'),
            })}
            {select(
              'application_status',
              t('step.status'),
              APPLICATION_STATUSES.filter((s) => s !== 'DRAFT').map((value) => ({
                value,
                label: APPLICATION_STATUS_LABELS[value],
              })),
              { placeholder: t('step.statusKeep') },
            )}
          </SimpleGrid>

          <Divider
            label={
              <Title order={3} size="h5">
                {t('step.sectionRouting')}
              </Title>
            }
            labelPosition="left"
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {select('next_step_key', t('step.next'), targets, { placeholder: t('step.nextNone') })}
            {select('return_step_key', t('step.return'), returnTargets, {
              description: t('step.returnHint'),
              placeholder: t('step.noValue'),
            })}
          </SimpleGrid>
          <Paper withBorder p="sm" radius="md" component="fieldset" aria-describedby="step-conditions-hint" style={{ margin: 0 }}>
            <Text component="legend" fw={600} size="sm" px={4}>
              {t('step.conditions')}
            </Text>
            <Text size="xs" c="gray.7" id="step-conditions-hint" mb="xs">
              {t('step.conditionsHint')}
            </Text>
            <Stack gap="xs" data-testid="step-conditions">
              {conditions.fields.map((item, i) => {
                const source = watchedConditions?.[i]?.source;
                const operator = watchedConditions?.[i]?.operator;
                const rowErrors = errors.conditions?.[i];
                return (
                  <Group key={item.id} align="flex-start" gap="xs" wrap="wrap" data-testid={`condition-${i}`}>
                    <Controller
                      control={form.control}
                      name={`conditions.${i}.source`}
                      render={({ field }) => (
                        <Select
                          label={t('step.conditionSource')}
                          data={CONDITION_SOURCES.map((value) => ({ value, label: CONDITION_SOURCE_LABELS[value] }))}
                          value={field.value}
                          onChange={(value) => field.onChange(value ?? 'form_field')}
                          allowDeselect={false}
                          w={190}
                          comboboxProps={{ withinPortal: true }}
                        />
                      )}
                    />
                    {source === 'form_field' ? (
                      <TextInput
                        label={t('step.conditionField')}
                        {...form.register(`conditions.${i}.field`)}
                        error={rowErrors?.field?.message}
                        w={150}
                      />
                    ) : null}
                    <Controller
                      control={form.control}
                      name={`conditions.${i}.operator`}
                      render={({ field }) => (
                        <Select
                          label={t('step.conditionOperator')}
                          data={CONDITION_OPERATORS.map((value) => ({ value, label: CONDITION_OPERATOR_LABELS[value] }))}
                          value={field.value}
                          onChange={(value) => field.onChange(value ?? 'eq')}
                          allowDeselect={false}
                          w={170}
                          comboboxProps={{ withinPortal: true }}
                        />
                      )}
                    />
                    {operator && VALUELESS_OPERATORS.includes(operator) ? null : (
                      <TextInput
                        label={t('step.conditionValue')}
                        {...form.register(`conditions.${i}.value`)}
                        error={rowErrors?.value?.message}
                        w={150}
                      />
                    )}
                    <Controller
                      control={form.control}
                      name={`conditions.${i}.next_step_key`}
                      render={({ field }) => (
                        <Select
                          label={t('step.conditionTarget')}
                          data={targets}
                          value={field.value || null}
                          onChange={(value) => field.onChange(value ?? '')}
                          error={rowErrors?.next_step_key?.message}
                          w={180}
                          comboboxProps={{ withinPortal: true }}
                        />
                      )}
                    />
                    <ActionIcon
                      variant="subtle"
                      color="red.9"
                      mt={26}
                      aria-label={t('step.removeCondition', { n: i + 1 })}
                      onClick={() => conditions.remove(i)}
                    >
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  </Group>
                );
              })}
              <Group>
                <Button
                  variant="default"
                  size="xs"
                  leftSection={<IconPlus size={14} aria-hidden />}
                  onClick={() =>
                    conditions.append({ source: 'form_field', field: '', operator: 'eq', value: '', next_step_key: '' })
                  }
                  data-testid="condition-add"
                >
                  {t('step.addCondition')}
                </Button>
              </Group>
            </Stack>
          </Paper>

          <Divider
            label={
              <Title order={3} size="h5">
                {t('step.sectionDocuments')}
              </Title>
            }
            labelPosition="left"
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {select(
              'file_type',
              t('step.fileType'),
              STEP_FILE_TYPES.map((value) => ({ value, label: t(`fileTypes.${value}`) })),
              { placeholder: t('step.noValue') },
            )}
            {select(
              'file_status',
              t('step.fileStatus'),
              STEP_FILE_STATUSES.map((value) => ({ value, label: t(`fileStatuses.${value}`) })),
              { placeholder: t('step.noValue') },
            )}
            <TextInput
              id="step-template"
              label={t('step.templateId')}
              inputMode="numeric"
              {...form.register('extra_document_template_id')}
              error={errors.extra_document_template_id ? t('step.required') : undefined}
            />
            <TextInput
              id="step-visa-series"
              label={t('step.visaSeriesType')}
              inputMode="numeric"
              {...form.register('visa_series_type_id')}
              error={errors.visa_series_type_id ? t('step.required') : undefined}
            />
          </SimpleGrid>
          <Stack gap="xs">
            <Checkbox id="step-generated-public" label={t('step.generatedPublic')} {...form.register('generated_file_public')} />
            <Checkbox id="step-sign-assigned" label={t('step.signByAssigned')} {...form.register('sign_by_assigned_user')} />
            <Checkbox id="step-sign-visa" label={t('step.signWithVisa')} {...form.register('sign_with_visa')} />
          </Stack>

          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" data-testid="step-apply">
              {t('step.apply')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
