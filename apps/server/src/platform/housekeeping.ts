import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from './db.js';
import { defineJob } from './jobs.js';

/**
 * Removes what has expired and can serve no one any more: verification codes and links,
 * half-finished social sign-ins, the public page's SMS codes and phone blocks, failed sign-ins
 * of unknown addresses, sessions, and old outbox messages (their bodies name people and
 * addresses). Rows are kept for a while after they expire (RETENTION_DAYS), so that limits
 * which count recent attempts and investigations of recent incidents still see them. The
 * secrets of outbox messages go as soon as they expire (the `messaging.redact` job; here
 * again in case that job was lost). A message that no job will deliver any more is marked
 * failed (`outbox_abandoned`). The audit log is never touched.
 */
export const RETENTION_DAYS = { codes: 7, sessions: 30, outbox: 30 } as const;

/**
 * A message still 'queued' a day after it was written that no delivery job will ever pick up
 * again: its last attempt was cut short (the process died and pg-boss expired the job) or the
 * job was lost. Its retries with backoff are long over by then (about 4 hours for 9 attempts),
 * so the delivery log records it as failed instead of waiting forever.
 */
const ABANDONED_AFTER = '1 day';

const STATEMENTS = [
  [
    'outbox_abandoned',
    sql`UPDATE outbox_messages o SET status = 'failed', failed_at = now(), secrets = NULL, secrets_expire_at = NULL,
          last_error = coalesce(o.last_error || '; ', '') || 'abandonat: nicio încercare de livrare nu mai urmează'
        WHERE o.status = 'queued' AND o.created_at < now() - ${ABANDONED_AFTER}::interval
          AND NOT EXISTS (
            SELECT 1 FROM pgboss.job j
            WHERE j.name = 'messaging.deliver' AND j.state IN ('created', 'retry', 'active')
              AND j.data->>'messageId' = o.id::text
          )`,
  ],
  [
    'outbox_secrets',
    sql`UPDATE outbox_messages SET secrets = NULL, secrets_expire_at = NULL WHERE secrets IS NOT NULL AND secrets_expire_at <= now()`,
  ],
  [
    'outbox_messages',
    sql`DELETE FROM outbox_messages WHERE created_at < now() - make_interval(days => ${RETENTION_DAYS.outbox})`,
  ],
  [
    'unknown_login_failures',
    sql`DELETE FROM unknown_login_failures WHERE coalesce(locked_until, updated_at) < now() - make_interval(days => ${RETENTION_DAYS.codes})`,
  ],
  [
    'verification_codes',
    sql`DELETE FROM verification_codes WHERE expires_at < now() - make_interval(days => ${RETENTION_DAYS.codes})`,
  ],
  ['oauth_requests', sql`DELETE FROM oauth_requests WHERE expires_at < now() - make_interval(days => ${RETENTION_DAYS.codes})`],
  [
    'public_status_codes',
    sql`DELETE FROM public_status_codes WHERE expires_at < now() - make_interval(days => ${RETENTION_DAYS.codes})`,
  ],
  [
    'public_phone_blocks',
    sql`DELETE FROM public_phone_blocks WHERE coalesce(blocked_until, updated_at) < now() - make_interval(days => ${RETENTION_DAYS.codes})`,
  ],
  [
    'sessions',
    sql`DELETE FROM sessions WHERE coalesce(revoked_at, expires_at) < now() - make_interval(days => ${RETENTION_DAYS.sessions})`,
  ],
] as const;

/** Deletes (or, for outbox secrets, clears) the expired rows; answers how many went from each table. */
export async function removeExpired(db: Db): Promise<Record<string, number>> {
  const removed: Record<string, number> = {};
  for (const [table, statement] of STATEMENTS) {
    const result = (await db.execute(statement)) as { rowCount?: number | null; affectedRows?: number };
    removed[table] = result.rowCount ?? result.affectedRows ?? 0;
  }
  return removed;
}

/** Every night at 03:30, Romanian time. */
export const housekeepingJob = defineJob({
  name: 'platform.housekeeping',
  version: 1,
  payload: z.object({}).loose(),
  cron: '30 3 * * *',
  retryLimit: 2,
  handler: async (_payload, { db, log }) => {
    log.info({ removed: await removeExpired(db) }, 'expired rows removed');
  },
});
