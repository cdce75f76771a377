import {
  formatLei,
  parseLei,
  type PriceModel,
  type Tax,
  type TaxBase,
  type TaxMoment,
  type TaxPurposeGroup,
  type TaxRuleIssue,
  validateTaxRule,
} from '@ghiseu/domain';

/**
 * The tax form: what the inputs hold (text), the live check of the price fields with
 * `validateTaxRule` of @ghiseu/domain (the server's rule and messages) and the request body.
 */

export interface RangeValues {
  start: string;
  end: string;
  value: string;
}

export interface TaxValues {
  name: string;
  category_id: number | null;
  entry_into_force: string | null;
  decision_number: string;
  decision_date: string | null;
  justification: string;
  price_model: PriceModel;
  base: TaxBase;
  moment: TaxMoment;
  purpose: TaxPurposeGroup | null;
  fixed_value: string;
  percentage_value: string;
  ranges: RangeValues[];
  active: boolean;
}

const lei = (text: string | null | undefined) => (text ? text.replace('.', ',') : '');

export const emptyRange = (start = '0'): RangeValues => ({ start, end: '', value: '' });

export function taxValues(tax: Tax | null): TaxValues {
  return {
    name: tax?.name ?? '',
    category_id: tax?.category_id ?? null,
    entry_into_force: tax?.entry_into_force ?? null,
    decision_number: tax?.decision_number ?? '',
    decision_date: tax?.decision_date ?? null,
    justification: tax?.justification ?? '',
    price_model: tax?.price_model ?? 'fixed',
    base: tax?.base ?? 'none',
    moment: tax?.moment ?? 'application',
    purpose: tax?.purpose ?? null,
    fixed_value: lei(tax?.fixed_value),
    percentage_value: tax?.percentage_value ?? '',
    ranges: tax?.ranges.length
      ? tax.ranges.map((r) => ({ start: String(r.start), end: r.end === null ? '' : String(r.end), value: lei(r.value) }))
      : [emptyRange()],
    active: (tax?.status ?? 'active') === 'active',
  };
}

/** A quantity typed as text ("1.000,5" is not accepted: "1000,5" or "1000.5"); NaN when not a number. */
const quantity = (text: string): number => {
  const trimmed = text.trim().replace(',', '.');
  return trimmed === '' || !/^\d+(\.\d+)?$/.test(trimmed) ? Number.NaN : Number(trimmed);
};

const usesRanges = (model: PriceModel) => model === 'range' || model === 'mixed';
const usesPercentage = (model: PriceModel) => model === 'percentage' || model === 'mixed';

/** The price fields as the rule of @ghiseu/domain reads them (amounts in bani). */
export function ruleOf(values: TaxValues) {
  return {
    price_model: values.price_model,
    base: values.price_model === 'fixed' ? ('none' as const) : values.base,
    fixed_value: parseLei(values.fixed_value),
    percentage_value: values.percentage_value.trim() || null,
    ranges: values.ranges.map((range) => ({
      start: quantity(range.start),
      end: range.end.trim() === '' ? null : quantity(range.end),
      value: parseLei(range.value) ?? Number.NaN,
    })),
  };
}

/** Every problem of the price fields, by path (`fixed_value`, `ranges.1.start`…), first message kept. */
export function priceIssues(values: TaxValues): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of validateTaxRule(ruleOf(values)) as TaxRuleIssue[]) {
    if (!out[issue.path]) out[issue.path] = issue.message;
  }
  return out;
}

/** Required fields outside the price (name, category, entry into force). */
export function requiredIssues(values: TaxValues, message: string): Record<string, string> {
  const out: Record<string, string> = {};
  if (!values.name.trim()) out.name = message;
  if (values.category_id === null) out.category_id = message;
  if (!values.entry_into_force) out.entry_into_force = message;
  return out;
}

/** The body of POST /taxes (PATCH sends the changed keys of it). Call only when valid. */
export function taxBody(values: TaxValues) {
  const rule = ruleOf(values);
  return {
    category_id: values.category_id as number,
    name: values.name.trim(),
    entry_into_force: values.entry_into_force as string,
    decision_number: values.decision_number.trim() || null,
    decision_date: values.decision_date || null,
    justification: values.justification.trim() || null,
    price_model: values.price_model,
    base: rule.base,
    moment: values.moment,
    purpose: values.purpose,
    fixed_value: values.price_model === 'fixed' && rule.fixed_value !== null ? formatLei(rule.fixed_value) : null,
    percentage_value: usesPercentage(values.price_model) ? (rule.percentage_value?.replace(',', '.') ?? null) : null,
    ranges: usesRanges(values.price_model)
      ? rule.ranges.map((range) => ({ start: range.start, end: range.end, value: formatLei(range.value) }))
      : [],
    status: values.active ? ('active' as const) : ('inactive' as const),
  };
}
export type TaxBody = ReturnType<typeof taxBody>;

/** The changed keys from a stored tax to the form's body (empty: nothing changed). */
export function taxPatch(tax: Tax, body: TaxBody): Partial<TaxBody> {
  const before = taxBody(taxValues(tax));
  const patch: Record<string, unknown> = {};
  for (const key of Object.keys(body) as (keyof TaxBody)[]) {
    if (JSON.stringify(body[key]) !== JSON.stringify(before[key])) patch[key] = body[key];
  }
  return patch as Partial<TaxBody>;
}

export { usesPercentage, usesRanges };
