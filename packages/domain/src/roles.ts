/** Roles of spec §6 (`user_type_name`). */
export const USER_TYPES = [
  'citizen',
  'foreigner',
  'legal_entity',
  'staff',
  'admin',
  'super_admin',
  'archiver',
  'consultant',
] as const;
export type UserType = (typeof USER_TYPES)[number];

/** Staff roles: the ones that work inside an organisation. */
export const STAFF_TYPES: readonly UserType[] = ['super_admin', 'admin', 'staff'];
/** Roles that file applications and complaints on their own behalf. */
export const APPLICANT_TYPES: readonly UserType[] = ['citizen', 'foreigner', 'legal_entity'];

export const USER_TYPE_LABELS: Record<UserType, string> = {
  citizen: 'Cetățean',
  foreigner: 'Cetățean străin',
  legal_entity: 'Persoană juridică',
  staff: 'Funcționar',
  admin: 'Administrator',
  super_admin: 'Super administrator',
  archiver: 'Arhivar',
  consultant: 'Consultant',
};

export const isStaffType = (t: UserType | string): boolean => STAFF_TYPES.includes(t as UserType);
/** 'Simple staff' of spec §6: admin or staff. */
export const isSimpleStaff = (t: UserType | string): boolean => t === 'admin' || t === 'staff';

export const ACCOUNT_STATUSES = ['active', 'inactive', 'pending'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

export const ACCOUNT_TYPES = ['personal', 'professional'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

export const SECONDARY_ACCOUNT_ROLES = ['administrator', 'editor'] as const;
export type SecondaryAccountRole = (typeof SECONDARY_ACCOUNT_ROLES)[number];

export const ORGANISATION_TYPES = ['county_council', 'city_hall', 'services'] as const;
export type OrganisationType = (typeof ORGANISATION_TYPES)[number];
export const ORGANISATION_TYPE_LABELS: Record<OrganisationType, string> = {
  county_council: 'Consiliu județean',
  city_hall: 'Primărie',
  services: 'Servicii',
};
