import {
  computeTaxSummary,
  missingTaxInputs,
  parseLei,
  TAX_CATEGORY_ROLES,
  type TaxCreateRequest,
  type TaxDiscount,
  type TaxInputs,
  type TaxPurposeGroup,
  type TaxRange,
  type TaxSummaryJson,
  taxSummaryToJson,
  validateTaxRule,
  type ZTaxCategoryCreateRequest,
  type ZTaxCategoryPatchRequest,
  type ZTaxPatchRequest,
  type ApplicationTypeTaxRules,
  type ConstructionPurpose,
  purposeGroup,
  VALIDATION_MESSAGES,
  validateTaxCalculation,
  type ZTaxInputs,
} from '@ghiseu/domain';
import type { z } from 'zod';
import { taxes } from '../../db/schema/index.js';
import type { Actor } from '../../platform/auth/actor.js';
import { inScope, organisationScope, scopeCondition, targetOrganisation } from '../../platform/auth/scope.js';
import type { AppContext } from '../../platform/context.js';
import { type Db, isForeignKeyViolation, isUniqueViolation } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { listPage, parseListQuery } from '../../platform/list-query.js';
import { audit, invalidField, type RequestMeta } from '../../platform/request.js';
import { organisationExists } from '../administration/index.js';
import { categoryAbilities, mayEditCategories, mayEditTax, mayReadCategories } from './policy.js';
import { presentCategory, presentTax, toTaxRule } from './presenter.js';
import * as repo from './repository.js';

/**
 * Tax categories (super administrator), the taxes of an organisation (taxesEdit), the rules an
 * application type's wizard computes its summary with, and the summary stored at submission.
 * Money and tax math are the domain's (packages/domain/src/payments): this service only stores,
 * checks and audits. Every change is one transaction with its audit entry.
 */

type CategoryCreate = z.infer<typeof ZTaxCategoryCreateRequest>;
type CategoryPatch = z.infer<typeof ZTaxCategoryPatchRequest>;
type TaxPatch = z.infer<typeof ZTaxPatchRequest>;

const CATEGORY_NAME_TAKEN = 'Există deja o categorie de taxe cu această denumire.';

/* ───────────────────────────── Categories ───────────────────────────── */

export async function listCategories(ctx: AppContext, actor: Actor, query: Record<string, unknown>) {
  if (!mayReadCategories(actor)) throw new AppError('FORBIDDEN');
  const parsed = parseListQuery(query, repo.CATEGORY_LIST);
  const list = repo.listCategories(ctx.db, parsed);
  return listPage(parsed, async () => (await list.rows()).map((row) => presentCategory(actor, row)), list.total);
}

async function loadCategory(db: Db, id: number) {
  const row = await repo.findCategory(db, id);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

export async function getCategory(ctx: AppContext, actor: Actor, id: number) {
  if (!mayReadCategories(actor)) throw new AppError('FORBIDDEN');
  return presentCategory(actor, await loadCategory(ctx.db, id));
}

/** No catalogue code names a duplicate category: a VALIDATION_ERROR on the name. */
async function uniqueCategoryName<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw invalidField('body.name', CATEGORY_NAME_TAKEN);
    throw error;
  }
}

export async function createCategory(ctx: AppContext, actor: Actor, input: CategoryCreate, meta: RequestMeta) {
  if (!mayEditCategories(actor)) throw new AppError('FORBIDDEN');
  const id = await uniqueCategoryName(() =>
    ctx.db.transaction(async (tx) => {
      if (await repo.categoryNameTaken(tx, input.name)) throw invalidField('body.name', CATEGORY_NAME_TAKEN);
      const values = { name: input.name, status: input.status };
      const created = await repo.insertCategory(tx, values);
      await audit(tx, actor, meta, {
        action: 'tax_category.create',
        entityType: 'tax_category',
        entityId: created,
        after: values,
      });
      return created;
    }),
  );
  return getCategory(ctx, actor, id);
}

