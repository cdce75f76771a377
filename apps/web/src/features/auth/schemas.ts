import {
  APPLICANT_USER_TYPES,
  type AccountType,
  isStrongPassword,
  VALIDATION_MESSAGES as M,
  zEmail,
  zMobilePhone,
  zPersonName,
  zSmsCode,
} from '@ghiseu/domain';
import { z } from 'zod';
import type { RegisterBody } from './api/register';

/**
 * Form schemas of the account screens, built on the shared validators of `@ghiseu/domain` so the
 * browser refuses exactly what the server would (spec §5), with the same Romanian messages.
 */

const LIMIT = 255;
/** Object-level rules also run when a field failed, so the form shows every problem at once. */
const always = { when: (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null };

/** A new password: required, then the whole policy (the live checklist shows which rule fails). */
export const zNewPassword = z
  .string()
  .min(1, { error: M.required, abort: true })
  .max(LIMIT, { error: M.maxLength.replace('{max}', String(LIMIT)), abort: true })
  .refine(isStrongPassword, { error: M.passwordPolicy });

/** The confirmation of a new password: required (the match is checked on the object). */
export const zPasswordRepeat = z.string().min(1, { error: M.required });

/** A typed password that is only checked for presence (the current password). */
export const zTypedPassword = z.string().min(1, { error: M.required });

const passwordsMatch = <T extends { password: string; confirmPassword: string }>(value: T) =>
  value.password === value.confirmPassword;
const mismatch = { error: M.passwordsMismatch, path: ['confirmPassword'], ...always };

/** Kinds of organisation a professional account stands for; both are legal entities to the server. */
export const PROFESSIONAL_KINDS = ['design_office', 'legal_entity'] as const;
export type ProfessionalKind = (typeof PROFESSIONAL_KINDS)[number];

export const signUpSchema = z
  .object({
    user_type_name: z.enum(APPLICANT_USER_TYPES),
    professional_kind: z.enum(PROFESSIONAL_KINDS),
    account_type: z.enum(['personal', 'professional']),
    company_name: z.string(),
    first_name: zPersonName,
    last_name: zPersonName,
    email: zEmail,
    phone: zMobilePhone,
    password: zNewPassword,
    confirmPassword: zPasswordRepeat,
    terms_accepted: z.boolean().refine((accepted) => accepted, { error: M.termsRequired }),
  })
  .refine(passwordsMatch, mismatch)
  .refine((value) => !needsCompany(value) || value.company_name.trim() !== '', {
    error: M.required,
    path: ['company_name'],
    ...always,
  })
  .refine((value) => value.company_name.trim().length <= LIMIT, {
    error: M.maxLength.replace('{max}', String(LIMIT)),
    path: ['company_name'],
    ...always,
  });
export type SignUpValues = z.input<typeof signUpSchema>;

/** A professional account is always a company; a personal one only when 'Persoană juridică' is chosen. */
export function needsCompany(value: { account_type: AccountType; user_type_name: string }): boolean {
  return value.account_type === 'professional' || value.user_type_name === 'legal_entity';
}

export function signUpDefaults(accountType: AccountType): SignUpValues {
  return {
    account_type: accountType,
    user_type_name: accountType === 'professional' ? 'legal_entity' : 'citizen',
    professional_kind: 'design_office',
    company_name: '',
    first_name: '',
    last_name: '',
    email: '',
    phone: '',
    password: '',
    confirmPassword: '',
    terms_accepted: false,
  };
}

/** The body of `POST /auth/register` for validated form values. */
export function toRegisterBody(values: z.output<typeof signUpSchema>): RegisterBody {
  const company = needsCompany(values);
  return {
    account_type: values.account_type,
    user_type_name: values.account_type === 'professional' ? 'legal_entity' : values.user_type_name,
    first_name: values.first_name,
    last_name: values.last_name,
    ...(company ? { company_name: values.company_name.trim() } : {}),
    email: values.email,
    phone: values.phone,
    password: values.password,
    confirmPassword: values.confirmPassword,
    terms_accepted: true,
  };
}

export const emailSchema = z.object({ email: zEmail });
export type EmailValues = z.input<typeof emailSchema>;

export const newPasswordSchema = z
  .object({ password: zNewPassword, confirmPassword: zPasswordRepeat })
  .refine(passwordsMatch, mismatch);
export type NewPasswordValues = z.input<typeof newPasswordSchema>;

export const changePasswordSchema = z
  .object({ email: zEmail, oldPassword: zTypedPassword, password: zNewPassword, confirmPassword: zPasswordRepeat })
  .refine(passwordsMatch, mismatch);
export type ChangePasswordValues = z.input<typeof changePasswordSchema>;

export const phoneSchema = z.object({ phone: zMobilePhone });
export type PhoneValues = z.input<typeof phoneSchema>;

export const smsCodeSchema = z.object({ smsCode: zSmsCode });
export type SmsCodeValues = z.input<typeof smsCodeSchema>;

/** Order of the applicant types on the personal sign-up form. */
export const APPLICANT_TYPES_ORDER = APPLICANT_USER_TYPES;
