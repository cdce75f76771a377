import { renderMessage } from '../../platform/messaging.js';
import type { OutboxMessageRow } from './repository.js';

/** A stored message with its secrets read in place while they can still serve, '[șters]' after. */
export const presentOutboxMessage = (row: OutboxMessageRow) => ({
  id: row.id,
  channel: row.channel,
  to: row.to,
  ...renderMessage(row),
  created_at: row.createdAt.toISOString(),
});
