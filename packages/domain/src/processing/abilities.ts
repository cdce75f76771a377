import { isStaffType, type UserType } from '../roles.js';
import type { PermissionSet } from '../permissions.js';
import type { ApplicationStatus } from '../statuses.js';
import { isActionAllowedIn, type StaffActionName } from './transitions.js';

/**
 * Who may do which staff action (spec §6 grants, §7 Staff applications). The server's staff
 * policy fills {@link StaffAbilityInputs} from the record and the actor, routes call
 * {@link actorMay} (403 when false) and then the transition table (409), and the record's
 * `abilities` is {@link staffAbilities}: the same two checks, so a button never shows for an
 * action the server refuses.
 *
 * Relations (decided here, the spec only names the keys):
 * - a staff reader holds `applicationsStaffOwnRead` and is of a staff role;
 * - an editor also holds `applicationsStaffOwnEdit`;
 * - a supervisor is an editor holding `CAN_ASSIGN_APPLICATION` (assigns and reassigns, and may act
 *   on any application of the organisation in their scope);
 * - a handler is an editor who is the assignee, holds the function of the process's current step,
 *   or is a supervisor: handlers approve, reject, ask for clarifications, complete and close;
 * - the reviewer gives the staff review; reviewer or handler may refuse the visa (viza-reject);
 * - a consultant answers only the consultation sent to them;
 * - anyone who can read the record may download its files; staff readers comment.
 */
export interface StaffAbilityInputs {
  status: ApplicationStatus;
  userType: UserType;
  permissions: PermissionSet;
  /** The actor is the assignee. */
  isAssignee: boolean;
  /** The actor is the reviewer. */
  isReviewer: boolean;
  /** The actor holds the staff function of the process's current step. */
  holdsCurrentFunction: boolean;
  /** Someone is assigned already (a clerk may only take an unassigned application for themselves). */
  hasAssignee: boolean;
  /** A consultation to the actor is open (asked, not answered). */
  hasOpenConsultationToMe: boolean;
  /** The type has a process to start (and the engine is there); only for `canStartProcess`. */
  processAvailable: boolean;
  /**
   * The actor may sign the next staff cell of the current document's signing layout (they hold
   * its function, are the assignee or reviewer it names, or the president); only for `canSign`.
   */
  isNextSigner: boolean;
}

const isStaffReader = (i: StaffAbilityInputs) => isStaffType(i.userType) && i.permissions.applicationsStaffOwnRead === true;
const isEditor = (i: StaffAbilityInputs) => isStaffReader(i) && i.permissions.applicationsStaffOwnEdit === true;
const isSupervisor = (i: StaffAbilityInputs) => isEditor(i) && i.permissions.CAN_ASSIGN_APPLICATION === true;
const isHandler = (i: StaffAbilityInputs) => isEditor(i) && (i.isAssignee || i.holdsCurrentFunction || isSupervisor(i));

/**
 * Whether the actor's role, permissions and relation to the application allow `action`,
 * whatever the status. `assign` here means "assign someone" in general: the service adds that a
 * non-supervisor may only assign themselves, and only when nobody is assigned.
 */
export function actorMay(action: StaffActionName, i: StaffAbilityInputs): boolean {
  switch (action) {
    case 'register':
      return isEditor(i);
    case 'assign':
      return isSupervisor(i) || (isEditor(i) && !i.hasAssignee);
    case 'assign-reviewer':
    case 'send-to-consultant':
    case 'request-clarification':
    case 'approve':
    case 'reject':
    case 'staff-review-document':
    case 'remove-document':
    case 'manual-completion':
    case 'close-application':
    case 'start-process':
    case 'application-reviewed-by-staff-function':
      return isHandler(i);
    case 'modify-application-type':
      return isHandler(i) || (isEditor(i) && !i.hasAssignee);
    case 'consultant-review':
      return i.hasOpenConsultationToMe;
    case 'staff-review':
      return isEditor(i) && i.isReviewer;
    case 'viza-reject':
      return isEditor(i) && (i.isReviewer || isHandler(i));
    case 'response-due-in-days':
      return isEditor(i) && i.permissions.responseDueDaysEdit === true && (isHandler(i) || !i.hasAssignee);
    case 'download-compression':
      return isStaffReader(i) || (i.userType === 'consultant' && i.permissions.applicationsStaffOwnRead === true);
    case 'comment':
      return isStaffReader(i);
    case 'generate-document':
    case 'return-document':
    case 'seal':
      return isHandler(i);
    case 'sign':
      return isEditor(i) && i.isNextSigner;
  }
}

/** `actorMay` and the transition table: the action can be done now. */
export function staffMay(action: StaffActionName, i: StaffAbilityInputs): boolean {
  return actorMay(action, i) && isActionAllowedIn(action, i.status);
}

/** One boolean per staff action (the record's `abilities`). */
export interface StaffApplicationAbilitiesShape {
  canRegister: boolean;
  canAssign: boolean;
  canAssignReviewer: boolean;
  canSendToConsultant: boolean;
  canAnswerConsultation: boolean;
  canStaffReview: boolean;
  canApprove: boolean;
  canReject: boolean;
  canVizaReject: boolean;
  canRequestClarification: boolean;
  canModifyType: boolean;
  canRemoveDocument: boolean;
  canDownloadFiles: boolean;
  canManualComplete: boolean;
  canClose: boolean;
  canComment: boolean;
  canEditResponseDays: boolean;
  canStartProcess: boolean;
  canSaveStaffForm: boolean;
  canReviewDocument: boolean;
  canGenerateDocument: boolean;
  canReturnDocument: boolean;
  canSign: boolean;
  canSeal: boolean;
}

/** Which action each ability stands for. */
export const ABILITY_ACTIONS: Readonly<Record<keyof StaffApplicationAbilitiesShape, StaffActionName>> = {
  canRegister: 'register',
  canAssign: 'assign',
  canAssignReviewer: 'assign-reviewer',
  canSendToConsultant: 'send-to-consultant',
  canAnswerConsultation: 'consultant-review',
  canStaffReview: 'staff-review',
  canApprove: 'approve',
  canReject: 'reject',
  canVizaReject: 'viza-reject',
  canRequestClarification: 'request-clarification',
  canModifyType: 'modify-application-type',
  canRemoveDocument: 'remove-document',
  canDownloadFiles: 'download-compression',
  canManualComplete: 'manual-completion',
  canClose: 'close-application',
  canComment: 'comment',
  canEditResponseDays: 'response-due-in-days',
  canStartProcess: 'start-process',
  canSaveStaffForm: 'application-reviewed-by-staff-function',
  canReviewDocument: 'staff-review-document',
  canGenerateDocument: 'generate-document',
  canReturnDocument: 'return-document',
  canSign: 'sign',
  canSeal: 'seal',
};

export function staffAbilities(i: StaffAbilityInputs): StaffApplicationAbilitiesShape {
  const out = {} as StaffApplicationAbilitiesShape;
  for (const [ability, action] of Object.entries(ABILITY_ACTIONS) as [keyof StaffApplicationAbilitiesShape, StaffActionName][]) {
    out[ability] = staffMay(action, i);
  }
  out.canStartProcess = out.canStartProcess && i.processAvailable;
  return out;
}
