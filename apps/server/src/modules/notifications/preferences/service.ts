import {
  CONFIGURABLE_EVENTS,
  NOTIFICATION_CHANNEL_LABELS,
  NOTIFICATION_EVENTS,
  type NotificationChannel,
  type NotificationPreference,
  type NotificationPreferences,
  type NotificationType,
  notificationEvent,
} from '@ghiseu/domain';
import type { Actor } from '../../../platform/auth/actor.js';
import type { AppContext } from '../../../platform/context.js';
import type { Db } from '../../../platform/db.js';
import { AppError } from '../../../platform/errors.js';
import { audit, type RequestMeta } from '../../../platform/request.js';
import * as repo from './repository.js';

/**
 * Notification preferences (spec §3 "Notification preferences", /notifications): per
 * configurable event, the channels (e-mail, SMS, in-app) and the frequency of e-mail and SMS
 * (at once, or in a daily, weekly or monthly digest); plus the language of the messages. An event
 * the user never saved reads as the catalogue's defaults. The frequency applies to e-mail and SMS
 * only: an in-app message always appears at once (the bell is the digest of the portal itself).
 */

/** GET /notifications/types: the whole catalogue, configurable events and the fixed ones alike. */
export function listNotificationTypes(): NotificationType[] {
  return NOTIFICATION_EVENTS.map((e) => ({
    type: e.type,
    group: e.group,
    label: e.label,
    recipients: e.recipients,
    channels: [...e.channels],
    configurable: e.configurable,
    placeholders: [...e.placeholders],
  }));
}

/** One preference per configurable event, in catalogue order: the saved row, else the defaults. */
function withDefaults(rows: repo.PreferenceRow[]): NotificationPreference[] {
  const saved = new Map(rows.map((r) => [r.eventType, r]));
  return CONFIGURABLE_EVENTS.map((e) => {
    const row = saved.get(e.type);
    return row
      ? { event_type: e.type, email: row.email, sms: row.sms, in_app: row.inApp, frequency: row.frequency }
      : { event_type: e.type, ...e.defaults };
  });
}

/**
 * What one event's recipients chose (the dispatcher): by user id, the saved row or the defaults,
 * with the channels the event cannot use switched off.
 */
export async function preferencesOfEvent(
  db: Db,
  userIds: number[],
  eventType: string,
): Promise<Map<number, NotificationPreference>> {
  const event = notificationEvent(eventType);
  const result = new Map<number, NotificationPreference>();
  if (!event) return result;
  const saved = new Map((await repo.findPreferenceRowsOfEvent(db, userIds, eventType)).map((r) => [r.userId, r]));
  for (const userId of userIds) {
    const row = saved.get(userId);
    const chosen = row ? { email: row.email, sms: row.sms, in_app: row.inApp, frequency: row.frequency } : { ...event.defaults };
    result.set(userId, {
      event_type: eventType,
      email: chosen.email && event.channels.includes('email'),
      sms: chosen.sms && event.channels.includes('sms'),
      in_app: chosen.in_app && event.channels.includes('in_app'),
      frequency: chosen.frequency,
    });
  }
  return result;
}

export async function getPreferences(ctx: AppContext, actor: Actor): Promise<NotificationPreferences> {
  return readPreferences(ctx.db, actor.userId);
}

async function readPreferences(db: Db, userId: number): Promise<NotificationPreferences> {
  const [language, rows] = [await repo.findNotificationLanguage(db, userId), await repo.findPreferenceRows(db, userId)];
  return { language: language ?? 'ro', items: withDefaults(rows) };
}

const fieldError = (path: string, message: string) => new AppError('VALIDATION_ERROR', { fields: [{ path, message }] });

/** Refuses what the catalogue does not allow: unknown or fixed events, repeated events, channels the event lacks. */
function checkItems(items: NotificationPreference[]): void {
  const seen = new Set<string>();
  items.forEach((item, index) => {
    const path = `body.items.${index}`;
    const event = notificationEvent(item.event_type);
    if (!event) throw fieldError(`${path}.event_type`, `Tipul de notificare „${item.event_type}” nu există.`);
    if (!event.configurable)
      throw fieldError(`${path}.event_type`, `Notificarea „${event.label}” se trimite întotdeauna și nu poate fi configurată.`);
    if (seen.has(item.event_type)) throw fieldError(`${path}.event_type`, `Notificarea „${event.label}” apare de două ori.`);
    seen.add(item.event_type);
    for (const channel of ['email', 'sms', 'in_app'] as const satisfies readonly NotificationChannel[]) {
      if (item[channel] && !event.channels.includes(channel))
        throw fieldError(
          `${path}.${channel}`,
          `Notificarea „${event.label}” nu se poate trimite prin canalul ${NOTIFICATION_CHANNEL_LABELS[channel]}.`,
        );
    }
  });
}

/**
 * PUT /notifications/preferences: the language and the given events' rows, in one transaction
 * (events left out keep what they had). Answers the settings as saved.
 */
export async function savePreferences(
  ctx: AppContext,
  actor: Actor,
  body: NotificationPreferences,
  meta: RequestMeta,
): Promise<NotificationPreferences> {
  checkItems(body.items);
  return ctx.db.transaction(async (tx) => {
    const before = await readPreferences(tx, actor.userId);
    await repo.updateNotificationLanguage(tx, actor.userId, body.language);
    await repo.upsertPreferenceRows(
      tx,
      body.items.map((item) => ({
        userId: actor.userId,
        eventType: item.event_type,
        email: item.email,
        sms: item.sms,
        inApp: item.in_app,
        frequency: item.frequency,
      })),
    );
    const after = await readPreferences(tx, actor.userId);
    await audit(tx, actor, meta, {
      organisationId: actor.organisationId ?? null,
      action: 'notification_preferences.update',
      entityType: 'user',
      entityId: actor.userId,
      before,
      after,
    });
    return after;
  });
}
