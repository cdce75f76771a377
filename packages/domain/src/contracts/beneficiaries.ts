import { zId } from './common.js';
import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { validateCnp } from '../validators/cnp.js';
import { normalizeCui, validateCui } from '../validators/cui.js';
import { isValidEmail } from '../validators/email.js';
import { VALIDATION_MESSAGES as M } from '../validators/messages.js';
import { normalizeRomanianPhone } from '../validators/phone.js';

/**
 * Beneficiaries (spec §3, §5): the persons an application is filed for, and the user's own
 * register of saved beneficiaries (/beneficiaries). Both share one input shape and one set of
 * rules ({@link beneficiaryRules}), so the web form, the application wizard and the API agree.
 */

export const PERSON_TYPES = ['individual', 'legal'] as const;
export type PersonType = (typeof PERSON_TYPES)[number];
export const CITIZENSHIPS = ['romanian', 'foreign'] as const;
export type Citizenship = (typeof CITIZENSHIPS)[number];

/** Outcome of the tax-authority (ANAF) check of a legal person's CUI. */
export const ANAF_STATUSES = ['not_applicable', 'validated', 'unvalidated', 'invalid'] as const;
export type AnafStatus = (typeof ANAF_STATUSES)[number];
export const ANAF_STATUS_LABELS: Record<AnafStatus, string> = {
  not_applicable: 'Nu se aplică',
  validated: 'Validat ANAF',
  unvalidated: 'Nevalidat (serviciul ANAF indisponibil, se reverifică automat)',
  invalid: 'CUI negăsit la ANAF',
};

/** Romanian texts of the beneficiary rules that the generic validation messages do not cover. */
export const BENEFICIARY_MESSAGES = {
  duplicateCnp: 'Un beneficiar cu acest CNP a fost deja adăugat pe cerere.',
  duplicateCui: 'Un beneficiar cu acest CUI/CIF a fost deja adăugat pe cerere.',
  passportRequired: 'Numărul pașaportului este obligatoriu pentru cetățenii străini.',
  foreignPhone: 'Numărul de telefon nu este valid',
} as const;

const text = (max: number = LIMITS.textMaxLength) =>
  z
    .string()
    .trim()
    .max(max, { error: M.maxLength.replace('{max}', String(max)) })
    .nullish()
    .transform((v) => (v === '' ? null : (v ?? null)));

/** Address, identity document, company and bank details of a beneficiary (the profile fields of spec §3). */
export const ZBeneficiaryDetails = z.object({
  county_id: zId().nullish().describe('Județul (cod SIRUTA)'),
  locality_id: zId().nullish().describe('Localitatea: UAT-ul (cod SIRUTA)'),
  village_id: zId().nullish().describe('Satul sau localitatea componentă (cod SIRUTA)'),
  sector: text(20),
  street: text(),
  street_number: text(20),
  postal_code: text(6).refine((v) => v === null || /^\d{6}$/.test(v), { error: M.postalCode }),
  staircase: text(20),
  block: text(20),
  floor: text(20),
  apartment: text(20),
  country_id: zId().nullish().describe('Țara (pentru străini)'),
  city: text(),
  address: text(500).describe('Adresa completă (pentru străini)'),
  passport_number: text(30),
  trade_registry_number: text(50).describe('Numărul de înregistrare la Registrul Comerțului'),
  iban: text(34),
  bank: text(),
  id_card_series: text(2),
  id_card_number: text(10),
  id_card_issue_date: text(10),
  id_card_expiry_date: text(10),
  id_card_issuer: text(),
});
export type BeneficiaryDetails = z.infer<typeof ZBeneficiaryDetails>;

/** The fields of a beneficiary as typed by the user; the rules run in {@link beneficiaryRules}. */
const beneficiaryShape = {
  person_type: z.enum(PERSON_TYPES).describe('Persoană fizică (individual) sau juridică (legal)'),
  citizenship: z.enum(CITIZENSHIPS).default('romanian').describe('Română sau străină'),
  first_name: text(),
  last_name: text(),
  company_name: text().describe('Denumirea persoanei juridice'),
  personal_numeric_code: text(13).describe('CNP: obligatoriu pentru persoane fizice române'),
  unique_registration_code: text(12).describe('CUI/CIF: obligatoriu pentru persoane juridice române; prefixul RO este opțional'),
  email: text(),
  phone: text(20),
  details: ZBeneficiaryDetails.prefault({}),
  is_contact_person: z.boolean().default(false).describe('Persoana de contact a cererii'),
  tna_code: text(50).describe('Numărul de înscriere în Tabloul Național al Arhitecților'),
  subsidiary: text().describe('Sucursala (persoane juridice)'),
};

