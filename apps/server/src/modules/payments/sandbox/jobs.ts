import { z } from 'zod';
import { defineJob } from '../../../platform/jobs.js';
import { deliverCallback } from './service.js';

export const DELIVER_CALLBACK_JOB = 'payments.deliver-callback';

/**
 * The sandbox gateway sends an order's signed callback to the merchant's callback URL
 * (GET callback_url?order_id=…&checksum=…). Enqueued with the order's outcome, in the same
 * transaction; a failed delivery throws and the queue retries with backoff (30 s, 1 min, 2 min…
 * eight times). Idempotent: a delivered or still pending order is skipped.
 */
export const deliverCallbackJob = defineJob({
  name: DELIVER_CALLBACK_JOB,
  version: 1,
  payload: z.object({ gatewayOrderId: z.string().min(1) }),
  retryLimit: 8,
  retryDelaySeconds: 30,
  async handler(payload, context) {
    const outcome = await deliverCallback(context, payload.gatewayOrderId);
    context.log.info({ gatewayOrderId: payload.gatewayOrderId, outcome }, 'sandbox gateway callback');
  },
});
