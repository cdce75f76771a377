/**
 * The client-side rules of spec §5 for saving a responsibility, as a pure function the editor
 * uses to enable its Save button and to explain why it is disabled:
 *
 * - adding needs a name and at least one selected permission;
 * - editing needs at least one selected permission;
 * - a save that leaves the permission set identical to the current one is refused. The server
 *   answers such a save with 409 CONFLICT `reason: 'unchanged'` unless the name or the
 *   description changed too, so the editor refuses exactly that case: same permissions and
 *   nothing else changed.
 *
 * The server applies the same rules (EMPTY_RESPONSIBILITIES, CONFLICT 'unchanged'); this only
 * spares the round trip and says what to do.
 */

export interface ResponsibilityDraft {
  name: string;
  description: string;
  permissions: readonly string[];
}

export type ResponsibilitySaveProblem = 'nameRequired' | 'permissionsRequired' | 'unchanged';

export type ResponsibilitySaveCheck = { ok: true } | { ok: false; problem: ResponsibilitySaveProblem };

/** True when both lists hold the same keys, whatever their order or repetitions. */
export function samePermissionSet(a: readonly string[], b: readonly string[]): boolean {
  const left = new Set(a);
  const right = new Set(b);
  return left.size === right.size && [...left].every((key) => right.has(key));
}

const normalise = (text: string | null | undefined) => (text ?? '').trim();

/**
 * Whether `draft` may be saved. `current` is the stored responsibility when editing, undefined
 * when adding one.
 */
export function checkResponsibilitySave(
  draft: ResponsibilityDraft,
  current?: { name: string; description: string | null; permissions: readonly string[] },
): ResponsibilitySaveCheck {
  if (!current) {
    if (normalise(draft.name) === '') return { ok: false, problem: 'nameRequired' };
    if (draft.permissions.length === 0) return { ok: false, problem: 'permissionsRequired' };
    return { ok: true };
  }
  if (draft.permissions.length === 0) return { ok: false, problem: 'permissionsRequired' };
  if (normalise(draft.name) === '') return { ok: false, problem: 'nameRequired' };
  const renamed = normalise(draft.name) !== normalise(current.name);
  const redescribed = normalise(draft.description) !== normalise(current.description);
  if (samePermissionSet(draft.permissions, current.permissions) && !renamed && !redescribed) {
    return { ok: false, problem: 'unchanged' };
  }
  return { ok: true };
}

/** The merge patch of an edit: permissions always (the server checks them), name and description when changed. */
export function responsibilityPatch(
  draft: ResponsibilityDraft,
  current: { name: string; description: string | null },
): { name?: string; description?: string | null; permissions: string[] } {
  const patch: { name?: string; description?: string | null; permissions: string[] } = {
    permissions: [...new Set(draft.permissions)],
  };
  if (normalise(draft.name) !== normalise(current.name)) patch.name = normalise(draft.name);
  if (normalise(draft.description) !== normalise(current.description)) patch.description = normalise(draft.description) || null;
  return patch;
}
