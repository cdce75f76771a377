import type { JobDefinition } from '../../../platform/jobs.js';

/** The registry jobs of the payments module (issue 13). */
export const registryPaymentJobs: readonly JobDefinition[] = [];
