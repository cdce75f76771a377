import { zId } from './common.js';
import { ZLoginResponse } from './auth.js';
import { ACCOUNT_STATUSES, ACCOUNT_TYPES, SECONDARY_ACCOUNT_ROLES, USER_TYPES } from '../roles.js';
import {
  isRomanianMobilePhone,
  VALIDATION_MESSAGES as M,
  zCnp,
  zCui,
  zEmail,
  zIban,
  zIsoDate,
  zOptionalField,
  zPersonName,
  zPostalCode,
  zRequiredText,
  zRomanianPhone,
  zSmsCode,
  zTermsAccepted,
} from '../validators/index.js';
import { z } from 'zod';

/**
 * Request and response contracts of the accounts module (registration, confirmations,
 * passwords, profile, users, sub-accounts). They feed fastify's validation and the OpenAPI
 * document; shared with the web app's forms.
 *
 * Naming follows the calls of spec §7: the keys the specification spells (`confirmationKey`,
 * `confirmPassword`, `oldPassword`, `smsCode`) keep its camelCase, record fields are snake_case
 * like `GET /users/me`.
 */

/** A password as typed: the policy is checked by the service so that it can answer REGISTRATION_INVALID_PASSWORD. */
const zTypedPassword = z.string({ error: M.required }).min(1, { error: M.required }).max(255).describe('Parola');

