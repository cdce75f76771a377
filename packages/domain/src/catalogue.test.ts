import { describe, expect, it } from 'vitest';
import { DEFAULT_ERROR_MESSAGE, ERRORS, errorMessage } from './errors.js';
import { dateRangeFilters, toSearchParams } from './list-query.js';
import { formatBytes } from './limits.js';
import { buildPermissionSet, hasAnyPermission, PERMISSION_KEYS, ROLE_GRANTS } from './permissions.js';
import { USER_TYPES } from './roles.js';
import { parseSettings } from './settings.js';
import { foldText, includesFolded } from './text.js';

describe('error catalogue', () => {
  it('fills placeholders from data and looks codes up upper-cased', () => {
    expect(errorMessage('auth_failed', { remaining_attempts: 2 })).toBe(
      'Adresa de e-mail sau parola nu sunt corecte. Mai aveți 2 încercări.',
    );
    expect(errorMessage('AUTH_FAILED_ACCOUNT_LOCKED', { minutes: 15 })).toContain('peste 15 minute');
  });
  it('falls back to the default message for unknown codes', () => {
    expect(errorMessage('SOMETHING_ELSE')).toBe(DEFAULT_ERROR_MESSAGE);
    expect(errorMessage(undefined)).toBe(DEFAULT_ERROR_MESSAGE);
  });
  it('writes Romanian with comma-below ș and ț only', () => {
    for (const { message } of Object.values(ERRORS)) expect(message).not.toMatch(/[şţŞŢ]/);
  });
  it('gives every code an HTTP error status', () => {
    for (const { status } of Object.values(ERRORS)) expect(status).toBeGreaterThanOrEqual(400);
  });
});

describe('permissions', () => {
  it('grants only catalogue keys to every role', () => {
    for (const role of USER_TYPES) for (const key of ROLE_GRANTS[role]) expect(PERMISSION_KEYS).toContain(key);
  });
  it('lets only applicants create applications (spec §6)', () => {
    const creators = USER_TYPES.filter((role) => buildPermissionSet(role).applicationsCreate);
    expect(creators).toEqual(['citizen', 'foreigner', 'legal_entity']);
  });
  it('keeps the system configuration to the super admin', () => {
    expect(USER_TYPES.filter((role) => buildPermissionSet(role).systemConfig)).toEqual(['super_admin']);
  });
  it('adds extra keys from functions and ignores unknown ones', () => {
    const set = buildPermissionSet('staff', ['CAN_ASSIGN_APPLICATION', 'notAPermission']);
    expect(set.CAN_ASSIGN_APPLICATION).toBe(true);
    expect(Object.hasOwn(set, 'notAPermission')).toBe(false);
  });
  it('allows a route when the user holds at least one of its keys', () => {
    const set = buildPermissionSet('archiver');
    expect(hasAnyPermission(set, ['archiveRead', 'systemConfig'])).toBe(true);
    expect(hasAnyPermission(set, ['systemConfig'])).toBe(false);
    expect(hasAnyPermission(null, ['archiveRead'])).toBe(false);
    expect(hasAnyPermission(set, [])).toBe(true);
  });
});

describe('list-query helpers', () => {
  it('serialises the contract with a leading minus for descending', () => {
    const params = toSearchParams({
      skip: 20,
      limit: 10,
      pagination: true,
      orLikeQuery: 'mur',
      sort: { field: 'name', descending: true },
      filters: [{ field: 'status', op: 'eq', value: 'NEW' }],
    });
    expect(params.toString()).toBe('skip=20&limit=10&pagination=true&orLikeQuery=mur&sortKey=-name&status%5Beq%5D=NEW');
  });
  it('turns an inclusive day range into ge start and lt end + 1 day', () => {
    expect(dateRangeFilters('created_at', '2026-02-01', '2026-02-28')).toEqual([
      { field: 'created_at', op: 'ge', value: '2026-02-01' },
      { field: 'created_at', op: 'lt', value: '2026-03-01' },
    ]);
    expect(dateRangeFilters('created_at', undefined, '2026-12-31')).toEqual([
      { field: 'created_at', op: 'lt', value: '2027-01-01' },
    ]);
  });
});

describe('settings, text and sizes', () => {
  it('parses the settings registry with safe fallbacks', () => {
    const settings = parseSettings([
      { key: 'RECORDS_PER_PAGE', default_value: '50' },
      { key: 'DECIMAL_SEPARATOR', default_value: '.' },
      { key: 'MAINTENANCE_BANNER_ENABLED', default_value: 'true' },
      { key: 'MAINTENANCE_BANNER_TEXT', default_value: 'Lucrări programate' },
    ]);
    expect(settings).toMatchObject({
      recordsPerPage: 50,
      decimalSeparator: '.',
      maintenanceBannerEnabled: true,
      maintenanceBannerText: 'Lucrări programate',
      defaultCounty: 'MS',
    });
    expect(parseSettings([{ key: 'RECORDS_PER_PAGE', default_value: 'zero' }]).recordsPerPage).toBe(20);
  });
  it('folds Romanian text, cedilla forms included', () => {
    expect(foldText('Târgu Mureș')).toBe('targu mures');
    expect(foldText('ŞTEFĂNEŞTI Ţară')).toBe('stefanesti tara');
    expect(includesFolded('Timișoara', 'TIMISOARA')).toBe(true);
  });
  it('formats sizes in 1024 steps with a decimal comma', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1,5 KB');
    expect(formatBytes(50 * 1024 * 1024)).toBe('50 MB');
  });
});
