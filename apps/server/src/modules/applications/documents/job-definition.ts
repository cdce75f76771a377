import { z } from 'zod';
import { defineJob } from '../../../platform/jobs.js';
import { runGeneration } from './generation.js';

/**
 * `documents.generate`: renders and stores one revision of an application's output document
 * (service.ts runGeneration). Queued in the transaction of generate-document; idempotent (a
 * revision that is no longer `generating` is left alone); a failure is recorded on the revision
 * (state error, ERROR_DOCUMENT_GENERATION), not retried.
 */
export const GENERATE_DOCUMENT_JOB = defineJob({
  name: 'documents.generate',
  version: 1,
  payload: z.object({ documentId: z.number().int().positive() }),
  retryLimit: 2,
  retryDelaySeconds: 10,
  async handler(payload, context) {
    await runGeneration(context, payload.documentId);
  },
});

export const documentsJobs = [GENERATE_DOCUMENT_JOB] as const;
