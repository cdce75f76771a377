import { formatLei, parseLei, type Tax, type TaxCategory, type TaxRule } from '@ghiseu/domain';
import type { Actor } from '../../platform/auth/actor.js';
import { categoryAbilities, taxAbilities } from './policy.js';
import type { CategoryRow, TaxRow } from './repository.js';

/** Rows → the contracts of `contracts/payments.ts` (amounts as lei strings) and → the domain's TaxRule (bani). */

export function presentCategory(actor: Actor, row: CategoryRow): TaxCategory {
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    taxes_count: row.taxesCount,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    abilities: categoryAbilities(actor, row),
  };
}

/** numeric(9,4) "0.5000" → "0.5". */
export function percentText(value: string | null): string | null {
  if (value === null) return null;
  const [whole, fraction = ''] = value.split('.');
  const trimmed = fraction.replace(/0+$/, '');
  return trimmed ? `${whole}.${trimmed}` : (whole ?? '0');
}

const leiText = (value: string | null): string | null => {
  if (value === null) return null;
  const bani = parseLei(value);
  return bani === null ? value : formatLei(bani);
};

export function presentTax(actor: Actor | null, row: TaxRow): Tax {
  return {
    id: row.id,
    organisation_id: row.organisationId,
    category_id: row.categoryId,
    category_name: row.categoryName,
    name: row.name,
    entry_into_force: row.entryIntoForce,
    justification: row.justification,
    decision_number: row.decisionNumber,
    decision_date: row.decisionDate,
    price_model: row.priceModel,
    base: row.base,
    moment: row.moment,
    purpose: row.purpose,
    fixed_value: leiText(row.fixedValue),
    percentage_value: percentText(row.percentageValue),
    ranges: row.ranges.map((range) => ({ start: range.start, end: range.end, value: formatLei(range.value) })),
    status: row.status,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    abilities: actor ? taxAbilities(actor, row) : { canEdit: false, canDelete: false },
  };
}

export function toTaxRule(row: TaxRow): TaxRule {
  return {
    id: row.id,
    name: row.name,
    category_id: row.categoryId,
    price_model: row.priceModel,
    base: row.base,
    moment: row.moment,
    purpose: row.purpose,
    fixed_value: row.fixedValue === null ? null : parseLei(row.fixedValue),
    percentage_value: percentText(row.percentageValue),
    ranges: row.ranges,
    entry_into_force: row.entryIntoForce,
  };
}
