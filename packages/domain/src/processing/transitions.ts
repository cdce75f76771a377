import type { ApplicationStatus } from '../statuses.js';

/**
 * The staff actions on an application (spec §4 Actions, §7 Staff applications) and the one
 * transition table they all obey. The server checks an action against this table inside the
 * action's transaction (409 when the current status is not a key of its `moves`), the staff
 * policy derives the `abilities` from it, and the web shows buttons from those abilities: one
 * source, no drift.
 *
 * Design (spec §4 names the statuses and a few effects; the rest is decided here):
 *
 * | action                                   | allowed from                                  | sets                         |
 * |------------------------------------------|-----------------------------------------------|------------------------------|
 * | register                                 | NEW                                           | REGISTERED (clock starts)    |
 * | assign                                   | REGISTERED, PENDING, REVIEW, APPROVED, REJECTED_IN_PROGRESS | REGISTERED→PENDING, others unchanged |
 * | assign-reviewer                          | REGISTERED, PENDING, REVIEW, APPROVED, REJECTED_IN_PROGRESS | unchanged          |
 * | send-to-consultant                       | REGISTERED, PENDING, APPROVED                 | unchanged                    |
 * | consultant-review (the consultant answers)| REGISTERED, PENDING, REVIEW, APPROVED, REJECTED_IN_PROGRESS | unchanged          |
 * | staff-review (review_status from payload)| PENDING, APPROVED                             | unchanged                    |
 * | application-reviewed-by-staff-function   | REGISTERED, PENDING, APPROVED                 | unchanged (saves form_staff) |
 * | request-clarification                    | PENDING, APPROVED                             | REVIEW (clock paused)        |
 * | (citizen's send-review answer)           | REVIEW                                        | PENDING (clock resumes)      |
 * | response-due-in-days                     | REGISTERED, PENDING, REVIEW, APPROVED, REJECTED_IN_PROGRESS | unchanged          |
 * | modify-application-type                  | NEW, REGISTERED, PENDING                      | unchanged                    |
 * | remove-document                          | NEW, REGISTERED, PENDING, REVIEW, APPROVED, REJECTED_IN_PROGRESS | unchanged       |
 * | download-compression (read)              | every status but DRAFT                        | unchanged                    |
 * | start-process                            | REGISTERED, PENDING                           | unchanged (the process may set one) |
 * | approve                                  | REGISTERED, PENDING                           | APPROVED                     |
 * | reject (rejection answer being issued)   | REGISTERED, PENDING, APPROVED                 | REJECTED_IN_PROGRESS         |
 * | viza-reject (the visa holder refuses)    | PENDING, APPROVED, REJECTED_IN_PROGRESS       | REJECTED                     |
 * | staff-review-document                    | PENDING, GENERATED, REJECTED_IN_PROGRESS      | APPROVED                     |
 * | manual-completion                        | APPROVED / REJECTED_IN_PROGRESS               | RESOLVED / REJECTED          |
 * | close-application                        | RESOLVED, REJECTED                            | CLOSED                       |
 * | comment                                  | every status but DRAFT                        | unchanged                    |
 * | generate-document (a job; see documents/lifecycle.ts) | APPROVED, REJECTED_IN_PROGRESS   | GENERATED when done          |
 * | return-document (irreversible)           | GENERATED, SIGN_PENDING, SIGNED, SIGN_APPLICANT_USER_PENDING, SEAL_ERROR | APPROVED (REJECTED_IN_PROGRESS for a rejection) |
 * | sign (a staff cell of the signing layout) | GENERATED, SIGN_PENDING                      | SIGN_PENDING, then SIGNED and what follows |
 * | seal (the organisation's seal, retried)  | SIGNED, SEAL_ERROR                            | SEAL_PENDING                 |
 *
 * Finished = RESOLVED, REJECTED, CLOSED. A process (the workflow hook) may replace the status an
 * action sets, never the statuses it is allowed from.
 */
export const STAFF_ACTIONS = [
  'register',
  'assign',
  'assign-reviewer',
  'send-to-consultant',
  'consultant-review',
  'staff-review',
  'application-reviewed-by-staff-function',
  'request-clarification',
  'response-due-in-days',
  'modify-application-type',
  'remove-document',
  'download-compression',
  'start-process',
  'approve',
  'reject',
  'viza-reject',
  'staff-review-document',
  'manual-completion',
  'close-application',
  'comment',
  'generate-document',
  'return-document',
  'sign',
  'seal',
] as const;
export type StaffActionName = (typeof STAFF_ACTIONS)[number];

/** The actions of the documents capability (their routes and tests live with it). */
export const DOCUMENT_STAFF_ACTIONS = [
  'generate-document',
  'return-document',
  'sign',
  'seal',
] as const satisfies readonly StaffActionName[];

/** Statuses after which the work is done: the completed list, no clock, only close and comments. */
export const FINISHED_STATUSES = ['RESOLVED', 'REJECTED', 'CLOSED'] as const satisfies readonly ApplicationStatus[];

/** Statuses of the 'new' work list: submitted, not registered yet. */
export const NEW_STATUSES = ['NEW'] as const satisfies readonly ApplicationStatus[];

