import { describe, expect, it } from 'vitest';
import { CONTROL_STATUSES } from '../statuses.js';
import {
  CONTROL_ACTIONS,
  canRunControlAction,
  controlAbilities,
  controlActionRefusal,
  controlPersonKey,
  duplicateControlPersonKeys,
  foldPassportNumber,
  isControlLocked,
} from './rules.js';

describe('control transitions', () => {
  it('allows exactly the agreed moves', () => {
    const allowed = Object.fromEntries(
      CONTROL_ACTIONS.map((a) => [a, CONTROL_STATUSES.filter((s) => canRunControlAction(s, a))]),
    );
    expect(allowed).toEqual({
      register: ['draft'],
      resolve: ['registered'],
      'generate-report': ['registered', 'resolved', 'error'],
      close: ['registered', 'resolved', 'generated'],
      delete: ['draft'],
    });
  });

  it('locks generated and closed controls only', () => {
    expect(CONTROL_STATUSES.filter(isControlLocked)).toEqual(['closed', 'generated']);
  });

  it('names the refusal: locked for a locked control, status otherwise', () => {
    expect(controlActionRefusal('draft', 'register')).toBeNull();
    expect(controlActionRefusal('generated', 'close')).toBeNull();
    expect(controlActionRefusal('generated', 'generate-report')).toBe('locked');
    expect(controlActionRefusal('closed', 'close')).toBe('locked');
    expect(controlActionRefusal('draft', 'close')).toBe('status');
    expect(controlActionRefusal('registered', 'register')).toBe('status');
  });

  it('derives the abilities from the status and the edit permission', () => {
    expect(controlAbilities('draft', true)).toEqual({
      can_edit: true,
      can_register: true,
      can_resolve: false,
      can_generate: false,
      can_close: false,
      can_delete: true,
    });
    expect(controlAbilities('generated', true)).toMatchObject({ can_edit: false, can_close: true, can_generate: false });
    expect(controlAbilities('error', true)).toMatchObject({ can_edit: true, can_generate: true, can_close: false });
    expect(Object.values(controlAbilities('registered', false)).every((v) => v === false)).toBe(true);
  });
});

describe('control person identity', () => {
  it('folds passports to upper case without spaces', () => {
    expect(foldPassportNumber(' ab 12-34 56 ')).toBe('AB123456');
  });

  it('keys a person by CNP first, then by passport', () => {
    expect(controlPersonKey({ personal_numeric_code: '1800101221144', passport_number: 'x1' })).toBe('cnp:1800101221144');
    expect(controlPersonKey({ passport_number: 'ab 123' })).toBe('passport:AB123');
    expect(controlPersonKey({ personal_numeric_code: ' ', passport_number: null })).toBeNull();
  });

  it('finds the same CNP or passport whatever the role', () => {
    const others = [{ personal_numeric_code: '1800101221144' }, { passport_number: 'AB123' }];
    expect(duplicateControlPersonKeys({ personal_numeric_code: '1800101221144' }, others)).toEqual(['cnp:1800101221144']);
    expect(duplicateControlPersonKeys({ passport_number: 'ab 123' }, others)).toEqual(['passport:AB123']);
    expect(duplicateControlPersonKeys({ personal_numeric_code: '2900101221145' }, others)).toEqual([]);
  });
});

describe('control contracts', async () => {
  const { ZControlPersonRequest, ZControlBuildingBodyRequest, ZControlCreateRequest } = await import('../contracts/controls.js');

  it('validates a person: names, CNP (minors accepted), folded passport', () => {
    const ok = ZControlPersonRequest.safeParse({
      role: 'offender',
      first_name: 'Ion',
      last_name: 'Popescu',
      personal_numeric_code: '1800101221144',
    });
    expect(ok.success).toBe(true);
    expect(
      ZControlPersonRequest.safeParse({
        role: 'witness',
        first_name: 'Ion',
        last_name: 'P',
        personal_numeric_code: '1800101221145',
      }).success,
    ).toBe(false);
    expect(ZControlPersonRequest.safeParse({ role: 'witness', first_name: 'Ion' }).success).toBe(false);
    const foreign = ZControlPersonRequest.parse({
      role: 'witness',
      citizenship: 'foreign',
      first_name: 'John',
      last_name: 'Smith',
      passport_number: 'ab 12345',
    });
    expect(foreign.passport_number).toBe('AB12345');
    expect(ZControlPersonRequest.safeParse({ role: 'offender', person_type: 'legal' }).success).toBe(false);
    expect(ZControlPersonRequest.safeParse({ role: 'offender', person_type: 'legal', company_name: 'SC Test SRL' }).success).toBe(
      true,
    );
  });

  it('validates a building body: the ridge is not below the cornice', () => {
    expect(ZControlBuildingBodyRequest.safeParse({ name: 'C1', height_cornice: 9, height_ridge: 7 }).success).toBe(false);
    const body = ZControlBuildingBodyRequest.parse({ name: 'C1', function: 'CL', importance_category: 'C', built_area: 120.5 });
    expect(body).toMatchObject({ name: 'C1', function: 'CL', built_area: 120.5, height_ridge: null });
  });

  it('defaults the staff of a new control to none', () => {
    const parsed = ZControlCreateRequest.parse({
      control_type_id: 1,
      control_date: '2026-11-20',
      uat_id: 2,
      address: 'Str. Mare 1',
    });
    expect(parsed.staff).toEqual([]);
    expect(parsed.cadastral_number).toBeNull();
  });
});
