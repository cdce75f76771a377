import { COMPLAINT_STATUS_LABELS, type ComplaintStatus, isComplaintClosed } from '@ghiseu/domain';
import type { Db } from '../../platform/db.js';
import { staffHoldingPermissions } from '../administration/index.js';
import * as repo from './repository.js';

/**
 * Who hears of a complaint's domain events (the notifications dispatcher asks through the module's
 * face; catalogue events `complaint.*` of packages/domain/src/notifications/catalogue.ts):
 *
 * - `complaint.filed` → the reporter (confirmation) and the organisation's staff who solve complaints;
 * - `complaint.assigned` → the new solver;
 * - `complaint.status_changed` to PENDING → the reporter ("taken in work"); to RESOLVED, REJECTED or
 *   DISMISSED → the reporter, as the catalogue's `complaint.answered`;
 * - `complaint.commented`: a public comment of the staff → the reporter; the reporter's comment →
 *   the solver (or, without one, the staff who solve); internal comments → nobody.
 *
 * Nobody is told of their own action, except the reporter's confirmation of their own filing.
 */

export interface ComplaintNotificationPlan {
  notificationType: string;
  complaintId: number;
  entryCode: string;
  recipients: { userId: number; audience: 'applicant' | 'staff' }[];
  values: Record<string, string | null>;
}

interface ComplaintEvent {
  type: string;
  entityType: string;
  entityId: number;
  actorUserId: number | null;
  payload: unknown;
}

const SOLVERS = [['complainEdit']] as const;
const num = (value: unknown): number | null => (typeof value === 'number' && Number.isInteger(value) ? value : null);

export async function planComplaintNotification(tx: Db, event: ComplaintEvent): Promise<ComplaintNotificationPlan | null> {
  if (event.entityType !== 'complaint') return null;
  const row = await repo.findComplaintDetail(tx, event.entityId);
  if (!row) return null;
  const c = row.complaint;
  const payload = (event.payload ?? {}) as Record<string, unknown>;
  const reporter = [{ userId: c.reporterUserId, audience: 'applicant' as const }];
  const staff = (ids: (number | null)[]) =>
    ids.filter((id): id is number => id !== null).map((userId) => ({ userId, audience: 'staff' as const }));

  let notificationType: string;
  let recipients: ComplaintNotificationPlan['recipients'];
  const status = (typeof payload.status === 'string' ? payload.status : c.status) as ComplaintStatus;
  switch (event.type) {
    case 'complaint.filed':
      notificationType = 'complaint.filed';
      recipients = [...reporter, ...staff(await staffHoldingPermissions(tx, c.organisationId, SOLVERS))];
      break;
    case 'complaint.assigned':
      notificationType = 'complaint.assigned';
      recipients = staff([num(payload.solver_user_id)]);
      break;
    case 'complaint.status_changed':
      notificationType = isComplaintClosed(status) ? 'complaint.answered' : 'complaint.status_changed';
      recipients = reporter;
      break;
    case 'complaint.commented':
      if (payload.is_internal === true) return null;
      notificationType = 'complaint.commented';
      recipients =
        payload.by_reporter === true
          ? staff(c.solverUserId !== null ? [c.solverUserId] : await staffHoldingPermissions(tx, c.organisationId, SOLVERS))
          : reporter;
      break;
    default:
      return null;
  }
  const actor = event.actorUserId;
  recipients = recipients.filter((r) => r.userId !== actor || (event.type === 'complaint.filed' && r.audience === 'applicant'));
  const unique = new Map<number, ComplaintNotificationPlan['recipients'][number]>();
  for (const r of recipients) if (!unique.has(r.userId) || r.audience === 'applicant') unique.set(r.userId, r);
  recipients = [...unique.values()];
  if (recipients.length === 0) return null;

  const names = new Map(
    (
      await repo.usersByIds(
        tx,
        [num(payload.solver_user_id), actor].filter((id): id is number => id !== null),
      )
    ).map((u) => [u.id, u.name]),
  );
  const solverId = num(payload.solver_user_id);
  return {
    notificationType,
    complaintId: c.id,
    entryCode: c.entryCode,
    recipients,
    values: {
      complaint_number: c.entryCode,
      complaint_type: row.typeName,
      organisation_name: row.organisationName,
      status: COMPLAINT_STATUS_LABELS[status] ?? null,
      solver_name: solverId !== null ? (names.get(solverId) ?? null) : null,
      comment_author: actor !== null ? (names.get(actor) ?? null) : null,
    },
  };
}
