import type { UserMessage } from '@ghiseu/domain';
import type { Actor } from '../../../platform/auth/actor.js';
import type { AppContext } from '../../../platform/context.js';
import { notFound } from '../../../platform/request.js';
import { presentUserMessage } from './presenter.js';
import * as repo from './repository.js';

/**
 * The signed-in user's in-app messages (spec §7 "Notifications": GET /user-messages, PATCH
 * /user-messages/{id}, GET /user-messages/identification/{id}). Everyone reads and marks only
 * their own messages: the recipient is always the actor, never a parameter.
 */

export interface MessageListQuery {
  'created_date[ge]'?: string;
  'created_date[le]'?: string;
  'created_date[lt]'?: string;
  limit?: number;
}

/** The actor's messages in the window, newest first, at most `limit` (≤ 100). */
export async function listOwnMessages(ctx: AppContext, actor: Actor, query: MessageListQuery): Promise<UserMessage[]> {
  const rows = await repo.listMessages(ctx.db, actor.userId, {
    from: query['created_date[ge]'],
    to: query['created_date[le]'],
    before: query['created_date[lt]'],
    limit: Math.min(query.limit ?? repo.USER_MESSAGES_MAX, repo.USER_MESSAGES_MAX),
  });
  return rows.map(presentUserMessage);
}

/** The actor's messages about application `applicationId`, newest first (at most 100). */
export async function listOwnMessagesOfApplication(ctx: AppContext, actor: Actor, applicationId: number): Promise<UserMessage[]> {
  return (await repo.listMessagesOfApplication(ctx.db, actor.userId, applicationId)).map(presentUserMessage);
}

/**
 * Marks one of the actor's messages read (or unread again). Someone else's message answers
 * 404 exactly like a missing one. Not audited: it is the reader's own bookkeeping, not a change
 * of anyone's case, and the row keeps `read_at`.
 */
export async function markOwnMessage(ctx: AppContext, actor: Actor, id: number, read: boolean): Promise<UserMessage> {
  const row = await repo.setRead(ctx.db, actor.userId, id, read);
  if (!row) throw notFound();
  return presentUserMessage(row);
}
