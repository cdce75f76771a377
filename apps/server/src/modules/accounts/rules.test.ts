import { describe, expect, it } from 'vitest';
import type { Actor } from '../../platform/auth/actor.js';
import { hashSmsCode, isOpen, newSmsCode, smsCodeMatches } from './keys.js';
import { canManageSubAccounts, canReadUser, missingProfileFields } from './policy.js';

/** The pure rules of the module, without a database. */

const actor = (overrides: Partial<Actor> = {}): Actor => ({
  userId: 1,
  userType: 'admin',
  email: 'a@b.ro',
  organisationId: 10,
  homeOrganisationId: 10,
  isOrganisationAdmin: true,
  permissions: { accountsRead: true },
  sessionId: 1,
  ...overrides,
});

describe('policy', () => {
  it('lets only a professional administrator without a parent manage sub-accounts', () => {
    expect(canManageSubAccounts({ accountType: 'professional', secondaryRole: 'administrator', parentUserId: null })).toBe(true);
    expect(canManageSubAccounts({ accountType: 'professional', secondaryRole: 'administrator', parentUserId: 4 })).toBe(false);
    expect(canManageSubAccounts({ accountType: 'professional', secondaryRole: 'editor', parentUserId: null })).toBe(false);
    expect(canManageSubAccounts({ accountType: 'personal', secondaryRole: 'administrator', parentUserId: null })).toBe(false);
  });

  it('reads a user only as oneself or with accountsRead in the same organisation', () => {
    expect(canReadUser(actor({ permissions: {} }), { id: 1, organisationId: null })).toBe(true);
    expect(canReadUser(actor(), { id: 2, organisationId: 10 })).toBe(true);
    expect(canReadUser(actor(), { id: 2, organisationId: 11 })).toBe(false);
    expect(canReadUser(actor(), { id: 2, organisationId: null })).toBe(false);
    expect(canReadUser(actor({ permissions: {} }), { id: 2, organisationId: 10 })).toBe(false);
    // A super admin working inside a delegated organisation reads that organisation, not the home one.
    expect(canReadUser(actor({ organisationId: 11 }), { id: 2, organisationId: 11 })).toBe(true);
  });

  it('defines a complete profile per user type', () => {
    const names = { firstName: 'A', lastName: 'B', parentUserId: null };
    const person = {
      personalNumericCode: 'x',
      idCardSeries: 'MS',
      idCardNumber: '1',
      idCardIssueDate: 'd',
      idCardExpiryDate: 'd',
      idCardIssuer: 'i',
      countyId: 1,
      localityId: 2,
      street: 's',
      streetNumber: '1',
      postalCode: '540001',
    };
    expect(missingProfileFields({ ...names, userType: 'citizen' }, person)).toEqual([]);
    expect(missingProfileFields({ ...names, userType: 'staff' }, { ...person, idCardIssuer: '' })).toEqual(['id_card_issuer']);
    expect(missingProfileFields({ ...names, userType: 'legal_entity' }, person)).toEqual([
      'company_name',
      'company_registration_code',
      'trade_registry_number',
    ]);
    expect(missingProfileFields({ ...names, userType: 'legal_entity', parentUserId: 3 }, person)).toEqual([]);
    expect(
      missingProfileFields({ ...names, userType: 'foreigner' }, { passportNumber: 'P', countryId: 1, city: 'c', address: 'a' }),
    ).toEqual([]);
    expect(
      missingProfileFields({ firstName: null, lastName: 'B', parentUserId: null, userType: 'foreigner' }, undefined),
    ).toEqual(['first_name', 'passport_number', 'country_id', 'city', 'address']);
  });
});

describe('keys and messages', () => {
  it('makes 6-digit codes and salts their stored form', () => {
    const code = newSmsCode();
    expect(code).toMatch(/^\d{6}$/);
    const first = hashSmsCode(code);
    expect(hashSmsCode(code)).not.toBe(first);
    expect(smsCodeMatches(first, code)).toBe(true);
    expect(smsCodeMatches(first, code === '000000' ? '000001' : '000000')).toBe(false);
    expect(smsCodeMatches('malformed', code)).toBe(false);
  });

  it('treats used and expired keys as closed', () => {
    const now = new Date('2026-05-01T10:00:00Z');
    expect(isOpen({ usedAt: null, expiresAt: new Date('2026-05-01T10:00:01Z') }, now)).toBe(true);
    expect(isOpen({ usedAt: null, expiresAt: now }, now)).toBe(false);
    expect(isOpen({ usedAt: now, expiresAt: new Date('2026-06-01T00:00:00Z') }, now)).toBe(false);
  });
});
