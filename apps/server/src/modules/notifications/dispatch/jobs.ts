import type { JobDefinition } from '../../../platform/jobs.js';

/** Stub: the dispatcher and digest jobs (issue 14). */
export const dispatchJobs: readonly JobDefinition[] = [];
