import type { AddressValue, FormField, GroupChildField } from '@ghiseu/domain';
import {
  Alert,
  Button,
  Checkbox,
  Fieldset,
  Grid,
  Group,
  NumberInput,
  Radio,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconInfoCircle, IconPaperclip, IconPlus, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DateInput } from '../inputs/date-input';
import { AddressInput } from './address-input';
import { fieldDomId, type FormErrors, type FormValues, visibleFields, withComputedValues } from './form-values';

type AnyField = FormField | GroupChildField;
type AttachmentsField = Extract<FormField, { type: 'attachments' }>;

export interface FormRendererProps {
  /** The fields of the form definition, in order. */
  fields: readonly FormField[];
  values: FormValues;
  /** Called with the new values (computed fields already recomputed). */
  onChange?: (values: FormValues) => void;
  /** Messages by value path (client validation or the server's INVALID_FORM_VALUE). */
  errors?: FormErrors;
  /** Shows the answers without inputs being editable (details page, review step). */
  readOnly?: boolean;
  /**
   * How attachment fields appear: rendered by `renderAttachments`, as a note pointing to the
   * attachments step, or not at all.
   */
  attachments?: 'render' | 'note' | 'hide';
  renderAttachments?: (field: AttachmentsField) => ReactNode;
  /** Only these field types are shown (e.g. the attachments step). */
  onlyTypes?: readonly FormField['type'][];
}

const SPAN: Record<string, number> = { full: 12, half: 6, third: 4 };

/** Types a read-only form does not show: their records are listed by the page itself. */
const HIDDEN_WHEN_READ_ONLY: readonly FormField['type'][] = ['real_estate_target', 'beneficiaries', 'attachments'];

/** Drops the section titles left without any field to show (read-only view). */
export function withoutEmptySections(fields: readonly FormField[]): FormField[] {
  const kept = fields.filter((field) => !HIDDEN_WHEN_READ_ONLY.includes(field.type));
  return kept.filter(
    (field, index) =>
      field.type !== 'section_title' || (kept[index + 1] !== undefined && kept[index + 1].type !== 'section_title'),
  );
}

/**
 * Renders a form definition (every field type of the domain contract), honouring `visibleWhen`,
 * computing computed fields live and showing errors by value path. The component is controlled:
 * the caller keeps the values and validates with `validateAnswers` before saving or submitting.
 */
export function FormRenderer({
  fields,
  values,
  onChange,
  errors = {},
  readOnly = false,
  attachments = 'note',
  renderAttachments,
  onlyTypes,
}: FormRendererProps) {
  const set = (key: string, value: unknown) => onChange?.(withComputedValues(fields, { ...values, [key]: value }));
  const visible = visibleFields(fields, values).filter((field) => !onlyTypes || onlyTypes.includes(field.type));
  const shown = readOnly ? withoutEmptySections(visible) : visible;
  return (
    <Grid gap="md" data-testid="form-renderer">
      {shown.map((field) => {
        if (field.type === 'attachments' && attachments === 'hide') return null;
        return (
          <Grid.Col key={field.key} span={{ base: 12, sm: SPAN[field.width] ?? 12 }}>
            <FieldView
              field={field}
              path={field.key}
              value={values[field.key]}
              scope={values}
              onValue={(value) => set(field.key, value)}
              errors={errors}
              readOnly={readOnly}
              attachments={attachments}
              renderAttachments={renderAttachments}
            />
          </Grid.Col>
        );
      })}
    </Grid>
  );
}

interface FieldViewProps {
  field: AnyField | FormField;
  path: string;
  value: unknown;
  /** Values the field's visibility and computation look at. */
  scope: FormValues;
  onValue: (value: unknown) => void;
  errors: FormErrors;
  readOnly: boolean;
  attachments: 'render' | 'note' | 'hide';
  renderAttachments?: (field: AttachmentsField) => ReactNode;
}

