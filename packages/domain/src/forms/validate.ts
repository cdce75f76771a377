import { todayInRomania } from '../calendar.js';
import { isValidPostalCode } from '../validators/codes.js';
import { formatRomanianDate, parseIsoDate, parseRomanianDate } from '../validators/dates.js';
import type { FormDefinition } from './definition.js';
import type {
  AddressValue,
  ComputedField,
  FormField,
  FormItemValue,
  FormValue,
  GroupChildField,
  MarkerField,
  VisibleWhen,
} from './fields.js';
import { FORM_MESSAGES as FM, formMessage, romanianCount } from './messages.js';

/**
 * Checks what an applicant typed against a form definition: the one rule set used by the
 * citizen wizard, the staff screens, the preview and the server.
 *
 * - Only VISIBLE fields are validated; the values of hidden fields and of keys the form does not
 *   know are dropped, so stale answers of a branch the applicant left never reach the file.
 * - `computed` fields are recomputed here; whatever the client sent for them is ignored.
 * - Attachments are counted from `options.files` (file ids per attachment key); the markers
 *   (real estates, beneficiaries) are reported back so the caller checks them against their own
 *   tables.
 */

export interface FormValidationOptions {
  /** File ids attached so far, by attachment field key. */
  files?: Readonly<Record<string, readonly number[]>>;
  /** "Today" as `yyyy-mm-dd` for `notInFuture` (default: today in Romania). */
  today?: string;
}

export interface FormValidationError {
  /** Dotted path of the value: `suprafata_teren`, `corpuri.1.arie_construita`, `adresa.street`. */
  path: string;
  message: string;
}

/** A marker field that is visible: the caller checks its records with {@link markerCountError}. */
export interface VisibleMarker {
  key: string;
  type: MarkerField['type'];
  label: string;
  minItems: number;
  maxItems: number | null;
}

export interface FormValidationResult {
  ok: boolean;
  errors: FormValidationError[];
  /** The clean data: visible, known, normalised values (ISO dates, numbers) and computed values. */
  value: Record<string, FormValue>;
  /** File ids of the visible attachment fields (files of hidden fields are to be dropped). */
  files: Record<string, number[]>;
  markers: VisibleMarker[];
}

type Values = Readonly<Record<string, unknown>>;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Empty as a form sees it: nothing, blank text, an empty list, or an object whose parts are all
 * empty (an address the applicant never touched).
 */
export function isEmptyFormValue(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    (typeof value === 'string' && value.trim() === '') ||
    (Array.isArray(value) && value.length === 0) ||
    (isObject(value) && Object.values(value).every(isEmptyFormValue))
  );
}

function sameValue(actual: unknown, expected: unknown): boolean {
  if (actual === expected) return true;
  const scalar = (v: unknown) => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';
  return scalar(actual) && scalar(expected) && String(actual) === String(expected);
}

/** Whether a condition holds for `values` (a list value matches when any element does). */
export function conditionHolds(rule: VisibleWhen, values: Values): boolean {
  const actual = values[rule.field];
  if (rule.notEmpty) return !isEmptyFormValue(actual);
  if (isEmptyFormValue(actual)) return false;
  const candidates = Array.isArray(actual) ? actual : [actual];
  const wanted = rule.in ?? [rule.equals];
  return candidates.some((candidate) => wanted.some((w) => sameValue(candidate, w)));
}

/**
 * Whether a field is shown, given the values of the fields before it (for a field inside a
 * group: the top-level values and the item's values together; keys are unique form-wide).
 */
export function isFieldVisible(field: Pick<FormField, 'visibleWhen'>, values: Values): boolean {
  return !field.visibleWhen || conditionHolds(field.visibleWhen, values);
}

function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round((value + Math.sign(value) * Number.EPSILON) * factor) / factor;
}

