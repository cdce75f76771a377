import {
  CONDITION_FIELD_TYPES,
  type FormDefinition,
  type FormField,
  type FormFieldType,
  FORM_FIELD_TYPE_LABELS,
  foldText,
  GROUP_FORBIDDEN_TYPES,
  type GroupChildField,
  LIMITS,
  MAX_FILES_PER_ATTACHMENT,
  NUMERIC_FIELD_TYPES,
  UPLOAD_RULES,
} from '@ghiseu/domain';

/**
 * The state logic of the form builder, as pure functions over a definition: add, move,
 * duplicate, remove and update a field by its path, keys generated from labels, and the
 * structural problems (`formDefinitionIssues`) mapped onto the fields they belong to. The
 * components only call these and render the result.
 */

export type AnyField = FormField | GroupChildField;

/** Where a field is: `[i]` at the top level, `[i, j]` the j-th field of the group at i. */
export type FieldPath = readonly [number] | readonly [number, number];

/** The issue path prefix of a field: `fields.3` or `fields.3.fields.1`. */
export const pathId = (path: FieldPath): string =>
  path.length === 1 ? `fields.${path[0]}` : `fields.${path[0]}.fields.${path[1]}`;

export const samePath = (a: FieldPath | null | undefined, b: FieldPath | null | undefined): boolean =>
  !!a && !!b && a.length === b.length && a.every((value, index) => value === b[index]);

const isType = (list: readonly FormFieldType[], type: FormFieldType) => list.includes(type);
export const isNumericType = (type: FormFieldType) => isType(NUMERIC_FIELD_TYPES, type);
export const isConditionType = (type: FormFieldType) => isType(CONDITION_FIELD_TYPES, type);
export const allowedInGroup = (type: FormFieldType) => !isType(GROUP_FORBIDDEN_TYPES, type);
export const hasOptions = (field: AnyField): field is Extract<AnyField, { type: 'select' | 'radio' | 'checkboxes' }> =>
  field.type === 'select' || field.type === 'radio' || field.type === 'checkboxes';

/* ───────────────────────────── Keys ───────────────────────────── */

const KEY_MAX = 64;

/** A snake_case key from a label: 'Suprafață teren' → 'suprafata_teren'; 'camp' when nothing is left. */
export function slugKey(label: string): string {
  let key = foldText(label)
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  if (!key) return 'camp';
  if (!/^[a-z]/.test(key)) key = `camp_${key}`;
  return key.slice(0, KEY_MAX - 4).replace(/_+$/g, '');
}

