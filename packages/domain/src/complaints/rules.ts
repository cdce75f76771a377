import { COMPLAINT_CLOSED_STATUSES, type ComplaintStatus } from '../contracts/complaints.js';

/**
 * The complaint lifecycle (spec §4 "Complaint statuses: NEW, PENDING, RESOLVED, REJECTED,
 * DISMISSED. Staff can classify (dismiss) or resolve"), one source for the server's checks and
 * the abilities it sends:
 *
 * - filing makes a NEW complaint;
 * - assigning a solver takes it in work: NEW → PENDING, and a PENDING one can be reassigned;
 * - resolving, rejecting and dismissing (classifying) close it, from NEW or PENDING;
 * - a closed complaint (RESOLVED, REJECTED, DISMISSED) accepts nothing more.
 */

export const COMPLAINT_ACTIONS = ['assign', 'resolve', 'reject', 'dismiss', 'comment'] as const;
export type ComplaintAction = (typeof COMPLAINT_ACTIONS)[number];

/** The actions that change the status, and the status they lead to. */
export const COMPLAINT_ACTION_TARGET: Readonly<Record<Exclude<ComplaintAction, 'comment'>, ComplaintStatus>> = {
  assign: 'PENDING',
  resolve: 'RESOLVED',
  reject: 'REJECTED',
  dismiss: 'DISMISSED',
};

export function isComplaintClosed(status: ComplaintStatus): boolean {
  return (COMPLAINT_CLOSED_STATUSES as readonly ComplaintStatus[]).includes(status);
}

/** True when `action` may be taken on a complaint in `status` (who may take it is the server's policy). */
export function complaintActionAllowed(status: ComplaintStatus, action: ComplaintAction): boolean {
  return !isComplaintClosed(status) && (COMPLAINT_ACTIONS as readonly string[]).includes(action);
}

/** The status after `action`, or null when the action is not allowed in `status`. */
export function complaintStatusAfter(status: ComplaintStatus, action: ComplaintAction): ComplaintStatus | null {
  if (!complaintActionAllowed(status, action)) return null;
  return action === 'comment' ? status : COMPLAINT_ACTION_TARGET[action];
}

/** Open311 GeoReport v2 status of a complaint. */
export function open311Status(status: ComplaintStatus): 'open' | 'closed' {
  return isComplaintClosed(status) ? 'closed' : 'open';
}
