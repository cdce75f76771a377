import {
  type Application,
  isFinishedStatus,
  remainingResponseDays,
  type StaffApplication,
  type StaffApplicationAbilities,
  type StaffApplicationListItem,
  type StaffComment,
  type StaffConsultation,
  type StaffPerson,
  type StaffSearchResult,
  APPLICATION_STATUS_LABELS,
  todayInRomania,
} from '@ghiseu/domain';
import type { Actor } from '../../../platform/auth/actor.js';
import type { FormVersionRow } from '../repository.js';
import type { ApplicationRow, PersonRow } from './repository.js';

/** Rows → the staff contracts. */

const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);

export const personName = (p: Pick<PersonRow, 'firstName' | 'lastName'> | undefined): string =>
  p ? [p.firstName, p.lastName].filter(Boolean).join(' ') : '';

export type People = ReadonlyMap<number, PersonRow>;

const person = (people: People, id: number | null): StaffPerson | null =>
  id === null ? null : { id, name: personName(people.get(id)) };

type ClockColumns = Pick<
  ApplicationRow,
  | 'status'
  | 'applicantUserId'
  | 'assigneeUserId'
  | 'reviewerUserId'
  | 'registeredAt'
  | 'responseDueDate'
  | 'clockPausedAt'
  | 'currentStepName'
  | 'currentFunctionId'
>;

/** The legal clock as staff and citizens see it (frozen while paused; no clock once finished). */
export function clockOf(a: Pick<ApplicationRow, 'status' | 'responseDueDate' | 'clockPausedAt'>, today = todayInRomania()) {
  const pausedOn = a.clockPausedAt ? todayInRomania(a.clockPausedAt) : null;
  const remaining = remainingResponseDays({ dueDate: a.responseDueDate, pausedOn }, today);
  const finished = isFinishedStatus(a.status);
  return {
    pausedOn,
    remaining,
    overdue: !finished && remaining !== null && remaining < 0,
  };
}

/** The staff fields shared by the list item and the full record. */
export function staffFields(a: ClockColumns, people: People, abilities: StaffApplicationAbilities, today?: string) {
  const clock = clockOf(a, today);
  return {
    applicant_name: personName(people.get(a.applicantUserId)),
    assignee: person(people, a.assigneeUserId),
    reviewer: person(people, a.reviewerUserId),
    registered_at: iso(a.registeredAt),
    response_due_date: a.responseDueDate,
    remaining_response_days: clock.remaining,
    clock_paused: a.clockPausedAt !== null,
    overdue: clock.overdue,
    current_step_name: a.currentStepName,
    current_function_id: a.currentFunctionId,
    abilities,
  };
}

/** A staff list item: the citizen item's fields (without its abilities) and the staff fields. */
export function presentStaffListItem(
  base: Omit<StaffApplicationListItem, keyof ReturnType<typeof staffFields>> & { abilities?: unknown },
  a: ClockColumns,
  people: People,
  abilities: StaffApplicationAbilities,
  today?: string,
): StaffApplicationListItem {
  const { abilities: _citizen, ...item } = base;
  return { ...item, ...staffFields(a, people, abilities, today) };
}

const formRef = (version: FormVersionRow | undefined) =>
  version
    ? { form_id: version.formId, form_version_id: version.id, version: version.version, definition: version.definition }
    : null;

export interface StaffRecordParts {
  base: Application;
  application: ApplicationRow;
  people: People;
  abilities: StaffApplicationAbilities;
  staffForm: FormVersionRow | undefined;
  rejectForm: FormVersionRow | undefined;
  consultations: {
    id: number;
    consultantUserId: number;
    requestedBy: number;
    question: string;
    answer: string | null;
    requestedAt: Date;
    answeredAt: Date | null;
  }[];
  comments: {
    id: number;
    text: string;
    authorUserId: number;
    isInternal: boolean;
    isClarification: boolean;
    createdAt: Date;
    firstName: string | null;
    lastName: string | null;
  }[];
}

/** The staff record: the citizen's full record plus what staff work with. */
export function presentStaffApplication(actor: Actor, parts: StaffRecordParts): StaffApplication {
  const { abilities: _citizen, comments: _comments, ...base } = parts.base;
  const a = parts.application;
  const fields = staffFields(a, parts.people, parts.abilities);
  const clock = clockOf(a);
  return {
    ...base,
    ...fields,
    reviewer_user_id: a.reviewerUserId,
    form_staff: a.formStaff,
    staff_form_definition: formRef(parts.staffForm),
    reject_form_definition: formRef(parts.rejectForm),
    review_status: a.reviewStatus,
    consultations: parts.consultations.map(
      (c): StaffConsultation => ({
        id: c.id,
        consultant: { id: c.consultantUserId, name: personName(parts.people.get(c.consultantUserId)) },
        requested_by: { id: c.requestedBy, name: personName(parts.people.get(c.requestedBy)) },
        question: c.question,
        answer: c.answer,
        requested_at: c.requestedAt.toISOString(),
        answered_at: iso(c.answeredAt),
      }),
    ),
    deadline: {
      registered_at: iso(a.registeredAt),
      response_due_in_days: a.responseDueInDays,
      response_due_date: a.responseDueDate,
      remaining_response_days: clock.remaining,
      clock_paused_since: clock.pausedOn,
      paused_working_days: a.pausedWorkingDays,
    },
    comments: parts.comments.map(
      (c): StaffComment => ({
        id: c.id,
        text: c.text,
        author_user_id: c.authorUserId,
        author_name: [c.firstName, c.lastName].filter(Boolean).join(' '),
        is_mine: c.authorUserId === actor.userId,
        is_internal: c.isInternal,
        is_clarification: c.isClarification,
        created_at: c.createdAt.toISOString(),
      }),
    ),
  };
}

export function presentSearchResult(
  row: {
    id: number;
    identificationNumber: string | null;
    status: ApplicationRow['status'];
    applicantUserId: number;
    applicationDate: Date | null;
    issuedAt: Date | null;
    typeName: string;
  },
  people: People,
): StaffSearchResult {
  return {
    id: row.id,
    identification_number: row.identificationNumber,
    application_type_name: row.typeName,
    status: row.status,
    status_label: APPLICATION_STATUS_LABELS[row.status],
    applicant_name: personName(people.get(row.applicantUserId)),
    application_date: iso(row.applicationDate),
    issued_date: iso(row.issuedAt),
  };
}
