import type { CONTROL_STATUSES } from '../statuses.js';

/**
 * The rules of a control (inspection, spec §3, §4, issue 15): its statuses, the actions that move
 * it, the lock and the identity of a person on it. Pure functions: the server checks an action
 * against {@link CONTROL_TRANSITIONS} inside the action's transaction, derives the `abilities` of
 * the detail from {@link controlAbilities}, and the web shows buttons from those abilities.
 *
 * | action          | allowed from                 | sets                                         |
 * |-----------------|------------------------------|----------------------------------------------|
 * | register        | draft                        | registered (entry code from the type series) |
 * | resolve         | registered                   | resolved                                     |
 * | generate-report | registered, resolved, error  | generated (error when the PDF fails)         |
 * | close           | registered, resolved, generated | closed                                    |
 * | delete          | draft                        | (the control is deleted)                     |
 *
 * Generated and closed controls are locked: every write (preparation, persons, building bodies,
 * documents, actions other than closing a generated control) is refused with CONTROL_LOCKED.
 */

export type ControlStatus = (typeof CONTROL_STATUSES)[number];

export const CONTROL_ACTIONS = ['register', 'resolve', 'generate-report', 'close', 'delete'] as const;
export type ControlAction = (typeof CONTROL_ACTIONS)[number];

/** Each action: the statuses it is allowed from and the status it sets (`null`: the control is deleted). */
export const CONTROL_TRANSITIONS: Record<ControlAction, { from: readonly ControlStatus[]; to: ControlStatus | null }> = {
  register: { from: ['draft'], to: 'registered' },
  resolve: { from: ['registered'], to: 'resolved' },
  'generate-report': { from: ['registered', 'resolved', 'error'], to: 'generated' },
  close: { from: ['registered', 'resolved', 'generated'], to: 'closed' },
  delete: { from: ['draft'], to: null },
};

/** The statuses that lock a control against every later edit (spec: after the closing report or closing). */
export const LOCKED_CONTROL_STATUSES: readonly ControlStatus[] = ['generated', 'closed'];

export function isControlLocked(status: ControlStatus): boolean {
  return LOCKED_CONTROL_STATUSES.includes(status);
}

/** True when `action` may run on a control in `status`. */
export function canRunControlAction(status: ControlStatus, action: ControlAction): boolean {
  return CONTROL_TRANSITIONS[action].from.includes(status);
}

/**
 * Why an action is refused, or `null` when allowed: `locked` (CONTROL_LOCKED) when the control is
 * locked and the action is not closing a generated control, else `status`
 * (CONTROL_ACTION_NOT_ALLOWED).
 */
export function controlActionRefusal(status: ControlStatus, action: ControlAction): 'locked' | 'status' | null {
  if (canRunControlAction(status, action)) return null;
  return isControlLocked(status) ? 'locked' : 'status';
}

/** The status an action leaves the control in (`null` for delete). */
export function controlStatusAfter(action: ControlAction): ControlStatus | null {
  return CONTROL_TRANSITIONS[action].to;
}

export interface ControlAbilities {
  can_edit: boolean;
  can_register: boolean;
  can_resolve: boolean;
  can_generate: boolean;
  can_close: boolean;
  can_delete: boolean;
}

/** What a user may do on a control in `status`; `mayEdit` is whether they hold controlEdit. */
export function controlAbilities(status: ControlStatus, mayEdit: boolean): ControlAbilities {
  const can = (action: ControlAction) => mayEdit && canRunControlAction(status, action);
  return {
    can_edit: mayEdit && !isControlLocked(status),
    can_register: can('register'),
    can_resolve: can('resolve'),
    can_generate: can('generate-report'),
    can_close: can('close'),
    can_delete: can('delete'),
  };
}

/** A passport number as stored and compared: upper case, without spaces or hyphens. */
export function foldPassportNumber(value: string): string {
  return value.replace(/[\s-]+/g, '').toUpperCase();
}

/**
 * The identity of a person on a control (spec §5: the same CNP or passport at most once per
 * control, whatever the role): `cnp:<13 digits>` or `passport:<folded>`, `null` when neither is
 * given (a legal person, or a person identified otherwise).
 */
export function controlPersonKey(person: {
  personal_numeric_code?: string | null;
  passport_number?: string | null;
}): string | null {
  const cnp = person.personal_numeric_code?.trim();
  if (cnp) return `cnp:${cnp}`;
  const passport = person.passport_number ? foldPassportNumber(person.passport_number) : '';
  if (passport) return `passport:${passport}`;
  return null;
}

/**
 * The keys of `person` (CNP and passport both count) that another person of the control already
 * holds: empty when the person may be added. `others` excludes the person being edited.
 */
export function duplicateControlPersonKeys(
  person: { personal_numeric_code?: string | null; passport_number?: string | null },
  others: readonly { personal_numeric_code?: string | null; passport_number?: string | null }[],
): string[] {
  const keysOf = (p: typeof person): string[] => {
    const keys: string[] = [];
    const cnp = p.personal_numeric_code?.trim();
    if (cnp) keys.push(`cnp:${cnp}`);
    const passport = p.passport_number ? foldPassportNumber(p.passport_number) : '';
    if (passport) keys.push(`passport:${passport}`);
    return keys;
  };
  const taken = new Set(others.flatMap(keysOf));
  return keysOf(person).filter((key) => taken.has(key));
}