export async function patchCategory(ctx: AppContext, actor: Actor, id: number, patch: CategoryPatch, meta: RequestMeta) {
  if (!mayEditCategories(actor)) throw new AppError('FORBIDDEN');
  await uniqueCategoryName(() =>
    ctx.db.transaction(async (tx) => {
      const current = await loadCategory(tx, id);
      if (patch.name !== undefined && (await repo.categoryNameTaken(tx, patch.name, id)))
        throw invalidField('body.name', CATEGORY_NAME_TAKEN);
      await repo.updateCategory(tx, id, { name: patch.name, status: patch.status });
      await audit(tx, actor, meta, {
        action: 'tax_category.update',
        entityType: 'tax_category',
        entityId: id,
        before: { name: current.name, status: current.status },
        after: { name: patch.name ?? current.name, status: patch.status ?? current.status },
      });
    }),
  );
  return getCategory(ctx, actor, id);
}

/** A category that taxes or application types refer to stays (CATEGORY_NOT_EMPTY). */
export async function deleteCategory(ctx: AppContext, actor: Actor, id: number, meta: RequestMeta) {
  if (!mayEditCategories(actor)) throw new AppError('FORBIDDEN');
  try {
    await ctx.db.transaction(async (tx) => {
      const current = await loadCategory(tx, id);
      if (!categoryAbilities(actor, current).canDelete) {
        throw new AppError('CATEGORY_NOT_EMPTY', { taxes: current.taxesCount, application_types: current.applicationTypeCount });
      }
      await repo.deleteCategory(tx, id);
      await audit(tx, actor, meta, {
        action: 'tax_category.delete',
        entityType: 'tax_category',
        entityId: id,
        before: { name: current.name, status: current.status },
      });
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) throw new AppError('CATEGORY_NOT_EMPTY');
    throw error;
  }
}

/**
 * The ids among `ids` that are not an existing, active tax category (application types check
 * their `tax_category_ids` with it).
 */
export async function unusableTaxCategoryIds(db: Db, ids: readonly number[]): Promise<number[]> {
  const wanted = [...new Set(ids)];
  const found = await repo.findCategoriesByIds(db, wanted);
  const active = new Set(found.filter((row) => row.status === 'active').map((row) => row.id));
  return wanted.filter((id) => !active.has(id));
}

/* ───────────────────────────── Taxes ───────────────────────────── */

export async function listTaxes(ctx: AppContext, actor: Actor, query: Record<string, unknown>) {
  const parsed = parseListQuery(query, repo.TAX_LIST);
  const list = repo.listTaxes(ctx.db, parsed, [scopeCondition(organisationScope(actor), taxes.organisationId)]);
  return listPage(parsed, async () => (await list.rows()).map((row) => presentTax(actor, row)), list.total);
}

async function loadTax(db: Db, actor: Actor, id: number) {
  const row = await repo.findTax(db, id);
  if (!row || !inScope(actor, row.organisationId)) throw new AppError('NOT_FOUND');
  return row;
}

export async function getTax(ctx: AppContext, actor: Actor, id: number) {
  return presentTax(actor, await loadTax(ctx.db, actor, id));
}

type PriceFields = Pick<
  TaxCreateRequest,
  'price_model' | 'base' | 'fixed_value' | 'percentage_value' | 'ranges' | 'purpose' | 'moment'
>;

/** The stored price columns of a request (lei strings → bani ranges), checked by `validateTaxRule`. */
function priceColumns(input: PriceFields) {
  const ranges: TaxRange[] = input.ranges.map((range) => ({
    start: range.start,
    end: range.end,
    value: parseLei(range.value) ?? -1,
  }));
  const fixed = input.fixed_value ?? null;
  const percentage = input.percentage_value ?? null;
  const issues = validateTaxRule({
    price_model: input.price_model,
    base: input.base,
    fixed_value: fixed === null ? null : parseLei(fixed),
    percentage_value: percentage,
    ranges,
  });
  if (issues.length > 0) {
    throw new AppError('VALIDATION_ERROR', {
      fields: issues.map((issue) => ({ path: `body.${issue.path}`, message: issue.message })),
    });
  }
  const model = input.price_model;
  return {
    priceModel: model,
    base: model === 'fixed' ? ('none' as const) : input.base,
    moment: input.moment,
    purpose: input.purpose ?? null,
    fixedValue: model === 'fixed' ? fixed : null,
    percentageValue: model === 'percentage' || model === 'mixed' ? percentage : null,
    ranges: model === 'range' || model === 'mixed' ? ranges : [],
  };
}

async function requireActiveCategory(db: Db, id: number) {
  const row = await repo.findCategory(db, id);
  if (row?.status !== 'active') throw invalidField('body.category_id', 'Categoria de taxe nu există sau nu este activă.');
}

async function taxVersionUnique<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('TAX_ALREADY_EXISTS');
    throw error;
  }
}

