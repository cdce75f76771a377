/**
 * The signing flows' public face (a part of the applications module, wired in app.ts and
 * jobs.ts): the routes of online, offline and bulk signing, the seal job, and isNextSigner for
 * the staff abilities.
 */
export { sealJob } from './core.js';
export { signingFlowRoutes } from './routes.js';
export { isNextSigner } from './service.js';
