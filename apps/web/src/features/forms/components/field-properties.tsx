import {
  ATTACHMENT_MIME_TYPES,
  COMPUTED_OPERATIONS,
  type FormDefinition,
  FORM_FIELD_TYPE_LABELS,
  FIELD_WIDTHS,
  MAX_FILES_PER_ATTACHMENT,
} from '@ghiseu/domain';
import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  MultiSelect,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  TagsInput,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DateInput } from '../../../components/inputs/date-input';
import {
  type AnyField,
  addOption,
  type ConditionMode,
  conditionCandidates,
  conditionMode,
  conditionRule,
  type FieldIssue,
  type FieldPath,
  hasOptions,
  issueFor,
  moveOption,
  operandCandidates,
  pathId,
  removeOption,
  updateOption,
} from '../builder-model';
import { mimeTypeName } from '../mime-names';

export interface FieldPropertiesProps {
  definition: FormDefinition;
  path: FieldPath;
  field: AnyField;
  issues: readonly FieldIssue[] | undefined;
  readOnly: boolean;
  /** Merges properties into the field (`undefined` removes one). */
  onChange: (patch: Record<string, unknown>) => void;
  /** Changes the label (the key may follow it). */
  onLabel: (label: string) => void;
}

/** A number or undefined from Mantine's NumberInput value ('' when cleared). */
const numberOrUndefined = (value: string | number): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;
const textOrUndefined = (value: string): string | undefined => (value === '' ? undefined : value);

/**
 * Every property of the selected field, by its type (the zod schemas of `fields.ts`), each input
 * with the structural problem reported on its path.
 */
