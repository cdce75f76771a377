/**
 * Taxes of spec §3 and §5 and the application tax summary: one function, `computeTaxSummary`,
 * used by the wizard (live summary), the server (stored at submission) and the tax calculator.
 * Amounts are integer bani (money.ts); quantities are m² (land area) or bani (construction value).
 *
 * Price models:
 * - fixed: `fixed_value`.
 * - percentage: `percentage_value` % of the base (construction value; or lei per m² of land area).
 * - range: the value of the range holding the quantity. Ranges are (start, end]; the first starts
 *   at 0 and holds 0; each starts where the previous ended (no holes, no overlaps); only the last
 *   may be open (end null). Beyond a closed last range the last value applies.
 * - mixed: like range, plus `percentage_value` % of what exceeds the start of the last range when
 *   the quantity falls in it (Codul fiscal art. 474: "14 lei + 0,01 lei/m² pentru fiecare m² care
 *   depășește 1.000 m²" is a last range from 1000 at 14 lei with 1 %).
 */
import { type Bani, formatLei, parsePercent, percentOf, percentOfQuantity, sumBani } from './money.js';

export const PRICE_MODELS = ['fixed', 'range', 'mixed', 'percentage'] as const;
export type PriceModel = (typeof PRICE_MODELS)[number];

/** What a tax is computed on: nothing (fixed), the declared land area (m²) or the construction value (lei). */
export const TAX_BASES = ['none', 'land_area', 'construction_value'] as const;
export type TaxBase = (typeof TAX_BASES)[number];

/** When a tax is due: with the application, or only when the applicant signs online (signing taxes). */
export const TAX_MOMENTS = ['application', 'signing'] as const;
export type TaxMoment = (typeof TAX_MOMENTS)[number];

/** The rate groups of spec §5: housing and annexes (0.5 %) and other works (1 %). */
export const TAX_PURPOSE_GROUPS = ['housing', 'other'] as const;
export type TaxPurposeGroup = (typeof TAX_PURPOSE_GROUPS)[number];

export interface TaxRange {
  /** Start of the range in the base's unit (m² or lei), exclusive except for the first range (0). */
  start: number;
  /** End of the range (inclusive); null only for the last, open range. */
  end: number | null;
  /** Amount for a quantity in this range, in bani. */
  value: Bani;
}

/** A tax as the rules need it (the stored tax carries more: justification, status, organisation). */
export interface TaxRule {
  id: number;
  name: string;
  category_id: number;
  price_model: PriceModel;
  base: TaxBase;
  moment: TaxMoment;
  /** Only for this rate group (null: every application). */
  purpose: TaxPurposeGroup | null;
  fixed_value: Bani | null;
  /** Percentage as a decimal string, at most four decimals ("0.5" = 0.5 %). */
  percentage_value: string | null;
  ranges: TaxRange[];
  /** First day the tax applies (YYYY-MM-DD). */
  entry_into_force: string;
}

/** A problem of a tax definition: the field path and a Romanian message ('intervals or values valid', spec §5). */
export interface TaxRuleIssue {
  path: string;
  message: string;
}

export const TAX_RULE_MESSAGES = {
  intervals: 'Intervalele sau valorile nu sunt valide.',
  firstStart: 'Primul interval trebuie să înceapă de la 0.',
  contiguous: 'Intervalele trebuie să fie consecutive, fără suprapuneri sau goluri.',
  endAfterStart: 'Sfârșitul intervalului trebuie să fie mai mare decât începutul.',
  onlyLastOpen: 'Doar ultimul interval poate fi deschis.',
  rangesRequired: 'Adăugați cel puțin un interval.',
  fixedRequired: 'Completați valoarea fixă.',
  percentageRequired: 'Completați procentul (cel mult 100, cu cel mult 4 zecimale).',
  baseRequired: 'Alegeți baza de calcul a taxei.',
  value: 'Valoarea nu este validă.',
} as const;

const isAmount = (value: unknown): value is Bani => typeof value === 'number' && Number.isInteger(value) && value >= 0;
const isQuantity = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 && Math.round(value * 100) === value * 100;

/** Every problem of a tax's price fields; empty when the tax is valid. */
export function validateTaxRule(
  rule: Pick<TaxRule, 'price_model' | 'base' | 'fixed_value' | 'percentage_value' | 'ranges'>,
): TaxRuleIssue[] {
  const issues: TaxRuleIssue[] = [];
  const model = rule.price_model;
  if (model === 'fixed') {
    if (!isAmount(rule.fixed_value)) issues.push({ path: 'fixed_value', message: TAX_RULE_MESSAGES.fixedRequired });
    return issues;
  }
  if (rule.base === 'none') issues.push({ path: 'base', message: TAX_RULE_MESSAGES.baseRequired });
  if (model === 'percentage' || model === 'mixed') {
    const percent = parsePercent(rule.percentage_value);
    if (percent === null || (model === 'percentage' && percent === 0n)) {
      issues.push({ path: 'percentage_value', message: TAX_RULE_MESSAGES.percentageRequired });
    }
  }
  if (model === 'range' || model === 'mixed') issues.push(...validateRanges(rule.ranges));
  return issues;
}

