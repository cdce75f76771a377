import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { applicationTypes, taxCategories, taxes } from '../../db/schema/index.js';
import { type Db, executeRows, nameTaken } from '../../platform/db.js';
import { buildListSql, type ListSpec, type ParsedList } from '../../platform/list-query.js';
import type { SQL } from 'drizzle-orm';

/**
 * Data access of tax categories and taxes. Every function takes the executor it runs on (pass
 * `tx` inside a transaction).
 */

/* ───────────────────────────── Categories ───────────────────────────── */

const taxesOfCategory = sql<number>`(SELECT count(*) FROM taxes t WHERE t.category_id = "tax_categories"."id")`.mapWith(Number);
const typesNamingCategory =
  sql<number>`(SELECT count(*) FROM application_types a, jsonb_each_text(a.tax_category_ids) AS used(role, category_id) WHERE used.category_id = "tax_categories"."id"::text)`.mapWith(
    Number,
  );

export const CATEGORY_LIST: ListSpec = {
  fields: {
    id: { column: taxCategories.id, type: 'number', sortable: true },
    name: { column: taxCategories.name, type: 'text', sortable: true, searchable: true },
    status: { column: taxCategories.status, type: 'text', ops: ['eq'], sortable: true },
    taxes_count: { column: taxesOfCategory, type: 'number', sortable: true },
    created_at: { column: taxCategories.createdAt, type: 'date', sortable: true },
  },
  defaultSort: { field: 'name', descending: false },
  idColumn: taxCategories.id,
};

const categoryColumns = {
  id: taxCategories.id,
  name: taxCategories.name,
  status: taxCategories.status,
  createdAt: taxCategories.createdAt,
  updatedAt: taxCategories.updatedAt,
  taxesCount: taxesOfCategory,
  applicationTypeCount: typesNamingCategory,
};

export type CategoryRow = {
  id: number;
  name: string;
  status: 'active' | 'inactive';
  createdAt: Date;
  updatedAt: Date;
  taxesCount: number;
  applicationTypeCount: number;
};

export function listCategories(db: Db, parsed: ParsedList) {
  const list = buildListSql(parsed, CATEGORY_LIST);
  return {
    rows: (): Promise<CategoryRow[]> =>
      db
        .select(categoryColumns)
        .from(taxCategories)
        .where(list.where)
        .orderBy(...list.orderBy)
        .limit(list.limit)
        .offset(list.offset),
    total: async () => (await db.select({ total: count() }).from(taxCategories).where(list.where))[0].total,
  };
}

export async function findCategory(db: Db, id: number): Promise<CategoryRow | undefined> {
  const [row] = await db.select(categoryColumns).from(taxCategories).where(eq(taxCategories.id, id));
  return row;
}

export async function findCategoriesByIds(db: Db, ids: number[]): Promise<{ id: number; status: string }[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: taxCategories.id, status: taxCategories.status })
    .from(taxCategories)
    .where(inArray(taxCategories.id, ids));
}

export const categoryNameTaken = (db: Db, name: string, exceptId?: number): Promise<boolean> =>
  nameTaken(db, taxCategories, taxCategories, name, { exceptId });

export async function insertCategory(db: Db, values: typeof taxCategories.$inferInsert): Promise<number> {
  const [row] = await db.insert(taxCategories).values(values).returning({ id: taxCategories.id });
  return row.id;
}

export async function updateCategory(db: Db, id: number, values: Partial<typeof taxCategories.$inferInsert>) {
  await db
    .update(taxCategories)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(taxCategories.id, id));
}

export async function deleteCategory(db: Db, id: number) {
  await db.delete(taxCategories).where(eq(taxCategories.id, id));
}

/* ───────────────────────────── Taxes ───────────────────────────── */

export const TAX_LIST: ListSpec = {
  fields: {
    id: { column: taxes.id, type: 'number', sortable: true },
    organisation_id: { column: taxes.organisationId, type: 'number', ops: ['eq'], sortable: true },
    category_id: { column: taxes.categoryId, type: 'number', ops: ['eq'], sortable: true },
    name: { column: taxes.name, type: 'text', sortable: true, searchable: true },
    status: { column: taxes.status, type: 'text', ops: ['eq'], sortable: true },
    price_model: { column: taxes.priceModel, type: 'text', ops: ['eq'] },
    moment: { column: taxes.moment, type: 'text', ops: ['eq'] },
    entry_into_force: { column: taxes.entryIntoForce, type: 'date', sortable: true },
    created_at: { column: taxes.createdAt, type: 'date', sortable: true },
  },
  defaultSort: { field: 'entry_into_force', descending: true },
  idColumn: taxes.id,
};

