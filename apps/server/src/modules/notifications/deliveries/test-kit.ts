import { sql } from 'drizzle-orm';
import type { AppContext } from '../../../platform/context.js';
import { executeRows } from '../../../platform/db.js';
import type { JobQueue } from '../../../platform/jobs.js';

/**
 * Test helpers of the delivery tests. pg-boss retries a failed delivery after a backoff
 * (30 s, doubling); the tests do not wait: they make every waiting retry due now by moving its
 * `start_after`, which is exactly what the passing of time would do, then drain again.
 */

/** Makes every retry of the messaging jobs due now; answers how many there were. */
export async function makeRetriesDue(ctx: AppContext): Promise<number> {
  const rows = await executeRows<{ id: string }>(
    ctx.db,
    sql`UPDATE pgboss.job SET start_after = now() WHERE name LIKE 'messaging.%' AND state = 'retry' RETURNING id`,
  );
  return rows.length;
}

/**
 * Runs delivery until no message waits: drain, make the retries due, drain again… Answers how
 * many rounds it took. `between` runs after each round (a test's fault schedule); `queue` is
 * the queue that works (default the context's).
 */
export async function deliverUntilSettled(
  ctx: AppContext,
  options: { maxRounds?: number; between?: (round: number) => Promise<void> | void; queue?: JobQueue } = {},
): Promise<number> {
  const maxRounds = options.maxRounds ?? 40;
  const queue = options.queue ?? ctx.jobs;
  for (let round = 1; round <= maxRounds; round++) {
    await queue.drain();
    await options.between?.(round);
    const waiting = await executeRows<{ n: number }>(
      ctx.db,
      sql`SELECT count(*)::int AS n FROM outbox_messages WHERE status = 'queued'`,
    );
    if (Number(waiting[0].n) === 0) return round;
    await makeRetriesDue(ctx);
  }
  throw new Error(`messages still queued after ${maxRounds} delivery rounds`);
}
