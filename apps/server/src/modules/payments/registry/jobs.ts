import { addCalendarDays, todayInRomania, zIsoDate } from '@ghiseu/domain';
import { z } from 'zod';
import { defineJob, type JobDefinition } from '../../../platform/jobs.js';
import { paymentGateway } from '../gateway.js';
import { reconcileDay } from './service.js';

/**
 * `payments.reconcile`: every night (00:30, Romanian time) reconciles yesterday; enqueued with a
 * `day` it reconciles that day. Idempotent: the reconciliation of a day is upserted.
 */
export const reconcileJob = defineJob({
  name: 'payments.reconcile',
  version: 1,
  payload: z.object({ day: zIsoDate.optional() }),
  retryLimit: 5,
  retryDelaySeconds: 600,
  cron: '30 0 * * *',
  async handler({ day }, context) {
    const target = day ?? addCalendarDays(todayInRomania(), -1);
    const result = await reconcileDay(context, target, paymentGateway(context));
    context.log.info(
      { day: target, differences: result.differences.length, ledger_balanced: result.ledger_balanced },
      'payments reconciled',
    );
  },
});

/** The registry jobs of the payments module (issue 13). */
export const registryPaymentJobs: readonly JobDefinition[] = [reconcileJob];
