import type { NotificationChannel, NotificationLanguage } from '@ghiseu/domain';
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import { notificationTemplates } from '../../../db/schema/index.js';
import type { Db } from '../../../platform/db.js';
import { buildListSql, type ListSpec, type ParsedList } from '../../../platform/list-query.js';

/** Data access of notification templates. Every function takes the executor it runs on (`tx` inside a transaction). */

export type TemplateRow = typeof notificationTemplates.$inferSelect;

/**
 * GET /notifications/templates: filters event_type, channel, language (eq) and title (like,
 * contains); sorted by event, then language, then channel (notification_templates_list_idx).
 */
export const TEMPLATE_LIST: ListSpec = {
  fields: {
    id: { column: notificationTemplates.id, type: 'number', ops: ['eq'], sortable: true },
    event_type: { column: notificationTemplates.eventType, type: 'text', ops: ['eq'], sortable: true },
    channel: { column: notificationTemplates.channel, type: 'text', ops: ['eq'], sortable: true },
    language: { column: notificationTemplates.language, type: 'text', ops: ['eq'], sortable: true },
    title: { column: notificationTemplates.title, type: 'text', ops: ['like', 'contains'], sortable: true, searchable: true },
    updated_at: { column: notificationTemplates.updatedAt, type: 'date', sortable: true },
  },
  defaultSort: { field: 'event_type', descending: false },
  idColumn: notificationTemplates.id,
};

export function listTemplates(db: Db, parsed: ParsedList) {
  const list = buildListSql(parsed, TEMPLATE_LIST);
  const t = notificationTemplates;
  // Sorted by event: then language and channel too, the order of the list index.
  const direction = parsed.sort.descending ? desc : asc;
  const orderBy =
    parsed.sort.field === 'event_type'
      ? [direction(t.eventType), direction(t.language), direction(t.channel), asc(t.id)]
      : list.orderBy;
  return {
    rows: (): Promise<TemplateRow[]> =>
      db
        .select()
        .from(t)
        .where(list.where)
        .orderBy(...orderBy)
        .limit(list.limit)
        .offset(list.offset),
    total: async () => (await db.select({ total: count() }).from(t).where(list.where))[0].total,
  };
}

export async function findTemplate(db: Db, id: number): Promise<TemplateRow | undefined> {
  const [row] = await db.select().from(notificationTemplates).where(eq(notificationTemplates.id, id));
  return row;
}

/** The rows of one event and channel in the given languages (the renderer picks one). */
export function findTemplateForRender(
  db: Db,
  eventType: string,
  channel: NotificationChannel,
  languages: NotificationLanguage[],
): Promise<Pick<TemplateRow, 'channel' | 'language' | 'subject' | 'message'>[]> {
  const t = notificationTemplates;
  return db
    .select({ channel: t.channel, language: t.language, subject: t.subject, message: t.message })
    .from(t)
    .where(and(eq(t.eventType, eventType), eq(t.channel, channel), inArray(t.language, languages)));
}

export async function updateTemplate(
  db: Db,
  id: number,
  values: Pick<TemplateRow, 'title' | 'subject' | 'message' | 'characterLimit' | 'updatedBy'>,
): Promise<void> {
  await db
    .update(notificationTemplates)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(notificationTemplates.id, id));
}
