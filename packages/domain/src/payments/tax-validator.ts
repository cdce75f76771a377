/**
 * The tax validator of spec §3 and §5 (construction scope, type, surface, value, purpose) behind
 * the tax calculator and the wizard's construction step: the construction value may not be below
 * the minimum (surface × the taxable value per m² of its type), and the building-permit tax is
 * 0.5 % of the value for housing and annexes, 1 % for other works.
 */
import { TAX_RATES } from '../limits.js';
import { type Bani, parseLei, percentOf } from './money.js';
import type { TaxPurposeGroup } from './taxes.js';

export const CONSTRUCTION_SCOPES = ['new', 'extension', 'alteration', 'demolition'] as const;
export type ConstructionScope = (typeof CONSTRUCTION_SCOPES)[number];
export const CONSTRUCTION_SCOPE_LABELS: Record<ConstructionScope, string> = {
  new: 'Construire',
  extension: 'Extindere',
  alteration: 'Modificare / consolidare',
  demolition: 'Desființare',
};

export const CONSTRUCTION_PURPOSES = ['housing', 'annex', 'other'] as const;
export type ConstructionPurpose = (typeof CONSTRUCTION_PURPOSES)[number];
export const CONSTRUCTION_PURPOSE_LABELS: Record<ConstructionPurpose, string> = {
  housing: 'Locuință',
  annex: 'Anexă',
  other: 'Alte construcții',
};

/** Housing and annexes pay 0.5 %, other works 1 % (spec §5, §9). */
export function purposeGroup(purpose: ConstructionPurpose): TaxPurposeGroup {
  return purpose === 'other' ? 'other' : 'housing';
}

/**
 * Construction types with the taxable value per m² of Codul fiscal art. 457 alin. (2) (lei/m², as
 * legislated; councils may index them): the minimum construction value is surface × this value.
 */
export const CONSTRUCTION_TYPES = ['A_UTIL', 'A', 'B_UTIL', 'B', 'C_UTIL', 'C', 'D_UTIL', 'D'] as const;
export type ConstructionType = (typeof CONSTRUCTION_TYPES)[number];
export const CONSTRUCTION_TYPE_VALUES: Record<ConstructionType, { label: string; leiPerSquareMetre: number }> = {
  A_UTIL: { label: 'Cadre din beton armat sau pereți din cărămidă arsă, cu instalații', leiPerSquareMetre: 1000 },
  A: { label: 'Cadre din beton armat sau pereți din cărămidă arsă, fără instalații', leiPerSquareMetre: 600 },
  B_UTIL: { label: 'Pereți din lemn, piatră naturală sau cărămidă nearsă, cu instalații', leiPerSquareMetre: 300 },
  B: { label: 'Pereți din lemn, piatră naturală sau cărămidă nearsă, fără instalații', leiPerSquareMetre: 200 },
  C_UTIL: { label: 'Anexă din beton armat sau cărămidă arsă, cu instalații', leiPerSquareMetre: 200 },
  C: { label: 'Anexă din beton armat sau cărămidă arsă, fără instalații', leiPerSquareMetre: 175 },
  D_UTIL: { label: 'Anexă din lemn, piatră naturală sau cărămidă nearsă, cu instalații', leiPerSquareMetre: 125 },
  D: { label: 'Anexă din lemn, piatră naturală sau cărămidă nearsă, fără instalații', leiPerSquareMetre: 75 },
};

export const TAX_VALIDATOR_MESSAGES = {
  belowMinimum: 'Valoarea introdusă este mai mică decat valoarea minimă!',
  invalid: 'Valoarea introdusă nu e validă',
} as const;

/** What the user types: surface in m² and value in lei as text or numbers. */
export interface TaxValidatorInput {
  scope: ConstructionScope;
  type: ConstructionType;
  surface: string | number | null;
  value: string | number | null;
  purpose: ConstructionPurpose;
}

export interface TaxValidatorResult {
  errors: Partial<Record<'surface' | 'value', string>>;
  /** Surface in m² (two decimals at most), when valid. */
  surface: number | null;
  /** Construction value in bani, when valid. */
  value: Bani | null;
  /** surface × unit value of the type, in bani. */
  minimum_value: Bani | null;
  /** Percentage applied: "0.5" or "1". */
  rate: string;
  /** The tax in bani, when value and surface are valid. */
  tax: Bani | null;
}

const SURFACE_PATTERN = /^\d{1,7}(?:[.,]\d{1,2})?$/;

function parseSurface(input: string | number | null): number | null {
  if (input === null || input === '') return null;
  const text = typeof input === 'number' ? String(input) : input.trim();
  if (!SURFACE_PATTERN.test(text)) return null;
  const surface = Number(text.replace(',', '.'));
  return surface > 0 ? surface : null;
}

/** Percent text of a rate of limits.ts (0.005 → "0.5"). */
const percentText = (rate: number): string => String(Number((rate * 100).toFixed(4)));

export function validateTaxCalculation(input: TaxValidatorInput): TaxValidatorResult {
  const errors: TaxValidatorResult['errors'] = {};
  const surface = parseSurface(input.surface);
  if (surface === null) errors.surface = TAX_VALIDATOR_MESSAGES.invalid;
  const parsedValue = parseLei(input.value);
  const value = parsedValue !== null && parsedValue > 0 ? parsedValue : null;
  if (value === null) errors.value = TAX_VALIDATOR_MESSAGES.invalid;
  const unit = CONSTRUCTION_TYPE_VALUES[input.type]?.leiPerSquareMetre ?? null;
  const minimum = surface !== null && unit !== null ? Math.round(surface * 100) * unit : null;
  if (value !== null && minimum !== null && value < minimum) errors.value = TAX_VALIDATOR_MESSAGES.belowMinimum;
  const rate = percentText(purposeGroup(input.purpose) === 'other' ? TAX_RATES.other : TAX_RATES.housing);
  const valid = !errors.surface && !errors.value && value !== null;
  return { errors, surface, value, minimum_value: minimum, rate, tax: valid ? percentOf(value, rate) : null };
}
