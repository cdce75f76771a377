import type { UserMessage } from '@ghiseu/domain';
import type { UserMessageRow } from './repository.js';

/** An in-app message as the API answers it (ZUserMessage). */
export function presentUserMessage(row: UserMessageRow): UserMessage {
  return {
    id: row.id,
    event_type: row.eventType,
    title: row.title,
    message: row.message,
    message_source: row.messageSource,
    recipient_identification_number: row.sourceNumber,
    recipient_identification_id: row.sourceId,
    created_date: row.createdDate.toISOString(),
    has_been_read: row.hasBeenRead,
  };
}
