import { describe, expect, it } from 'vitest';
import { checkResponsibilitySave, responsibilityPatch, samePermissionSet } from './responsibility-rules';

const stored = {
  name: 'Registratură',
  description: 'Înregistrare cereri',
  permissions: ['applicationsRead', 'applicationsRegister'],
};

describe('checkResponsibilitySave (spec §5)', () => {
  it('adding needs a name', () => {
    expect(checkResponsibilitySave({ name: '   ', description: '', permissions: ['applicationsRead'] })).toEqual({
      ok: false,
      problem: 'nameRequired',
    });
  });

  it('adding needs selected permissions', () => {
    expect(checkResponsibilitySave({ name: 'Registratură', description: '', permissions: [] })).toEqual({
      ok: false,
      problem: 'permissionsRequired',
    });
    expect(checkResponsibilitySave({ name: 'Registratură', description: '', permissions: ['applicationsRead'] })).toEqual({
      ok: true,
    });
  });

  it('editing needs selected permissions, even when the name changes', () => {
    expect(checkResponsibilitySave({ name: 'Altă denumire', description: '', permissions: [] }, stored)).toEqual({
      ok: false,
      problem: 'permissionsRequired',
    });
  });

  it('refuses a save that leaves the permission set identical and nothing else changed', () => {
    const same = {
      name: 'Registratură',
      description: 'Înregistrare cereri',
      permissions: ['applicationsRegister', 'applicationsRead'],
    };
    expect(checkResponsibilitySave(same, stored)).toEqual({ ok: false, problem: 'unchanged' });
    // Repetitions and surrounding spaces do not make a change.
    expect(
      checkResponsibilitySave(
        { ...same, name: ' Registratură ', permissions: [...same.permissions, 'applicationsRead'] },
        stored,
      ),
    ).toEqual({ ok: false, problem: 'unchanged' });
  });

  it('accepts the same permissions with a new name or description (the server accepts them too)', () => {
    expect(checkResponsibilitySave({ ...stored, name: 'Registratură generală' }, stored)).toEqual({ ok: true });
    expect(checkResponsibilitySave({ ...stored, description: '' }, stored)).toEqual({ ok: true });
  });

  it('accepts a different permission set', () => {
    expect(checkResponsibilitySave({ ...stored, permissions: ['applicationsRead'] }, stored)).toEqual({ ok: true });
    expect(checkResponsibilitySave({ ...stored, permissions: [...stored.permissions, 'beneficiariesRead'] }, stored)).toEqual({
      ok: true,
    });
  });

  it('treats a missing stored description as empty', () => {
    expect(checkResponsibilitySave({ ...stored, description: '  ' }, { ...stored, description: null })).toEqual({
      ok: false,
      problem: 'unchanged',
    });
  });
});

describe('responsibilityPatch', () => {
  it('always sends the permissions (without repetitions), and only the changed texts', () => {
    expect(responsibilityPatch({ ...stored, permissions: ['applicationsRead', 'applicationsRead'] }, stored)).toEqual({
      permissions: ['applicationsRead'],
    });
    expect(
      responsibilityPatch({ name: ' Registratură nouă ', description: '', permissions: ['applicationsRead'] }, stored),
    ).toEqual({
      name: 'Registratură nouă',
      description: null,
      permissions: ['applicationsRead'],
    });
  });
});

describe('samePermissionSet', () => {
  it('ignores order and repetitions', () => {
    expect(samePermissionSet(['a', 'b'], ['b', 'a', 'a'])).toBe(true);
    expect(samePermissionSet(['a'], ['a', 'b'])).toBe(false);
    expect(samePermissionSet([], [])).toBe(true);
  });
});
