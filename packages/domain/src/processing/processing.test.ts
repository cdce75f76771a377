import { describe, expect, it } from 'vitest';
import { buildPermissionSet } from '../permissions.js';
import { APPLICATION_STATUSES, type ApplicationStatus } from '../statuses.js';
import { actorMay, type StaffAbilityInputs, staffAbilities } from './abilities.js';
import { isOverdue, recomputeDueDate, remainingResponseDays, responseDueDate, resumeClock } from './clock.js';
import {
  allowedFrom,
  FINISHED_STATUSES,
  IN_WORK_STATUSES,
  isActionAllowedIn,
  nextStatus,
  STAFF_ACTIONS,
  STAFF_TRANSITIONS,
  STAFF_VISIBLE_STATUSES,
} from './transitions.js';

describe('the staff transition table', () => {
  it('names every action and moves only between known statuses, never to or from DRAFT', () => {
    expect(Object.keys(STAFF_TRANSITIONS).sort()).toEqual([...STAFF_ACTIONS].sort());
    for (const action of STAFF_ACTIONS) {
      const moves = Object.entries(STAFF_TRANSITIONS[action]);
      expect(moves.length, action).toBeGreaterThan(0);
      for (const [from, to] of moves) {
        expect(APPLICATION_STATUSES).toContain(from);
        expect(APPLICATION_STATUSES).toContain(to);
        expect(from).not.toBe('DRAFT');
        expect(to).not.toBe('DRAFT');
      }
    }
  });

  it('writes the statuses of spec §4', () => {
    expect(nextStatus('register', 'NEW')).toBe('REGISTERED');
    expect(nextStatus('assign', 'REGISTERED')).toBe('PENDING');
    expect(nextStatus('assign', 'APPROVED')).toBe('APPROVED');
    expect(nextStatus('request-clarification', 'PENDING')).toBe('REVIEW');
    expect(nextStatus('request-clarification', 'APPROVED')).toBe('REVIEW');
    expect(nextStatus('approve', 'PENDING')).toBe('APPROVED');
    expect(nextStatus('staff-review-document', 'PENDING')).toBe('APPROVED');
    expect(nextStatus('reject', 'PENDING')).toBe('REJECTED_IN_PROGRESS');
    expect(nextStatus('viza-reject', 'APPROVED')).toBe('REJECTED');
    expect(nextStatus('manual-completion', 'APPROVED')).toBe('RESOLVED');
    expect(nextStatus('manual-completion', 'REJECTED_IN_PROGRESS')).toBe('REJECTED');
    expect(nextStatus('close-application', 'RESOLVED')).toBe('CLOSED');
    expect(nextStatus('close-application', 'REJECTED')).toBe('CLOSED');
  });

  it('refuses what the table does not name', () => {
    expect(isActionAllowedIn('register', 'REGISTERED')).toBe(false);
    expect(isActionAllowedIn('approve', 'REVIEW')).toBe(false);
    expect(isActionAllowedIn('approve', 'CLOSED')).toBe(false);
    expect(isActionAllowedIn('close-application', 'PENDING')).toBe(false);
    expect(isActionAllowedIn('comment', 'DRAFT')).toBe(false);
    expect(isActionAllowedIn('manual-completion', 'PENDING')).toBe(false);
    expect(allowedFrom('close-application').sort()).toEqual(['REJECTED', 'RESOLVED']);
  });

  it('lets nothing but close and the read-only actions touch a finished application', () => {
    const readOnly = new Set(['download-compression', 'comment', 'close-application']);
    for (const action of STAFF_ACTIONS.filter((a) => !readOnly.has(a))) {
      for (const status of FINISHED_STATUSES) expect(isActionAllowedIn(action, status), `${action} ${status}`).toBe(false);
    }
  });

  it('splits the visible statuses into new, in work and finished without overlap', () => {
    expect(STAFF_VISIBLE_STATUSES).toHaveLength(APPLICATION_STATUSES.length - 1);
    expect(new Set(STAFF_VISIBLE_STATUSES).size).toBe(STAFF_VISIBLE_STATUSES.length);
    expect(IN_WORK_STATUSES).not.toContain('NEW');
  });
});

const inputs = (over: Partial<StaffAbilityInputs> = {}): StaffAbilityInputs => ({
  status: 'PENDING',
  userType: 'staff',
  permissions: buildPermissionSet('staff'),
  isAssignee: false,
  isReviewer: false,
  holdsCurrentFunction: false,
  hasAssignee: true,
  hasOpenConsultationToMe: false,
  processAvailable: false,
  isNextSigner: false,
  ...over,
});

