import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import { outboxMessages } from '../../../db/schema/index.js';
import type { Db } from '../../../platform/db.js';
import { buildListSql, countList, isDefaultShape, type ListSpec, type ParsedList } from '../../../platform/list-query.js';

/**
 * Data access of the delivery log: the outbox rows (e-mail and SMS) without their bodies, and the
 * SMS provider's receipts. Every function takes the executor it runs on.
 */

export const DELIVERY_LIST: ListSpec = {
  fields: {
    id: { column: outboxMessages.id, type: 'number', ops: ['eq'], sortable: true },
    status: { column: outboxMessages.status, type: 'text', ops: ['eq'], sortable: true },
    channel: { column: outboxMessages.channel, type: 'text', ops: ['eq'] },
    event_type: { column: outboxMessages.eventType, type: 'text', ops: ['eq'] },
    to: { column: outboxMessages.to, type: 'text', ops: ['like', 'contains'], searchable: true },
    subject: { column: outboxMessages.subject, type: 'text', ops: ['contains'], searchable: true },
    attempts: { column: outboxMessages.attempts, type: 'number', sortable: true },
    created_at: { column: outboxMessages.createdAt, type: 'date', sortable: true },
  },
  defaultSort: { field: 'created_at', descending: true },
  idColumn: outboxMessages.id,
};

/**
 * Newest first as the indexes `outbox_created_idx` and `outbox_status_created_idx` are ordered
 * (created_at DESC, id DESC): the default page is read straight off the index, with or without
 * a status. Another sort asked by the client uses the list's usual order.
 */
const NEWEST_FIRST = [desc(outboxMessages.createdAt), desc(outboxMessages.id)];

const deliveryColumns = {
  id: outboxMessages.id,
  channel: outboxMessages.channel,
  to: outboxMessages.to,
  subject: outboxMessages.subject,
  eventType: outboxMessages.eventType,
  status: outboxMessages.status,
  attempts: outboxMessages.attempts,
  lastError: outboxMessages.lastError,
  createdAt: outboxMessages.createdAt,
  sentAt: outboxMessages.sentAt,
  failedAt: outboxMessages.failedAt,
  deliveredAt: outboxMessages.deliveredAt,
};

export type DeliveryRow = {
  id: number;
  channel: 'email' | 'sms';
  to: string;
  subject: string | null;
  eventType: string | null;
  status: 'queued' | 'sent' | 'failed';
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  sentAt: Date | null;
  failedAt: Date | null;
  deliveredAt: Date | null;
};

export function listDeliveries(db: Db, parsed: ParsedList) {
  const list = buildListSql(parsed, DELIVERY_LIST);
  const newestFirst = parsed.sort.field === 'created_at' && parsed.sort.descending;
  return {
    rows: (): Promise<DeliveryRow[]> =>
      db
        .select(deliveryColumns)
        .from(outboxMessages)
        .where(list.where)
        .orderBy(...(newestFirst || isDefaultShape(parsed, DELIVERY_LIST) ? NEWEST_FIRST : list.orderBy))
        .limit(list.limit)
        .offset(list.offset),
    total: () => countList(db, db.select({ one: sql`1` }).from(outboxMessages).where(list.where)),
  };
}

/**
 * Applies a provider's receipt to the SMS it names; answers the row's id, or undefined when no
 * SMS has that provider id. `delivered` keeps the first delivery time; `failed` is terminal.
 */
export async function applySmsReceipt(
  db: Db,
  receipt: { providerMessageId: string; status: 'delivered' | 'failed'; at: Date },
): Promise<number | undefined> {
  const match: SQL | undefined = and(
    eq(outboxMessages.providerMessageId, receipt.providerMessageId),
    eq(outboxMessages.channel, 'sms'),
  );
  const set =
    receipt.status === 'delivered'
      ? { deliveredAt: sql`coalesce(${outboxMessages.deliveredAt}, ${receipt.at.toISOString()}::timestamptz)` }
      : { status: 'failed' as const, failedAt: receipt.at, lastError: 'respins de operator' };
  const rows = await db.update(outboxMessages).set(set).where(match).returning({ id: outboxMessages.id });
  return rows[0]?.id;
}

/** How many messages wait, by status (tests and the log's summary). */
export async function countByStatus(db: Db): Promise<Record<string, number>> {
  const rows = await db.select({ status: outboxMessages.status, n: count() }).from(outboxMessages).groupBy(outboxMessages.status);
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}
