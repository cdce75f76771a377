import type { JobDefinition } from '../../platform/jobs.js';
import { dispatchJobs } from './dispatch/jobs.js';

/** The notifications module's jobs: the event dispatcher and the digests. */
export const notificationsJobs: readonly JobDefinition[] = [...dispatchJobs];
