import { sealJob } from './core.js';

/** The signing flows' jobs, for the registry (src/jobs.ts): the organisation's seal, then issuance. */
export const signingFlowJobs = [sealJob] as const;
