import type { JobDefinition } from '../../platform/jobs.js';
import { cardPaymentJobs } from './card/jobs.js';
import { registryPaymentJobs } from './registry/jobs.js';

/** The payments module's jobs: settling card payments and delivering callbacks, reconciliation. */
export const paymentsJobs: readonly JobDefinition[] = [...cardPaymentJobs, ...registryPaymentJobs];
