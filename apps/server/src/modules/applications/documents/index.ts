/**
 * The documents sub-module of applications (an application's output document): its
 * generation job, which jobs.ts registers (its routes are registered by app.ts from routes.ts). The applications module's index re-exports what other modules need.
 */
export { documentsJobs, GENERATE_DOCUMENT_JOB } from './job-definition.js';
