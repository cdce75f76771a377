/**
 * The notifications module's public face (issue 14). Other modules import only this file: they
 * send their e-mails and SMS through the templates; the development route sends digests on demand.
 */
export { sendTemplated, type TemplatedMessage } from './templates/send.js';
/** The digests, sent on demand by the development route (`POST /api/dev/digests/{frequency}`). */
export { DIGEST_FREQUENCIES, type DigestFrequency, sendDigests } from './dispatch/digests.js';
