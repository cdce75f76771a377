import {
  type AttachmentsField,
  type FormDefinition,
  type FormField,
  type FormValidationError,
  LIMITS,
  markerCountError,
  VALIDATION_MESSAGES,
  validateFormData,
  VALUELESS_FIELD_TYPES,
} from '@ghiseu/domain';
import { invalidField } from '../../platform/request.js';

/**
 * How the applications module uses the form interfaces of the forms module: a loose type check
 * while a draft is saved, the full check (validateFormData + attachments + markers) at
 * submission. Field paths are `form.<key>`, the key of the field in the definition.
 */

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const scalar = (value: unknown) => typeof value === 'string' || typeof value === 'number';

/** Whether a value could belong to a field of this type; the real rules run at submission. */
function looselyFits(field: FormField, value: unknown): boolean {
  switch (field.type) {
    case 'text':
    case 'textarea':
    case 'number':
    case 'decimal':
    case 'select':
    case 'radio':
    case 'cadastral_number':
      return scalar(value);
    case 'date':
      return typeof value === 'string';
    case 'checkboxes':
      return scalar(value) || (Array.isArray(value) && value.every(scalar));
    case 'address':
      return isObject(value);
    case 'repeatable_group':
      return Array.isArray(value) && value.every(isObject);
    default:
      return false;
  }
}

/** Keys of the form data that hold answers: not headings, markers, attachments or computed values. */
const holdsAnswer = (field: FormField) =>
  !(VALUELESS_FIELD_TYPES as readonly string[]).includes(field.type) && field.type !== 'computed';

/**
 * The loose check of a draft save (spec: drafts are saved half-filled): every key must be a
 * field of the form that holds an answer, and each value must have a plausible type. Empty and
 * `null` values are always accepted. Returns the problems as `{ path, message }`.
 */
export function looseFormIssues(
  definition: FormDefinition,
  form: Record<string, unknown>,
  messages: { unknownField: string; fieldType: string },
): FormValidationError[] {
  const byKey = new Map(definition.fields.map((f) => [f.key, f]));
  const issues: FormValidationError[] = [];
  for (const [key, value] of Object.entries(form)) {
    const field = byKey.get(key);
    if (!field || !holdsAnswer(field)) issues.push({ path: `form.${key}`, message: messages.unknownField });
    else if (value !== null && value !== '' && !looselyFits(field, value))
      issues.push({ path: `form.${key}`, message: messages.fieldType });
  }
  return issues;
}

/** The form data without the keys that the definition does not hold (after a type change). */
export function keepKnownAnswers(definition: FormDefinition, form: Record<string, unknown>): Record<string, unknown> {
  const known = new Set(definition.fields.filter(holdsAnswer).map((f) => f.key));
  return Object.fromEntries(Object.entries(form).filter(([key]) => known.has(key)));
}

/** The attachment field with this key, if the form has one. */
export function attachmentField(definition: FormDefinition, key: string): AttachmentsField | undefined {
  const field = definition.fields.find((f) => f.key === key);
  return field?.type === 'attachments' ? field : undefined;
}

export const attachmentKeys = (definition: FormDefinition): Set<string> =>
  new Set(definition.fields.filter((f) => f.type === 'attachments').map((f) => f.key));

/**
 * RFC 7396 merge patch: `null` removes a key, objects merge key by key, anything else (arrays
 * included) replaces. Used for the form data of a draft. Request bodies nest at most
 * LIMITS.maxJsonDepth levels (the JSON parser refuses deeper ones); the merge checks it again so
 * that no caller can make it recurse without bound. Keys are defined as own properties, so a
 * `__proto__` key stays data and never changes the result's prototype.
 */
export function mergePatch(target: Record<string, unknown>, patch: Record<string, unknown>, depth = 0): Record<string, unknown> {
  if (depth > LIMITS.maxJsonDepth) throw invalidField('form', VALIDATION_MESSAGES.bodyTooDeep);
  const result: Record<string, unknown> = { ...target };
  const set = (key: string, value: unknown) =>
    Object.defineProperty(result, key, { value, enumerable: true, writable: true, configurable: true });
  for (const [key, value] of Object.entries(patch)) {
    const current = Object.hasOwn(result, key) ? result[key] : undefined;
    if (value === null) delete result[key];
    else if (isObject(value)) set(key, mergePatch(isObject(current) ? current : {}, value, depth + 1));
    else set(key, value);
  }
  return result;
}

export interface SubmissionCheck {
  issues: FormValidationError[];
  /** The clean answers to store with the submitted application. */
  value: Record<string, unknown>;
  /** Attachment keys that are visible; files of other keys are dropped at submission. */
  visibleAttachmentKeys: Set<string>;
}

/**
 * The full check of a submission: the form data against its version (only visible fields,
 * attachments counted per field), then the markers against the application's records. A visible
 * beneficiaries marker always needs at least one beneficiary.
 */
export function checkSubmission(
  definition: FormDefinition,
  formData: Record<string, unknown>,
  filesByKey: Record<string, number[]>,
  counts: { beneficiaries: number; realEstates: number },
): SubmissionCheck {
  const result = validateFormData(definition, formData, { files: filesByKey });
  const issues = result.errors.map((e) => ({ path: `form.${e.path}`, message: e.message }));
  for (const marker of result.markers) {
    const bounds = marker.type === 'beneficiaries' ? { ...marker, minItems: Math.max(1, marker.minItems) } : marker;
    const count = marker.type === 'beneficiaries' ? counts.beneficiaries : counts.realEstates;
    const error = markerCountError(bounds, count);
    if (error) issues.push({ path: `form.${marker.key}`, message: error });
  }
  return { issues, value: result.value, visibleAttachmentKeys: new Set(Object.keys(result.files)) };
}