/** A new password and its confirmation; a mismatch is reported on `confirmPassword`. */
const passwordPair = {
  password: zTypedPassword.describe('Parola nouă (politica: 8 caractere, literă mare, literă mică, cifră, caracter special)'),
  confirmPassword: z.string({ error: M.required }).min(1, { error: M.required }).max(255).describe('Confirmarea parolei'),
};
const passwordsMatch = {
  error: M.passwordsMismatch,
  path: ['confirmPassword'],
  // Report the mismatch even when another field of the body failed, so the form shows both.
  when: (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null,
};

/** Mobile phone (SMS codes go to it): a Romanian number, output in the national 10-digit form. */
export const zMobilePhone = zRomanianPhone.refine(isRomanianMobilePhone, { error: M.phone });

/** The confirmation key of an e-mailed link (opaque, 43 characters). */
const zConfirmationKey = z.string().trim().min(1).max(512).describe('Cheia din linkul primit pe e-mail');

/** The sign-in answer of `POST /auth/login`, reused by every step that ends the verification flow. */
export const ZVerificationResponse = ZLoginResponse;
export type VerificationResponse = z.infer<typeof ZVerificationResponse>;

export const APPLICANT_USER_TYPES = ['citizen', 'foreigner', 'legal_entity'] as const;

export const ZRegisterRequest = z
  .object({
    account_type: z.enum(ACCOUNT_TYPES).default('personal').describe('Cont personal sau profesional (birouri de proiectare)'),
    user_type_name: z.enum(APPLICANT_USER_TYPES).describe('Cetățean, cetățean străin sau persoană juridică'),
    first_name: zPersonName.describe('Prenumele (reprezentantului, pentru persoane juridice)'),
    last_name: zPersonName.describe('Numele'),
    company_name: zOptionalField(zRequiredText()).describe('Denumirea firmei (doar persoane juridice)'),
    email: zEmail.describe('Adresa de e-mail, folosită la autentificare'),
    phone: zMobilePhone.describe('Telefon mobil românesc; confirmat ulterior prin SMS'),
    ...passwordPair,
    terms_accepted: zTermsAccepted.describe('Acceptarea termenilor și condițiilor'),
  })
  .refine((body) => body.password === body.confirmPassword, passwordsMatch)
  .refine((body) => body.company_name === undefined || body.user_type_name === 'legal_entity', {
    error: M.invalidValue,
    path: ['company_name'],
  });
export type RegisterRequest = z.infer<typeof ZRegisterRequest>;

export const ZRegisterResponse = z.object({
  data: z.object({
    user_id: z.number().int(),
    email: z.string(),
    isEmailConfirmed: z.literal(false),
    isPhoneConfirmed: z.literal(false),
  }),
});

/** Purposes a checked token may have: the e-mailed links, and the signed verification token of login. */
export const CHECKABLE_PURPOSES = [
  'email-confirmation',
  'password-reset',
  'set-password',
  'sub-account-invite',
  'account-verification',
] as const;

export const ZCheckValidationTokenQuery = z.object({
  token: z.string().trim().min(1).max(2048).describe('Cheia din link sau tokenul de verificare'),
});
export const ZCheckValidationTokenResponse = z.object({
  data: z.object({
    valid: z.literal(true),
    purpose: z.enum(CHECKABLE_PURPOSES).describe('La ce folosește cheia'),
    email: z.string().describe('Contul căruia îi aparține'),
    expires_at: z.string().describe('Data expirării (ISO 8601)'),
  }),
});

export const ZConfirmEmailRequest = z.object({ confirmationKey: zConfirmationKey });

export const ZEmailQuery = z.object({ email: zEmail });
export const ZEmailBody = z.object({ email: zEmail });

export const ZPhoneUpdateRequest = z.object({
  phone: zMobilePhone.describe('Telefonul mobil la care se trimite codul'),
  token: z
    .string()
    .trim()
    .min(1)
    .max(2048)
    .optional()
    .describe(
      'Tokenul de verificare de la autentificare sau confirmarea e-mailului; lipsește când utilizatorul este autentificat',
    ),
});
export const ZPhoneValidateRequest = ZPhoneUpdateRequest.extend({
  smsCode: zSmsCode.describe('Codul de 6 cifre primit prin SMS'),
});

export const ZResetPasswordRequest = z
  .object({ confirmationKey: zConfirmationKey, ...passwordPair })
  .refine((body) => body.password === body.confirmPassword, passwordsMatch);

export const ZChangePasswordRequest = z
  .object({
    email: zEmail,
    oldPassword: zTypedPassword.describe('Parola actuală (expirată)'),
    ...passwordPair,
  })
  .refine((body) => body.password === body.confirmPassword, passwordsMatch);

const nullableText = z.string().nullable();
const nullableId = z.number().int().nullable();

/** Profile of spec §3, returned by `GET/PUT /api/profiles/me`. */
export const ZProfile = z.object({
  user_id: z.number().int(),
  user_type_name: z.enum(USER_TYPES),
  account_type: z.enum(ACCOUNT_TYPES),
  citizenship: z.enum(['romanian', 'foreign']),
  status: z.enum(ACCOUNT_STATUSES),
  email: z.string(),
  phone: nullableText,
  is_phone_confirmed: z.boolean(),
  first_name: nullableText,
  last_name: nullableText,
  personal_numeric_code: nullableText,
  county_id: nullableId,
  county_name: nullableText,
  locality_id: nullableId.describe('UAT-ul (cod SIRUTA)'),
  locality_name: nullableText,
  village_id: nullableId.describe('Satul sau localitatea componentă (cod SIRUTA)'),
  village_name: nullableText,
  sector: nullableText,
  street: nullableText,
  street_number: nullableText,
  postal_code: nullableText,
  staircase: nullableText,
  block: nullableText,
  floor: nullableText,
  apartment: nullableText,
  country_id: nullableId,
  country_name: nullableText,
  city: nullableText,
  address: nullableText,
  passport_number: nullableText,
  company_registration_code: nullableText,
  trade_registry_number: nullableText,
  company_name: nullableText,
  iban: nullableText,
  bank: nullableText,
  architect_licence: nullableText.describe('Numărul TNA'),
  id_card_series: nullableText,
  id_card_number: nullableText,
  id_card_issue_date: nullableText,
  id_card_expiry_date: nullableText,
  id_card_issuer: nullableText,
  staff_badge_number: nullableText,
  staff_badge_issuer: nullableText,
  enrolled: z.boolean(),
  organisation_id: nullableId,
  organisation_name: nullableText,
  functions: z.array(z.object({ id: z.number().int(), name: z.string() })),
  departments: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** Company data of a sub-account belong to its parent account and are read from it. */
  company_data_inherited: z.boolean(),
  profile_completed: z.boolean(),
  profile_needs_update: z.boolean(),
  missing_fields: z.array(z.string()).describe('Câmpurile care lipsesc pentru un profil complet'),
});
export type Profile = z.infer<typeof ZProfile>;

const optionalText = (max = 255) => zOptionalField(zRequiredText(max));
const optionalId = zOptionalField(zId());

/** ID card series: two letters (MS, RX…), stored upper case. */
const zIdCardSeries = zRequiredText(2)
  .refine((value) => /^[A-Za-z]{2}$/.test(value), { error: M.invalidValue })
  .overwrite((value) => value.toUpperCase());
/** ID card number: 6 digits on the classic card, up to 9 on the electronic one. */
const zIdCardNumber = zRequiredText(9).refine((value) => /^\d{6,9}$/.test(value), { error: M.invalidValue });
/** Passport number: letters and digits, 6 to 20. */
const zPassportNumber = zRequiredText(20)
  .refine((value) => /^[A-Za-z0-9]{6,20}$/.test(value), { error: M.invalidValue })
  .overwrite((value) => value.toUpperCase());

/**
 * `PUT /api/profiles/me`: the whole editable profile (a missing field is cleared). E-mail,
 * status, organisation, functions, departments, badge and enrollment are not edited here.
 * Company fields are accepted only from legal entities; a sub-account's company data are its
 * parent's and are ignored. A changed phone loses its confirmation until confirmed by SMS.
 */
export const ZProfileUpdateRequest = z
  .object({
    first_name: zOptionalField(zPersonName),
    last_name: zOptionalField(zPersonName),
    phone: zOptionalField(zRomanianPhone),
    personal_numeric_code: zOptionalField(zCnp).describe('CNP: 13 cifre, valid, persoană de cel puțin 18 ani'),
    county_id: optionalId,
    locality_id: optionalId.describe('UAT-ul județului ales'),
    village_id: optionalId.describe('Sat sau localitate componentă a UAT-ului ales'),
    sector: optionalText(20),
    street: optionalText(),
    street_number: optionalText(20),
    postal_code: zOptionalField(zPostalCode),
    staircase: optionalText(20),
    block: optionalText(20),
    floor: optionalText(20),
    apartment: optionalText(20),
    country_id: optionalId,
    city: optionalText(),
    address: optionalText(),
    passport_number: zOptionalField(zPassportNumber),
    company_registration_code: zOptionalField(zCui).describe('CUI/CIF, cu sau fără prefixul RO'),
    trade_registry_number: optionalText(50),
    company_name: optionalText(),
    iban: zOptionalField(zIban),
    bank: optionalText(),
    architect_licence: optionalText(50),
    id_card_series: zOptionalField(zIdCardSeries),
    id_card_number: zOptionalField(zIdCardNumber),
    id_card_issue_date: zOptionalField(zIsoDate).describe('aaaa-ll-zz'),
    id_card_expiry_date: zOptionalField(zIsoDate).describe('aaaa-ll-zz'),
    id_card_issuer: optionalText(),
  })
  .refine((body) => !body.id_card_issue_date || !body.id_card_expiry_date || body.id_card_issue_date < body.id_card_expiry_date, {
    error: M.dateRange,
    path: ['id_card_expiry_date'],
  });
export type ProfileUpdateRequest = z.infer<typeof ZProfileUpdateRequest>;

/** `PATCH /api/users` (JSON merge patch): names and photo of the current user; `null` removes the photo. */
export const ZUserPatchRequest = z.object({
  first_name: zPersonName.optional(),
  last_name: zPersonName.optional(),
  photo_file_id: zId().nullable().optional().describe('Un fișier imagine încărcat de utilizator'),
});
export type UserPatchRequest = z.infer<typeof ZUserPatchRequest>;

/** A user record as `GET /api/users/{id}` returns it. */
export const ZUserRecord = z.object({
  user_id: z.number().int(),
  email: z.string(),
  first_name: nullableText,
  last_name: nullableText,
  phone: nullableText,
  photo: nullableText,
  user_type_name: z.enum(USER_TYPES),
  account_type: z.enum(ACCOUNT_TYPES),
  status: z.enum(ACCOUNT_STATUSES),
  organisation_id: nullableId,
  is_organisation_admin: z.boolean(),
  parent_user_id: nullableId,
  secondary_role: z.enum(SECONDARY_ACCOUNT_ROLES).nullable(),
  is_email_confirmed: z.boolean(),
  is_phone_confirmed: z.boolean(),
  enrolled: z.boolean(),
  profile_completed: z.boolean(),
  profile_needs_update: z.boolean(),
  created_at: z.string(),
  last_login_at: nullableText,
});
export type UserRecord = z.infer<typeof ZUserRecord>;

/** Secondary account of spec §3. */
export const ZSubAccount = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: nullableText,
  last_name: nullableText,
  role: z.enum(SECONDARY_ACCOUNT_ROLES),
  status: z.enum(ACCOUNT_STATUSES),
  created_by: z.number().int().describe('Contul părinte care l-a creat'),
  created_at: z.string(),
  last_login_at: nullableText,
});
export type SubAccount = z.infer<typeof ZSubAccount>;

export const ZCreateSubAccountRequest = z.object({
  email: zEmail,
  first_name: zPersonName,
  last_name: zPersonName,
  role: z.enum(SECONDARY_ACCOUNT_ROLES),
});
export type CreateSubAccountRequest = z.infer<typeof ZCreateSubAccountRequest>;

/**
 * `PATCH /api/sub-accounts/{id}` (merge patch). `status: 'active'` lets the account in again; an
 * account that never set its password stays `pending` and receives a fresh invitation instead,
 * because only its set-password link can activate it.
 */
export const ZUpdateSubAccountRequest = z
  .object({
    role: z.enum(SECONDARY_ACCOUNT_ROLES).optional(),
    status: z.enum(['active', 'inactive']).optional(),
  })
  .refine((body) => body.role !== undefined || body.status !== undefined, { error: M.required, path: ['status'] });
export type UpdateSubAccountRequest = z.infer<typeof ZUpdateSubAccountRequest>;