export function FieldProperties({ definition, path, field, issues, readOnly, onChange, onLabel }: FieldPropertiesProps) {
  const { t } = useTranslation('forms');
  const id = (name: string) => `field-${pathId(path).replace(/\./g, '-')}-${name}`;
  const error = (property: string, nested = false) => issueFor(issues, property, nested);
  const f = field as AnyField & Record<string, unknown>;
  const hasRequired = field.type !== 'section_title' && field.type !== 'computed';

  const num = (name: string, options: { min?: number; max?: number; decimals?: boolean } = {}) => (
    <NumberInput
      key={name}
      id={id(name)}
      label={t(`props.${name}`)}
      value={(f[name] as number | undefined) ?? ''}
      onChange={(value) => onChange({ [name]: numberOrUndefined(value) })}
      min={options.min}
      max={options.max}
      allowDecimal={options.decimals ?? false}
      decimalSeparator=","
      error={error(name)}
    />
  );
  const text = (name: string, description?: string) => (
    <TextInput
      key={name}
      id={id(name)}
      label={t(`props.${name}`)}
      description={description}
      value={(f[name] as string | undefined) ?? ''}
      onChange={(e) => onChange({ [name]: textOrUndefined(e.currentTarget.value) })}
      error={error(name)}
    />
  );
  const check = (name: string) => (
    <Checkbox
      key={name}
      id={id(name)}
      label={t(`props.${name}`)}
      checked={Boolean(f[name])}
      onChange={(e) => onChange({ [name]: e.currentTarget.checked })}
      error={error(name)}
    />
  );
  const date = (name: string) => (
    <DateInput
      key={name}
      id={id(name)}
      label={t(`props.${name}`)}
      value={(f[name] as string | undefined) ?? null}
      onChange={(value) => onChange({ [name]: value ?? undefined })}
      error={error(name)}
      clearable
    />
  );

  const own: ReactNode[] = [];
  switch (field.type) {
    case 'text':
      own.push(
        text('placeholder'),
        <SimpleGrid key="len" cols={2}>
          {num('minLength', { min: 0 })}
          {num('maxLength', { min: 1 })}
        </SimpleGrid>,
        <Select
          key="mode"
          id={id('mode')}
          label={t('props.mode')}
          data={['any', 'digits', 'letters', 'lettersAndDigits'].map((value) => ({ value, label: t(`modes.${value}`) }))}
          value={field.mode}
          onChange={(value) => onChange({ mode: value ?? 'any' })}
          allowDeselect={false}
          error={error('mode')}
        />,
        text('pattern', t('props.patternHint')),
        text('patternMessage'),
      );
      break;
    case 'textarea':
      own.push(
        text('placeholder'),
        <SimpleGrid key="len" cols={2}>
          {num('maxLength', { min: 1, max: 10_000 })}
          {num('rows', { min: 2, max: 20 })}
        </SimpleGrid>,
      );
      break;
    case 'number':
    case 'decimal':
      own.push(
        text('placeholder'),
        text('unit'),
        <SimpleGrid key="range" cols={2}>
          {num('min', { decimals: true })}
          {num('max', { decimals: true })}
        </SimpleGrid>,
        field.type === 'number' ? check('integer') : num('decimals', { min: 0, max: 2 }),
      );
      break;
    case 'date':
      own.push(
        <SimpleGrid key="dates" cols={{ base: 1, sm: 2 }}>
          {date('minDate')}
          {date('maxDate')}
        </SimpleGrid>,
        check('notInFuture'),
      );
      break;
    case 'select':
    case 'radio':
    case 'checkboxes':
      if (field.type === 'select') own.push(text('placeholder'));
      own.push(
        <OptionsEditor
          key="options"
          idPrefix={id('option')}
          options={field.options}
          issues={issues}
          readOnly={readOnly}
          onChange={(options) => onChange({ options })}
        />,
      );
      if (field.type === 'checkboxes')
        own.push(
          <SimpleGrid key="sel" cols={2}>
            {num('minSelected', { min: 0 })}
            {num('maxSelected', { min: 1 })}
          </SimpleGrid>,
        );
      break;
    case 'cadastral_number':
      own.push(text('placeholder'));
      break;
    case 'real_estate_target':
    case 'beneficiaries':
      own.push(
        <SimpleGrid key="items" cols={2}>
          {num('minItems', { min: 0, max: 100 })}
          {num('maxItems', { min: 1, max: 100 })}
        </SimpleGrid>,
      );
      break;
    case 'attachments':
      own.push(
        <TextInput
          key="documentType"
          id={id('documentType')}
          label={t('props.documentType')}
          value={field.documentType}
          onChange={(e) => onChange({ documentType: e.currentTarget.value })}
          error={error('documentType')}
          required
        />,
        <SimpleGrid key="files" cols={2}>
          {num('minFiles', { min: 0, max: MAX_FILES_PER_ATTACHMENT })}
          {num('maxFiles', { min: 1, max: MAX_FILES_PER_ATTACHMENT })}
        </SimpleGrid>,
        <MultiSelect
          key="accept"
          id={id('accept')}
          label={t('props.accept')}
          data={ATTACHMENT_MIME_TYPES.map((value) => ({ value, label: mimeTypeName(value) }))}
          value={field.accept}
          onChange={(accept) => onChange({ accept })}
          error={error('accept', true)}
        />,
      );
      break;
    case 'repeatable_group':
      own.push(
        text('itemLabel'),
        <SimpleGrid key="items" cols={2}>
          {num('minItems', { min: 0, max: 100 })}
          {num('maxItems', { min: 1, max: 100 })}
        </SimpleGrid>,
        <Text key="children" size="sm" c="gray.7">
          {t('props.groupFieldsHint', { count: field.fields.length })}
        </Text>,
      );
      if (error('fields'))
        own.push(
          <Text key="fields-error" size="sm" c="red.9">
            {error('fields')}
          </Text>,
        );
      break;
    case 'computed': {
      const candidates = operandCandidates(definition, path);
      const known = new Set(candidates.map((c) => c.value));
      own.push(
        <Select
          key="operation"
          id={id('operation')}
          label={t('props.operation')}
          data={COMPUTED_OPERATIONS.map((value) => ({ value, label: t(`operations.${value}`) }))}
          value={field.operation}
          onChange={(value) => onChange({ operation: value ?? 'sum' })}
          allowDeselect={false}
          error={error('operation')}
        />,
        <MultiSelect
          key="operands"
          id={id('operands')}
          label={t('props.operands')}
          description={t('props.operandsHint')}
          data={[
            ...candidates,
            ...field.operands
              .filter((o) => !known.has(o))
              .map((value) => ({ value, label: t('props.missingOperand', { key: value }) })),
          ]}
          value={field.operands}
          onChange={(operands) => onChange({ operands })}
          error={error('operands', true)}
          nothingFoundMessage={t('props.noOperands')}
        />,
        text('unit'),
        num('decimals', { min: 0, max: 4 }),
      );
      if (candidates.length === 0)
        own.push(
          <Text key="no-operands" size="sm" c="gray.7">
            {t('props.noOperands')}
          </Text>,
        );
      break;
    }
    default:
      break;
  }

  const unmapped = (issues ?? []).filter(
    (i) => !KNOWN_PROPERTIES.some((p) => i.property === p || i.property.startsWith(`${p}.`)),
  );

  return (
    <Stack gap="sm" data-testid="field-properties">
      <Title order={2} size="h4">
        {t('props.title', { type: FORM_FIELD_TYPE_LABELS[field.type] })}
      </Title>
      {unmapped.map((issue) => (
        <Text key={`${issue.property}-${issue.message}`} size="sm" c="red.9" role="alert">
          {issue.message}
        </Text>
      ))}
      {/* A fieldset disables every input at once in read-only mode. */}
      <fieldset disabled={readOnly} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <Stack gap="sm">
          <TextInput
            id={id('label')}
            label={t('props.label')}
            value={field.label}
            onChange={(e) => onLabel(e.currentTarget.value)}
            error={error('label')}
            required
            data-testid="field-label"
          />
          <TextInput
            id={id('key')}
            label={t('props.key')}
            description={t('props.keyHint')}
            value={field.key}
            onChange={(e) => onChange({ key: e.currentTarget.value.trim() })}
            error={error('key')}
            required
            data-testid="field-key"
          />
          <Textarea
            id={id('description')}
            label={t('props.description')}
            value={field.description ?? ''}
            onChange={(e) => onChange({ description: textOrUndefined(e.currentTarget.value) })}
            error={error('description')}
            autosize
            minRows={2}
          />
          <Group grow align="flex-start">
            <Select
              id={id('width')}
              label={t('props.width')}
              data={FIELD_WIDTHS.map((value) => ({ value, label: t(`widths.${value}`) }))}
              value={field.width}
              onChange={(value) => onChange({ width: value ?? 'full' })}
              allowDeselect={false}
            />
          </Group>
          {hasRequired ? check('required') : null}
          {own}
          <ConditionEditor
            definition={definition}
            path={path}
            field={field}
            idPrefix={id('visible')}
            issues={issues}
            onChange={(visibleWhen) => onChange({ visibleWhen })}
          />
        </Stack>
      </fieldset>
    </Stack>
  );
}

