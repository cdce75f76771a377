/**
 * The documents sub-module of applications (an application's output document): its routes and
 * its job. The applications module's index re-exports what other modules need.
 */
export { documentsJobs, GENERATE_DOCUMENT_JOB } from './job-definition.js';
export { documentsRoutes } from './routes.js';
