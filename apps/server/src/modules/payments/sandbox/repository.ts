import { and, asc, eq, sql } from 'drizzle-orm';
import { collectorAccounts, sandboxGatewayOrders } from '../../../db/schema/index.js';
import type { Db } from '../../../platform/db.js';

/** The sandbox gateway's own books (sandbox_gateway_orders). Only sandbox/ files import it. */
export type SandboxOrderRow = typeof sandboxGatewayOrders.$inferSelect;
export type NewSandboxOrderRow = typeof sandboxGatewayOrders.$inferInsert;

/** Inserts the order unless the merchant registered that order id already; answers the stored one. */
export async function insertOrGetOrder(db: Db, row: NewSandboxOrderRow): Promise<{ order: SandboxOrderRow; created: boolean }> {
  const [inserted] = await db.insert(sandboxGatewayOrders).values(row).onConflictDoNothing().returning();
  if (inserted) return { order: inserted, created: true };
  const [existing] = await db
    .select()
    .from(sandboxGatewayOrders)
    .where(and(eq(sandboxGatewayOrders.merchantUsername, row.merchantUsername), eq(sandboxGatewayOrders.orderId, row.orderId)));
  return { order: existing!, created: false };
}

export async function findOrder(db: Db, id: string): Promise<SandboxOrderRow | undefined> {
  const [row] = await db.select().from(sandboxGatewayOrders).where(eq(sandboxGatewayOrders.id, id));
  return row;
}

export async function lockOrder(tx: Db, id: string): Promise<SandboxOrderRow | undefined> {
  const [row] = await tx.select().from(sandboxGatewayOrders).where(eq(sandboxGatewayOrders.id, id)).for('update');
  return row;
}

export async function updateOrder(tx: Db, id: string, change: Partial<NewSandboxOrderRow>): Promise<SandboxOrderRow | undefined> {
  const [row] = await tx
    .update(sandboxGatewayOrders)
    .set({ ...change, updatedAt: sql`now()` })
    .where(eq(sandboxGatewayOrders.id, id))
    .returning();
  return row;
}

/** A pending order whose time ran out becomes expired (only if still pending). */
export async function expireIfDue(db: Db, id: string): Promise<void> {
  await db
    .update(sandboxGatewayOrders)
    .set({ status: 'expired', completedAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      and(
        eq(sandboxGatewayOrders.id, id),
        eq(sandboxGatewayOrders.status, 'pending'),
        sql`${sandboxGatewayOrders.expiresAt} < now()`,
      ),
    );
}

/** The merchant's orders created on `day` (Europe/Bucharest). */
export async function ordersOfDay(db: Db, merchantUsername: string, day: string): Promise<SandboxOrderRow[]> {
  return db
    .select()
    .from(sandboxGatewayOrders)
    .where(
      and(
        eq(sandboxGatewayOrders.merchantUsername, merchantUsername),
        sql`(${sandboxGatewayOrders.createdAt} at time zone 'Europe/Bucharest')::date = ${day}::date`,
      ),
    )
    .orderBy(asc(sandboxGatewayOrders.createdAt), asc(sandboxGatewayOrders.id));
}

/** The collector accounts registered with this provider username (the sandbox's merchants). */
export async function merchantAccounts(
  db: Db,
  username: string,
): Promise<{ organisationId: number; providerUsername: string; providerPasswordEncrypted: string }[]> {
  return db
    .select({
      organisationId: collectorAccounts.organisationId,
      providerUsername: collectorAccounts.providerUsername,
      providerPasswordEncrypted: collectorAccounts.providerPasswordEncrypted,
    })
    .from(collectorAccounts)
    .where(and(eq(collectorAccounts.providerUsername, username), eq(collectorAccounts.status, 'active')))
    .orderBy(asc(collectorAccounts.id));
}

/** Every active merchant username (the gateway-wide report walks them). */
export async function activeMerchants(
  db: Db,
): Promise<{ organisationId: number; providerUsername: string; providerPasswordEncrypted: string }[]> {
  return db
    .select({
      organisationId: collectorAccounts.organisationId,
      providerUsername: collectorAccounts.providerUsername,
      providerPasswordEncrypted: collectorAccounts.providerPasswordEncrypted,
    })
    .from(collectorAccounts)
    .where(eq(collectorAccounts.status, 'active'))
    .orderBy(asc(collectorAccounts.id));
}
