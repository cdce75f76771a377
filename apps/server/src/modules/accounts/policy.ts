import { can, type Actor } from '../../platform/auth/actor.js';
import type { ProfileRow, UserRow } from './repository.js';

/**
 * Object rules of the accounts module, written once and used by the services (and tested
 * directly). Route-level permission keys are declared on the routes.
 */

/**
 * Who may read a user record (`GET /api/users/{id}`): the user, or staff holding `accountsRead`
 * in the organisation the user belongs to. Organisations are tenants: nobody reads across
 * them, and accounts without an organisation (applicants) are readable only by themselves.
 */
export function canReadUser(actor: Actor, target: Pick<UserRow, 'id' | 'organisationId'>): boolean {
  if (actor.userId === target.id) return true;
  return can(actor, 'accountsRead') && target.organisationId !== null && target.organisationId === actor.organisationId;
}

/**
 * Spec §6: only the parent account that is administrator of the legal entity adds or edits
 * sub-accounts: a professional account with the administrator role and no parent of its own.
 * (Sub-accounts inherit the legal-entity role and its permission keys, so the key alone is not enough.)
 */
export function canManageSubAccounts(user: Pick<UserRow, 'accountType' | 'secondaryRole' | 'parentUserId'>): boolean {
  return user.accountType === 'professional' && user.secondaryRole === 'administrator' && user.parentUserId === null;
}

/** A sub-account acts for its parent's company: the company data are the parent's. */
export const isSubAccount = (user: Pick<UserRow, 'parentUserId'>): boolean => user.parentUserId !== null;

type ProfileField = keyof ProfileRow;

/** Fields every person who signs or files with a Romanian ID needs: identity, ID card, address. */
const ROMANIAN_PERSON: readonly ProfileField[] = [
  'personalNumericCode',
  'idCardSeries',
  'idCardNumber',
  'idCardIssueDate',
  'idCardExpiryDate',
  'idCardIssuer',
  'countyId',
  'localityId',
  'street',
  'streetNumber',
  'postalCode',
];
/** A foreigner gives a passport and a foreign address instead of a CNP and a Romanian address. */
const FOREIGNER: readonly ProfileField[] = ['passportNumber', 'countryId', 'city', 'address'];
/** A legal entity (main account) adds its company identity to its representative's data. */
const COMPANY: readonly ProfileField[] = ['companyName', 'companyRegistrationCode', 'tradeRegistryNumber'];

/** Wire names of the profile fields (as in the profile contract). */
const WIRE_NAME: Partial<Record<ProfileField, string>> = {
  personalNumericCode: 'personal_numeric_code',
  idCardSeries: 'id_card_series',
  idCardNumber: 'id_card_number',
  idCardIssueDate: 'id_card_issue_date',
  idCardExpiryDate: 'id_card_expiry_date',
  idCardIssuer: 'id_card_issuer',
  countyId: 'county_id',
  localityId: 'locality_id',
  street: 'street',
  streetNumber: 'street_number',
  postalCode: 'postal_code',
  passportNumber: 'passport_number',
  countryId: 'country_id',
  city: 'city',
  address: 'address',
  companyName: 'company_name',
  companyRegistrationCode: 'company_registration_code',
  tradeRegistryNumber: 'trade_registry_number',
};

/**
 * What a complete profile means, per user type (the profile gate of spec §2 reads the result
 * through `users.profile_completed`):
 * - everyone: first and last name;
 * - foreigner: passport number, country, city, address;
 * - legal entity (main account): the representative's Romanian-person data below, plus company
 *   name, CUI/CIF and trade-registry number; a sub-account needs only the person data, its
 *   company being its parent's;
 * - every other role (citizen, staff, admin, super admin, archiver, consultant): CNP, ID card
 *   (series, number, issue and expiry dates, issuer) and address (county, UAT, street, number,
 *   postal code), which signing also needs.
 * Village, sector, staircase, block, floor, apartment, IBAN, bank and TNA stay optional.
 * Returns the wire names of the missing fields; an empty list means complete.
 */
export function missingProfileFields(
  user: Pick<UserRow, 'userType' | 'parentUserId' | 'firstName' | 'lastName'>,
  profile: Partial<ProfileRow> | undefined,
): string[] {
  const missing: string[] = [];
  if (!user.firstName) missing.push('first_name');
  if (!user.lastName) missing.push('last_name');
  const required =
    user.userType === 'foreigner'
      ? FOREIGNER
      : user.userType === 'legal_entity' && !isSubAccount(user)
        ? [...ROMANIAN_PERSON, ...COMPANY]
        : ROMANIAN_PERSON;
  for (const field of required) {
    const value = profile?.[field];
    if (value === null || value === undefined || value === '') missing.push(WIRE_NAME[field] ?? field);
  }
  return missing;
}
