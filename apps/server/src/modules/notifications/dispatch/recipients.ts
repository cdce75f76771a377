import { APPLICATION_STATUS_LABELS, type ApplicationStatus, formatRonText, notificationEvent } from '@ghiseu/domain';
import type { Db } from '../../../platform/db.js';
import { staffHoldingPermissions } from '../../administration/index.js';
import { findApplicationSummary } from '../../applications/index.js';
import { planComplaintNotification } from '../../complaints/index.js';
import * as repo from './repository.js';

/**
 * Which notification a domain event is, about which application, and who gets it (issue 14,
 * spec §4 notification behaviour). The emitting code decides the payloads (grep
 * `emitDomainEvent`); this file only reads them. Events not listed here notify nobody.
 */

/** A recipient and the side of the application they are on (their link and their wording differ). */
export interface Recipient {
  userId: number;
  audience: 'applicant' | 'staff';
}

export interface DispatchPlan {
  /** The catalogue event (NOTIFICATION_EVENTS type). */
  notificationType: string;
  /** What the event is about: an application, or a complaint (issue 15, message_source 'complain'). */
  source: 'application' | 'complain';
  /** The application's (or complaint's) id and number (entry code). */
  applicationId: number;
  applicationNumber: string | null;
  recipients: Recipient[];
  /** Placeholder values shared by every recipient (the recipient's own ones are added later). */
  values: Record<string, string | null>;
}

type Payload = Record<string, unknown>;

const num = (value: unknown): number | null => (typeof value === 'number' && Number.isInteger(value) ? value : null);
const str = (value: unknown): string | null => (typeof value === 'string' && value.length > 0 ? value : null);

/**
 * The staff told of a new submission: those who register for the organisation (the registry,
 * `applicationsRegister`), and the clerks who process and see every application of the
 * organisation (`applicationsStaffOwnEdit` + `CAN_VIEW_ORGANISATIONS_APPLICATIONS`): they are the
 * ones who register a citizen's submission from the staff inbox (domain processing/abilities.ts).
 */
const REGISTRARS = [['applicationsRegister'], ['applicationsStaffOwnEdit', 'CAN_VIEW_ORGANISATIONS_APPLICATIONS']] as const;

/** Domain event → catalogue event. */
const NOTIFICATION_OF: Record<string, string> = {
  'application.submitted': 'application.submitted',
  'application.registered': 'application.registered',
  'application.assigned': 'application.assigned',
  // The registry hands the registered document to a colleague, who becomes its assignee.
  'application.registry_sent': 'application.assigned',
  'application.clarification_requested': 'application.clarification_requested',
  'application.clarification_answered': 'application.clarification_answered',
  'application.approved': 'application.approved',
  'application.rejected': 'application.rejected',
  'application.document_generated': 'application.document_ready_to_sign',
  'application.document_signed': 'application.document_signed',
  'application.document_signed_by_applicant': 'application.document_signed',
  'application.document_issued': 'application.document_issued',
  'payment.succeeded': 'payment.succeeded',
  'payment.failed': 'payment.failed',
};

/**
 * The plan of one event, or null when it notifies nobody (not a notification, its application
 * is gone, or everyone it would reach is its actor).
 */
export async function planEvent(tx: Db, event: repo.DomainEventRow): Promise<DispatchPlan | null> {
  // Complaints decide their own recipients (modules/complaints/notify.ts).
  if (event.type.startsWith('complaint.')) {
    const plan = await planComplaintNotification(tx, event);
    if (!plan || !notificationEvent(plan.notificationType)) return null;
    return {
      notificationType: plan.notificationType,
      source: 'complain',
      applicationId: plan.complaintId,
      applicationNumber: plan.entryCode,
      recipients: plan.recipients,
      values: plan.values,
    };
  }
  const notificationType = NOTIFICATION_OF[event.type];
  if (!notificationType || !notificationEvent(notificationType)) return null;
  const payload = (event.payload ?? {}) as Payload;
  const applicationId = event.entityType === 'application' ? event.entityId : num(payload.application_id);
  if (applicationId === null) return null;
  const summary = await findApplicationSummary(tx, applicationId);
  if (!summary) return null;
  const a = summary.application;

  const applicant = (): Recipient[] => (a.applicantUserId ? [{ userId: a.applicantUserId, audience: 'applicant' }] : []);
  const staff = (...ids: (number | null | undefined)[]): Recipient[] =>
    ids.filter((id): id is number => typeof id === 'number').map((userId) => ({ userId, audience: 'staff' as const }));
  const assignee = num(payload.assignee_user_id) ?? a.assigneeUserId;

  const values: Record<string, string | null> = {};
  let recipients: Recipient[] = [];
  switch (event.type) {
    case 'application.submitted':
      recipients = [...applicant(), ...staff(...(await staffHoldingPermissions(tx, a.organisationId, REGISTRARS)))];
      break;
    case 'application.registered':
    case 'application.approved':
    case 'application.rejected':
      recipients = applicant();
      break;
    case 'application.document_issued':
      recipients = applicant();
      values.document_number = str(payload.output_number) ?? a.allocatedDocumentSeries ?? null;
      break;
    case 'application.assigned':
    case 'application.registry_sent':
      recipients = staff(assignee);
      break;
    case 'application.clarification_requested': {
      recipients = applicant();
      const commentId = num(payload.comment_id);
      values.clarification_message = commentId ? ((await repo.findPublicCommentText(tx, commentId, a.id)) ?? null) : null;
      break;
    }
    case 'application.clarification_answered':
      recipients = staff(assignee ?? (await repo.findRegisteringUserId(tx, a.id)));
      break;
    case 'application.document_generated':
      // Who signs follows the template's signing layout (functions, in turn); the assignee leads
      // the file and hands it on, so they are told the document is ready.
      recipients = staff(assignee);
      break;
    case 'application.document_signed':
    case 'application.document_signed_by_applicant':
      recipients = staff(assignee);
      break;
    case 'payment.succeeded':
    case 'payment.failed':
      recipients = applicant();
      values.amount = formatRonText(str(payload.amount)) ?? str(payload.amount);
      break;
    default:
      return null;
  }

  // Nobody is told of their own action, except the applicant's confirmation of their own submission.
  const actor = event.actorUserId;
  recipients = recipients.filter(
    (r) => r.userId !== actor || (event.type === 'application.submitted' && r.audience === 'applicant'),
  );
  // One message per person: a clerk who is also the applicant reads it as the applicant.
  const unique = new Map<number, Recipient>();
  for (const r of recipients) if (!unique.has(r.userId) || r.audience === 'applicant') unique.set(r.userId, r);
  recipients = [...unique.values()];
  if (recipients.length === 0) return null;

  const names = await repo.findUserNames(
    tx,
    [a.applicantUserId, assignee, actor].filter((id): id is number => typeof id === 'number'),
  );
  const status = (str(payload.status) ?? a.status) as ApplicationStatus;
  return {
    notificationType,
    source: 'application',
    applicationId: a.id,
    applicationNumber: a.identificationNumber ?? str(payload.identification_number),
    recipients,
    values: {
      application_number: a.identificationNumber ?? str(payload.identification_number),
      application_type: summary.typeName,
      organisation_name: summary.tenantName,
      status: APPLICATION_STATUS_LABELS[status] ?? null,
      applicant_name: a.applicantUserId ? (names.get(a.applicantUserId) ?? null) : null,
      assignee_name: assignee ? (names.get(assignee) ?? null) : null,
      signer_name: actor ? (names.get(actor) ?? null) : null,
      ...values,
    },
  };
}
