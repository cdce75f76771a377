import { describe, expect, it } from 'vitest';
import {
  applicableTaxes,
  computeTaxAmount,
  computeTaxSummary,
  missingTaxInputs,
  rangeFor,
  TAX_RULE_MESSAGES,
  type TaxInputs,
  type TaxRule,
  taxSummaryToJson,
  validateRanges,
  validateTaxRule,
} from './taxes.js';

/** Codul fiscal art. 474 alin. (1): CU by land area, values in bani; 14 lei + 0.01 lei/m² over 1000 m². */
const CU_RANGES = [
  { start: 0, end: 150, value: 600 },
  { start: 150, end: 250, value: 700 },
  { start: 250, end: 500, value: 900 },
  { start: 500, end: 750, value: 1200 },
  { start: 750, end: 1000, value: 1400 },
  { start: 1000, end: null, value: 1400 },
];

let nextId = 1;
function rule(overrides: Partial<TaxRule>): TaxRule {
  return {
    id: nextId++,
    name: 'Taxă',
    category_id: 1,
    price_model: 'fixed',
    base: 'none',
    moment: 'application',
    purpose: null,
    fixed_value: 0,
    percentage_value: null,
    ranges: [],
    entry_into_force: '2024-01-01',
    ...overrides,
  };
}

const cu = rule({
  name: 'Certificat de urbanism',
  price_model: 'mixed',
  base: 'land_area',
  percentage_value: '1',
  ranges: CU_RANGES,
  fixed_value: null,
});
const cuRange = { ...cu, id: nextId++, price_model: 'range' as const };
const acHousing = rule({
  name: 'Autorizație de construire',
  category_id: 2,
  price_model: 'percentage',
  base: 'construction_value',
  percentage_value: '0.5',
  purpose: 'housing',
  fixed_value: null,
});
const acOther = { ...acHousing, id: nextId++, percentage_value: '1', purpose: 'other' as const };
const archive = rule({ name: 'Taxă de arhivare', category_id: 3, fixed_value: 500 });
const signing = rule({ name: 'Semnătură electronică', category_id: 3, fixed_value: 1000, moment: 'signing' });

const inputs = (overrides: Partial<TaxInputs> = {}): TaxInputs => ({
  land_area: null,
  construction_value: null,
  construction_purpose_group: null,
  online_signing: false,
  ...overrides,
});

describe('price models', () => {
  it('fixed: the fixed value, whatever the quantity', () => {
    expect(computeTaxAmount(archive, null)).toBe(500);
    expect(computeTaxAmount(archive, 1234)).toBe(500);
  });

  it('range: the value of the range holding the quantity ((start, end], the first holds 0)', () => {
    expect([0, 1, 150, 151, 250, 251, 500, 600, 750, 1000, 1500].map((m2) => computeTaxAmount(cuRange, m2))).toEqual([
      600, 600, 600, 700, 700, 900, 900, 1200, 1200, 1400, 1400,
    ]);
    expect(rangeFor(CU_RANGES, 150)?.range.end).toBe(150);
    expect(rangeFor(CU_RANGES.slice(0, 2), 10_000)).toEqual({ range: CU_RANGES[1], last: true });
    expect(computeTaxAmount(cuRange, null)).toBe(0);
  });

  it('mixed: the last range plus the percentage of what exceeds its start (art. 474)', () => {
    expect(computeTaxAmount(cu, 600)).toBe(1200);
    expect(computeTaxAmount(cu, 1000)).toBe(1400);
    expect(computeTaxAmount(cu, 1500)).toBe(1400 + 500); // 14 lei + 500 m² × 0.01 lei
    expect(computeTaxAmount(cu, 1000.5)).toBe(1401); // 0.005 lei → 1 ban (half up)
  });

  it('percentage: of the construction value in bani', () => {
    expect(computeTaxAmount(acHousing, 20_000_000)).toBe(100_000); // 0.5 % of 200 000 lei
    expect(computeTaxAmount(acOther, 20_000_000)).toBe(200_000);
    expect(computeTaxAmount(acHousing, 101)).toBe(1);
  });

  it('mixed on a construction value: ranges in lei, excess in bani', () => {
    const mixed = rule({
      price_model: 'mixed',
      base: 'construction_value',
      percentage_value: '1',
      fixed_value: null,
      ranges: [
        { start: 0, end: 1000, value: 2000 },
        { start: 1000, end: null, value: 5000 },
      ],
    });
    expect(computeTaxAmount(mixed, 50_000)).toBe(2000); // 500 lei
    expect(computeTaxAmount(mixed, 300_000)).toBe(5000 + 2000); // 3000 lei: 50 lei + 1 % of 2000 lei
  });
});

