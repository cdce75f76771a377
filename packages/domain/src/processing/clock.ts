import { addWorkingDays, type DateInput, toIsoDate, todayInRomania, workingDaysBetween } from '../calendar.js';

/**
 * The legal clock of an application (issue 11 "The legal clock"): the answer is due
 * `response_due_in_days` working days (Romanian legal holidays excluded, see calendar.ts) after
 * the registration day. A clarification request pauses the clock (the day is kept); the
 * citizen's answer resumes it and moves the due date by the working days it stood still. While
 * paused the remaining days are frozen at what they were on the pause day.
 *
 * Days are `'YYYY-MM-DD'` calendar days of Romania (use `todayInRomania()` for today).
 */

/** The due day: `days` working days after the registration day (the registration day not counted). */
export function responseDueDate(registeredOn: DateInput, days: number): string {
  return addWorkingDays(toIsoDate(registeredOn), days);
}

export interface ClockState {
  /** `'YYYY-MM-DD'`, null before registration. */
  dueDate: string | null;
  /** The day the clock was paused (`'YYYY-MM-DD'`), null when it runs. */
  pausedOn: string | null;
}

/**
 * Working days from `today` (or from the pause day, while paused) to the due day; negative when
 * the due day has passed. Null without a due date.
 */
export function remainingResponseDays(state: ClockState, today: string = todayInRomania()): number | null {
  if (!state.dueDate) return null;
  return workingDaysBetween(state.pausedOn ?? today, state.dueDate);
}

/** Overdue: the remaining working days are below zero (the due day itself is still in time). */
export function isOverdue(state: ClockState, today: string = todayInRomania()): boolean {
  const remaining = remainingResponseDays(state, today);
  return remaining !== null && remaining < 0;
}

/**
 * Resuming a paused clock on `resumedOn`: the working days it stood still (after the pause day, up
 * to and including the resume day) are added to the due date.
 */
export function resumeClock(
  state: { dueDate: string; pausedOn: string },
  resumedOn: string = todayInRomania(),
): { dueDate: string; pausedWorkingDays: number } {
  const paused = Math.max(0, workingDaysBetween(state.pausedOn, resumedOn));
  return { dueDate: addWorkingDays(state.dueDate, paused), pausedWorkingDays: paused };
}

/**
 * The due date after the response period is edited (response-due-in-days): counted again from the
 * registration day, plus the working days of pauses already taken.
 */
export function recomputeDueDate(registeredOn: DateInput, days: number, pausedWorkingDays = 0): string {
  return addWorkingDays(responseDueDate(registeredOn, days), pausedWorkingDays);
}