/** What the audit keeps of a tax (no personal data in a tax). */
const taxSnapshot = (values: Record<string, unknown>) => values;

export async function createTax(ctx: AppContext, actor: Actor, input: TaxCreateRequest, meta: RequestMeta) {
  const target = targetOrganisation(actor, input.organisation_id);
  if (!target.allowed) throw new AppError('FORBIDDEN');
  if (target.organisationId === null) throw invalidField('body.organisation_id', 'Alegeți instituția');
  const organisationId = target.organisationId;
  if (!mayEditTax(actor, organisationId)) throw new AppError('FORBIDDEN');
  if (!(await organisationExists(ctx.db, organisationId))) throw invalidField('body.organisation_id', 'Instituția nu există');
  const price = priceColumns(input);
  await requireActiveCategory(ctx.db, input.category_id);
  const id = await taxVersionUnique(() =>
    ctx.db.transaction(async (tx) => {
      const values = {
        organisationId,
        categoryId: input.category_id,
        name: input.name,
        entryIntoForce: input.entry_into_force,
        decisionNumber: input.decision_number ?? null,
        decisionDate: input.decision_date ?? null,
        justification: input.justification ?? null,
        status: input.status,
        ...price,
      };
      const created = await repo.insertTax(tx, values);
      await audit(tx, actor, meta, {
        organisationId,
        action: 'tax.create',
        entityType: 'tax',
        entityId: created,
        after: taxSnapshot(values),
      });
      return created;
    }),
  );
  return getTax(ctx, actor, id);
}

export async function patchTax(ctx: AppContext, actor: Actor, id: number, patch: TaxPatch, meta: RequestMeta) {
  const current = await loadTax(ctx.db, actor, id);
  if (!mayEditTax(actor, current.organisationId)) throw new AppError('FORBIDDEN');
  if (patch.category_id !== undefined && patch.category_id !== current.categoryId)
    await requireActiveCategory(ctx.db, patch.category_id);
  const currentPrice = presentTax(actor, current);
  const priceTouched = ['price_model', 'base', 'fixed_value', 'percentage_value', 'ranges', 'purpose', 'moment'].some(
    (key) => key in patch && (patch as Record<string, unknown>)[key] !== undefined,
  );
  const price = priceTouched
    ? priceColumns({
        price_model: patch.price_model ?? current.priceModel,
        base: patch.base ?? current.base,
        moment: patch.moment ?? current.moment,
        purpose: patch.purpose === undefined ? current.purpose : patch.purpose,
        fixed_value: patch.fixed_value === undefined ? currentPrice.fixed_value : patch.fixed_value,
        percentage_value: patch.percentage_value === undefined ? currentPrice.percentage_value : patch.percentage_value,
        ranges: patch.ranges ?? currentPrice.ranges,
      })
    : {};
  await taxVersionUnique(() =>
    ctx.db.transaction(async (tx) => {
      const values = {
        categoryId: patch.category_id,
        name: patch.name,
        entryIntoForce: patch.entry_into_force,
        decisionNumber: patch.decision_number,
        decisionDate: patch.decision_date,
        justification: patch.justification,
        status: patch.status,
        ...price,
      };
      await repo.updateTax(tx, id, values);
      const after = await repo.findTax(tx, id);
      await audit(tx, actor, meta, {
        organisationId: current.organisationId,
        action: 'tax.update',
        entityType: 'tax',
        entityId: id,
        before: taxSnapshot({ ...current }),
        after: taxSnapshot({ ...after }),
      });
    }),
  );
  return getTax(ctx, actor, id);
}

