import { LIMITS } from '../limits.js';

/**
 * Romanian texts of the validation rules of spec §5, shared by the zod schemas, the web forms
 * and the API. Comma-below diacritics only (ș ț, never the cedilla ş ţ). Placeholders in braces
 * (`{max}`) are filled with {@link formatValidationMessage}.
 *
 * `responseDays` keeps the spec's exact wording ('Introdu un numar', without diacritics).
 */
export const VALIDATION_MESSAGES = {
  required: 'Acest câmp este obligatoriu',
  requiredFields: 'Vă rugăm să completați toate câmpurile obligatorii.',
  invalidValue: 'Valoarea introdusă nu este validă',
  maxLength: 'Textul poate avea cel mult {max} caractere',
  minLength: 'Textul trebuie să aibă cel puțin {min} caractere',

  email: 'Adresa de e-mail nu este validă',
  emailDomainBlocked: 'Nu vă puteți înregistra cu o adresă din acest domeniu.',

  passwordMinLength: `Parola trebuie să aibă cel puțin ${LIMITS.passwordMinLength} caractere`,
  passwordUppercase: 'Parola trebuie să conțină cel puțin o literă mare',
  passwordLowercase: 'Parola trebuie să conțină cel puțin o literă mică',
  passwordDigit: 'Parola trebuie să conțină cel puțin o cifră',
  passwordSpecial: 'Parola trebuie să conțină cel puțin un caracter special',
  passwordPolicy: `Parola trebuie să aibă cel puțin ${LIMITS.passwordMinLength} caractere și să conțină o literă mare, o literă mică, o cifră și un caracter special`,
  passwordsMismatch: 'Parolele nu sunt identice',
  termsRequired: 'Trebuie să acceptați termenii și condițiile',

  cnp: 'CNP-ul nu este valid',
  cnpUnderage: `Persoana trebuie să aibă cel puțin ${LIMITS.minimumAge} ani`,
  cui: 'CUI/CIF-ul nu este valid',
  iban: 'IBAN-ul nu este valid',
  romanianIban: 'IBAN-ul nu este un IBAN românesc valid',
  phone: 'Numărul de telefon nu este valid',
  smsCode: `Codul trebuie să conțină ${LIMITS.smsCodeLength} cifre`,
  postalCode: `Codul poștal trebuie să conțină ${LIMITS.postalCodeLength} cifre`,

  integer: 'Introduceți un număr întreg',
  positiveInteger: 'Introduceți un număr întreg pozitiv, fără zerouri la început',
  positiveDecimal: 'Introduceți un număr pozitiv cu cel mult o zecimală',
  lettersOnly: 'Sunt permise doar litere',
  lettersApostropheHyphen: 'Sunt permise doar litere, apostrof și cratimă',
  lowercaseOnly: 'Sunt permise doar litere mici',
  noSpace: 'Nu sunt permise spații',
  httpsUrl: 'Adresa trebuie să fie un URL valid care începe cu https://',
  date: 'Data nu este validă (format zz.ll.aaaa)',
  dateRange: 'Data de început nu poate fi după data de sfârșit',
  responseDays: 'Introdu un numar',
  unstorableText: 'Textul conține caractere care nu sunt permise',
  malformedBody: 'Conținutul trimis nu este un JSON valid',
  bodyTooDeep: 'Conținutul trimis are prea multe niveluri imbricate',
} as const;

/** Key of {@link VALIDATION_MESSAGES}. */
export type ValidationMessageKey = keyof typeof VALIDATION_MESSAGES;

/**
 * Fills `{name}` placeholders of a validation message from `data`; unknown placeholders stay
 * as they are. Example: `formatValidationMessage(VALIDATION_MESSAGES.maxLength, { max: 255 })`.
 */
export function formatValidationMessage(message: string, data: Record<string, string | number>): string {
  return message.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(data, name) ? String(data[name]) : whole));
}
