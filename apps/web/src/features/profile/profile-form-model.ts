import { isStaffType, type Profile, VALIDATION_MESSAGES as M, ZProfileUpdateRequest } from '@ghiseu/domain';
import type { Resolver } from 'react-hook-form';
import { zodResolver } from '../../lib/validation';
import { z } from 'zod';
import type { ProfileUpdateBody } from './api/update-profile';

/**
 * The profile form: what it holds, which sections a user sees, and how it turns into the body of
 * `PUT /profiles/me`. Every field rule is the shared contract's (`ZProfileUpdateRequest`), so
 * the browser accepts exactly what the server does. Names are edited in the account card
 * (`PATCH /users`) and the phone through its SMS confirmation, so neither is part of this form.
 */

/** Values as the inputs hold them: text, ids of the address selects, ISO dates. */
export interface ProfileFormValues {
  personal_numeric_code: string;
  id_card_series: string;
  id_card_number: string;
  id_card_issue_date: string | null;
  id_card_expiry_date: string | null;
  id_card_issuer: string;
  county_id: number | null;
  locality_id: number | null;
  village_id: number | null;
  sector: string;
  street: string;
  street_number: string;
  postal_code: string;
  staircase: string;
  block: string;
  floor: string;
  apartment: string;
  passport_number: string;
  country_id: number | null;
  city: string;
  address: string;
  company_name: string;
  company_registration_code: string;
  trade_registry_number: string;
  iban: string;
  bank: string;
  architect_licence: string;
}

export type ProfileField = keyof ProfileFormValues;

export const PROFILE_FORM_FIELDS = [
  'personal_numeric_code',
  'id_card_series',
  'id_card_number',
  'id_card_issue_date',
  'id_card_expiry_date',
  'id_card_issuer',
  'county_id',
  'locality_id',
  'village_id',
  'sector',
  'street',
  'street_number',
  'postal_code',
  'staircase',
  'block',
  'floor',
  'apartment',
  'passport_number',
  'country_id',
  'city',
  'address',
  'company_name',
  'company_registration_code',
  'trade_registry_number',
  'iban',
  'bank',
  'architect_licence',
] as const satisfies readonly ProfileField[];

const shape = ZProfileUpdateRequest.shape;

/** The contract's rules for the fields of this form (formats only: an incomplete profile may be saved). */
export const profileFormSchema = z
  .object(Object.fromEntries(PROFILE_FORM_FIELDS.map((field) => [field, shape[field]])) as Pick<typeof shape, ProfileField>)
  .refine((body) => !body.id_card_issue_date || !body.id_card_expiry_date || body.id_card_issue_date < body.id_card_expiry_date, {
    error: M.dateRange,
    path: ['id_card_expiry_date'],
    when: (payload) => typeof payload.value === 'object' && payload.value !== null,
  });
export type ProfileFormOutput = z.output<typeof profileFormSchema>;

/** The resolver of the form (the contract's input types are wider than the inputs' values). */
export const profileFormResolver = zodResolver(profileFormSchema) as unknown as Resolver<
  ProfileFormValues,
  unknown,
  ProfileFormOutput
>;

/** Which parts of the profile a user sees, by user type (spec §3). */
export interface ProfileLayout {
  foreigner: boolean;
  /** A legal entity: the company section. */
  company: boolean;
  /** The company data are the parent account's (a sub-account): shown read-only, never sent. */
  companyReadOnly: boolean;
  /** The architect licence (TNA) matters for professional accounts and companies. */
  architectLicence: boolean;
  staff: boolean;
}

export function profileLayout(
  profile: Pick<Profile, 'user_type_name' | 'account_type' | 'company_data_inherited'>,
): ProfileLayout {
  const company = profile.user_type_name === 'legal_entity';
  return {
    foreigner: profile.user_type_name === 'foreigner',
    company,
    companyReadOnly: company && profile.company_data_inherited,
    architectLicence: company || profile.account_type === 'professional',
    staff: isStaffType(profile.user_type_name),
  };
}

/**
 * Fields marked with an asterisk: the fields a complete profile needs for this user type. The
 * server decides (`missing_fields`); this list only mirrors its rule for display.
 */
export function requiredProfileFields(layout: ProfileLayout): ReadonlySet<ProfileField> {
  if (layout.foreigner) return new Set<ProfileField>(['passport_number', 'country_id', 'city', 'address']);
  const person: ProfileField[] = [
    'personal_numeric_code',
    'id_card_series',
    'id_card_number',
    'id_card_issue_date',
    'id_card_expiry_date',
    'id_card_issuer',
    'county_id',
    'locality_id',
    'street',
    'street_number',
    'postal_code',
  ];
  const company: ProfileField[] =
    layout.company && !layout.companyReadOnly ? ['company_name', 'company_registration_code', 'trade_registry_number'] : [];
  return new Set([...person, ...company]);
}

const text = (value: string | null | undefined) => value ?? '';

/** The form's values for a loaded profile. */
export function profileToForm(profile: Profile): ProfileFormValues {
  return {
    personal_numeric_code: text(profile.personal_numeric_code),
    id_card_series: text(profile.id_card_series),
    id_card_number: text(profile.id_card_number),
    id_card_issue_date: profile.id_card_issue_date,
    id_card_expiry_date: profile.id_card_expiry_date,
    id_card_issuer: text(profile.id_card_issuer),
    county_id: profile.county_id,
    locality_id: profile.locality_id,
    village_id: profile.village_id,
    sector: text(profile.sector),
    street: text(profile.street),
    street_number: text(profile.street_number),
    postal_code: text(profile.postal_code),
    staircase: text(profile.staircase),
    block: text(profile.block),
    floor: text(profile.floor),
    apartment: text(profile.apartment),
    passport_number: text(profile.passport_number),
    country_id: profile.country_id,
    city: text(profile.city),
    address: text(profile.address),
    company_name: text(profile.company_name),
    company_registration_code: text(profile.company_registration_code),
    trade_registry_number: text(profile.trade_registry_number),
    iban: text(profile.iban),
    bank: text(profile.bank),
    architect_licence: text(profile.architect_licence),
  };
}

const COMPANY_FIELDS = ['company_name', 'company_registration_code', 'trade_registry_number'] as const;

/**
 * The body of `PUT /profiles/me`: the validated form plus the current names (the PUT replaces
 * them too). Company fields go only from a legal entity's own account: the server refuses them
 * from others and ignores a sub-account's.
 */
export function toProfileUpdateBody(
  values: ProfileFormOutput,
  profile: Pick<Profile, 'first_name' | 'last_name'>,
  layout: ProfileLayout,
): ProfileUpdateBody {
  const body: Record<string, unknown> = { ...values };
  if (!layout.company || layout.companyReadOnly) for (const field of COMPANY_FIELDS) delete body[field];
  if (profile.first_name) body.first_name = profile.first_name;
  if (profile.last_name) body.last_name = profile.last_name;
  for (const key of Object.keys(body)) if (body[key] === undefined) delete body[key];
  return body as ProfileUpdateBody;
}
