import { z } from 'zod';
import { defineJob, type JobDefinition } from '../../../platform/jobs.js';
import { type DigestFrequency, sendDigests } from './digests.js';
import { dispatchPendingEvents } from './dispatcher.js';

/** Both jobs run with an empty payload (cron ticks and NOTIFY wake-ups). */
const EMPTY = z.object({}).passthrough();

/**
 * `notifications.dispatch`: woken in every working process by the NOTIFY that each committed
 * domain event sends (channel `domain_events`), and every minute by cron to catch up on a
 * wake-up that was lost (a process down, a dropped connection). Concurrent runs are safe: each
 * event is taken under SKIP LOCKED.
 */
export const dispatchJob = defineJob({
  name: 'notifications.dispatch',
  version: 1,
  payload: EMPTY,
  cron: '* * * * *',
  wakeOn: 'domain_events',
  // The next tick retries; a failed event stays pending by itself.
  retryLimit: 0,
  async handler(_payload, context) {
    await dispatchPendingEvents(context);
  },
});

const digestJob = (frequency: DigestFrequency, cron: string) =>
  defineJob({
    name: `notifications.digest-${frequency}`,
    version: 1,
    payload: EMPTY,
    cron,
    retryLimit: 3,
    async handler(_payload, context) {
      const sent = await sendDigests(context, frequency);
      if (sent > 0) context.log.info({ frequency, sent }, 'notification digests queued');
    },
  });

/** Digests at 08:00 Romanian time: every day, on Mondays, on the first of the month. */
export const digestJobs = {
  daily: digestJob('daily', '0 8 * * *'),
  weekly: digestJob('weekly', '0 8 * * 1'),
  monthly: digestJob('monthly', '0 8 1 * *'),
} as const;

/** The dispatcher and digest jobs (registered by ../jobs.ts). */
export const dispatchJobs: readonly JobDefinition[] = [dispatchJob, digestJobs.daily, digestJobs.weekly, digestJobs.monthly];
