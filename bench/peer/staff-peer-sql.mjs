// SQL text of the staff inbox as the portal's drizzle code writes it (copied from `.toSQL()` of
// apps/server/src/modules/applications/staff/repository.ts `listStaffApplications` with the
// scope of staff/policy.ts `staffScope` for a clerk holding CAN_VIEW_ORGANISATIONS_APPLICATIONS
// and the inbox view), for bench/peer/staff-peer.mjs and the scenario's EXPLAIN. Only the
// scenario's shape: status[eq], application_type_id[eq], application_date[ge], sortKey on
// application_date or response_due_date. If the portal's query changes, change it here: the scenario's verification
// fails until the bodies match again.

// packages/domain/src/processing/transitions.ts: STAFF_VISIBLE_STATUSES and the inbox view.
export const VISIBLE = [
  'NEW',
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
  'RESOLVED',
  'REJECTED',
  'CLOSED',
];
export const INBOX = VISIBLE.slice(0, 15);

const list = (from, count) => Array.from({ length: count }, (_, i) => `$${from + i}`).join(', ');

const WHERE =
  `where (("applications"."organisation_id" = $1 and ("applications"."status" in (${list(2, VISIBLE.length)}) and "applications"."application_date" is not null)) ` +
  `and "applications"."status" in (${list(2 + VISIBLE.length, INBOX.length)}) and "applications"."status" = $35 ` +
  'and "applications"."application_type_id" = $36::integer and "applications"."application_date" >= $37::timestamptz)';

export const values = ({ organisationId, status, typeId, from }) => [
  organisationId,
  ...VISIBLE,
  ...INBOX,
  status,
  String(typeId),
  from,
];

export const countSql = `select 1 from "applications" ${WHERE}`;

export const pageSql = ({ field, descending, skip }) =>
  'select "applications"."id", "applications"."application_type_id", "applications"."organisation_id", "applications"."applicant_user_id", ' +
  '"applications"."identification_number", "applications"."status", "applications"."purpose", "applications"."created_at", ' +
  '"applications"."updated_at", "applications"."application_date", "applications"."response_due_in_days", "applications"."assignee_user_id", ' +
  '"applications"."reviewer_user_id", "applications"."registered_at", "applications"."response_due_date", "applications"."clock_paused_at", ' +
  '"applications"."current_function_id", "applications"."current_step_name", "application_types"."name", "application_types"."domain", ' +
  '"application_types"."category", "application_types"."workflow_id", "organisations"."name" from "applications" ' +
  'inner join "application_types" on "application_types"."id" = "applications"."application_type_id" ' +
  `inner join "organisations" on "organisations"."id" = "applications"."organisation_id" ${WHERE} ` +
  `order by "applications"."${field}" ${descending ? 'desc' : 'asc'}, "applications"."id" asc limit $38${skip > 0 ? ' offset $39' : ''}`;