type BeneficiaryDraft = {
  person_type?: PersonType;
  citizenship?: Citizenship;
  first_name?: string | null;
  last_name?: string | null;
  company_name?: string | null;
  personal_numeric_code?: string | null;
  unique_registration_code?: string | null;
  email?: string | null;
  phone?: string | null;
  details?: Partial<BeneficiaryDetails>;
};

/**
 * The rules of a beneficiary (spec §5): names for a person, company name for a legal person; a
 * valid CNP for a Romanian person, a passport for a foreign one (their CNP, when given, must be
 * valid too); a valid CUI/CIF for a Romanian legal person; a valid e-mail and phone when given.
 */
export function beneficiaryRules(value: BeneficiaryDraft, ctx: z.RefinementCtx): void {
  const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
  if (!value.person_type) {
    issue(['person_type'], M.required);
    return;
  }
  const romanian = (value.citizenship ?? 'romanian') === 'romanian';
  if (value.person_type === 'individual') {
    if (!value.first_name) issue(['first_name'], M.required);
    if (!value.last_name) issue(['last_name'], M.required);
    const cnp = value.personal_numeric_code;
    if (cnp) {
      const result = validateCnp(cnp);
      if (!result.ok) issue(['personal_numeric_code'], result.reason === 'underage' ? M.cnpUnderage : M.cnp);
    } else if (romanian) {
      issue(['personal_numeric_code'], M.required);
    }
    if (!romanian && !cnp && !value.details?.passport_number)
      issue(['details', 'passport_number'], BENEFICIARY_MESSAGES.passportRequired);
  } else {
    if (!value.company_name) issue(['company_name'], M.required);
    const cui = value.unique_registration_code;
    if (romanian) {
      if (!cui) issue(['unique_registration_code'], M.required);
      else if (!validateCui(cui).ok) issue(['unique_registration_code'], M.cui);
    }
  }
  if (value.email && !isValidEmail(value.email)) issue(['email'], M.email);
  if (value.phone) {
    const ok = romanian ? normalizeRomanianPhone(value.phone) !== null : /^\+?[\d\s\-().]{6,20}$/.test(value.phone);
    if (!ok) issue(['phone'], romanian ? M.phone : BENEFICIARY_MESSAGES.foreignPhone);
  }
}

/**
 * The stored form of a valid beneficiary: CUI without the RO prefix (so 'RO18547290' and
 * '18547290' are one company for the duplicate rule), phone in national form, and the fields
 * of the other person type cleared (a legal person has no CNP of its own, a person no CUI).
 */
export function normalizeBeneficiary<T extends BeneficiaryDraft & { subsidiary?: string | null }>(value: T): T {
  const romanian = (value.citizenship ?? 'romanian') === 'romanian';
  const legal = value.person_type === 'legal';
  const cui = value.unique_registration_code;
  return {
    ...value,
    personal_numeric_code: legal ? null : (value.personal_numeric_code ?? null),
    unique_registration_code: !legal || !cui ? null : romanian ? (normalizeCui(cui) ?? cui) : cui,
    company_name: legal ? (value.company_name ?? null) : null,
    subsidiary: legal ? (value.subsidiary ?? null) : null,
    phone: value.phone && romanian ? (normalizeRomanianPhone(value.phone) ?? value.phone) : (value.phone ?? null),
  };
}

/** A beneficiary as typed: create and replace (PUT) requests of the register. */
export const ZBeneficiaryInput = z.object(beneficiaryShape).superRefine(beneficiaryRules);
export type BeneficiaryInput = z.infer<typeof ZBeneficiaryInput>;

/** Merge-patch of an application's beneficiary: absent fields stay, `null` clears; the result must pass the rules. */
export const ZBeneficiaryPatchRequest = z.object({
  // `.optional()` outside: an absent key stays absent (a text field alone would turn it into null).
  person_type: beneficiaryShape.person_type.optional(),
  citizenship: z.enum(CITIZENSHIPS).optional(),
  first_name: beneficiaryShape.first_name.optional(),
  last_name: beneficiaryShape.last_name.optional(),
  company_name: beneficiaryShape.company_name.optional(),
  personal_numeric_code: beneficiaryShape.personal_numeric_code.optional(),
  unique_registration_code: beneficiaryShape.unique_registration_code.optional(),
  email: beneficiaryShape.email.optional(),
  phone: beneficiaryShape.phone.optional(),
  details: ZBeneficiaryDetails.partial().optional(),
  is_contact_person: z.boolean().optional(),
  tna_code: beneficiaryShape.tna_code.optional(),
  subsidiary: beneficiaryShape.subsidiary.optional(),
});
export type BeneficiaryPatchRequest = z.infer<typeof ZBeneficiaryPatchRequest>;

