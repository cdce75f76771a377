import { acceptedPlaceholders, type NotificationTemplate, notificationEvent } from '@ghiseu/domain';
import type { TemplateRow } from './repository.js';

/** A row → ZNotificationTemplate (contracts/notifications.ts). */
export function presentTemplate(row: TemplateRow): NotificationTemplate {
  return {
    id: row.id,
    event_type: row.eventType,
    event_label: notificationEvent(row.eventType)?.label ?? row.eventType,
    channel: row.channel,
    language: row.language,
    title: row.title,
    subject: row.channel === 'sms' ? null : row.subject,
    message: row.message,
    character_limit: row.characterLimit,
    placeholders: acceptedPlaceholders(row.eventType),
    updated_at: row.updatedAt.toISOString(),
  };
}
