import { and, asc, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { applications, applicationTypes, collectorAccounts, paymentReconciliations, payments } from '../../../db/schema/index.js';
import type { Db } from '../../../platform/db.js';
import { buildListSql, countList, type ListSpec, type ParsedList } from '../../../platform/list-query.js';
import type { PaymentRow } from '../repository.js';

/**
 * Queries of the payments registry (super admin), its totals, its CSV and the reconciliations.
 * The list's default order is the `payments_created_idx` index's (created_at desc, id desc);
 * an organisation filter uses `payments_organisation_created_idx`.
 */

export const PAYMENT_LIST: ListSpec = {
  fields: {
    id: { column: payments.id, type: 'number', sortable: true },
    created_at: { column: payments.createdAt, type: 'date', sortable: true },
    settled_at: { column: payments.settledAt, type: 'date', sortable: true },
    type: { column: payments.type, type: 'text', ops: ['eq'], sortable: true },
    status: { column: payments.status, type: 'text', ops: ['eq'], sortable: true },
    organisation_id: { column: payments.organisationId, type: 'number', ops: ['eq'] },
    application_id: { column: payments.applicationId, type: 'number', ops: ['eq'] },
    application_type_id: { column: payments.applicationTypeId, type: 'number', ops: ['eq'] },
    amount: { column: payments.amount, type: 'number', sortable: true },
    application_number: {
      column: applications.identificationNumber,
      type: 'text',
      ops: ['eq', 'contains', 'like'],
      sortable: true,
      searchable: true,
    },
    client_name: { column: payments.clientName, type: 'text', ops: ['eq', 'contains', 'like'], sortable: true, searchable: true },
    email: { column: payments.email, type: 'text', ops: ['eq', 'contains', 'like'], searchable: true },
    provider_transaction_id: { column: payments.providerTransactionId, type: 'text', ops: ['eq', 'contains'], searchable: true },
    document_number: { column: payments.documentNumber, type: 'text', ops: ['eq', 'contains'], searchable: true },
  },
  defaultSort: { field: 'created_at', descending: true },
  idColumn: payments.id,
  extraParams: ['period'],
};

export interface RegistryRow {
  payment: PaymentRow;
  applicationNumber: string | null;
  applicationTypeName: string | null;
}

/** The sort with the id tiebreaker in the same direction, so the default order is the index's. */
function orderOf(parsed: ParsedList): SQL[] {
  const field = PAYMENT_LIST.fields[parsed.sort.field];
  const by = field.sortBy ?? field.column;
  const dir = parsed.sort.descending ? desc : asc;
  return [dir(by), dir(payments.id)];
}

const registrySelect = (db: Db) =>
  db
    .select({
      payment: payments,
      applicationNumber: applications.identificationNumber,
      applicationTypeName: applicationTypes.name,
    })
    .from(payments)
    .leftJoin(applications, eq(applications.id, payments.applicationId))
    .leftJoin(applicationTypes, eq(applicationTypes.id, payments.applicationTypeId));

/** The filters' WHERE (the list's allow-list, free text included). */
export function registryWhere(parsed: ParsedList): SQL | undefined {
  return buildListSql(parsed, PAYMENT_LIST).where;
}

export function listPayments(db: Db, parsed: ParsedList) {
  const where = registryWhere(parsed);
  return {
    rows: (): Promise<RegistryRow[]> =>
      registrySelect(db)
        .where(where)
        .orderBy(...orderOf(parsed))
        .limit(parsed.limit)
        .offset(parsed.skip),
    total: () =>
      countList(
        db,
        sql`select 1 from ${payments} left join ${applications} on ${applications.id} = ${payments.applicationId} ${
          where ? sql`where ${where}` : sql``
        }`,
      ),
  };
}

/** One batch of the CSV: keyset on (created_at desc, id desc), the index's order. */
export function exportBatch(
  db: Db,
  where: SQL | undefined,
  after: { createdAt: Date; id: number } | null,
  size: number,
): Promise<RegistryRow[]> {
  const keyset = after
    ? or(
        sql`${payments.createdAt} < ${after.createdAt.toISOString()}::timestamptz`,
        and(sql`${payments.createdAt} = ${after.createdAt.toISOString()}::timestamptz`, sql`${payments.id} < ${after.id}`),
      )
    : undefined;
  return registrySelect(db).where(and(where, keyset)).orderBy(desc(payments.createdAt), desc(payments.id)).limit(size);
}

/** Only the payments that moved money and succeeded count in the totals. */
const succeededMoney = sql`${payments.status} = 'SUCCESSFUL' AND ${payments.type} IN ('LINK', 'CARD', 'OP', 'OFFICE')`;

export async function totalsByType(db: Db, where: SQL | undefined) {
  return db
    .select({
      type: payments.type,
      amount: sql<string>`coalesce(sum(${payments.amount}), 0)::numeric(14,2)::text`,
      count: sql<number>`count(*)::int`,
    })
    .from(payments)
    .leftJoin(applications, eq(applications.id, payments.applicationId))
    .where(and(where, succeededMoney))
    .groupBy(payments.type)
    .orderBy(payments.type);
}

export async function totalsByPeriod(db: Db, where: SQL | undefined, period: 'day' | 'month') {
  const format = period === 'day' ? 'YYYY-MM-DD' : 'YYYY-MM';
  const key = sql<string>`to_char(${payments.createdAt} AT TIME ZONE 'Europe/Bucharest', ${sql.raw(`'${format}'`)})`;
  return db
    .select({
      period: key,
      amount: sql<string>`coalesce(sum(${payments.amount}), 0)::numeric(14,2)::text`,
      count: sql<number>`count(*)::int`,
    })
    .from(payments)
    .leftJoin(applications, eq(applications.id, payments.applicationId))
    .where(and(where, succeededMoney))
    .groupBy(key)
    .orderBy(key);
}

/* ───────────────────────────── Reconciliation ───────────────────────────── */

/** The Romanian calendar day `day` as a half-open range of instants. */
const dayRange = (column: typeof payments.createdAt, day: string) =>
  sql`${column} >= (${day}::date::timestamp AT TIME ZONE 'Europe/Bucharest') AND ${column} < ((${day}::date + 1)::timestamp AT TIME ZONE 'Europe/Bucharest')`;

/** The portal's gateway payments (CARD, LINK) registered at the gateway and created on `day`. */
export function gatewayPaymentsOfDay(db: Db, day: string): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(
      and(
        inArray(payments.type, ['CARD', 'LINK']),
        sql`${payments.gatewayOrderId} IS NOT NULL`,
        dayRange(payments.createdAt, day),
      ),
    )
    .orderBy(asc(payments.id));
}