const asText = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');
const asNumber = (value: unknown): number | string => (typeof value === 'number' ? value : '');

function FieldView({ field, path, value, scope, onValue, errors, readOnly, attachments, renderAttachments }: FieldViewProps) {
  const { t } = useTranslation('form-renderer');
  const id = fieldDomId(path);
  const error = errors[path];
  const description = 'description' in field ? field.description : undefined;
  // Read-only answers are not asked for: no required marks.
  const required = !readOnly && 'required' in field ? field.required : false;
  const common = { id, label: field.label, description, error, required, readOnly };

  switch (field.type) {
    case 'section_title':
      return (
        <div>
          <Title order={3} size="h4" mt="sm">
            {field.label}
          </Title>
          {description ? <Text size="sm">{description}</Text> : null}
        </div>
      );
    case 'text':
    case 'cadastral_number':
      return (
        <TextInput
          {...common}
          placeholder={field.placeholder}
          maxLength={field.type === 'text' ? field.maxLength : 40}
          value={asText(value)}
          onChange={(e) => onValue(e.currentTarget.value)}
        />
      );
    case 'textarea':
      return (
        <Textarea
          {...common}
          placeholder={field.placeholder}
          maxLength={field.maxLength}
          minRows={field.rows}
          autosize
          value={asText(value)}
          onChange={(e) => onValue(e.currentTarget.value)}
        />
      );
    case 'number':
    case 'decimal':
      return (
        <NumberInput
          {...common}
          placeholder={field.placeholder}
          rightSection={field.unit ? <Text size="sm">{field.unit}</Text> : undefined}
          decimalScale={field.type === 'decimal' ? field.decimals : field.integer ? 0 : undefined}
          allowDecimal={field.type === 'decimal' || !field.integer}
          decimalSeparator=","
          min={field.min}
          max={field.max}
          value={asNumber(value)}
          onChange={(v) => onValue(typeof v === 'number' ? v : undefined)}
        />
      );
    case 'date':
      return (
        <DateInput
          {...common}
          minDate={field.minDate}
          maxDate={field.notInFuture ? new Date().toISOString().slice(0, 10) : field.maxDate}
          value={typeof value === 'string' && value ? value : null}
          onChange={(v) => onValue(v ?? undefined)}
        />
      );
    case 'select':
      return (
        <Select
          {...common}
          placeholder={field.placeholder}
          data={field.options}
          clearable={!required}
          searchable
          value={typeof value === 'string' ? value : null}
          onChange={(v) => onValue(v ?? undefined)}
        />
      );
    case 'radio':
      return (
        <Radio.Group {...common} value={typeof value === 'string' ? value : null} onChange={(v) => !readOnly && onValue(v)}>
          <Group mt="xs">
            {field.options.map((option) => (
              <Radio key={option.value} value={option.value} label={option.label} disabled={readOnly} />
            ))}
          </Group>
        </Radio.Group>
      );
    case 'checkboxes':
      return (
        <Checkbox.Group
          {...common}
          value={Array.isArray(value) ? (value as string[]) : []}
          onChange={(v) => !readOnly && onValue(v)}
        >
          <Group mt="xs">
            {field.options.map((option) => (
              <Checkbox key={option.value} value={option.value} label={option.label} disabled={readOnly} />
            ))}
          </Group>
        </Checkbox.Group>
      );
    case 'address':
      return (
        <AddressInput
          path={path}
          label={field.label}
          required={required}
          value={value as Partial<AddressValue> | undefined}
          onChange={onValue}
          errors={errors}
          readOnly={readOnly}
        />
      );
    case 'computed':
      return (
        <TextInput
          id={id}
          label={field.label}
          description={description ?? t('computedHint')}
          readOnly
          value={typeof value === 'number' ? `${value.toLocaleString('ro-RO')}${field.unit ? ` ${field.unit}` : ''}` : '—'}
          aria-live="polite"
          data-testid={`computed-${field.key}`}
        />
      );
    case 'real_estate_target':
    case 'beneficiaries':
      // Read-only pages list the records themselves; the note only guides the filling.
      if (readOnly) return null;
      return (
        <Alert variant="light" color="blue" icon={<IconInfoCircle aria-hidden />} title={field.label} id={id} tabIndex={-1}>
          {t(field.type === 'beneficiaries' ? 'beneficiariesNote' : 'realEstatesNote')}
          {error ? (
            <Text c="red.8" size="sm" mt={4} role="alert">
              {error}
            </Text>
          ) : null}
        </Alert>
      );
    case 'attachments':
      if (attachments === 'render' && renderAttachments) return <div id={id}>{renderAttachments(field)}</div>;
      if (readOnly) return null;
      return (
        <Group gap="xs" wrap="nowrap" id={id} tabIndex={-1} align="flex-start">
          <IconPaperclip size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
          <Text size="sm">
            <Text span fw={600} size="sm">
              {field.label}
              {required ? ' *' : ''}
            </Text>
            {' – '}
            {t('attachmentsNote', { type: field.documentType })}
          </Text>
        </Group>
      );
    case 'repeatable_group':
      return (
        <RepeatableGroup
          field={field}
          path={path}
          value={value}
          scope={scope}
          onValue={onValue}
          errors={errors}
          readOnly={readOnly}
        />
      );
    default:
      return null;
  }
}