/** Properties every panel shows an input for (others' problems are listed at the top). */
const KNOWN_PROPERTIES = [
  'label',
  'key',
  'description',
  'width',
  'required',
  'placeholder',
  'unit',
  'minLength',
  'maxLength',
  'pattern',
  'patternMessage',
  'mode',
  'rows',
  'min',
  'max',
  'integer',
  'decimals',
  'minDate',
  'maxDate',
  'notInFuture',
  'options',
  'minSelected',
  'maxSelected',
  'minItems',
  'maxItems',
  'documentType',
  'minFiles',
  'maxFiles',
  'accept',
  'itemLabel',
  'fields',
  'operation',
  'operands',
  'visibleWhen',
];

interface OptionsEditorProps {
  idPrefix: string;
  options: { value: string; label: string }[];
  issues: readonly FieldIssue[] | undefined;
  readOnly: boolean;
  onChange: (options: { value: string; label: string }[]) => void;
}

/** The rows of a choice field: label and stored value, added, removed and reordered. */
function OptionsEditor({ idPrefix, options, issues, readOnly, onChange }: OptionsEditorProps) {
  const { t } = useTranslation('forms');
  return (
    <Paper withBorder p="sm" radius="sm">
      <Stack gap="xs">
        <Title order={3} size="h5">
          {t('options.title')}
        </Title>
        {issueFor(issues, 'options') ? (
          <Text size="sm" c="red.9">
            {issueFor(issues, 'options')}
          </Text>
        ) : null}
        {options.map((option, index) => {
          const n = index + 1;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional; values may repeat while typed.
            <Group key={index} gap="xs" align="flex-start" wrap="nowrap" data-testid={`option-row-${index}`}>
              <TextInput
                id={`${idPrefix}-${index}-label`}
                aria-label={t('options.label', { n })}
                placeholder={t('options.labelPlaceholder')}
                value={option.label}
                onChange={(e) => onChange(updateOption(options, index, { label: e.currentTarget.value }))}
                error={issueFor(issues, `options.${index}.label`)}
                style={{ flex: 2 }}
              />
              <TextInput
                id={`${idPrefix}-${index}-value`}
                aria-label={t('options.value', { n })}
                placeholder={t('options.valuePlaceholder')}
                value={option.value}
                onChange={(e) => onChange(updateOption(options, index, { value: e.currentTarget.value }))}
                error={issueFor(issues, `options.${index}.value`)}
                style={{ flex: 1 }}
              />
              {readOnly ? null : (
                <Group gap={2} wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    color="gray.8"
                    aria-label={t('options.up', { n })}
                    disabled={index === 0}
                    onClick={() => onChange(moveOption(options, index, -1))}
                  >
                    <IconArrowUp size={16} aria-hidden />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="gray.8"
                    aria-label={t('options.down', { n })}
                    disabled={index === options.length - 1}
                    onClick={() => onChange(moveOption(options, index, 1))}
                  >
                    <IconArrowDown size={16} aria-hidden />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red.9"
                    aria-label={t('options.remove', { n })}
                    onClick={() => onChange(removeOption(options, index))}
                  >
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                </Group>
              )}
            </Group>
          );
        })}
        {readOnly ? null : (
          <Button
            variant="default"
            size="xs"
            leftSection={<IconPlus size={14} aria-hidden />}
            onClick={() => onChange(addOption(options))}
            style={{ alignSelf: 'flex-start' }}
          >
            {t('options.add')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

interface ConditionEditorProps {
  definition: FormDefinition;
  path: FieldPath;
  field: AnyField;
  idPrefix: string;
  issues: readonly FieldIssue[] | undefined;
  onChange: (rule: AnyField['visibleWhen'] | undefined) => void;
}

/** 'Afișat doar când…': an earlier field and equals / one of / completed. */
function ConditionEditor({ definition, path, field, idPrefix, issues, onChange }: ConditionEditorProps) {
  const { t } = useTranslation('forms');
  const rule = field.visibleWhen;
  const candidates = conditionCandidates(definition, path);
  const target = rule ? candidates.find((c) => c.key === rule.field) : undefined;
  const mode = conditionMode(rule);
  const error = (property: string) =>
    issueFor(issues, property === '' ? 'visibleWhen' : `visibleWhen.${property}`, property !== '');

  const toggle = (on: boolean) => {
    if (!on) return onChange(undefined);
    const first = candidates[0];
    onChange(first ? conditionRule(first, 'equals') : { field: '', notEmpty: true });
  };

  const targetOptions = target && hasOptions(target) ? target.options.map((o) => ({ value: o.value, label: o.label })) : null;
  const numericTarget = target && ['number', 'decimal', 'computed'].includes(target.type);

  return (
    <Paper withBorder p="sm" radius="sm">
      <Stack gap="xs">
        <Title order={3} size="h5">
          {t('condition.title')}
        </Title>
        <Checkbox
          id={`${idPrefix}-on`}
          label={t('condition.enable')}
          checked={Boolean(rule)}
          onChange={(e) => toggle(e.currentTarget.checked)}
          disabled={!rule && candidates.length === 0}
          description={!rule && candidates.length === 0 ? t('condition.noCandidates') : undefined}
        />
        {error('') ? (
          <Text size="sm" c="red.9">
            {error('')}
          </Text>
        ) : null}
        {rule ? (
          <>
            <Select
              id={`${idPrefix}-field`}
              label={t('condition.field')}
              data={[
                ...candidates.map((c) => ({ value: c.key, label: `${c.label} (${c.key})` })),
                ...(rule.field && !target
                  ? [{ value: rule.field, label: t('condition.missingField', { key: rule.field }) }]
                  : []),
              ]}
              value={rule.field || null}
              onChange={(key) => {
                const next = candidates.find((c) => c.key === key);
                if (next) onChange(conditionRule(next, mode ?? 'equals', rule));
              }}
              allowDeselect={false}
              error={error('field')}
            />
            <Select
              id={`${idPrefix}-mode`}
              label={t('condition.mode')}
              data={(['equals', 'in', 'notEmpty'] as ConditionMode[]).map((value) => ({
                value,
                label: t(`condition.modes.${value}`),
              }))}
              value={mode}
              onChange={(value) => {
                if (!value) return;
                if (target) onChange(conditionRule(target, value as ConditionMode, rule));
                else if (value === 'notEmpty') onChange({ field: rule.field, notEmpty: true });
              }}
              allowDeselect={false}
            />
            {mode === 'equals' ? (
              targetOptions ? (
                <Select
                  id={`${idPrefix}-equals`}
                  label={t('condition.equals')}
                  data={targetOptions}
                  value={rule.equals === undefined ? null : String(rule.equals)}
                  onChange={(value) => onChange({ field: rule.field, equals: value ?? '' })}
                  allowDeselect={false}
                  error={error('equals')}
                />
              ) : (
                <TextInput
                  id={`${idPrefix}-equals`}
                  label={t('condition.equals')}
                  value={rule.equals === undefined ? '' : String(rule.equals)}
                  onChange={(e) => {
                    const raw = e.currentTarget.value;
                    const asNumber = Number(raw.replace(',', '.'));
                    onChange({
                      field: rule.field,
                      equals: numericTarget && raw.trim() !== '' && Number.isFinite(asNumber) ? asNumber : raw,
                    });
                  }}
                  error={error('equals')}
                />
              )
            ) : null}
            {mode === 'in' && targetOptions ? (
              <MultiSelect
                id={`${idPrefix}-in`}
                label={t('condition.in')}
                data={targetOptions}
                value={(rule.in ?? []).map(String)}
                onChange={(values) => onChange({ field: rule.field, in: values })}
                error={error('in')}
              />
            ) : null}
            {mode === 'in' && !targetOptions ? (
              <TagsInput
                id={`${idPrefix}-in`}
                label={t('condition.in')}
                description={t('condition.inHint')}
                value={(rule.in ?? []).map(String)}
                onChange={(values) => onChange({ field: rule.field, in: values })}
                error={error('in')}
              />
            ) : null}
          </>
        ) : null}
      </Stack>
    </Paper>
  );
}
