import { z } from 'zod';
import { type DateInput, todayInRomania } from '../calendar.js';
import { LIMITS } from '../limits.js';
import { validateCnp } from './cnp.js';
import { isValidPostalCode, isValidSmsCode } from './codes.js';
import { isValidCui } from './cui.js';
import { isParsableResponseDays, parseResponseDays } from './response-days.js';
import { parseIsoDate, parseRomanianDate, isValidDateRange } from './dates.js';
import { isBlockedEmailDomain, isValidEmail } from './email.js';
import { isValidIban, isValidRomanianIban, normalizeIban } from './iban.js';
import { formatValidationMessage, VALIDATION_MESSAGES as M } from './messages.js';
import { checkPasswordPolicy, type PasswordRule } from './password.js';
import { normalizeRomanianPhone } from './phone.js';
import {
  type DecimalSeparator,
  isHttpsUrl,
  isLettersApostropheHyphen,
  isLettersOnly,
  isLowercaseOnly,
  isNoSpace,
  isPositiveDecimal,
  isPositiveInteger,
} from './text-rules.js';

/**
 * zod 4 schemas of the validation rules of spec §5, for the web forms and the API contracts.
 * Every message is Romanian ({@link VALIDATION_MESSAGES}). String schemas trim their input
 * (except passwords), answer 'Acest câmp este obligatoriu' for a missing or empty value and stop
 * there, so a form shows one message per field. Rules that normalise their value say so: the
 * parsed output is then the normalised form.
 */

