import { parseLei, type Tax, type TaxRule } from '@ghiseu/domain';

/** A tax as the API returns it (amounts in lei strings) → the rule of @ghiseu/domain (amounts in bani). */
export function taxRuleOf(tax: Tax): TaxRule {
  return {
    id: tax.id,
    name: tax.name,
    category_id: tax.category_id,
    price_model: tax.price_model,
    base: tax.base,
    moment: tax.moment,
    purpose: tax.purpose,
    fixed_value: tax.fixed_value === null ? null : parseLei(tax.fixed_value),
    percentage_value: tax.percentage_value,
    ranges: tax.ranges.map((range) => ({ start: range.start, end: range.end, value: parseLei(range.value) ?? 0 })),
    entry_into_force: tax.entry_into_force,
  };
}

/** Today as YYYY-MM-DD in the user's calendar. */
export function today(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
