import { ApiError } from '../../lib/api-client';

/**
 * How a signing call ended, in the words of spec §8 "PIN and SMS confirmation: invalid, expired,
 * session expired, general error, bulk failure listing the requests" and "Signing failures whose
 * server message is in a known list of invalid-enrollment messages show a warning alert".
 *
 * Every failure reaches the screens as an {@link ApiError}: an HTTP refusal as the client raises
 * it, and an HTTP success whose body says `success: false` turned into one by
 * {@link failureOfReply} (status 200, the body's code), so no screen can mistake it for a success.
 */

/**
 * The invalid-enrollment list: these open the warning alert with a button to the profile (or to
 * the enrollment). A missing phone is a profile problem too: the code cannot be sent.
 */
export const ENROLLMENT_CODES = [
  'INVALID_CERTSIGN_ENROLLMENT',
  'INVALID_PROFILE_FOR_SIGNING',
  'ENROLLMENT_NEED_TO_REENROLL',
  'SIGNING_NO_PHONE',
] as const;
export type EnrollmentCode = (typeof ENROLLMENT_CODES)[number];

export type SigningOutcome = 'enrollment' | 'invalid' | 'expired' | 'session-expired' | 'other';

export const isEnrollmentCode = (code: string): code is EnrollmentCode => (ENROLLMENT_CODES as readonly string[]).includes(code);

/** Sorts a failed signing call into the outcomes the dialog shows differently. */
export function signingOutcome(error: unknown): SigningOutcome {
  if (!(error instanceof ApiError)) return 'other';
  if (isEnrollmentCode(error.code)) return 'enrollment';
  switch (error.code) {
    case 'SIGNING_CODE_INVALID':
      return 'invalid';
    case 'SIGNING_CODE_EXPIRED':
      return 'expired';
    case 'SIGNING_SESSION_EXPIRED':
    case 'SIGNING_REQUEST_NOT_FOUND':
      return 'session-expired';
    default:
      return 'other';
  }
}

/** The shape every signing answer shares: `success` said explicitly, a code when it is false. */
export interface SigningReply {
  success: boolean;
  code?: string | null;
  attempts_left?: number | null;
}

/**
 * The failure an HTTP success with `success: false` stands for ("An HTTP success reply with
 * success false is a failure"), or null for a real success. Without a code it is the general
 * signing failure.
 */
export function failureOfReply(reply: SigningReply): ApiError | null {
  if (reply.success) return null;
  const data =
    reply.attempts_left === null || reply.attempts_left === undefined ? undefined : { remaining_attempts: reply.attempts_left };
  return new ApiError(200, (reply.code ?? 'SIGNING_FAILED').toUpperCase(), data);
}

/** Throws the failure of a `success: false` reply; answers the reply otherwise. */
export function ensureSuccess<R extends SigningReply>(reply: R): R {
  const failure = failureOfReply(reply);
  if (failure) throw failure;
  return reply;
}

/** The Romanian message of a failed call (the catalogue of spec §8). */
export function signingErrorText(error: unknown): string {
  return error instanceof ApiError ? error.userMessage : 'A apărut o eroare, vă rugăm reîncercați';
}
