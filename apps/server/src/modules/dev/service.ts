import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { type DigestFrequency, sendDigests } from '../notifications/index.js';
import { notFound } from '../../platform/errors.js';
import { mayReadOutbox } from './policy.js';
import { presentOutboxMessage } from './presenter.js';
import * as repo from './repository.js';

/** The e-mail and SMS outbox for a client at `ip` (loopback only; anyone else gets a 404). */
export async function readOutbox(ctx: AppContext, ip: string | undefined, query: { to?: string; limit: number }) {
  if (!mayReadOutbox(ip)) throw notFound();
  const to = query.to;
  const address = to ? (to.trim().toLowerCase().startsWith('+') ? to.trim() : to.trim().toLowerCase()) : undefined;
  const rows = await repo.listOutboxMessages(ctx.db, address, query.limit);
  return rows.map(presentOutboxMessage);
}

/**
 * Sends the digests of a frequency now instead of at 08:00 (the Playwright journey of issue 14);
 * loopback only, like the outbox. Answers how many digest messages it queued.
 */
export async function sendDigestsNow(
  ctx: AppContext,
  ip: string | undefined,
  frequency: DigestFrequency,
  log: FastifyBaseLogger,
): Promise<{ frequency: DigestFrequency; messages: number }> {
  if (!mayReadOutbox(ip)) throw notFound();
  const messages = await sendDigests({ db: ctx.db, config: ctx.config, messaging: ctx.messaging, log }, frequency);
  return { frequency, messages };
}