/** The ranges rule of spec §5 ('intervals or values valid'). */
export function validateRanges(ranges: readonly TaxRange[]): TaxRuleIssue[] {
  const issues: TaxRuleIssue[] = [];
  if (ranges.length === 0) return [{ path: 'ranges', message: TAX_RULE_MESSAGES.rangesRequired }];
  ranges.forEach((range, index) => {
    const at = `ranges.${index}`;
    if (!isQuantity(range.start)) issues.push({ path: `${at}.start`, message: TAX_RULE_MESSAGES.value });
    if (range.end !== null && !isQuantity(range.end)) issues.push({ path: `${at}.end`, message: TAX_RULE_MESSAGES.value });
    if (!isAmount(range.value)) issues.push({ path: `${at}.value`, message: TAX_RULE_MESSAGES.value });
    if (index === 0 && range.start !== 0) issues.push({ path: `${at}.start`, message: TAX_RULE_MESSAGES.firstStart });
    if (index > 0 && ranges[index - 1]!.end !== range.start) {
      issues.push({ path: `${at}.start`, message: TAX_RULE_MESSAGES.contiguous });
    }
    if (range.end === null && index < ranges.length - 1)
      issues.push({ path: `${at}.end`, message: TAX_RULE_MESSAGES.onlyLastOpen });
    if (range.end !== null && range.end <= range.start)
      issues.push({ path: `${at}.end`, message: TAX_RULE_MESSAGES.endAfterStart });
  });
  return issues;
}

/** The range holding `quantity` ((start, end], the first holds 0); beyond a closed last range, the last one. */
export function rangeFor(ranges: readonly TaxRange[], quantity: number): { range: TaxRange; last: boolean } | null {
  if (ranges.length === 0) return null;
  for (const [index, range] of ranges.entries()) {
    const last = index === ranges.length - 1;
    if (range.end === null || quantity <= range.end) return { range, last };
  }
  return { range: ranges[ranges.length - 1]!, last: true };
}

/**
 * The amount of one tax for a quantity in the base's unit: m² for land_area, bani for
 * construction_value (null quantity: the input is missing, the amount is 0 for base ≠ none).
 */
export function computeTaxAmount(rule: TaxRule, quantity: number | null): Bani {
  if (rule.price_model === 'fixed') return rule.fixed_value ?? 0;
  if (quantity === null || quantity < 0) return 0;
  const money = rule.base === 'construction_value';
  // Ranges of a construction value are written in lei; the quantity is in bani.
  const inRangeUnit = money ? quantity / 100 : quantity;
  const percentOfExcess = (excess: number): Bani =>
    money ? percentOf(Math.round(excess), rule.percentage_value ?? '0') : percentOfQuantity(excess, rule.percentage_value ?? '0');
  if (rule.price_model === 'percentage') return percentOfExcess(quantity);
  const found = rangeFor(rule.ranges, inRangeUnit);
  if (!found) return 0;
  if (rule.price_model === 'range' || !found.last) return found.range.value;
  const startInQuantityUnit = money ? found.range.start * 100 : found.range.start;
  return found.range.value + percentOfExcess(Math.max(0, quantity - startInQuantityUnit));
}

/** What an application gives the taxes: declared land area, construction value and rate group, online signing. */
export interface TaxInputs {
  /** m², from the real estates (application land_area). */
  land_area: number | null;
  /** Bani, from the tax validator step (construction value). */
  construction_value: Bani | null;
  construction_purpose_group: TaxPurposeGroup | null;
  /** Signing taxes apply only when the applicant signs online (sign_details.isOnline). */
  online_signing: boolean;
}

/** A discount of the application type (name and percent, 0–100). */
export interface TaxDiscount {
  name: string;
  percent: number;
}

export interface TaxLine {
  tax_id: number;
  name: string;
  category_id: number;
  price_model: PriceModel;
  base: TaxBase;
  /** The quantity used (m² or bani), null for fixed taxes or a missing input. */
  quantity: number | null;
  /** True when the tax needs an input the application does not have yet (amount 0). */
  missing_input: boolean;
  amount: Bani;
}

/** The application tax summary of spec §3 (application_tax_values, signing_tax_values, totals, discount). */
export interface TaxSummary {
  currency: 'RON';
  /** The day whose taxes in force were used (YYYY-MM-DD). */
  date: string;
  application_tax_values: TaxLine[];
  signing_tax_values: TaxLine[];
  total_application: Bani;
  total_signing: Bani;
  /** Sum before the discount. */
  gross: Bani;
  discount: { name: string; discount_percent_value: number; diff_value: Bani } | null;
  /** What the applicant pays: gross − discount. */
  total: Bani;
}

