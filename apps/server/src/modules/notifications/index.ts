/**
 * The notifications module's public face (issue 14). Other modules import only this file.
 */
export { insertUserMessages, type NewUserMessage } from './inbox/store.js';
export { type RenderedNotification, renderNotification } from './templates/render.js';
export { PORTAL_NAME, sendTemplated, type TemplatedMessage, withCommonValues } from './templates/send.js';
/** The digests, sent on demand by the development route (`POST /api/dev/digests/{frequency}`). */
export { DIGEST_FREQUENCIES, type DigestFrequency, sendDigests } from './dispatch/digests.js';