function operandValue(operand: string, values: Values): number | null {
  const [key, childKey] = operand.split('.');
  const value = values[key];
  if (childKey === undefined) return typeof value === 'number' && Number.isFinite(value) ? value : null;
  // `grup.camp`: the sum of that field over the group's items.
  if (!Array.isArray(value)) return null;
  const numbers = value
    .map((item) => (isObject(item) ? item[childKey] : undefined))
    .filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
  return numbers.length === 0 ? null : numbers.reduce((a, b) => a + b, 0);
}

/**
 * The value of a computed field from the values before it, or `null` when it cannot be
 * computed: a sum skips missing operands (null only when all are missing); a difference,
 * product or ratio needs every operand; a ratio by zero has no value.
 */
export function computeFieldValue(
  field: Pick<ComputedField, 'operation' | 'operands' | 'decimals'>,
  values: Values,
): number | null {
  const numbers = field.operands.map((operand) => operandValue(operand, values));
  let result: number;
  if (field.operation === 'sum') {
    const present = numbers.filter((n): n is number => n !== null);
    if (present.length === 0) return null;
    result = present.reduce((a, b) => a + b, 0);
  } else {
    if (numbers.some((n) => n === null)) return null;
    const [first, ...rest] = numbers as number[];
    if (field.operation === 'difference') result = rest.reduce((a, b) => a - b, first);
    else if (field.operation === 'product') result = rest.reduce((a, b) => a * b, first);
    else {
      if (rest.some((n) => n === 0)) return null;
      result = rest.reduce((a, b) => a / b, first);
    }
  }
  return Number.isFinite(result) ? round(result, field.decimals) : null;
}

/** The effective bounds of a marker: `required` means at least one record. */
export function markerBounds(field: Pick<MarkerField, 'required' | 'minItems' | 'maxItems'>): {
  minItems: number;
  maxItems: number | null;
} {
  return { minItems: Math.max(field.minItems ?? 0, field.required ? 1 : 0), maxItems: field.maxItems ?? null };
}

/** The Romanian error of a marker holding `count` records, or null when the count is fine. */
export function markerCountError(marker: Pick<VisibleMarker, 'type' | 'minItems' | 'maxItems'>, count: number): string | null {
  const [singular, plural] = marker.type === 'beneficiaries' ? ['beneficiar', 'beneficiari'] : ['imobil', 'imobile'];
  if (count === 0 && marker.minItems > 0) return FM.requiredFields;
  if (count < marker.minItems) return formMessage(FM.minItems, { count: romanianCount(marker.minItems, singular, plural) });
  if (marker.maxItems !== null && count > marker.maxItems)
    return formMessage(FM.maxItems, { count: romanianCount(marker.maxItems, singular, plural) });
  return null;
}

/* ───────────────────────────── Values by type ───────────────────────────── */

type Check<T> = { value: T } | { error: string; path?: string };

const TEXT_MODES: Record<'digits' | 'letters' | 'lettersAndDigits', { pattern: RegExp; message: string }> = {
  // The same characters the web text input lets through (sanitizeText), so what it allows passes here.
  digits: { pattern: /^\d+$/, message: FM.digitsOnly },
  letters: { pattern: /^[\p{L}\p{M} ]+$/u, message: FM.lettersOnly },
  lettersAndDigits: { pattern: /^[\p{L}\p{M}0-9 ]+$/u, message: FM.lettersAndDigits },
};

/** The legacy cedilla letters become the comma-below ones, as the web inputs do. */
const toCommaBelow = (value: string) => value.replace(/ş/g, 'ș').replace(/Ş/g, 'Ș').replace(/ţ/g, 'ț').replace(/Ţ/g, 'Ț');

function matchesWhole(pattern: string, value: string): boolean {
  try {
    return new RegExp(`^(?:${pattern})$`, 'u').test(value);
  } catch {
    return false;
  }
}

