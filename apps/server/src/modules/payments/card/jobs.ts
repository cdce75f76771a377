import type { JobDefinition } from '../../../platform/jobs.js';

/** The card jobs of the payments module (issue 13). */
export const cardPaymentJobs: readonly JobDefinition[] = [];