describe('staff abilities', () => {
  it('lets the assignee handle the application and others only look', () => {
    expect(staffAbilities(inputs({ isAssignee: true }))).toMatchObject({
      canApprove: true,
      canReject: true,
      canRequestClarification: true,
      canAssign: false,
      canComment: true,
      canStaffReview: false,
    });
    expect(staffAbilities(inputs())).toMatchObject({ canApprove: false, canReject: false, canComment: true });
  });

  it('lets a clerk take an unassigned application and a supervisor reassign any', () => {
    expect(actorMay('assign', inputs({ hasAssignee: false }))).toBe(true);
    expect(actorMay('assign', inputs())).toBe(false);
    const supervisor = buildPermissionSet('staff', ['CAN_ASSIGN_APPLICATION']);
    expect(actorMay('assign', inputs({ permissions: supervisor }))).toBe(true);
    expect(actorMay('approve', inputs({ permissions: supervisor }))).toBe(true);
  });

  it('follows the transition table', () => {
    const abilities = staffAbilities(inputs({ isAssignee: true, status: 'CLOSED' }));
    expect(abilities.canApprove).toBe(false);
    expect(abilities.canClose).toBe(false);
    expect(abilities.canDownloadFiles).toBe(true);
    expect(staffAbilities(inputs({ isAssignee: true, status: 'RESOLVED' })).canClose).toBe(true);
  });

  it('gives the reviewer the review, the consultant only the answer, the citizen nothing', () => {
    expect(staffAbilities(inputs({ isReviewer: true })).canStaffReview).toBe(true);
    const consultant = staffAbilities(
      inputs({ userType: 'consultant', permissions: buildPermissionSet('consultant'), hasOpenConsultationToMe: true }),
    );
    expect(
      Object.entries(consultant)
        .filter(([, v]) => v)
        .map(([k]) => k)
        .sort(),
    ).toEqual(['canAnswerConsultation', 'canDownloadFiles']);
    const citizen = staffAbilities(inputs({ userType: 'citizen', permissions: buildPermissionSet('citizen'), isAssignee: true }));
    expect(Object.values(citizen).every((v) => v === false)).toBe(true);
  });

  it('needs responseDueDaysEdit for the response term and a process for start-process', () => {
    const noKey = buildPermissionSet('staff');
    delete noKey.responseDueDaysEdit;
    expect(staffAbilities(inputs({ isAssignee: true, permissions: noKey })).canEditResponseDays).toBe(false);
    expect(staffAbilities(inputs({ isAssignee: true })).canEditResponseDays).toBe(true);
    expect(staffAbilities(inputs({ isAssignee: true })).canStartProcess).toBe(false);
    expect(staffAbilities(inputs({ isAssignee: true, processAvailable: true })).canStartProcess).toBe(true);
  });

  it('covers every status without throwing', () => {
    for (const status of APPLICATION_STATUSES as readonly ApplicationStatus[]) {
      expect(() => staffAbilities(inputs({ status }))).not.toThrow();
    }
  });
});

describe('the legal clock', () => {
  it('counts working days from the registration day, skipping Orthodox Easter', () => {
    // Thursday 9 April 2026; Good Friday 10, Easter 12, Easter Monday 13 April.
    expect(responseDueDate('2026-04-09', 1)).toBe('2026-04-14');
    expect(responseDueDate('2026-04-09', 5)).toBe('2026-04-20');
  });

  it('skips 30 November, 1 December and Christmas', () => {
    // Friday 27 November 2026: 30 Nov (Mon) and 1 Dec (Tue) are holidays.
    expect(responseDueDate('2026-11-27', 1)).toBe('2026-12-02');
    // Wednesday 23 December 2026: 24 Dec is a working day, 25 (Fri) is Christmas, then the weekend.
    expect(responseDueDate('2026-12-23', 2)).toBe('2026-12-28');
  });

  it('answers the remaining working days, negative when overdue', () => {
    const state = { dueDate: '2026-04-20', pausedOn: null };
    expect(remainingResponseDays(state, '2026-04-09')).toBe(5);
    expect(remainingResponseDays(state, '2026-04-20')).toBe(0);
    expect(isOverdue(state, '2026-04-20')).toBe(false);
    expect(remainingResponseDays(state, '2026-04-22')).toBe(-2);
    expect(isOverdue(state, '2026-04-22')).toBe(true);
    expect(remainingResponseDays({ dueDate: null, pausedOn: null }, '2026-04-22')).toBeNull();
  });

  it('freezes the remaining days while paused and moves the due date by the paused working days', () => {
    // Registered 1 Dec 2026 (holiday), 10 working days: due 15 December.
    const due = responseDueDate('2026-12-01', 10);
    expect(due).toBe('2026-12-15');
    const paused = { dueDate: due, pausedOn: '2026-12-10' };
    expect(remainingResponseDays(paused, '2026-12-10')).toBe(3);
    expect(remainingResponseDays(paused, '2027-01-05')).toBe(3);
    // Resumed on 29 December: 11, 14–18, 21–23, 24, 28, 29 are working days (25, 26 are not).
    const resumed = resumeClock(paused, '2026-12-29');
    expect(resumed.pausedWorkingDays).toBe(12);
    expect(remainingResponseDays({ dueDate: resumed.dueDate, pausedOn: null }, '2026-12-29')).toBe(3);
    expect(resumeClock(paused, '2026-12-10')).toEqual({ dueDate: due, pausedWorkingDays: 0 });
  });

  it('recomputes the due date from the registration day after an edit, keeping the pauses', () => {
    expect(recomputeDueDate('2026-04-09', 5)).toBe('2026-04-20');
    expect(recomputeDueDate('2026-04-09', 5, 2)).toBe('2026-04-22');
    expect(recomputeDueDate('2026-04-09', 0)).toBe('2026-04-09');
  });
});