function checkText(field: Extract<FormField, { type: 'text' | 'textarea' }>, raw: unknown): Check<string> {
  if (typeof raw !== 'string' && typeof raw !== 'number') return { error: FM.invalidValue };
  const value = toCommaBelow(String(raw).trim());
  const length = [...value].length;
  if (length > field.maxLength) return { error: formMessage(FM.maxLength, { max: field.maxLength }) };
  if (field.type === 'text') {
    if (field.minLength !== undefined && length < field.minLength)
      return { error: formMessage(FM.minLength, { min: field.minLength }) };
    if (field.mode !== 'any' && !TEXT_MODES[field.mode].pattern.test(value)) return { error: TEXT_MODES[field.mode].message };
    if (field.pattern !== undefined && !matchesWhole(field.pattern, value))
      return { error: field.patternMessage ?? FM.invalidValue };
  }
  return { value };
}

/** A number typed as a JSON number or as text with `.` or `,` (and the decimals it was written with). */
function readNumber(raw: unknown): { number: number; decimals: number } | null {
  if (typeof raw === 'number') {
    if (!Number.isFinite(raw)) return null;
    const text = String(raw);
    const decimals = text.includes('e') ? 20 : (text.split('.')[1]?.length ?? 0);
    return { number: raw, decimals };
  }
  if (typeof raw !== 'string') return null;
  const match = /^\s*(-?\d+)(?:[.,](\d+))?\s*$/.exec(raw);
  if (!match) return null;
  return { number: Number(`${match[1]}.${match[2] ?? '0'}`), decimals: match[2]?.length ?? 0 };
}

function checkNumber(field: Extract<FormField, { type: 'number' | 'decimal' }>, raw: unknown): Check<number> {
  const read = readNumber(raw);
  if (!read) return { error: FM.number };
  if (field.type === 'number' && field.integer && !Number.isInteger(read.number)) return { error: FM.integer };
  if (field.type === 'decimal' && read.decimals > field.decimals)
    return { error: field.decimals === 0 ? FM.integer : formMessage(FM.decimals, { decimals: field.decimals }) };
  if (field.min !== undefined && read.number < field.min)
    return { error: formMessage(FM.numberMin, { min: String(field.min).replace('.', ',') }) };
  if (field.max !== undefined && read.number > field.max)
    return { error: formMessage(FM.numberMax, { max: String(field.max).replace('.', ',') }) };
  return { value: read.number };
}

function checkDate(field: Extract<FormField, { type: 'date' }>, raw: unknown, today: () => string): Check<string> {
  if (typeof raw !== 'string') return { error: FM.date };
  const value = parseIsoDate(raw.trim()) ?? parseRomanianDate(raw);
  if (!value) return { error: FM.date };
  if (field.minDate && value < field.minDate)
    return { error: formMessage(FM.dateMin, { min: formatRomanianDate(field.minDate) ?? field.minDate }) };
  if (field.maxDate && value > field.maxDate)
    return { error: formMessage(FM.dateMax, { max: formatRomanianDate(field.maxDate) ?? field.maxDate }) };
  if (field.notInFuture && value > today()) return { error: FM.dateInFuture };
  return { value };
}

function checkChoice(field: Extract<FormField, { type: 'select' | 'radio' }>, raw: unknown): Check<string> {
  if (typeof raw !== 'string' && typeof raw !== 'number') return { error: FM.option };
  const value = String(raw);
  return field.options.some((o) => o.value === value) ? { value } : { error: FM.option };
}

function checkCheckboxes(field: Extract<FormField, { type: 'checkboxes' }>, raw: unknown): Check<string[]> {
  const list = Array.isArray(raw) ? raw : [raw];
  if (!list.every((v) => typeof v === 'string' || typeof v === 'number')) return { error: FM.option };
  const chosen = [...new Set(list.map(String))];
  if (!chosen.every((v) => field.options.some((o) => o.value === v))) return { error: FM.option };
  // Keep the order of the options, whatever order the boxes were ticked in.
  const value = field.options.map((o) => o.value).filter((v) => chosen.includes(v));
  if (field.minSelected !== undefined && value.length < field.minSelected)
    return { error: formMessage(FM.minSelected, { count: romanianCount(field.minSelected, 'opțiune', 'opțiuni') }) };
  if (field.maxSelected !== undefined && value.length > field.maxSelected)
    return { error: formMessage(FM.maxSelected, { count: romanianCount(field.maxSelected, 'opțiune', 'opțiuni') }) };
  return { value };
}