/** `base`, or `base_2`, `base_3`… the first one not taken. */
export function uniqueKey(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}_${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** Every key of the definition (group fields included), except the field at `except`. */
export function collectKeys(definition: FormDefinition, except?: FieldPath): Set<string> {
  const keys = new Set<string>();
  definition.fields.forEach((field, i) => {
    if (!(except?.length === 1 && except[0] === i)) keys.add(field.key);
    if (field.type === 'repeatable_group')
      field.fields.forEach((child, j) => {
        if (!(except?.length === 2 && except[0] === i && except[1] === j)) keys.add(child.key);
      });
  });
  return keys;
}

/* ───────────────────────────── New fields ───────────────────────────── */

const option = (n: number) => ({ value: `optiunea_${n}`, label: `Opțiunea ${n}` });

/** The parts of a new field of `type` besides key and label, with the schema's defaults filled in. */
function defaultsOf(type: FormFieldType, taken: Set<string>): Record<string, unknown> {
  const common = { width: 'full' };
  const value = { ...common, required: false };
  switch (type) {
    case 'text':
      return { ...value, maxLength: LIMITS.textMaxLength, mode: 'any' };
    case 'textarea':
      return { ...value, maxLength: 2000, rows: 4 };
    case 'number':
      return { ...value, integer: true };
    case 'decimal':
      return { ...value, decimals: 2 };
    case 'date':
      return { ...value, notInFuture: false };
    case 'select':
    case 'radio':
    case 'checkboxes':
      return { ...value, options: [option(1), option(2)] };
    case 'attachments':
      return {
        ...value,
        documentType: 'Document',
        minFiles: 0,
        maxFiles: MAX_FILES_PER_ATTACHMENT,
        accept: [...UPLOAD_RULES.default.types],
      };
    case 'repeatable_group':
      return { ...value, fields: [newField('text', taken)], minItems: 0, maxItems: 20 };
    case 'computed':
      return { ...common, operation: 'sum', operands: [], decimals: 2 };
    case 'section_title':
      return common;
    default:
      return value;
  }
}

/** A new field of `type`, labelled with the type's Romanian name and a key not in `taken` (which it joins). */
export function newField(type: FormFieldType, taken: Set<string>): AnyField {
  const label = FORM_FIELD_TYPE_LABELS[type];
  const key = uniqueKey(slugKey(label), taken);
  taken.add(key);
  return { type, key, label, ...defaultsOf(type, taken) } as AnyField;
}

/* ───────────────────────────── Reading ───────────────────────────── */

export function getField(definition: FormDefinition, path: FieldPath): AnyField | undefined {
  const top = definition.fields[path[0]];
  if (path.length === 1 || !top) return top;
  return top.type === 'repeatable_group' ? top.fields[path[1]] : undefined;
}

/** The sibling list a path lives in, and its index there. */
function siblingsOf(definition: FormDefinition, path: FieldPath): { list: readonly AnyField[]; index: number } {
  if (path.length === 1) return { list: definition.fields, index: path[0] };
  const group = definition.fields[path[0]];
  return { list: group?.type === 'repeatable_group' ? group.fields : [], index: path[1] };
}

/** Replaces the sibling list a path lives in. */
function withSiblings(definition: FormDefinition, path: FieldPath, list: AnyField[]): FormDefinition {
  if (path.length === 1) return { ...definition, fields: list as FormField[] };
  return {
    ...definition,
    fields: definition.fields.map((field, i) =>
      i === path[0] && field.type === 'repeatable_group' ? { ...field, fields: list as GroupChildField[] } : field,
    ),
  };
}

const indexPath = (path: FieldPath, index: number): FieldPath => (path.length === 1 ? [index] : [path[0], index]);

/* ───────────────────────────── Changes ───────────────────────────── */

export interface Change {
  definition: FormDefinition;
  /** The field to select afterwards (null: none). */
  selected: FieldPath | null;
}

/**
 * Adds a field of `type` after the selected one, or at the end. A selected group field takes the
 * new field into its group when the type is allowed there; otherwise it goes after the group.
 */
export function addField(definition: FormDefinition, type: FormFieldType, selected?: FieldPath | null): Change {
  const taken = collectKeys(definition);
  const field = newField(type, taken);
  if (selected?.length === 2 && allowedInGroup(type) && getField(definition, selected))
    return insertAt(definition, [selected[0], selected[1] + 1], field);
  const at = selected && definition.fields[selected[0]] ? selected[0] + 1 : definition.fields.length;
  return insertAt(definition, [at], field);
}

/** Adds a field of `type` at the end of the group at `groupIndex` (or after `afterChild`). */
export function addGroupField(definition: FormDefinition, groupIndex: number, type: FormFieldType, afterChild?: number): Change {
  const group = definition.fields[groupIndex];
  if (group?.type !== 'repeatable_group' || !allowedInGroup(type)) return { definition, selected: null };
  const field = newField(type, collectKeys(definition));
  return insertAt(definition, [groupIndex, afterChild === undefined ? group.fields.length : afterChild + 1], field);
}

function insertAt(definition: FormDefinition, path: FieldPath, field: AnyField): Change {
  const { list, index } = siblingsOf(definition, path);
  const next = [...list];
  next.splice(index, 0, field);
  return { definition: withSiblings(definition, path, next), selected: path };
}

/** Moves a field one place up (-1) or down (+1) among its siblings; nothing at the ends. */
export function moveField(definition: FormDefinition, path: FieldPath, delta: -1 | 1): Change {
  const { list, index } = siblingsOf(definition, path);
  const target = index + delta;
  if (!list[index] || target < 0 || target >= list.length) return { definition, selected: path };
  const next = [...list];
  [next[index], next[target]] = [next[target], next[index]];
  return { definition: withSiblings(definition, path, next), selected: indexPath(path, target) };
}

/** A copy right after the original, '(copie)' in its label and new keys (its group fields too). */
export function duplicateField(definition: FormDefinition, path: FieldPath): Change {
  const original = getField(definition, path);
  if (!original) return { definition, selected: null };
  const taken = collectKeys(definition);
  const copyKey = (label: string) => {
    const key = uniqueKey(slugKey(label), taken);
    taken.add(key);
    return key;
  };
  const label = `${original.label} (copie)`;
  let copy: AnyField = { ...structuredClone(original), label, key: copyKey(label) };
  if (copy.type === 'repeatable_group') {
    copy = { ...copy, fields: copy.fields.map((child) => ({ ...child, key: copyKey(child.key) })) };
  }
  const { index } = siblingsOf(definition, path);
  return insertAt(definition, indexPath(path, index + 1), copy);
}

/** Removes a field; the selection moves to the field that took its place, the one before, or none. */
export function removeField(definition: FormDefinition, path: FieldPath): Change {
  const { list, index } = siblingsOf(definition, path);
  if (!list[index]) return { definition, selected: null };
  const next = list.filter((_, i) => i !== index);
  const updated = withSiblings(definition, path, next);
  if (next.length === 0) return { definition: updated, selected: path.length === 2 ? [path[0]] : null };
  return { definition: updated, selected: indexPath(path, Math.min(index, next.length - 1)) };
}

/** Replaces the references to `from` (conditions, operands, `grup.camp`) by `to`. */
export function renameReferences(definition: FormDefinition, from: string, to: string): FormDefinition {
  if (from === to) return definition;
  const fix = <F extends AnyField>(field: F): F => {
    let next: AnyField = field;
    if (next.visibleWhen?.field === from) next = { ...next, visibleWhen: { ...next.visibleWhen, field: to } };
    if (next.type === 'computed')
      next = {
        ...next,
        operands: next.operands.map((operand) => {
          const [first, second] = operand.split('.');
          if (second === undefined) return first === from ? to : operand;
          return `${first === from ? to : first}.${second === from ? to : second}`;
        }),
      };
    if (next.type === 'repeatable_group') next = { ...next, fields: next.fields.map((child) => fix(child)) };
    return next as F;
  };
  return { ...definition, fields: definition.fields.map((field) => fix(field)) };
}

/**
 * Merges `patch` into the field at `path`; `undefined` removes a property. A new key is carried
 * to the conditions and operands that referred to the old one.
 */
export function updateField(definition: FormDefinition, path: FieldPath, patch: Record<string, unknown>): FormDefinition {
  const field = getField(definition, path);
  if (!field) return definition;
  const merged: Record<string, unknown> = { ...field, ...patch };
  for (const [name, value] of Object.entries(patch)) if (value === undefined) delete merged[name];
  const { list, index } = siblingsOf(definition, path);
  const next = list.map((item, i) => (i === index ? (merged as AnyField) : item));
  const updated = withSiblings(definition, path, next);
  return typeof patch.key === 'string' && patch.key !== field.key ? renameReferences(updated, field.key, patch.key) : updated;
}

/**
 * Changes a label; the key follows it while it is still the one generated from the old label
 * (a key the user typed stays).
 */
export function setLabel(definition: FormDefinition, path: FieldPath, label: string): FormDefinition {
  const field = getField(definition, path);
  if (!field) return definition;
  const others = collectKeys(definition, path);
  // Generated from the old label: its slug, or the slug with the number that made it unique.
  const base = slugKey(field.label);
  const followsLabel = field.key === base || new RegExp(`^${base}_\\d+$`).test(field.key);
  const patch: Record<string, unknown> = { label };
  if (followsLabel) patch.key = uniqueKey(slugKey(label), others);
  return updateField(definition, path, patch);
}

/* ───────────────────────────── Options ───────────────────────────── */

type Options = { value: string; label: string }[];

/** A new option row with a value not yet used. */
export function addOption(options: Options): Options {
  const values = new Set(options.map((o) => o.value));
  let n = options.length + 1;
  while (values.has(`optiunea_${n}`)) n++;
  return [...options, option(n)];
}

export function moveOption(options: Options, index: number, delta: -1 | 1): Options {
  const target = index + delta;
  if (target < 0 || target >= options.length) return options;
  const next = [...options];
  [next[index], next[target]] = [next[target], next[index]];
  return next;
}

export const removeOption = (options: Options, index: number): Options => options.filter((_, i) => i !== index);

export const updateOption = (options: Options, index: number, patch: Partial<Options[number]>): Options =>
  options.map((o, i) => (i === index ? { ...o, ...patch } : o));

/* ───────────────────────────── Conditions and operands ───────────────────────────── */

/** Fields a condition of the field at `path` may look at: earlier plain-value fields (its group's earlier ones too). */
export function conditionCandidates(definition: FormDefinition, path: FieldPath): AnyField[] {
  const top = definition.fields.slice(0, path[0]).filter((f) => isConditionType(f.type));
  if (path.length === 1) return top;
  const group = definition.fields[path[0]];
  const inGroup = group?.type === 'repeatable_group' ? group.fields.slice(0, path[1]) : [];
  return [...top, ...inGroup.filter((f) => isConditionType(f.type))];
}

/**
 * Operands a computed field at `path` may use: earlier numeric fields; at the top level also
 * `grup.camp` (the sum of a numeric field of an earlier group).
 */
export function operandCandidates(definition: FormDefinition, path: FieldPath): { value: string; label: string }[] {
  const out: { value: string; label: string }[] = [];
  for (const field of definition.fields.slice(0, path[0])) {
    if (isNumericType(field.type)) out.push({ value: field.key, label: field.label });
    if (field.type === 'repeatable_group' && path.length === 1)
      for (const child of field.fields)
        if (isNumericType(child.type))
          out.push({ value: `${field.key}.${child.key}`, label: `${field.label} › ${child.label} (total)` });
  }
  if (path.length === 2) {
    const group = definition.fields[path[0]];
    if (group?.type === 'repeatable_group')
      for (const child of group.fields.slice(0, path[1]))
        if (isNumericType(child.type)) out.push({ value: child.key, label: child.label });
  }
  return out;
}

export type ConditionMode = 'equals' | 'in' | 'notEmpty';

export const conditionMode = (rule: AnyField['visibleWhen']): ConditionMode | null =>
  !rule ? null : rule.in !== undefined ? 'in' : rule.notEmpty !== undefined ? 'notEmpty' : 'equals';

/** The rule of a condition on `target` in `mode`, keeping what can be kept of the old one. */
export function conditionRule(
  target: AnyField,
  mode: ConditionMode,
  previous?: AnyField['visibleWhen'],
): NonNullable<AnyField['visibleWhen']> {
  const sameTarget = previous?.field === target.key;
  const first = hasOptions(target) ? target.options[0]?.value : undefined;
  if (mode === 'notEmpty') return { field: target.key, notEmpty: true };
  if (mode === 'in') {
    const kept = sameTarget
      ? (previous?.in ?? (previous?.equals !== undefined ? [previous.equals as string] : undefined))
      : undefined;
    return { field: target.key, in: kept && kept.length > 0 ? kept : [first ?? ''] };
  }
  const kept = sameTarget ? (previous?.equals ?? previous?.in?.[0]) : undefined;
  return { field: target.key, equals: kept ?? first ?? '' };
}

/* ───────────────────────────── Issues ───────────────────────────── */

export interface Issue {
  path: string;
  message: string;
}

export interface FieldIssue {
  /** The property within the field: 'label', 'options.1.label', 'visibleWhen.field', '' for the field itself. */
  property: string;
  message: string;
}

export interface IssueMap {
  /** By field path id (`fields.3`, `fields.2.fields.0`). */
  byField: Map<string, FieldIssue[]>;
  /** Problems of the whole definition ('fields': too many, empty form). */
  general: string[];
}

/**
 * Sorts the problems of `formDefinitionIssues` (or a VALIDATION_ERROR's `body.definition.…`
 * paths) onto their fields: `fields.3.visibleWhen.field` → field `fields.3`, property
 * `visibleWhen.field`; `fields.2.fields.1.key` → the group's second field, property `key`.
 */
export function mapIssues(issues: readonly Issue[]): IssueMap {
  const byField = new Map<string, FieldIssue[]>();
  const general: string[] = [];
  for (const issue of issues) {
    const { path } = issue;
    const { message } = issue;
    const parts = path
      .replace(/^body\./, '')
      .replace(/^definition\.?/, '')
      .split('.')
      .filter(Boolean);
    if (parts[0] !== 'fields' || !/^\d+$/.test(parts[1] ?? '')) {
      general.push(message);
      continue;
    }
    let id = `fields.${parts[1]}`;
    let rest = parts.slice(2);
    if (rest[0] === 'fields' && /^\d+$/.test(rest[1] ?? '')) {
      id = `${id}.fields.${rest[1]}`;
      rest = rest.slice(2);
    }
    const list = byField.get(id) ?? [];
    list.push({ property: rest.join('.'), message });
    byField.set(id, list);
  }
  return { byField, general };
}

/** The first message on `property` (exactly, or below it when `nested`), if any. */
export function issueFor(list: readonly FieldIssue[] | undefined, property: string, nested = false): string | undefined {
  return list?.find((i) => i.property === property || (nested && i.property.startsWith(`${property}.`)))?.message;
}

/** Problems of a field and of the fields of its group (for the marker on a collapsed group). */
export function fieldHasIssues(map: IssueMap, path: FieldPath): boolean {
  const id = pathId(path);
  return [...map.byField.keys()].some((key) => key === id || key.startsWith(`${id}.`));
}

/* ───────────────────────────── Comparison ───────────────────────────── */

/** JSON with sorted keys and without `undefined`: two drafts that save the same are equal. */
export function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );
}

export const sameDefinition = (a: FormDefinition, b: FormDefinition): boolean => stableJson(a) === stableJson(b);

/** Counts a definition's fields, group fields included. */
export const countFields = (definition: FormDefinition): number =>
  definition.fields.reduce((n, f) => n + 1 + (f.type === 'repeatable_group' ? f.fields.length : 0), 0);
