import {
  formatLei,
  type GatewayOrderStatus,
  parseLei,
  PAYMENT_TYPE_LABELS,
  paymentStatusOfGateway,
  type PaymentStatus,
  type PaymentTotals,
  type Reconciliation,
  sumBani,
} from '@ghiseu/domain';
import type { z } from 'zod';
import type { ZReconciliationDifference } from '@ghiseu/domain';
import type { Actor } from '../../../platform/auth/actor.js';
import type { AppContext } from '../../../platform/context.js';
import type { Db } from '../../../platform/db.js';
import { AppError } from '../../../platform/errors.js';
import { listPage, parseListQuery } from '../../../platform/list-query.js';
import { audit, type RequestMeta } from '../../../platform/request.js';
import type { GatewayMerchant, GatewayReportLine, PaymentGateway } from '../gateway.js';
import { toPayment } from '../presenter.js';
import type { PaymentRow } from '../repository.js';
import { collectorBinding, decryptProviderPassword } from '../secrets.js';
import { csvHeader, csvRow } from './csv.js';
import * as repo from './repository.js';

/**
 * The payments registry (spec §2 /payments, `paymentRegistryRead`: super administrator): every
 * payment attempt with the list filters, totals per period and type, the streamed CSV, and the
 * daily reconciliation of the portal's gateway payments with the gateway's report.
 */

type Difference = z.infer<typeof ZReconciliationDifference>;

const EXPORT_BATCH = 500;

const present = (row: repo.RegistryRow) =>
  toPayment(row.payment, { applicationNumber: row.applicationNumber, applicationTypeName: row.applicationTypeName });

/** GET /payments/all: the list (personal codes masked). */
export async function listPayments(ctx: AppContext, query: Record<string, unknown>) {
  const parsed = parseListQuery(query, repo.PAYMENT_LIST);
  if (query.period !== undefined) throw new AppError('INVALID_QUERY', { reason: 'unknown_param', param: 'period' });
  const list = repo.listPayments(ctx.db, parsed);
  return listPage(parsed, async () => (await list.rows()).map(present), list.total);
}

/** GET /payments/all/totals?period=day|month: successful money payments of the filtered list, per type and period. */
export async function paymentTotals(ctx: AppContext, query: Record<string, unknown>): Promise<PaymentTotals> {
  const period = query.period ?? 'day';
  if (period !== 'day' && period !== 'month') throw new AppError('INVALID_QUERY', { reason: 'bad_value', param: 'period' });
  const parsed = parseListQuery(query, repo.PAYMENT_LIST);
  const where = repo.registryWhere(parsed);
  const [byType, byPeriod] = await Promise.all([repo.totalsByType(ctx.db, where), repo.totalsByPeriod(ctx.db, where, period)]);
  const total = sumBani(byType.map((row) => parseLei(row.amount) ?? 0));
  return {
    currency: 'RON',
    total: formatLei(total),
    count: byType.reduce((n, row) => n + Number(row.count), 0),
    by_type: byType.map((row) => ({
      type: row.type,
      type_label: PAYMENT_TYPE_LABELS[row.type],
      amount: row.amount,
      count: Number(row.count),
    })),
    by_period: byPeriod.map((row) => ({ period: row.period, amount: row.amount, count: Number(row.count) })),
  };
}

/**
 * GET /payments/all/export.csv: the filtered registry, read and written in batches (keyset on the
 * index's order), never the whole table in memory. The export (full personal codes) is audited
 * before the first byte is sent.
 */
export async function startExport(
  ctx: AppContext,
  actor: Actor,
  query: Record<string, unknown>,
  meta: RequestMeta,
): Promise<AsyncGenerator<string>> {
  const parsed = parseListQuery(query, repo.PAYMENT_LIST);
  const where = repo.registryWhere(parsed);
  await ctx.db.transaction((tx) =>
    audit(tx, actor, meta, {
      action: 'payments.export',
      entityType: 'payment',
      entityId: null,
      after: { filters: parsed.filters.map((f) => ({ field: f.field, op: f.op })), search: parsed.orLikeQuery !== undefined },
    }),
  );
  return (async function* () {
    yield csvHeader();
    let after: { createdAt: Date; id: number } | null = null;
    for (;;) {
      const rows = await repo.exportBatch(ctx.db, where, after, EXPORT_BATCH);
      if (rows.length > 0) yield rows.map(csvRow).join('');
      if (rows.length < EXPORT_BATCH) return;
      const last = rows[rows.length - 1].payment;
      after = { createdAt: last.createdAt, id: last.id };
    }
  })();
}

/* ───────────────────────────── Reconciliation ───────────────────────────── */

function presentReconciliation(row: repo.ReconciliationRow): Reconciliation {
  return {
    id: row.id,
    day: row.day,
    created_at: row.createdAt.toISOString(),
    portal_total: row.portalTotal,
    gateway_total: row.gatewayTotal,
    portal_count: row.portalCount,
    gateway_count: row.gatewayCount,
    differences: row.differences as Difference[],
    ledger_balanced: row.ledgerBalanced,
  };
}