/**
 * The taxes that apply on `date`: in force (entry_into_force ≤ date), for the rate group, signing
 * taxes only for online signing; of several versions of a tax (same category and name) the newest
 * in force.
 */
export function applicableTaxes(
  rules: readonly TaxRule[],
  inputs: Pick<TaxInputs, 'construction_purpose_group' | 'online_signing'>,
  date: string,
): TaxRule[] {
  const newest = new Map<string, TaxRule>();
  for (const rule of rules) {
    if (rule.entry_into_force > date) continue;
    if (rule.purpose !== null && rule.purpose !== inputs.construction_purpose_group) continue;
    if (rule.moment === 'signing' && !inputs.online_signing) continue;
    const key = `${rule.category_id}\u0000${rule.name.trim().toLocaleLowerCase('ro')}\u0000${rule.purpose ?? ''}`;
    const current = newest.get(key);
    if (
      !current ||
      current.entry_into_force < rule.entry_into_force ||
      (current.entry_into_force === rule.entry_into_force && current.id < rule.id)
    ) {
      newest.set(key, rule);
    }
  }
  return [...newest.values()].sort((a, b) => a.category_id - b.category_id || a.name.localeCompare(b.name, 'ro') || a.id - b.id);
}

function quantityOf(rule: TaxRule, inputs: TaxInputs): number | null {
  if (rule.base === 'land_area') return inputs.land_area;
  if (rule.base === 'construction_value') return inputs.construction_value;
  return null;
}

/** The application tax summary: lines, totals and discount, exact in bani. */
export function computeTaxSummary(
  rules: readonly TaxRule[],
  inputs: TaxInputs,
  date: string,
  discount: TaxDiscount | null = null,
): TaxSummary {
  const lines = applicableTaxes(rules, inputs, date).map((rule): TaxLine & { moment: TaxMoment } => {
    const quantity = rule.price_model === 'fixed' ? null : quantityOf(rule, inputs);
    const missing = rule.price_model !== 'fixed' && quantity === null;
    return {
      tax_id: rule.id,
      name: rule.name,
      category_id: rule.category_id,
      price_model: rule.price_model,
      base: rule.base,
      quantity,
      missing_input: missing,
      amount: computeTaxAmount(rule, quantity),
      moment: rule.moment,
    };
  });
  const strip = ({ moment: _moment, ...line }: TaxLine & { moment: TaxMoment }): TaxLine => line;
  const applicationLines = lines.filter((line) => line.moment === 'application').map(strip);
  const signingLines = lines.filter((line) => line.moment === 'signing').map(strip);
  const totalApplication = sumBani(applicationLines.map((line) => line.amount));
  const totalSigning = sumBani(signingLines.map((line) => line.amount));
  const gross = totalApplication + totalSigning;
  const percent = discount ? Math.min(100, Math.max(0, discount.percent)) : 0;
  const diff = discount ? Math.min(gross, percentOf(gross, percent)) : 0;
  return {
    currency: 'RON',
    date,
    application_tax_values: applicationLines,
    signing_tax_values: signingLines,
    total_application: totalApplication,
    total_signing: totalSigning,
    gross,
    discount: discount ? { name: discount.name, discount_percent_value: percent, diff_value: diff } : null,
    total: gross - diff,
  };
}

/** The JSON form of a tax line and summary (API and the stored `tax_summary`): amounts as lei strings. */
export interface TaxLineJson extends Omit<TaxLine, 'amount'> {
  amount: string;
}
export interface TaxSummaryJson
  extends Omit<
    TaxSummary,
    'application_tax_values' | 'signing_tax_values' | 'total_application' | 'total_signing' | 'gross' | 'discount' | 'total'
  > {
  application_tax_values: TaxLineJson[];
  signing_tax_values: TaxLineJson[];
  total_application: string;
  total_signing: string;
  gross: string;
  discount: { name: string; discount_percent_value: number; diff_value: string } | null;
  total: string;
}

export function taxSummaryToJson(summary: TaxSummary): TaxSummaryJson {
  const line = (value: TaxLine): TaxLineJson => ({ ...value, amount: formatLei(value.amount) });
  return {
    ...summary,
    application_tax_values: summary.application_tax_values.map(line),
    signing_tax_values: summary.signing_tax_values.map(line),
    total_application: formatLei(summary.total_application),
    total_signing: formatLei(summary.total_signing),
    gross: formatLei(summary.gross),
    discount: summary.discount ? { ...summary.discount, diff_value: formatLei(summary.discount.diff_value) } : null,
    total: formatLei(summary.total),
  };
}

/** Does the application still need inputs the taxes depend on (submission refuses it)? */
export function missingTaxInputs(summary: TaxSummary): TaxBase[] {
  const bases = new Set<TaxBase>();
  for (const line of [...summary.application_tax_values, ...summary.signing_tax_values]) {
    if (line.missing_input) bases.add(line.base);
  }
  return [...bases];
}
