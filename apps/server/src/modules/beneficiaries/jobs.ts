import { z } from 'zod';
import { writeAudit } from '../../platform/audit.js';
import { defineJob } from '../../platform/jobs.js';
import { createAnafClient } from './anaf-client.js';
import { storeLateAnafOutcome } from './repository.js';

/**
 * The beneficiaries module's jobs, listed in the registry (src/jobs.ts). They run in the server
 * or in a worker without the HTTP app: what they need comes from the job context.
 */

export const ANAF_RECHECK_JOB = 'beneficiaries.anaf-recheck';

export const ZAnafRecheckPayload = z.object({
  target: z.enum(['application', 'register']),
  id: z.number().int().positive(),
  cui: z.string().min(1),
});
export type AnafRecheckPayload = z.infer<typeof ZAnafRecheckPayload>;

/**
 * Checks again a CUI that the tax authority could not be asked about. While ANAF stays
 * unreachable the handler fails, and the queue retries with exponential backoff (1 minute, 2,
 * 4… ten times, about 17 hours in all); after that the beneficiary stays `unvalidated` and
 * staff decide. The answer is stored only if the row still waits for it (idempotent).
 */
export const anafRecheckJob = defineJob({
  name: ANAF_RECHECK_JOB,
  version: 1,
  payload: ZAnafRecheckPayload,
  retryLimit: 10,
  retryDelaySeconds: 60,
  async handler(payload, { db, config, log }) {
    // Outside any transaction: the network call must not hold a lock.
    const outcome = await createAnafClient(config.anaf).check(payload.cui);
    if (outcome.status === 'unreachable') throw new Error(`ANAF indisponibil (${outcome.reason})`);
    await db.transaction(async (tx) => {
      const changed = await storeLateAnafOutcome(tx, payload.target, payload.id, payload.cui, outcome);
      if (!changed) return;
      await writeAudit(tx, {
        action: 'beneficiary.anaf_recheck',
        entityType: payload.target === 'application' ? 'application_beneficiary' : 'beneficiary',
        entityId: payload.id,
        after: { anaf_status: outcome.status, cui: payload.cui },
      });
    });
    log.info({ target: payload.target, id: payload.id, status: outcome.status }, 'ANAF re-check done');
  },
});

export const beneficiariesJobs = [anafRecheckJob] as const;
