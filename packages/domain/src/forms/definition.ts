import { z } from 'zod';
import {
  CONDITION_FIELD_TYPES,
  type FormField,
  type FormFieldType,
  FORM_FIELD_TYPE_LABELS,
  type GroupChildField,
  NUMERIC_FIELD_TYPES,
  type VisibleWhen,
  ZFormField,
} from './fields.js';
import { FORM_MESSAGES as FM, formMessage } from './messages.js';

/**
 * A form interface: an ordered list of fields. `ZFormDefinition` checks each field and the rules
 * that tie fields together, in the order a reader meets them:
 *
 * - keys are unique in the whole form (group fields included), so a value has one meaning;
 * - a visibility condition looks at a field *before* it (at the top level, or inside the same
 *   group item), so the renderer and the server decide visibility in one pass;
 * - a computed field uses numeric fields before it (`grup.camp` sums a group's field);
 * - minimums are not above maximums, options are unique, patterns compile.
 *
 * Errors carry Romanian messages and the path of the offending property
 * (`fields.3.visibleWhen.field`), which the builder shows next to the field.
 */

/** Structure only (each field's own schema), without the cross-field rules: for stored data. */
export const ZFormDefinitionShape = z.object({
  fields: z.array(ZFormField).max(300).describe('Câmpurile formularului, în ordinea afișării'),
});

type Path = (string | number)[];
type Issue = (message: string, path: Path) => void;

const isNumericType = (type: FormFieldType) => (NUMERIC_FIELD_TYPES as readonly FormFieldType[]).includes(type);
const isConditionType = (type: FormFieldType) => (CONDITION_FIELD_TYPES as readonly FormFieldType[]).includes(type);

function isValidRegExp(pattern: string): boolean {
  try {
    new RegExp(pattern);
    return true;
  } catch {
    return false;
  }
}

/** Rules of one field that involve two of its own properties. */
function checkOwnRules(field: FormField | GroupChildField, path: Path, issue: Issue): void {
  switch (field.type) {
    case 'text':
      if (field.minLength !== undefined && field.minLength > field.maxLength) issue(FM.minAboveMax, [...path, 'minLength']);
      if (field.pattern !== undefined && !isValidRegExp(field.pattern)) issue(FM.invalidPattern, [...path, 'pattern']);
      break;
    case 'number':
    case 'decimal':
      if (field.min !== undefined && field.max !== undefined && field.min > field.max) issue(FM.minAboveMax, [...path, 'min']);
      break;
    case 'date':
      if (field.minDate && field.maxDate && field.minDate > field.maxDate) issue(FM.minDateAfterMaxDate, [...path, 'minDate']);
      break;
    case 'select':
    case 'radio':
    case 'checkboxes': {
      const seen = new Set<string>();
      field.options.forEach((option, index) => {
        if (seen.has(option.value))
          issue(formMessage(FM.duplicateOption, { value: option.value }), [...path, 'options', index, 'value']);
        seen.add(option.value);
      });
      if (field.type === 'checkboxes') {
        const { minSelected, maxSelected } = field;
        if (minSelected !== undefined && maxSelected !== undefined && minSelected > maxSelected)
          issue(FM.minAboveMax, [...path, 'minSelected']);
        if ((minSelected ?? 0) > field.options.length) issue(FM.selectionAboveOptions, [...path, 'minSelected']);
      }
      break;
    }
    case 'real_estate_target':
    case 'beneficiaries':
      if (field.minItems !== undefined && field.maxItems !== undefined && field.minItems > field.maxItems)
        issue(FM.minAboveMax, [...path, 'minItems']);
      break;
    case 'attachments':
      if (field.minFiles > field.maxFiles) issue(FM.minAboveMax, [...path, 'minFiles']);
      break;
    case 'computed':
      if (field.operation !== 'sum' && field.operands.length < 2) issue(FM.operandCount, [...path, 'operands']);
      break;
    default:
      break;
  }
}

/** The condition refers to an earlier field that holds a plain value, and to one of its options. */
function checkCondition(rule: VisibleWhen, earlier: Map<string, FormField | GroupChildField>, path: Path, issue: Issue): void {
  const target = earlier.get(rule.field);
  if (!target) {
    issue(FM.visibleWhenEarlier, [...path, 'visibleWhen', 'field']);
    return;
  }
  if (!isConditionType(target.type)) {
    issue(formMessage(FM.visibleWhenTarget, { key: rule.field }), [...path, 'visibleWhen', 'field']);
    return;
  }
  if (target.type === 'select' || target.type === 'radio' || target.type === 'checkboxes') {
    const values = new Set(target.options.map((o) => o.value));
    const wanted = rule.in ?? (rule.equals !== undefined ? [rule.equals] : []);
    for (const value of wanted) {
      if (!values.has(String(value)))
        issue(formMessage(FM.visibleWhenOption, { value: String(value), key: rule.field }), [
          ...path,
          'visibleWhen',
          rule.in ? 'in' : 'equals',
        ]);
    }
  }
}

