import { documentsJobs } from './modules/applications/documents/job-definition.js';
import { signingFlowJobs } from './modules/applications/signing/jobs.js';
import { notificationsJobs } from './modules/notifications/jobs.js';
import { paymentsJobs } from './modules/payments/jobs.js';
import { beneficiariesJobs } from './modules/beneficiaries/jobs.js';
import { housekeepingJob } from './platform/housekeeping.js';
import type { JobDefinition } from './platform/jobs.js';
import { messagingJobs } from './platform/messaging.js';

/**
 * The job registry: every background job of the portal, in one list (ADR "job registry").
 * The server (main.ts), the worker (worker.ts) and the test app build their queue from it, so a
 * worker runs every job a server enqueues without building the HTTP app; enqueueing a job that
 * is not listed here throws.
 *
 * To add a job: define it in the module's `jobs.ts` with `defineJob` (name `<module>.<verb>`,
 * version, zod payload, idempotent handler taking what it needs from the job context) and add
 * the module's list here.
 */
export const JOBS: readonly JobDefinition[] = [
  ...messagingJobs,
  housekeepingJob,
  ...beneficiariesJobs,
  ...documentsJobs,
  ...signingFlowJobs,
  ...paymentsJobs,
  ...notificationsJobs,
];
