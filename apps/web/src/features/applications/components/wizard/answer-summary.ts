import { type FormField, type GroupChildField, isFieldVisible, type RealEstate } from '@ghiseu/domain';
import type { FormValues } from '../../../../components/form-renderer/form-values';
import { formatDate } from '../../../../lib/format';

/**
 * The answers of a form as text, for the check-your-answers summary of the wizard and the
 * details page: one row per visible field that holds an answer (section titles start a group),
 * never disabled inputs.
 */
export type SummaryRow =
  | { kind: 'section'; key: string; label: string }
  | { kind: 'answer'; key: string; label: string; text: string }
  | { kind: 'group'; key: string; label: string; items: { label: string; rows: { label: string; text: string }[] }[] };

/** Not answers: markers and files are summarised from their own records. */
const NOT_ANSWERS = new Set(['attachments', 'beneficiaries', 'real_estate_target']);

export const NO_ANSWER = '—';

const number = (value: number, unit?: string) =>
  `${value.toLocaleString('ro-RO', { maximumFractionDigits: 4 })}${unit ? ` ${unit}` : ''}`;

/** One answer as text; {@link NO_ANSWER} when empty. */
export function answerText(field: FormField | GroupChildField, value: unknown): string {
  if (value === undefined || value === null || value === '') return NO_ANSWER;
  switch (field.type) {
    case 'number':
    case 'decimal':
    case 'computed':
      return typeof value === 'number' ? number(value, field.unit) : String(value);
    case 'date':
      return typeof value === 'string' ? formatDate(value) : NO_ANSWER;
    case 'select':
    case 'radio':
      return field.options.find((option) => option.value === value)?.label ?? String(value);
    case 'checkboxes': {
      const chosen = Array.isArray(value) ? value : [];
      const labels = field.options.filter((option) => chosen.includes(option.value)).map((option) => option.label);
      return labels.length > 0 ? labels.join(', ') : NO_ANSWER;
    }
    case 'address': {
      const address = (value ?? {}) as { street?: unknown; number?: unknown; postal_code?: unknown };
      const parts = [address.street, address.number ? `nr. ${address.number}` : null, address.postal_code]
        .filter((part) => typeof part === 'string' && part.trim() !== '')
        .map(String);
      return parts.length > 0 ? parts.join(', ') : NO_ANSWER;
    }
    default:
      return typeof value === 'string' ? value : JSON.stringify(value);
  }
}

/** The summary rows of `fields` answered with `values` (visible fields only, in form order). */
export function summariseAnswers(fields: readonly FormField[], values: FormValues): SummaryRow[] {
  const rows: SummaryRow[] = [];
  for (const field of fields) {
    if (NOT_ANSWERS.has(field.type) || !isFieldVisible(field, values)) continue;
    if (field.type === 'section_title') {
      rows.push({ kind: 'section', key: field.key, label: field.label });
      continue;
    }
    if (field.type === 'repeatable_group') {
      const items = Array.isArray(values[field.key]) ? (values[field.key] as FormValues[]) : [];
      rows.push({
        kind: 'group',
        key: field.key,
        label: field.label,
        items: items.map((item, index) => ({
          label: `${field.itemLabel || field.label} ${index + 1}`,
          rows: field.fields
            .filter((child) => child.type !== 'section_title' && isFieldVisible(child, item))
            .map((child) => ({ label: child.label, text: answerText(child, item[child.key]) })),
        })),
      });
      continue;
    }
    rows.push({ kind: 'answer', key: field.key, label: field.label, text: answerText(field, values[field.key]) });
  }
  // A section with nothing after it (its fields hidden or not answers) is dropped.
  return rows.filter((row, index) => row.kind !== 'section' || (rows[index + 1] && rows[index + 1].kind !== 'section'));
}

/* ───────────────────────────── The land area asked twice ───────────────────────────── */

/** The form's land-area question: a number field about the land's area in m². */
export function landAreaField(fields: readonly FormField[]): FormField | undefined {
  const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  return fields.find(
    (field) =>
      (field.type === 'decimal' || field.type === 'number') &&
      (field.key.includes('suprafata_teren') || /suprafata (totala a )?terenului/.test(fold(field.label))),
  );
}

/** The three land areas of an application, when known, and whether they disagree. */
export interface AreaComparison {
  /** Answered in the form (m²). */
  form: number | null;
  /** Declared for the real estates (sum, m²), when every real estate has one. */
  declared: number | null;
  /** Found in the land registry (sum, m²), when every real estate was found. */
  registry: number | null;
  differs: boolean;
}

const sum = (values: (number | null)[]) =>
  values.length > 0 && values.every((v) => typeof v === 'number') ? (values as number[]).reduce((a, b) => a + b, 0) : null;

/**
 * The land area asked in the form and in the real-estate step, and the one the cadastre has:
 * null when there is nothing to compare, otherwise the figures and whether any two differ (by
 * more than a hundredth of a square metre).
 */
export function compareLandAreas(
  fields: readonly FormField[] | null,
  values: FormValues,
  realEstates: readonly Pick<RealEstate, 'area' | 'registry_area'>[],
): AreaComparison | null {
  const field = fields ? landAreaField(fields) : undefined;
  const answer = field ? values[field.key] : undefined;
  const form = typeof answer === 'number' ? answer : null;
  const declared = sum(realEstates.map((r) => r.area));
  const registry = sum(realEstates.map((r) => r.registry_area));
  const known = [form, declared, registry].filter((v): v is number => v !== null);
  if (known.length < 2) return null;
  const differs = known.some((v) => Math.abs(v - known[0]) > 0.01);
  return { form, declared, registry, differs };
}