/** Operands are numeric fields met before; `grup.camp` a numeric field of an earlier group. */
function checkOperands(
  field: Extract<FormField, { type: 'computed' }>,
  earlier: Map<string, FormField | GroupChildField>,
  path: Path,
  issue: Issue,
  insideGroup: boolean,
): void {
  field.operands.forEach((operand, index) => {
    const [first, second] = operand.split('.');
    let ok: boolean;
    if (second === undefined) {
      const target = earlier.get(first);
      ok = target !== undefined && isNumericType(target.type);
    } else {
      const group = insideGroup ? undefined : earlier.get(first);
      const child = group?.type === 'repeatable_group' ? group.fields.find((f) => f.key === second) : undefined;
      ok = child !== undefined && isNumericType(child.type);
    }
    if (!ok) issue(formMessage(FM.operandNumeric, { key: operand }), [...path, 'operands', index]);
  });
}

/** The cross-field rules of a whole definition (see the module comment). */
export function checkFormDefinition(fields: readonly FormField[], issue: Issue): void {
  const allKeys = new Set<string>();
  const claimKey = (key: string, path: Path) => {
    if (allKeys.has(key)) issue(formMessage(FM.duplicateKey, { key }), [...path, 'key']);
    allKeys.add(key);
  };
  // Top-level fields met so far, by key: what a condition or an operand may refer to.
  const earlier = new Map<string, FormField | GroupChildField>();
  fields.forEach((field, index) => {
    const path: Path = ['fields', index];
    claimKey(field.key, path);
    checkOwnRules(field, path, issue);
    if (field.visibleWhen) checkCondition(field.visibleWhen, earlier, path, issue);
    if (field.type === 'computed') checkOperands(field, earlier, path, issue, false);
    if (field.type === 'repeatable_group') {
      // Inside an item: the top-level fields before the group and the item's earlier fields.
      const inItem = new Map(earlier);
      field.fields.forEach((child, childIndex) => {
        const childPath: Path = [...path, 'fields', childIndex];
        claimKey(child.key, childPath);
        checkOwnRules(child, childPath, issue);
        if (child.visibleWhen) checkCondition(child.visibleWhen, inItem, childPath, issue);
        if (child.type === 'computed') checkOperands(child, inItem, childPath, issue, true);
        inItem.set(child.key, child);
      });
    }
    if (!earlier.has(field.key)) earlier.set(field.key, field);
  });
}

/** A complete form definition with every structural rule checked. */
export const ZFormDefinition = ZFormDefinitionShape.superRefine((definition, ctx) => {
  checkFormDefinition(definition.fields, (message, path) => ctx.addIssue({ code: 'custom', message, path }));
});
export type FormDefinition = z.infer<typeof ZFormDefinition>;
export type FormDefinitionInput = z.input<typeof ZFormDefinition>;

/** The definition of a new, empty form. */
export const emptyFormDefinition = (): FormDefinition => ({ fields: [] });

/** The structural problems of a definition, as `{ path, message }` (empty when it is valid). */
export function formDefinitionIssues(definition: unknown): { path: string; message: string }[] {
  const parsed = ZFormDefinition.safeParse(definition);
  if (parsed.success) return [];
  return parsed.error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
}

/** Every field of a definition, group fields included, with the group that holds them. */
export function flattenFormFields(
  definition: FormDefinition,
): { field: FormField | GroupChildField; group: Extract<FormField, { type: 'repeatable_group' }> | null }[] {
  return definition.fields.flatMap((field) => [
    { field, group: null },
    ...(field.type === 'repeatable_group' ? field.fields.map((child) => ({ field: child, group: field })) : []),
  ]);
}

/** The field with `key` (top level or inside a group), if any. */
export function findFormField(definition: FormDefinition, key: string): FormField | GroupChildField | undefined {
  return flattenFormFields(definition).find((entry) => entry.field.key === key)?.field;
}

/** The Romanian name of a field type ('Număr zecimal'). */
export const formFieldTypeLabel = (type: FormFieldType): string => FORM_FIELD_TYPE_LABELS[type];