function RepeatableGroup({
  field,
  path,
  value,
  scope,
  onValue,
  errors,
  readOnly,
}: Omit<FieldViewProps, 'attachments' | 'field'> & { field: Extract<FormField, { type: 'repeatable_group' }> }) {
  const { t } = useTranslation('form-renderer');
  const items = Array.isArray(value) ? (value as FormValues[]) : [];
  const itemLabel = field.itemLabel ?? t('item');
  const setItem = (index: number, key: string, next: unknown) =>
    onValue(items.map((item, i) => (i === index ? { ...item, [key]: next } : item)));
  return (
    <Fieldset legend={field.label} id={fieldDomId(path)}>
      <Stack gap="md">
        {field.description ? <Text size="sm">{field.description}</Text> : null}
        {items.length === 0 ? (
          <Text size="sm" c="gray.7">
            {t('noItems')}
          </Text>
        ) : null}
        {items.map((item, index) => {
          const itemScope = { ...scope, ...item };
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: items have no identity of their own.
            <Fieldset key={index} legend={`${itemLabel} ${index + 1}`} variant="filled">
              <Grid gap="sm">
                {visibleFields(field.fields, itemScope).map((child) => (
                  <Grid.Col key={child.key} span={{ base: 12, sm: SPAN[child.width] ?? 12 }}>
                    <FieldView
                      field={child}
                      path={`${path}.${index}.${child.key}`}
                      value={item[child.key]}
                      scope={itemScope}
                      onValue={(next) => setItem(index, child.key, next)}
                      errors={errors}
                      readOnly={readOnly}
                      attachments="hide"
                    />
                  </Grid.Col>
                ))}
              </Grid>
              {readOnly ? null : (
                <Button
                  mt="sm"
                  variant="subtle"
                  color="red.9"
                  leftSection={<IconTrash size={16} aria-hidden />}
                  onClick={() => onValue(items.filter((_, i) => i !== index))}
                  disabled={items.length <= field.minItems}
                >
                  {t('removeItem', { item: `${itemLabel} ${index + 1}` })}
                </Button>
              )}
            </Fieldset>
          );
        })}
        {errors[path] ? (
          <Text c="red.8" size="sm" role="alert">
            {errors[path]}
          </Text>
        ) : null}
        {readOnly ? null : (
          <Button
            variant="light"
            w="fit-content"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => onValue([...items, {}])}
            disabled={items.length >= field.maxItems}
          >
            {t('addItem', { item: itemLabel })}
          </Button>
        )}
      </Stack>
    </Fieldset>
  );
}
