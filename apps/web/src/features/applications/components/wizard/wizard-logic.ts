import {
  type Application,
  type FormField,
  markerBounds,
  markerCountError,
  isFieldVisible,
  ZFormDefinitionShape,
} from '@ghiseu/domain';
import { type FormErrors, type FormValues, validateAnswers } from '../../../../components/form-renderer/form-values';

/** The wizard's steps, in order (spec §4 wizard; the form's markers and attachments get their own steps). */
export const WIZARD_STEPS = ['type', 'form', 'beneficiaries', 'realEstates', 'attachments', 'tax', 'signing', 'review'] as const;
export type WizardStepId = (typeof WIZARD_STEPS)[number];
export const stepIndex = (id: WizardStepId) => WIZARD_STEPS.indexOf(id);

/** Keys of the record's `form` that are not answers (rebuilt by the server from their own rows). */
const NON_ANSWER_KEYS = new Set(['real_estate_target', 'beneficiary_users', 'sign_details']);

/** The fields of the version the draft is filled with (defaults applied), or null when it has none. */
export function formFieldsOf(application: Pick<Application, 'form_definition'>): FormField[] | null {
  const parsed = ZFormDefinitionShape.safeParse(application.form_definition?.definition);
  return parsed.success ? parsed.data.fields : null;
}

/** The answers stored in the draft. */
export function answersOf(application: Pick<Application, 'form'>): FormValues {
  return Object.fromEntries(Object.entries(application.form ?? {}).filter(([key]) => !NON_ANSWER_KEYS.has(key)));
}

/**
 * The merge patch of the answers: every top-level value field of the form, `null` for an empty
 * one so that a cleared answer is removed on the server (RFC 7396).
 */
export function formPatch(fields: readonly FormField[], values: FormValues): Record<string, unknown> {
  const patch: Record<string, unknown> = {};
  for (const field of fields) {
    if (field.type === 'section_title' || field.type === 'attachments') continue;
    if (field.type === 'beneficiaries' || field.type === 'real_estate_target') continue;
    const value = values[field.key];
    patch[field.key] = value === undefined || value === '' ? null : value;
  }
  return patch;
}

const isEmptyAnswer = (value: unknown): boolean =>
  value === undefined ||
  value === null ||
  value === '' ||
  (Array.isArray(value) && value.every(isEmptyAnswer)) ||
  (typeof value === 'object' && !Array.isArray(value) && Object.values(value as object).every(isEmptyAnswer));

/** True when at least one answer of the form is filled in (computed fields do not count). */
export function hasAnswers(fields: readonly FormField[] | null, values: FormValues): boolean {
  if (!fields) return false;
  return Object.entries(formPatch(fields, values)).some(([key, value]) => {
    const field = fields.find((f) => f.key === key);
    return field?.type !== 'computed' && !isEmptyAnswer(value);
  });
}

const attachmentKeys = (fields: readonly FormField[]) =>
  new Set(fields.filter((field) => field.type === 'attachments').map((field) => field.key));

/** Files attached so far, by attachment field key. */
export function filesByField(application: Pick<Application, 'attachments'>): Record<string, number[]> {
  const files: Record<string, number[]> = {};
  for (const file of application.attachments ?? [])
    if (file.category) files[file.category] = [...(files[file.category] ?? []), file.file_id];
  return files;
}

/** Errors of the answers (form step): everything but the attachments, which have their own step. */
export function answerErrors(fields: readonly FormField[], values: FormValues): FormErrors {
  const keys = attachmentKeys(fields);
  const all = validateAnswers(fields, values);
  return Object.fromEntries(Object.entries(all).filter(([path]) => !keys.has(path.split('.')[0])));
}

/** Errors of the attachment fields (attachments step). */
export function attachmentErrors(fields: readonly FormField[], values: FormValues, files: Record<string, number[]>): FormErrors {
  const keys = attachmentKeys(fields);
  const all = validateAnswers(fields, values, files);
  return Object.fromEntries(Object.entries(all).filter(([path]) => keys.has(path.split('.')[0])));
}

/** The count error of the visible marker of `type` ('beneficiaries' or 'real_estate_target'), if any. */
export function markerError(
  fields: readonly FormField[],
  values: FormValues,
  type: 'beneficiaries' | 'real_estate_target',
  count: number,
): string | null {
  const field = fields.find((f) => f.type === type);
  if (!field || field.type !== type || !isFieldVisible(field, values)) return null;
  return markerCountError({ type, ...markerBounds(field) }, count);
}

/** The first step still missing something, where an edited draft resumes (review when all is there). */
export function firstIncompleteStep(application: Application): number {
  const fields = formFieldsOf(application);
  if (!fields) return stepIndex('form');
  const values = answersOf(application);
  if (Object.keys(answerErrors(fields, values)).length > 0) return stepIndex('form');
  if (markerError(fields, values, 'beneficiaries', application.beneficiaries.length)) return stepIndex('beneficiaries');
  if (markerError(fields, values, 'real_estate_target', application.real_estates.length)) return stepIndex('realEstates');
  if (Object.keys(attachmentErrors(fields, values, filesByField(application))).length > 0) return stepIndex('attachments');
  return stepIndex('review');
}
