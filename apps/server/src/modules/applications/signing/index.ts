/**
 * The signing flows' public face (a part of the applications module, wired in app.ts and
 * jobs.ts; its routes of online, offline and bulk signing are registered by app.ts from routes.ts):
 * the seal job, and isNextSigner for
 * the staff abilities.
 */
export { sealJob } from './core.js';
export { isNextSigner } from './service.js';
