import {
  computeFieldValue,
  type FormField,
  FORM_MESSAGES,
  type GroupChildField,
  isFieldVisible,
  validateFormData,
} from '@ghiseu/domain';

/** Values of a form as the renderer keeps them, by field key. */
export type FormValues = Record<string, unknown>;
/** Error messages by dotted path (`suprafata`, `corpuri.1.arie`, `adresa.street`). */
export type FormErrors = Record<string, string>;

type AnyField = FormField | GroupChildField;

/** The fields shown for `values` (hidden ones are neither validated nor kept, see `validateFormData`). */
export function visibleFields<F extends AnyField>(fields: readonly F[], values: FormValues): F[] {
  return fields.filter((field) => isFieldVisible(field, values));
}

/** The values with every computed field recomputed, top level and inside group items. */
export function withComputedValues(fields: readonly FormField[], values: FormValues): FormValues {
  const next: FormValues = { ...values };
  for (const field of fields) {
    if (field.type === 'repeatable_group' && Array.isArray(next[field.key])) {
      next[field.key] = (next[field.key] as FormValues[]).map((item) => {
        const scope = { ...next, ...item };
        const updated = { ...item };
        for (const child of field.fields)
          if (child.type === 'computed') updated[child.key] = computeFieldValue(child, { ...scope, ...updated });
        return updated;
      });
    }
    if (field.type === 'computed') next[field.key] = computeFieldValue(field, next);
  }
  return next;
}

/** Errors from a list of `{ path, message }` (client validation or the server's INVALID_FORM_VALUE). */
export function errorsByPath(list: readonly { path: string; message: string }[]): FormErrors {
  const errors: FormErrors = {};
  for (const { path, message } of list) if (!(path in errors)) errors[path] = message;
  return errors;
}

/**
 * Validates the answers the way the server will at submission (`validateFormData`). Attachments
 * are counted from `files`; markers are checked by their own wizard steps, so they are left out.
 */
export function validateAnswers(
  fields: readonly FormField[],
  values: FormValues,
  files: Record<string, number[]> = {},
): FormErrors {
  const result = validateFormData({ fields: [...fields] }, values, { files });
  return errorsByPath(result.errors);
}

/** The first error's path in display order, to move the focus there. */
export function firstErrorPath(errors: FormErrors): string | undefined {
  return Object.keys(errors)[0];
}

/** The general message shown above a form with errors (spec §5). */
export const REQUIRED_FIELDS_TEXT = FORM_MESSAGES.requiredFields;

/** A DOM id for the input of a value path. */
export const fieldDomId = (path: string) => `form-field-${path.replace(/[^a-zA-Z0-9_-]/g, '-')}`;