/** Statuses of the 'in-work' list: registered and not finished (the document and signing ones included). */
export const IN_WORK_STATUSES = [
  'REGISTERED',
  'PENDING',
  'REVIEW',
  'APPROVED',
  'REJECTED_IN_PROGRESS',
  'GENERATED',
  'SIGN_PENDING',
  'SIGNED',
  'SIGN_APPLICANT_USER_PENDING',
  'SEAL_PENDING',
  'SEALED',
  'SEAL_ERROR',
  'INTERNAL',
  'ERROR',
] as const satisfies readonly ApplicationStatus[];

/** Statuses staff see at all: everything the citizen has submitted (DRAFT is the citizen's own). */
export const STAFF_VISIBLE_STATUSES = [
  ...NEW_STATUSES,
  ...IN_WORK_STATUSES,
  ...FINISHED_STATUSES,
] as const satisfies readonly ApplicationStatus[];

/** Statuses whose legal clock runs (or is paused): registered and not finished. */
export const CLOCK_STATUSES: readonly ApplicationStatus[] = IN_WORK_STATUSES;

export const isFinishedStatus = (status: ApplicationStatus): boolean =>
  (FINISHED_STATUSES as readonly ApplicationStatus[]).includes(status);

/** Keys: statuses the action is allowed from; values: the status it sets (the same: unchanged). */
export type StatusMoves = Partial<Record<ApplicationStatus, ApplicationStatus>>;

const same = (...statuses: ApplicationStatus[]): StatusMoves => Object.fromEntries(statuses.map((s) => [s, s])) as StatusMoves;
const to = (target: ApplicationStatus, ...statuses: ApplicationStatus[]): StatusMoves =>
  Object.fromEntries(statuses.map((s) => [s, target])) as StatusMoves;

const OPEN_WORK: ApplicationStatus[] = ['REGISTERED', 'PENDING', 'REVIEW', 'APPROVED', 'REJECTED_IN_PROGRESS'];
const NOT_DRAFT: ApplicationStatus[] = [...STAFF_VISIBLE_STATUSES];

/** The transition table (see the module comment). */
export const STAFF_TRANSITIONS: Readonly<Record<StaffActionName, StatusMoves>> = {
  register: to('REGISTERED', 'NEW'),
  assign: { ...same('PENDING', 'REVIEW', 'APPROVED', 'REJECTED_IN_PROGRESS'), REGISTERED: 'PENDING' },
  'assign-reviewer': same(...OPEN_WORK),
  'send-to-consultant': same('REGISTERED', 'PENDING', 'APPROVED'),
  'consultant-review': same(...OPEN_WORK),
  'staff-review': same('PENDING', 'APPROVED'),
  'application-reviewed-by-staff-function': same('REGISTERED', 'PENDING', 'APPROVED'),
  'request-clarification': to('REVIEW', 'PENDING', 'APPROVED'),
  'response-due-in-days': same(...OPEN_WORK),
  'modify-application-type': same('NEW', 'REGISTERED', 'PENDING'),
  'remove-document': same('NEW', ...OPEN_WORK),
  'download-compression': same(...NOT_DRAFT),
  'start-process': same('REGISTERED', 'PENDING'),
  approve: to('APPROVED', 'REGISTERED', 'PENDING'),
  reject: to('REJECTED_IN_PROGRESS', 'REGISTERED', 'PENDING', 'APPROVED'),
  'viza-reject': to('REJECTED', 'PENDING', 'APPROVED', 'REJECTED_IN_PROGRESS'),
  'staff-review-document': to('APPROVED', 'PENDING', 'GENERATED', 'REJECTED_IN_PROGRESS'),
  'manual-completion': { APPROVED: 'RESOLVED', REJECTED_IN_PROGRESS: 'REJECTED' },
  'close-application': to('CLOSED', 'RESOLVED', 'REJECTED'),
  comment: same(...NOT_DRAFT),
  // The documents capability (documents/lifecycle.ts): the table gives the statuses an action is
  // allowed from; the document's kind and layout decide the status it ends in.
  'generate-document': to('GENERATED', 'APPROVED', 'REJECTED_IN_PROGRESS'),
  'return-document': to('APPROVED', 'GENERATED', 'SIGN_PENDING', 'SIGNED', 'SIGN_APPLICANT_USER_PENDING', 'SEAL_ERROR'),
  sign: to('SIGN_PENDING', 'GENERATED', 'SIGN_PENDING'),
  seal: to('SEAL_PENDING', 'SIGNED', 'SEAL_ERROR'),
};

/** The status `action` sets from `status`, or undefined when the action is not allowed there. */
export function nextStatus(action: StaffActionName, status: ApplicationStatus): ApplicationStatus | undefined {
  return STAFF_TRANSITIONS[action][status];
}

/** Whether the transition table allows `action` in `status`. */
export function isActionAllowedIn(action: StaffActionName, status: ApplicationStatus): boolean {
  return nextStatus(action, status) !== undefined;
}

/** The statuses `action` is allowed from. */
export function allowedFrom(action: StaffActionName): ApplicationStatus[] {
  return Object.keys(STAFF_TRANSITIONS[action]) as ApplicationStatus[];
}
