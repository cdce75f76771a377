import type { NotificationLanguage } from '@ghiseu/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { notificationPreferences, users } from '../../../db/schema/index.js';
import type { Db } from '../../../platform/db.js';

/**
 * Notification preferences: the rows a user saved (one per configurable event) and the language
 * of their messages (`users.notification_language`). Every function takes its executor: the
 * database for reads, the transaction inside one.
 */

export type PreferenceRow = typeof notificationPreferences.$inferSelect;

export async function findPreferenceRows(db: Db, userId: number): Promise<PreferenceRow[]> {
  return db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
}

/** The saved rows of one event for several users (the dispatcher's recipients). */
export async function findPreferenceRowsOfEvent(db: Db, userIds: number[], eventType: string): Promise<PreferenceRow[]> {
  if (userIds.length === 0) return [];
  return db
    .select()
    .from(notificationPreferences)
    .where(and(inArray(notificationPreferences.userId, userIds), eq(notificationPreferences.eventType, eventType)));
}

export async function findNotificationLanguage(db: Db, userId: number): Promise<NotificationLanguage | undefined> {
  const [row] = await db.select({ language: users.notificationLanguage }).from(users).where(eq(users.id, userId));
  return row?.language;
}

export async function updateNotificationLanguage(db: Db, userId: number, language: NotificationLanguage): Promise<void> {
  await db.update(users).set({ notificationLanguage: language, updatedAt: new Date() }).where(eq(users.id, userId));
}

export async function upsertPreferenceRows(db: Db, rows: (typeof notificationPreferences.$inferInsert)[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(notificationPreferences)
    .values(rows)
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.eventType],
      set: {
        email: sql`excluded.email`,
        sms: sql`excluded.sms`,
        inApp: sql`excluded.in_app`,
        frequency: sql`excluded.frequency`,
        updatedAt: sql`now()`,
      },
    });
}