/** Collector accounts whose gateway reports are read: the active ones and any used by `accountIds`. */
export function reportingAccounts(db: Db, accountIds: number[]) {
  return db
    .select()
    .from(collectorAccounts)
    .where(
      accountIds.length > 0
        ? or(eq(collectorAccounts.status, 'active'), inArray(collectorAccounts.id, accountIds))
        : eq(collectorAccounts.status, 'active'),
    )
    .orderBy(asc(collectorAccounts.id));
}

/**
 * The ledger invariant, checked over every application: how many applications break it.
 *
 * For an application, `paid` is the sum of its SUCCESSFUL money payments (LINK, CARD, OP, OFFICE;
 * a DISCOUNT row carries no money) and `total` its total_tax (already net of its discount; null = 0).
 * The ledger is balanced when no application is
 *   - paid (is_paid) with paid ≠ total (money missing, or taken twice), or
 *   - unpaid with paid ≥ total while total > 0 (money arrived but the application was not marked paid).
 * Then Σ successful money payments of paid applications = Σ total_tax of paid applications, to the ban,
 * and every other successful RON belongs to a partly paid application.
 */
export async function ledgerViolations(db: Db): Promise<number> {
  const result = (await db.execute(sql`
    SELECT count(*)::int AS n FROM (
      SELECT a.id, a.is_paid, coalesce(a.total_tax, 0) AS total,
             coalesce(sum(p.amount) FILTER (WHERE p.status = 'SUCCESSFUL' AND p.type IN ('LINK', 'CARD', 'OP', 'OFFICE')), 0) AS paid
      FROM applications a
      LEFT JOIN payments p ON p.application_id = a.id
      WHERE a.is_paid OR p.id IS NOT NULL
      GROUP BY a.id
    ) x
    WHERE (x.is_paid AND x.paid <> x.total) OR (NOT x.is_paid AND x.total > 0 AND x.paid >= x.total)
  `)) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]?.n ?? 0);
}

export type ReconciliationRow = typeof paymentReconciliations.$inferSelect;

export async function upsertReconciliation(
  tx: Db,
  values: Omit<typeof paymentReconciliations.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>,
): Promise<ReconciliationRow> {
  const [row] = await tx
    .insert(paymentReconciliations)
    .values(values)
    .onConflictDoUpdate({
      target: paymentReconciliations.day,
      set: {
        portalTotal: values.portalTotal,
        gatewayTotal: values.gatewayTotal,
        portalCount: values.portalCount,
        gatewayCount: values.gatewayCount,
        differences: values.differences,
        ledgerBalanced: values.ledgerBalanced,
        updatedAt: sql`now()`,
      },
    })
    .returning();
  return row!;
}

export function listReconciliations(db: Db, limit: number, offset: number): Promise<ReconciliationRow[]> {
  return db.select().from(paymentReconciliations).orderBy(desc(paymentReconciliations.day)).limit(limit).offset(offset);
}

export async function countReconciliations(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(paymentReconciliations);
  return Number(row?.n ?? 0);
}
