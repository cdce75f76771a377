/**
 * The contract of the code request, in a chunk of its own: loaded with the request, so that the
 * first step of the public status page (the phone form) renders without zod.
 */
export { ZPublicCodeSent } from '@ghiseu/domain';
