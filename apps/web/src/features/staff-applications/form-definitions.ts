import { type FormField, type StaffApplication, ZFormDefinitionShape } from '@ghiseu/domain';
import type { FormValues } from '../../components/form-renderer/form-values';

/** The keys of the citizen `form` that are records of their own, not answers. */
const NON_ANSWER_KEYS = new Set(['real_estate_target', 'beneficiary_users', 'sign_details']);

/** The fields of a stored form version (its `definition`), or null when there is none or it is unreadable. */
export function fieldsOf(version: { definition: unknown } | null | undefined): FormField[] | null {
  const parsed = ZFormDefinitionShape.safeParse(version?.definition);
  return parsed.success ? parsed.data.fields : null;
}

/** The citizen's answers of the record (its `form` without the records listed on their own tabs). */
export function citizenAnswersOf(application: Pick<StaffApplication, 'form'>): FormValues {
  return Object.fromEntries(Object.entries(application.form ?? {}).filter(([key]) => !NON_ANSWER_KEYS.has(key)));
}

/**
 * The staff form's answers to send: every value field of the form, empty answers left out (the
 * staff form is saved whole, not merged).
 */
export function staffFormPayload(fields: readonly FormField[], values: FormValues): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of fields) {
    if (field.type === 'section_title' || field.type === 'attachments') continue;
    if (field.type === 'beneficiaries' || field.type === 'real_estate_target') continue;
    const value = values[field.key];
    if (value !== undefined && value !== null && value !== '') out[field.key] = value;
  }
  return out;
}