/**
 * Deletes a tax. A tax named in an application's stored tax summary is part of that
 * application's history: it is set inactive instead (it no longer applies to new applications)
 * and the answer is the same 204.
 */
export async function deleteTax(ctx: AppContext, actor: Actor, id: number, meta: RequestMeta) {
  const current = await loadTax(ctx.db, actor, id);
  if (!mayEditTax(actor, current.organisationId)) throw new AppError('FORBIDDEN');
  await ctx.db.transaction(async (tx) => {
    const used = await repo.taxUsedInSummaries(tx, id);
    if (used) await repo.updateTax(tx, id, { status: 'inactive' });
    else await repo.deleteTax(tx, id);
    await audit(tx, actor, meta, {
      organisationId: current.organisationId,
      action: used ? 'tax.deactivate' : 'tax.delete',
      entityType: 'tax',
      entityId: id,
      before: taxSnapshot({ ...current }),
      ...(used ? { after: { status: 'inactive' } } : {}),
    });
  });
}

/* ───────────────────────────── Application types ───────────────────────────── */

function categoryIdsOf(taxCategoryIds: Record<string, number | null>) {
  const pick = (role: string) => (typeof taxCategoryIds[role] === 'number' ? (taxCategoryIds[role] as number) : null);
  const ids = { construction: pick('construction'), land: pick('land'), extra: pick('extra') };
  const list = TAX_CATEGORY_ROLES.map((role) => ids[role]).filter((id): id is number => id !== null);
  return { ids, list };
}

/** GET /application-types/:id/tax-rules: any signed-in user, for an active type (or one in the actor's scope). */
export async function applicationTypeTaxRules(ctx: AppContext, actor: Actor, id: number): Promise<ApplicationTypeTaxRules> {
  const type = await repo.findTypeForTaxes(ctx.db, id);
  if (!type || (type.status !== 'active' && !(actor.userType !== 'citizen' && inScope(actor, type.organisationId)))) {
    throw new AppError('NOT_FOUND');
  }
  const categories = categoryIdsOf(type.taxCategoryIds);
  const rows = await repo.activeTaxesOf(ctx.db, type.organisationId, categories.list);
  return {
    application_type_id: type.id,
    category_ids: categories.ids,
    rules: rows.map((row) => presentTax(null, row)),
    discounts: type.discounts,
    needs_construction_value: rows.some((row) => row.priceModel !== 'fixed' && row.base === 'construction_value'),
    needs_land_area: rows.some((row) => row.priceModel !== 'fixed' && row.base === 'land_area'),
  };
}

const INPUT_LABELS: Record<string, string> = {
  land_area: 'suprafața terenului (imobilele cererii)',
  construction_value: 'valoarea lucrărilor (validatorul de taxe)',
};

export interface ApplicationTaxRequest {
  applicationTypeId: number;
  organisationId: number;
  /** Land area (m²), construction value (bani) and rate group, as the domain's TaxInputs want them. */
  taxInputs: { land_area: number | null; construction_value: number | null; construction_purpose_group: TaxPurposeGroup | null };
  discountName: string | null;
  onlineSigning: boolean;
  /** YYYY-MM-DD: the day whose taxes in force apply. */
  date: string;
}

/**
 * The tax summary of an application (stored at submission): the type's categories' active taxes
 * of the organisation, in force on `date`, computed by the domain. Throws TAX_INPUTS_MISSING
 * when a tax needs an input the application does not have.
 */
