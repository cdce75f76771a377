import { z } from 'zod';
import { defineJob, type JobDefinition } from '../../../platform/jobs.js';
import { deliverCallbackJob } from '../sandbox/jobs.js';
import { settlePending } from './service.js';

export const SETTLE_PENDING_JOB = 'payments.settle-pending';

/**
 * Every five minutes: card and link attempts still pending after the callback should have come
 * are settled from the gateway's answer to a status query; attempts that never reached the
 * gateway fail once their order would have expired (service.ts settlePending). Idempotent: the
 * ledger settles an attempt once.
 */
export const settlePendingJob = defineJob({
  name: SETTLE_PENDING_JOB,
  version: 1,
  payload: z.object({}).loose(),
  retryLimit: 0,
  cron: '*/5 * * * *',
  async handler(_payload, context) {
    const outcome = await settlePending(context);
    if (outcome.checked > 0) context.log.info(outcome, 'pending card payments checked');
  },
});

/** The card jobs of the payments module (issue 13): the sandbox gateway's callback delivery and the settle job. */
export const cardPaymentJobs: readonly JobDefinition[] = [deliverCallbackJob, settlePendingJob];