const taxColumns = {
  id: taxes.id,
  organisationId: taxes.organisationId,
  categoryId: taxes.categoryId,
  categoryName: taxCategories.name,
  name: taxes.name,
  entryIntoForce: taxes.entryIntoForce,
  decisionNumber: taxes.decisionNumber,
  decisionDate: taxes.decisionDate,
  justification: taxes.justification,
  priceModel: taxes.priceModel,
  base: taxes.base,
  moment: taxes.moment,
  purpose: taxes.purpose,
  fixedValue: taxes.fixedValue,
  percentageValue: taxes.percentageValue,
  ranges: taxes.ranges,
  status: taxes.status,
  createdAt: taxes.createdAt,
  updatedAt: taxes.updatedAt,
};

export type TaxRow = Awaited<ReturnType<typeof selectTaxes>>[number];

function selectTaxes(db: Db, where: SQL | undefined) {
  return db.select(taxColumns).from(taxes).innerJoin(taxCategories, eq(taxCategories.id, taxes.categoryId)).where(where);
}

export function listTaxes(db: Db, parsed: ParsedList, extra: (SQL | undefined)[]) {
  const list = buildListSql(parsed, TAX_LIST, extra);
  return {
    rows: (): Promise<TaxRow[]> =>
      selectTaxes(db, list.where)
        .orderBy(...list.orderBy)
        .limit(list.limit)
        .offset(list.offset),
    total: async () => (await db.select({ total: count() }).from(taxes).where(list.where))[0].total,
  };
}

export async function findTax(db: Db, id: number): Promise<TaxRow | undefined> {
  const [row] = await selectTaxes(db, eq(taxes.id, id));
  return row;
}

/** The active taxes of an organisation in the given categories (the rules of an application type). */
export function activeTaxesOf(db: Db, organisationId: number, categoryIds: number[]): Promise<TaxRow[]> {
  if (categoryIds.length === 0) return Promise.resolve([]);
  return selectTaxes(
    db,
    and(eq(taxes.organisationId, organisationId), inArray(taxes.categoryId, categoryIds), eq(taxes.status, 'active')),
  ).orderBy(asc(taxes.categoryId), asc(taxes.name), asc(taxes.entryIntoForce), asc(taxes.id));
}

export async function insertTax(db: Db, values: typeof taxes.$inferInsert): Promise<number> {
  const [row] = await db.insert(taxes).values(values).returning({ id: taxes.id });
  return row.id;
}

export async function updateTax(db: Db, id: number, values: Partial<typeof taxes.$inferInsert>) {
  await db
    .update(taxes)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(taxes.id, id));
}

export async function deleteTax(db: Db, id: number) {
  await db.delete(taxes).where(eq(taxes.id, id));
}

/** Whether a stored application tax summary names the tax (its history keeps it). */
export async function taxUsedInSummaries(db: Db, id: number): Promise<boolean> {
  const line = JSON.stringify([{ tax_id: id }]);
  const rows = await executeRows(
    db,
    sql`SELECT 1 AS used FROM applications a WHERE a.tax_summary IS NOT NULL AND (a.tax_summary->'application_tax_values' @> ${line}::jsonb OR a.tax_summary->'signing_tax_values' @> ${line}::jsonb) LIMIT 1`,
  );
  return rows.length > 0;
}

/* ───────────────────────────── Application types ───────────────────────────── */

export async function findTypeForTaxes(db: Db, id: number) {
  const [row] = await db
    .select({
      id: applicationTypes.id,
      organisationId: applicationTypes.organisationId,
      status: applicationTypes.status,
      taxCategoryIds: applicationTypes.taxCategoryIds,
      discounts: applicationTypes.discounts,
    })
    .from(applicationTypes)
    .where(eq(applicationTypes.id, id));
  return row;
}