const requiredOrInvalid = (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null ? M.required : M.invalidValue;

/** Message of the length limit: 'Textul poate avea cel mult 255 caractere'. */
function maxLengthMessage(max: number): string {
  return formatValidationMessage(M.maxLength, { max });
}

/**
 * A required text: trimmed, not empty ('Acest câmp este obligatoriu'), at most `max` characters
 * (default 255, `LIMITS.textMaxLength`). Both checks stop the parse, so rules added after them
 * only see non-empty text of an acceptable length and a field gets one message.
 */
export function zRequiredText(max: number = LIMITS.textMaxLength) {
  return z
    .string({ error: requiredOrInvalid })
    .trim()
    .min(1, { error: M.required, abort: true })
    .max(max, { error: maxLengthMessage(max), abort: true });
}

/**
 * Makes a field optional for forms: `undefined`, `null` and a blank string all parse to
 * `undefined`; any other value must satisfy `schema`.
 */
export function zOptionalField<T extends z.ZodType>(schema: T) {
  return z.preprocess(
    (value) => (value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value),
    schema.optional(),
  );
}

/** Options of {@link cnpSchema}. */
export interface CnpSchemaOptions {
  /** Minimum age in years; default 18 (`LIMITS.minimumAge`). 0 accepts minors. */
  minimumAge?: number;
  /** Returns "today"; default the current day in Romania, read at each parse. */
  today?: () => DateInput;
}

/**
 * CNP schema ({@link validateCnp}): 'CNP-ul nu este valid', or 'Persoana trebuie să aibă cel puțin
 * 18 ani' when only the age fails. The issue carries `params.reason` (the failure reason).
 */
export function cnpSchema(options: CnpSchemaOptions = {}) {
  return zRequiredText().superRefine((value, ctx) => {
    const result = validateCnp(value, options.today?.() ?? todayInRomania(), options.minimumAge ?? LIMITS.minimumAge);
    if (!result.ok) {
      ctx.addIssue({
        code: 'custom',
        message: result.reason === 'underage' ? M.cnpUnderage : M.cnp,
        params: { reason: result.reason },
      });
    }
  });
}

/** Required CNP of an adult (spec §5): see {@link cnpSchema}. */
export const zCnp = cnpSchema();

/** Required CUI/CIF, RO prefix optional ({@link isValidCui}); 'CUI/CIF-ul nu este valid'. Keeps the prefix. */
export const zCui = zRequiredText().refine(isValidCui, { error: M.cui });

/** Required IBAN of any country ({@link isValidIban}); output in electronic form (no spaces, upper case). */
export const zIban = zRequiredText()
  .refine(isValidIban, { error: M.iban })
  .overwrite((value) => normalizeIban(value));

/** Required Romanian IBAN ({@link isValidRomanianIban}); output in electronic form. */
export const zRomanianIban = zRequiredText()
  .refine(isValidRomanianIban, { error: M.iban })
  .overwrite((value) => normalizeIban(value));

/**
 * Required Romanian phone number: accepts the national form and the +40 / 0040 forms with
 * spaces or hyphens ({@link normalizeRomanianPhone}); output is the national 10-digit form.
 */
export const zRomanianPhone = zRequiredText()
  .refine((value) => normalizeRomanianPhone(value) !== null, { error: M.phone })
  .overwrite((value) => normalizeRomanianPhone(value) ?? value);

const PASSWORD_RULE_MESSAGES: Record<PasswordRule, string> = {
  minLength: M.passwordMinLength,
  uppercase: M.passwordUppercase,
  lowercase: M.passwordLowercase,
  digit: M.passwordDigit,
  special: M.passwordSpecial,
};

/**
 * Required password meeting the policy ({@link checkPasswordPolicy}); one issue per broken rule,
 * with `params.rule`. Not trimmed; at most 255 characters.
 */
export const zPassword = z
  .string({ error: requiredOrInvalid })
  .min(1, { error: M.required, abort: true })
  .max(LIMITS.textMaxLength, { error: maxLengthMessage(LIMITS.textMaxLength), abort: true })
  .superRefine((value, ctx) => {
    for (const rule of checkPasswordPolicy(value)) {
      ctx.addIssue({ code: 'custom', message: PASSWORD_RULE_MESSAGES[rule], params: { rule } });
    }
  });

/**
 * A new password and its confirmation: `password` follows {@link zPassword}; `confirmPassword`
 * is required and must be identical ('Parolele nu sunt identice', reported on `confirmPassword`).
 */
export const zPasswordConfirmation = z
  .object({
    password: zPassword,
    confirmPassword: z.string({ error: requiredOrInvalid }).min(1, { error: M.required, abort: true }),
  })
  .refine((data) => data.password === data.confirmPassword, {
    error: M.passwordsMismatch,
    path: ['confirmPassword'],
    when: (payload) => typeof payload.value === 'object' && payload.value !== null,
  });

/** Options of {@link emailSchema}. */
export interface EmailSchemaOptions {
  /** Domains refused with their subdomains ({@link isBlockedEmailDomain}). */
  blockedDomains?: readonly string[];
}

/**
 * Required e-mail ({@link isValidEmail}): 'Adresa de e-mail nu este validă'; with `blockedDomains`,
 * an address of a blocked domain is refused with 'Nu vă puteți înregistra cu o adresă din acest
 * domeniu.'.
 */
export function emailSchema(options: EmailSchemaOptions = {}) {
  const blocked = options.blockedDomains ?? [];
  return zRequiredText()
    .refine(isValidEmail, { error: M.email, abort: true })
    .refine((value) => !isBlockedEmailDomain(value, blocked), { error: M.emailDomainBlocked });
}

/** Required e-mail without a blocked list: see {@link emailSchema}. */
export const zEmail = emailSchema();

/** Required 6-digit postal code ({@link isValidPostalCode}). */
export const zPostalCode = zRequiredText().refine(isValidPostalCode, { error: M.postalCode });

/** Required 6-digit SMS code ({@link isValidSmsCode}). */
export const zSmsCode = zRequiredText().refine(isValidSmsCode, { error: M.smsCode });

/**
 * Response days of an application type (spec §5 and §9): required, an integer from 0 to 9999,
 * given as a number or as digits; output is the number. Every failure, a missing value included,
 * answers the spec's 'Introdu un numar'.
 */
export const zResponseDays = z
  .union([z.number(), z.string()], { error: M.responseDays })
  .refine(isParsableResponseDays, { error: M.responseDays, abort: true })
  .transform((value) => parseResponseDays(value) as number);

/** Required date typed `dd.mm.yyyy` ({@link parseRomanianDate}); output `'yyyy-mm-dd'`. */
export const zRomanianDate = zRequiredText()
  .refine((value) => parseRomanianDate(value) !== null, { error: M.date })
  .overwrite((value) => parseRomanianDate(value) ?? value);

/** Required date `'yyyy-mm-dd'` that exists ({@link parseIsoDate}). */
export const zIsoDate = zRequiredText().refine((value) => parseIsoDate(value) !== null, { error: M.date });

/**
 * A date range `{ start, end }` of `'yyyy-mm-dd'` days, either end optional: the start must not be
 * after the end ('Data de început nu poate fi după data de sfârșit', reported on `end`).
 */
export const zDateRange = z
  .object({ start: zIsoDate.nullish(), end: zIsoDate.nullish() })
  .refine((range) => isValidDateRange(range.start, range.end), { error: M.dateRange, path: ['end'] });

/** Required URL starting with https:// ({@link isHttpsUrl}). */
export const zHttpsUrl = zRequiredText(2048).refine(isHttpsUrl, { error: M.httpsUrl });

/** Terms acceptance (spec §5): must be `true`, else 'Trebuie să acceptați termenii și condițiile'. */
export const zTermsAccepted = z.literal(true, { error: M.termsRequired });

/** Required positive integer typed as digits without a leading zero ({@link isPositiveInteger}); output stays a string. */
export const zPositiveInteger = zRequiredText().refine(isPositiveInteger, { error: M.positiveInteger });

/** Required positive decimal with the portal's separator and at most one decimal ({@link isPositiveDecimal}); output stays a string. */
export function positiveDecimalSchema(separator: DecimalSeparator = ',') {
  return zRequiredText().refine((value) => isPositiveDecimal(value, separator), { error: M.positiveDecimal });
}

/** Required text of letters only ({@link isLettersOnly}). */
export const zLettersOnly = zRequiredText().refine(isLettersOnly, { error: M.lettersOnly });

/** Required text of letters, apostrophes, hyphens and spaces, for person names ({@link isLettersApostropheHyphen}). */
export const zPersonName = zRequiredText().refine(isLettersApostropheHyphen, { error: M.lettersApostropheHyphen });

/** Required text without upper-case letters ({@link isLowercaseOnly}). */
export const zLowercaseOnly = zRequiredText().refine(isLowercaseOnly, { error: M.lowercaseOnly });

/** Required text without white space ({@link isNoSpace}). */
export const zNoSpace = zRequiredText().refine(isNoSpace, { error: M.noSpace });
