import { domainEvents } from '../db/schema/index.js';
import type { Db } from './db.js';

export interface DomainEvent {
  /** Past-tense name: 'application.submitted', 'application.clarification_requested'… */
  type: string;
  entityType: string;
  entityId: number;
  actorUserId?: number | null;
  payload?: Record<string, unknown>;
}

/**
 * Records a domain event in the caller's transaction. Consumers (notifications) read the
 * unprocessed events; an event exists if and only if the change that caused it committed.
 */
export async function emitDomainEvent(tx: Db, event: DomainEvent): Promise<void> {
  await tx.insert(domainEvents).values({
    type: event.type,
    entityType: event.entityType,
    entityId: event.entityId,
    actorUserId: event.actorUserId ?? null,
    payload: event.payload ?? {},
  });
}
