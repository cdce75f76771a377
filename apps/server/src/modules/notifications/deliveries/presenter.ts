import type { NotificationDelivery } from '@ghiseu/domain';
import type { DeliveryRow } from './repository.js';

/** A delivery-log row → ZNotificationDelivery (no body: it may hold a link key or a code). */
export function presentDelivery(row: DeliveryRow): NotificationDelivery {
  return {
    id: row.id,
    channel: row.channel,
    to: row.to,
    subject: row.subject,
    event_type: row.eventType,
    status: row.status,
    attempts: row.attempts,
    last_error: row.lastError,
    created_at: row.createdAt.toISOString(),
    sent_at: row.sentAt?.toISOString() ?? null,
    failed_at: row.failedAt?.toISOString() ?? null,
    delivered_at: row.deliveredAt?.toISOString() ?? null,
  };
}