export async function applicationTaxSummary(
  db: Db,
  request: ApplicationTaxRequest,
): Promise<{ summary: TaxSummaryJson; total: string }> {
  const type = await repo.findTypeForTaxes(db, request.applicationTypeId);
  const categories = type ? categoryIdsOf(type.taxCategoryIds).list : [];
  const rows = await repo.activeTaxesOf(db, request.organisationId, categories);
  const rules = rows.map(toTaxRule);
  const inputs: TaxInputs = { ...request.taxInputs, online_signing: request.onlineSigning };
  const discount: TaxDiscount | null =
    (request.discountName && type?.discounts.find((d) => d.name === request.discountName)) || null;
  const summary = computeTaxSummary(rules, inputs, request.date, discount);
  const missing = missingTaxInputs(summary);
  // A tax of one rate group only (housing / other) cannot be decided before the construction
  // purpose is known: the tax validator fields (construction value and purpose) are missing.
  const undecided = rules.some(
    (rule) =>
      rule.purpose !== null && rule.entry_into_force <= request.date && (rule.moment === 'application' || request.onlineSigning),
  );
  if (undecided && inputs.construction_purpose_group === null && !missing.includes('construction_value')) {
    missing.push('construction_value');
  }
  if (missing.length > 0) {
    throw new AppError('TAX_INPUTS_MISSING', {
      fields: missing.map((base) => INPUT_LABELS[base] ?? base).join(', '),
      bases: missing,
    });
  }
  const json = taxSummaryToJson(summary);
  return { summary: json, total: json.total };
}

/* ───────────────────────────── Draft and submission ───────────────────────────── */

type TaxInputsRequest = NonNullable<z.infer<typeof ZTaxInputs>>;

/**
 * Checks the tax validator fields a draft stores (spec §3): once a surface or a value is given,
 * the construction type and purpose are needed and `validateTaxCalculation` decides (minimum
 * value, format); its messages come back as VALIDATION_ERROR on `body.tax_inputs.<field>`.
 * Answers what is stored (the request's normalised form).
 */
export function checkTaxInputs(input: TaxInputsRequest): TaxInputsRequest {
  const started = [input.surface, input.construction_value].some(
    (value) => value !== null && value !== undefined && value !== '',
  );
  if (!started) return input;
  const fields: { path: string; message: string }[] = [];
  const at = (field: string) => `body.tax_inputs.${field}`;
  if (!input.construction_type) fields.push({ path: at('construction_type'), message: VALIDATION_MESSAGES.required });
  if (!input.construction_purpose) fields.push({ path: at('construction_purpose'), message: VALIDATION_MESSAGES.required });
  if (input.construction_type && input.construction_purpose) {
    const result = validateTaxCalculation({
      scope: input.construction_scope ?? 'new',
      type: input.construction_type,
      purpose: input.construction_purpose,
      surface: input.surface ?? null,
      value: input.construction_value ?? null,
    });
    if (result.errors.surface) fields.push({ path: at('surface'), message: result.errors.surface });
    if (result.errors.value) fields.push({ path: at('construction_value'), message: result.errors.value });
  }
  if (fields.length > 0) throw new AppError('VALIDATION_ERROR', { fields });
  return input;
}

/** The discounts of an application type (a draft's `discount_name` must be one of them). */
export async function applicationTypeDiscounts(db: Db, applicationTypeId: number): Promise<{ name: string; percent: number }[]> {
  return (await repo.findTypeForTaxes(db, applicationTypeId))?.discounts ?? [];
}

/** What the taxes need from a stored `tax_inputs` and the application's land area. */
export function taxInputsOf(stored: Record<string, unknown> | null, landArea: number | null): ApplicationTaxRequest['taxInputs'] {
  const purpose = stored?.construction_purpose as ConstructionPurpose | null | undefined;
  const value = stored?.construction_value as string | number | null | undefined;
  return {
    land_area: landArea,
    construction_value: value === null || value === undefined ? null : parseLei(value),
    construction_purpose_group: purpose ? purposeGroup(purpose) : null,
  };
}
