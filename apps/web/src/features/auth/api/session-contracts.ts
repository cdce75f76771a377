/**
 * The contracts of the sign-in and session responses, in a chunk of their own: loaded with the
 * sign-in request, or when idle for the session's start (see `readContractWhenIdle`), so that the
 * first screens render without zod.
 */
export { ZCurrentUser, ZLoginResponse, ZOrganisation } from '@ghiseu/domain';