const CADASTRAL_NUMBER = /^\d{1,12}(?:-[A-Z]{1,3}\d{1,5})*$/;

function checkCadastralNumber(raw: unknown): Check<string> {
  if (typeof raw !== 'string' && typeof raw !== 'number') return { error: FM.cadastralNumber };
  const value = String(raw).trim().toUpperCase();
  return CADASTRAL_NUMBER.test(value) ? { value } : { error: FM.cadastralNumber };
}

const positiveId = (v: unknown): number | null => {
  const n = typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : null;
};

/**
 * An address: county, locality (SIRUTA ids), street and number required; village and postal
 * code optional. Whether the locality lies in the county is checked by the server, which has
 * the territory tables.
 */
function checkAddress(raw: unknown, path: string, errors: FormValidationError[]): AddressValue | undefined {
  if (!isObject(raw)) {
    errors.push({ path, message: FM.invalidValue });
    return undefined;
  }
  const before = errors.length;
  const required = (key: string) => errors.push({ path: `${path}.${key}`, message: FM.requiredFields });
  const text = (key: string, max: number): string | undefined => {
    const v = raw[key];
    if (isEmptyFormValue(v)) return undefined;
    if (typeof v !== 'string' && typeof v !== 'number') {
      errors.push({ path: `${path}.${key}`, message: FM.invalidValue });
      return undefined;
    }
    const s = toCommaBelow(String(v).trim());
    if ([...s].length > max) errors.push({ path: `${path}.${key}`, message: formMessage(FM.maxLength, { max }) });
    return s;
  };
  const id = (key: string, mandatory: boolean): number | undefined => {
    if (isEmptyFormValue(raw[key])) {
      if (mandatory) required(key);
      return undefined;
    }
    const n = positiveId(raw[key]);
    if (n === null) errors.push({ path: `${path}.${key}`, message: FM.invalidValue });
    return n ?? undefined;
  };
  const countyId = id('county_id', true);
  const localityId = id('locality_id', true);
  const villageId = id('village_id', false);
  const street = text('street', 255);
  if (street === undefined && isEmptyFormValue(raw.street)) required('street');
  const number = text('number', 20);
  if (number === undefined && isEmptyFormValue(raw.number)) required('number');
  const postalCode = text('postal_code', 6);
  if (postalCode !== undefined && !isValidPostalCode(postalCode))
    errors.push({ path: `${path}.postal_code`, message: FM.postalCode });
  if (errors.length > before) return undefined;
  return {
    county_id: countyId as number,
    locality_id: localityId as number,
    ...(villageId !== undefined ? { village_id: villageId } : {}),
    street: street as string,
    number: number as string,
    ...(postalCode !== undefined ? { postal_code: postalCode } : {}),
  };
}

/**
 * One plain value (not a group, marker, attachment, heading or computed field): `undefined`
 * when empty and optional, otherwise the normalised value or an error.
 */
function checkValue(
  field: FormField | GroupChildField,
  raw: unknown,
  path: string,
  errors: FormValidationError[],
  today: () => string,
): FormItemValue | undefined {
  if (isEmptyFormValue(raw)) {
    if ('required' in field && field.required) errors.push({ path, message: FM.requiredFields });
    return undefined;
  }
  let check: Check<FormItemValue>;
  switch (field.type) {
    case 'text':
    case 'textarea':
      check = checkText(field, raw);
      break;
    case 'number':
    case 'decimal':
      check = checkNumber(field, raw);
      break;
    case 'date':
      check = checkDate(field, raw, today);
      break;
    case 'select':
    case 'radio':
      check = checkChoice(field, raw);
      break;
    case 'checkboxes':
      check = checkCheckboxes(field, raw);
      break;
    case 'cadastral_number':
      check = checkCadastralNumber(raw);
      break;
    case 'address':
      return checkAddress(raw, path, errors);
    default:
      return undefined;
  }
  if ('error' in check) {
    errors.push({ path, message: check.error });
    return undefined;
  }
  return check.value;
}

