import type { Profile, SubAccount, UserRecord } from '@ghiseu/domain';
import type { ProfileRow, UserRow } from './repository.js';

/** The user record of `GET /api/users/{id}`: never the password hash, lock state or counters. */
export function presentUserRecord(user: UserRow): UserRecord {
  return {
    user_id: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    phone: user.phone,
    photo: user.photoFileId ? String(user.photoFileId) : null,
    user_type_name: user.userType,
    account_type: user.accountType,
    status: user.status,
    organisation_id: user.organisationId,
    is_organisation_admin: user.isOrganisationAdmin,
    parent_user_id: user.parentUserId,
    secondary_role: user.secondaryRole,
    is_email_confirmed: user.emailConfirmedAt !== null,
    is_phone_confirmed: user.phoneConfirmedAt !== null,
    enrolled: user.enrolled,
    profile_completed: user.profileCompleted,
    profile_needs_update: user.profileNeedsUpdate,
    created_at: user.createdAt.toISOString(),
    last_login_at: user.lastLoginAt?.toISOString() ?? null,
  };
}

export function presentSubAccount(user: UserRow): SubAccount {
  return {
    id: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    // Sub-accounts are always created with a role; 'editor' is the safe reading of a missing one.
    role: user.secondaryRole ?? 'editor',
    status: user.status,
    created_by: user.parentUserId ?? user.id,
    created_at: user.createdAt.toISOString(),
    last_login_at: user.lastLoginAt?.toISOString() ?? null,
  };
}

export interface ProfileExtras {
  labels: {
    county: string | null;
    locality: string | null;
    village: string | null;
    country: string | null;
    organisation: string | null;
  };
  functions: { id: number; name: string }[];
  departments: { id: number; name: string }[];
  /** The parent's profile, whose company data a sub-account shows. */
  companySource?: ProfileRow;
  missingFields: string[];
}

/** Company identity a sub-account shows from its parent; IBAN and bank stay the account's own. */
export const COMPANY_KEYS = ['companyName', 'companyRegistrationCode', 'tradeRegistryNumber'] as const;

/** The profile of spec §3: the user row, its profile row (maybe absent) and the looked-up names. */
export function presentProfile(user: UserRow, profile: ProfileRow | undefined, extras: ProfileExtras): Profile {
  const p: Partial<ProfileRow> = { ...profile };
  if (extras.companySource) for (const key of COMPANY_KEYS) p[key] = extras.companySource[key];
  return {
    user_id: user.id,
    user_type_name: user.userType,
    account_type: user.accountType,
    citizenship: p.citizenship ?? (user.userType === 'foreigner' ? 'foreign' : 'romanian'),
    status: user.status,
    email: user.email,
    phone: user.phone,
    is_phone_confirmed: user.phoneConfirmedAt !== null,
    first_name: user.firstName,
    last_name: user.lastName,
    personal_numeric_code: p.personalNumericCode ?? null,
    county_id: p.countyId ?? null,
    county_name: extras.labels.county,
    locality_id: p.localityId ?? null,
    locality_name: extras.labels.locality,
    village_id: p.villageId ?? null,
    village_name: extras.labels.village,
    sector: p.sector ?? null,
    street: p.street ?? null,
    street_number: p.streetNumber ?? null,
    postal_code: p.postalCode ?? null,
    staircase: p.staircase ?? null,
    block: p.block ?? null,
    floor: p.floor ?? null,
    apartment: p.apartment ?? null,
    country_id: p.countryId ?? null,
    country_name: extras.labels.country,
    city: p.city ?? null,
    address: p.address ?? null,
    passport_number: p.passportNumber ?? null,
    company_registration_code: p.companyRegistrationCode ?? null,
    trade_registry_number: p.tradeRegistryNumber ?? null,
    company_name: p.companyName ?? null,
    iban: p.iban ?? null,
    bank: p.bank ?? null,
    architect_licence: p.architectLicence ?? null,
    id_card_series: p.idCardSeries ?? null,
    id_card_number: p.idCardNumber ?? null,
    id_card_issue_date: p.idCardIssueDate ?? null,
    id_card_expiry_date: p.idCardExpiryDate ?? null,
    id_card_issuer: p.idCardIssuer ?? null,
    staff_badge_number: p.staffBadgeNumber ?? null,
    staff_badge_issuer: p.staffBadgeIssuer ?? null,
    enrolled: user.enrolled,
    organisation_id: user.organisationId,
    organisation_name: extras.labels.organisation,
    functions: extras.functions,
    departments: extras.departments,
    company_data_inherited: extras.companySource !== undefined,
    profile_completed: user.profileCompleted,
    profile_needs_update: user.profileNeedsUpdate,
    missing_fields: extras.missingFields,
  };
}