/**
 * The differences between the portal's gateway payments of a day and the gateway's report lines,
 * matched by the merchant order id (the payment's idempotency key):
 * - a report line with no portal payment: `missing_in_portal`;
 * - a portal payment registered at the gateway that the report does not list: `missing_in_gateway`;
 * - both, with final states that differ (the gateway's `pending` is the portal's CREATED,
 *   `declined` and `expired` are FAILED): `status_mismatch`;
 * - both, with amounts that differ: `amount_mismatch` (a line may have both).
 * Pure: the service and the tests call it.
 */
export function compareWithReport(portal: readonly PaymentRow[], report: readonly GatewayReportLine[]): Difference[] {
  const differences: Difference[] = [];
  const byOrder = new Map(portal.map((p) => [p.idempotencyKey, p]));
  const seen = new Set<string>();
  const line = (
    kind: Difference['kind'],
    orderId: string,
    p: PaymentRow | undefined,
    g: GatewayReportLine | undefined,
  ): Difference => ({
    kind,
    order_id: orderId,
    payment_id: p?.id ?? null,
    portal_status: (p?.status as PaymentStatus | undefined) ?? null,
    gateway_status: (g?.status as GatewayOrderStatus | undefined) ?? null,
    portal_amount: p ? p.amount : null,
    gateway_amount: g ? formatLei(g.amount) : null,
  });
  for (const g of report) {
    if (seen.has(g.orderId)) continue;
    seen.add(g.orderId);
    const p = byOrder.get(g.orderId);
    if (!p) {
      differences.push(line('missing_in_portal', g.orderId, undefined, g));
      continue;
    }
    if (paymentStatusOfGateway(g.status) !== p.status) differences.push(line('status_mismatch', g.orderId, p, g));
    if ((parseLei(p.amount) ?? 0) !== g.amount) differences.push(line('amount_mismatch', g.orderId, p, g));
  }
  for (const p of portal)
    if (!seen.has(p.idempotencyKey)) differences.push(line('missing_in_gateway', p.idempotencyKey, p, undefined));
  return differences;
}

/**
 * Reconciles `day` (YYYY-MM-DD, Romanian calendar): the portal's CARD and LINK payments that were
 * registered at the gateway and created that day, against `gateway.report(day, merchant)` of every
 * active collector account (and of any account those payments used), and checks the ledger
 * invariant (repository.ts `ledgerViolations`). The gateway is a parameter: the configured one in
 * production, a fake at the interface in tests. Upserted by day (running it again replaces it).
 * The gateway is called before the transaction, never inside it.
 */
export async function reconcileDay(
  ctx: Pick<AppContext, 'db' | 'config'>,
  day: string,
  gateway: PaymentGateway,
): Promise<Reconciliation> {
  const portal = await repo.gatewayPaymentsOfDay(ctx.db, day);
  const usedAccounts = [...new Set(portal.map((p) => p.collectorAccountId).filter((id): id is number => id !== null))];
  const accounts = await repo.reportingAccounts(ctx.db, usedAccounts);
  const merchants = new Map<string, GatewayMerchant>();
  for (const account of accounts) {
    if (merchants.has(account.providerUsername)) continue;
    merchants.set(account.providerUsername, {
      username: account.providerUsername,
      password: decryptProviderPassword(
        ctx.config,
        account.providerPasswordEncrypted,
        collectorBinding(account.organisationId, account.providerUsername),
      ),
    });
  }
  const report: GatewayReportLine[] = [];
  for (const merchant of merchants.values()) report.push(...(await gateway.report(day, merchant)));
  const differences = compareWithReport(portal, report);
  const violations = await repo.ledgerViolations(ctx.db);
  const portalTotal = sumBani(portal.filter((p) => p.status === 'SUCCESSFUL').map((p) => parseLei(p.amount) ?? 0));
  const gatewayTotal = sumBani(report.filter((g) => g.status === 'successful').map((g) => g.amount));
  const row = await ctx.db.transaction((tx) =>
    repo.upsertReconciliation(tx, {
      day,
      portalTotal: formatLei(portalTotal),
      gatewayTotal: formatLei(gatewayTotal),
      portalCount: portal.length,
      gatewayCount: report.length,
      differences: differences as unknown as Record<string, unknown>[],
      ledgerBalanced: violations === 0,
    }),
  );
  return presentReconciliation(row);
}

/** POST /payments/reconciliations {day}: runs now, audited. */
export async function runReconciliation(
  ctx: AppContext,
  actor: Actor,
  day: string,
  gateway: PaymentGateway,
  meta: RequestMeta,
): Promise<Reconciliation> {
  const result = await reconcileDay(ctx, day, gateway);
  await ctx.db.transaction((tx: Db) =>
    audit(tx, actor, meta, {
      action: 'payments.reconcile',
      entityType: 'payment_reconciliation',
      entityId: result.id,
      after: { day, differences: result.differences.length, ledger_balanced: result.ledger_balanced },
    }),
  );
  return result;
}

/** GET /payments/reconciliations: newest day first. */
export async function listReconciliations(ctx: AppContext, query: { skip?: number; limit?: number }) {
  const limit = query.limit ?? 30;
  const skip = query.skip ?? 0;
  const [rows, total] = await Promise.all([repo.listReconciliations(ctx.db, limit, skip), repo.countReconciliations(ctx.db)]);
  return { data: rows.map(presentReconciliation), pagination: { total, skip, limit } };
}