/** The count rule shared by groups and attachments: `required` means at least one. */
function countError(count: number, min: number, max: number, required: boolean, noun: [string, string], kind: 'files' | 'items') {
  const effectiveMin = Math.max(min, required ? 1 : 0);
  if (count === 0 && effectiveMin > 0) return FM.requiredFields;
  if (count < effectiveMin)
    return formMessage(kind === 'files' ? FM.minFiles : FM.minItems, { count: romanianCount(effectiveMin, ...noun) });
  if (count > max) return formMessage(kind === 'files' ? FM.maxFiles : FM.maxItems, { count: romanianCount(max, ...noun) });
  return null;
}

/** Validates the data of a form (see the module comment). */
export function validateFormData(
  definition: FormDefinition,
  data: unknown,
  options: FormValidationOptions = {},
): FormValidationResult {
  const raw = isObject(data) ? data : {};
  const errors: FormValidationError[] = [];
  const value: Record<string, FormValue> = {};
  const files: Record<string, number[]> = {};
  const markers: VisibleMarker[] = [];
  let todayCache: string | undefined;
  const today = () => {
    todayCache ??= options.today ?? todayInRomania();
    return todayCache;
  };

  for (const field of definition.fields) {
    // Visibility is decided on the clean values before this field: a hidden or invalid answer
    // never opens a branch.
    if (!isFieldVisible(field, value)) continue;
    switch (field.type) {
      case 'section_title':
        break;
      case 'real_estate_target':
      case 'beneficiaries':
        markers.push({ key: field.key, type: field.type, label: field.label, ...markerBounds(field) });
        break;
      case 'attachments': {
        const ids = [...new Set(options.files?.[field.key] ?? [])];
        files[field.key] = ids;
        const error = countError(ids.length, field.minFiles, field.maxFiles, field.required, ['fișier', 'fișiere'], 'files');
        if (error) errors.push({ path: field.key, message: error });
        break;
      }
      case 'computed': {
        const computed = computeFieldValue(field, value);
        if (computed !== null) value[field.key] = computed;
        break;
      }
      case 'repeatable_group': {
        const items = raw[field.key];
        if (items !== undefined && items !== null && !Array.isArray(items)) {
          errors.push({ path: field.key, message: FM.invalidValue });
          break;
        }
        const list = (items ?? []) as unknown[];
        const noun: [string, string] = field.itemLabel ? [field.itemLabel.toLowerCase(), 'elemente'] : ['element', 'elemente'];
        const error = countError(list.length, field.minItems, field.maxItems, field.required, noun, 'items');
        if (error) errors.push({ path: field.key, message: error });
        const clean: Record<string, FormItemValue>[] = [];
        list.slice(0, field.maxItems).forEach((item, index) => {
          const itemPath = `${field.key}.${index}`;
          if (!isObject(item)) {
            errors.push({ path: itemPath, message: FM.invalidValue });
            return;
          }
          const itemValue: Record<string, FormItemValue> = {};
          for (const child of field.fields) {
            if (!isFieldVisible(child, { ...value, ...itemValue })) continue;
            if (child.type === 'section_title') continue;
            if (child.type === 'computed') {
              const computed = computeFieldValue(child, { ...value, ...itemValue });
              if (computed !== null) itemValue[child.key] = computed;
              continue;
            }
            const checked = checkValue(child, item[child.key], `${itemPath}.${child.key}`, errors, today);
            if (checked !== undefined) itemValue[child.key] = checked;
          }
          clean.push(itemValue);
        });
        if (list.length > 0) value[field.key] = clean;
        break;
      }
      default: {
        const checked = checkValue(field, raw[field.key], field.key, errors, today);
        if (checked !== undefined) value[field.key] = checked;
      }
    }
  }
  return { ok: errors.length === 0, errors, value, files, markers };
}