/**
 * Adding a beneficiary to an application: either the fields of a new one, or
 * `from_beneficiary_id` to copy one saved in the user's register.
 */
export const ZApplicationBeneficiaryCreateRequest = z
  .object({
    ...beneficiaryShape,
    person_type: beneficiaryShape.person_type.optional(),
    from_beneficiary_id: zId().optional().describe('Copiază un beneficiar salvat în registrul propriu'),
  })
  .superRefine((value, ctx) => {
    if (value.from_beneficiary_id === undefined) beneficiaryRules(value, ctx);
  });
export type ApplicationBeneficiaryCreateRequest = z.infer<typeof ZApplicationBeneficiaryCreateRequest>;

/** What the tax authority knows about a company (kept with the beneficiary). */
export const ZAnafCompany = z.object({
  cui: z.string(),
  name: z.string().describe('Denumirea (denumire)'),
  address: z.string().nullable().describe('Adresa sediului (adresa)'),
  trade_register_number: z.string().nullable().describe('nrRegCom'),
  phone: z.string().nullable(),
  postal_code: z.string().nullable(),
  registration_status: z.string().nullable().describe('stare_inregistrare'),
  vat_payer: z.boolean().nullable().describe('Înregistrat în scopuri de TVA (scpTVA)'),
  checked_on: z.string().describe('Ziua interogării (YYYY-MM-DD)'),
});
export type AnafCompany = z.infer<typeof ZAnafCompany>;

export const ZBeneficiaryAbilities = z.object({ canEdit: z.boolean(), canDelete: z.boolean() });

/** A beneficiary as answered by the API (register record or application beneficiary). */
export const ZBeneficiary = z.object({
  id: z.number().int(),
  person_type: z.enum(PERSON_TYPES),
  citizenship: z.enum(CITIZENSHIPS),
  user_type_name: z
    .enum(['citizen', 'foreigner', 'legal_entity'])
    .describe('Tipul de utilizator echivalent (spec §3 beneficiary_users)'),
  display_name: z.string().describe('Denumirea firmei sau prenumele și numele'),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  company_name: z.string().nullable(),
  personal_numeric_code: z.string().nullable(),
  unique_registration_code: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  is_contact_person: z.boolean(),
  tna_code: z.string().nullable(),
  subsidiary: z.string().nullable(),
  anaf_status: z.enum(ANAF_STATUSES),
  anaf_checked_at: z.string().nullable(),
  anaf_data: ZAnafCompany.nullable(),
  created_at: z.string(),
  abilities: ZBeneficiaryAbilities,
});
export type Beneficiary = z.infer<typeof ZBeneficiary>;

export const ZApplicationBeneficiary = ZBeneficiary.extend({
  application_id: z.number().int(),
  position: z.number().int(),
});
export type ApplicationBeneficiary = z.infer<typeof ZApplicationBeneficiary>;

export const ZAnafCheckRequest = z.object({
  cui: z
    .string()
    .trim()
    .min(1, { error: M.required })
    .refine((v) => validateCui(v).ok, { error: M.cui })
    .describe('CUI/CIF, cu sau fără prefixul RO'),
});

/** The tax-authority check: validated (found), invalid (not found) or unvalidated (service unreachable). */
export const ZAnafCheckResult = z.object({
  cui: z.string(),
  status: z.enum(['validated', 'invalid', 'unvalidated']),
  company: ZAnafCompany.nullable(),
});
export type AnafCheckResult = z.infer<typeof ZAnafCheckResult>;

/** The name a list cell shows for a beneficiary: company name for legal persons, else first and last name. */
export function beneficiaryDisplayName(b: {
  person_type: PersonType | string;
  company_name: string | null;
  first_name: string | null;
  last_name: string | null;
}): string {
  if (b.person_type === 'legal') return b.company_name ?? '';
  return [b.first_name, b.last_name].filter(Boolean).join(' ');
}