describe('tax rule validation', () => {
  it('accepts the art. 474 ranges', () => {
    expect(validateTaxRule(cu)).toEqual([]);
    expect(validateTaxRule(acHousing)).toEqual([]);
    expect(validateTaxRule(archive)).toEqual([]);
  });

  it('names a hole, an overlap, a first range not from 0 and an open range in the middle', () => {
    expect(
      validateRanges([
        { start: 0, end: 150, value: 600 },
        { start: 200, end: 300, value: 700 },
      ]),
    ).toEqual([{ path: 'ranges.1.start', message: TAX_RULE_MESSAGES.contiguous }]);
    expect(
      validateRanges([
        { start: 0, end: 150, value: 600 },
        { start: 100, end: 300, value: 700 },
      ]),
    ).toEqual([{ path: 'ranges.1.start', message: TAX_RULE_MESSAGES.contiguous }]);
    expect(validateRanges([{ start: 5, end: 10, value: 1 }])).toEqual([
      { path: 'ranges.0.start', message: TAX_RULE_MESSAGES.firstStart },
    ]);
    expect(
      validateRanges([
        { start: 0, end: null, value: 1 },
        { start: 10, end: 20, value: 1 },
      ]).map((issue) => issue.message),
    ).toEqual([TAX_RULE_MESSAGES.onlyLastOpen, TAX_RULE_MESSAGES.contiguous]);
    expect(validateRanges([{ start: 0, end: 0, value: 1 }])).toEqual([
      { path: 'ranges.0.end', message: TAX_RULE_MESSAGES.endAfterStart },
    ]);
    expect(validateRanges([{ start: 0, end: 10.123, value: -1 }])).toEqual([
      { path: 'ranges.0.end', message: TAX_RULE_MESSAGES.value },
      { path: 'ranges.0.value', message: TAX_RULE_MESSAGES.value },
    ]);
    expect(validateRanges([])).toEqual([{ path: 'ranges', message: TAX_RULE_MESSAGES.rangesRequired }]);
  });

  it('needs the fields of each model', () => {
    expect(validateTaxRule({ ...archive, fixed_value: null })).toEqual([
      { path: 'fixed_value', message: TAX_RULE_MESSAGES.fixedRequired },
    ]);
    expect(validateTaxRule({ ...acHousing, base: 'none', percentage_value: '0' })).toEqual([
      { path: 'base', message: TAX_RULE_MESSAGES.baseRequired },
      { path: 'percentage_value', message: TAX_RULE_MESSAGES.percentageRequired },
    ]);
    expect(validateTaxRule({ ...cu, percentage_value: '101' })).toEqual([
      { path: 'percentage_value', message: TAX_RULE_MESSAGES.percentageRequired },
    ]);
    // A mixed tax may add 0 % (then it is a range tax).
    expect(validateTaxRule({ ...cu, percentage_value: '0' })).toEqual([]);
  });
});

describe('applicable taxes', () => {
  const v2023 = rule({ name: 'Taxă de arhivare', category_id: 3, fixed_value: 300, entry_into_force: '2023-01-01' });
  const v2025 = rule({ name: 'taxă de arhivare ', category_id: 3, fixed_value: 800, entry_into_force: '2025-01-01' });
  const all = [cu, acHousing, acOther, archive, v2023, v2025, signing];

  it('take the newest version in force on the day', () => {
    const on = (date: string) =>
      applicableTaxes(all, { construction_purpose_group: null, online_signing: false }, date).map((r) => r.fixed_value);
    expect(on('2022-12-31')).toEqual([]);
    expect(on('2023-06-01')).toEqual([300]);
    expect(on('2024-06-01')).toEqual([null, 500]); // the CU tax (mixed) and the 2024 archive tax
    expect(on('2025-01-01')).toEqual([null, 800]);
  });

  it('pick the rate group and signing taxes only for online signing', () => {
    const ids = applicableTaxes(all, { construction_purpose_group: 'other', online_signing: true }, '2024-06-01').map(
      (r) => r.id,
    );
    expect(ids).toEqual(expect.arrayContaining([cu.id, acOther.id, archive.id, signing.id]));
    expect(ids).not.toContain(acHousing.id);
    expect(ids).toHaveLength(4);
  });
});

describe('the application tax summary', () => {
  it('600 m² of land, housing worth 200 000 lei, online signing, 50 % discount', () => {
    const summary = computeTaxSummary(
      [cu, acHousing, acOther, archive, signing],
      inputs({ land_area: 600, construction_value: 20_000_000, construction_purpose_group: 'housing', online_signing: true }),
      '2024-06-01',
      { name: 'Pensionar', percent: 50 },
    );
    expect(summary.application_tax_values.map((line) => [line.name, line.amount])).toEqual([
      ['Certificat de urbanism', 1200],
      ['Autorizație de construire', 100_000],
      ['Taxă de arhivare', 500],
    ]);
    expect(summary.signing_tax_values.map((line) => line.amount)).toEqual([1000]);
    expect(summary).toMatchObject({
      total_application: 101_700,
      total_signing: 1000,
      gross: 102_700,
      discount: { name: 'Pensionar', discount_percent_value: 50, diff_value: 51_350 },
      total: 51_350,
    });
    const json = taxSummaryToJson(summary);
    expect(json).toMatchObject({ gross: '1027.00', total: '513.50', discount: { diff_value: '513.50' } });
    expect(json.application_tax_values[0]).toMatchObject({ amount: '12.00', quantity: 600, missing_input: false });
  });

  it('a 100 % discount brings the total to 0; an odd amount rounds the discount half up', () => {
    const free = computeTaxSummary([archive], inputs(), '2024-06-01', { name: 'Scutire', percent: 100 });
    expect(free).toMatchObject({ gross: 500, total: 0, discount: { diff_value: 500 } });
    const odd = rule({ fixed_value: 333 });
    expect(computeTaxSummary([odd], inputs(), '2024-06-01', { name: 'Jumătate', percent: 50 }).total).toBe(166);
    expect(computeTaxSummary([odd], inputs(), '2024-06-01', { name: 'Prea mult', percent: 150 }).total).toBe(0);
  });

  it('names the inputs still missing', () => {
    const summary = computeTaxSummary([cu, acOther, archive], inputs({ construction_purpose_group: 'other' }), '2024-06-01');
    expect(summary.application_tax_values.filter((line) => line.missing_input).map((line) => line.base)).toEqual([
      'land_area',
      'construction_value',
    ]);
    expect(missingTaxInputs(summary).sort()).toEqual(['construction_value', 'land_area']);
    expect(summary.total).toBe(500);
    expect(missingTaxInputs(computeTaxSummary([archive], inputs(), '2024-06-01'))).toEqual([]);
  });
});
