import { z } from 'zod';
import { PAYMENT_STATUSES, PAYMENT_TYPES } from '../statuses.js';
import { zIsoDate, zRequiredText, zEmail } from '../validators/index.js';
import { parseLei, parsePercent } from '../payments/money.js';
import { PRICE_MODELS, TAX_BASES, TAX_MOMENTS, TAX_PURPOSE_GROUPS, type TaxRule } from '../payments/taxes.js';
import { CONSTRUCTION_PURPOSES, CONSTRUCTION_SCOPES, CONSTRUCTION_TYPES } from '../payments/tax-validator.js';
import { GATEWAY_ORDER_STATUSES } from '../payments/ledger-rules.js';
import { zId } from './common.js';

/**
 * Contracts of the payments capability (issue 13; spec §2 payments, §3 tax, tax category,
 * collector account, payment, application taxes, §4 payment flow, §7 calls, §8 codes).
 *
 * Money on the wire is a decimal string in lei with two decimals ("1234.50", `zLei`); requests
 * also accept "1234,5" or a number with at most two decimals. Every computation is in integer bani
 * (packages/domain/src/payments/money.ts).
 */

/** An amount in lei on the wire: "1234.50"; parsed exactly (no floats). */
export const zLei = () =>
  z
    .union([z.string(), z.number()])
    .refine((value) => parseLei(value) !== null, { message: 'Suma nu este validă (cel mult două zecimale).' })
    .transform((value) => {
      const bani = parseLei(value)!;
      return `${Math.floor(bani / 100)}.${String(bani % 100).padStart(2, '0')}`;
    });

/** A percentage with at most four decimals, 0–100, as text ("0.5"). */
export const zPercent = () =>
  z
    .union([z.string(), z.number()])
    .refine((value) => parsePercent(value) !== null, { message: 'Procentul nu este valid (0–100, cel mult 4 zecimale).' })
    .transform((value) => String(value).trim().replace(',', '.'));

const ZAbilities = z.object({ canEdit: z.boolean(), canDelete: z.boolean() });

/* ───────────────────────────── Tax categories (super admin) ───────────────────────────── */

export const ZTaxCategory = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.enum(['active', 'inactive']),
  taxes_count: z.number().int().describe('Câte taxe are categoria (o categorie cu taxe nu poate fi ștearsă: CATEGORY_NOT_EMPTY)'),
  created_at: z.string(),
  updated_at: z.string(),
  abilities: ZAbilities,
});
export type TaxCategory = z.infer<typeof ZTaxCategory>;

export const ZTaxCategoryCreateRequest = z.object({
  name: zRequiredText(200),
  status: z.enum(['active', 'inactive']).default('active'),
});
/** Merge-patch: no defaults (a `.partial()` of a defaulted field would fill it in and overwrite the stored value). */
export const ZTaxCategoryPatchRequest = ZTaxCategoryCreateRequest.extend({ status: z.enum(['active', 'inactive']) }).partial();

/* ───────────────────────────── Taxes (organisation: super admin and admin, taxesEdit) ───────────────────────────── */

export const ZTaxRange = z.object({
  start: z.number().min(0).describe('Începutul intervalului (m² sau lei), exclusiv, primul 0'),
  end: z.number().min(0).nullable().describe('Sfârșitul intervalului (inclusiv); null doar pentru ultimul'),
  value: zLei().describe('Valoarea pentru intervalul acesta (lei)'),
});

/** A tax as stored and returned; amounts in lei strings. */
export const ZTax = z.object({
  id: z.number().int(),
  organisation_id: z.number().int(),
  category_id: z.number().int(),
  category_name: z.string(),
  name: z.string(),
  entry_into_force: z.string().describe('Data intrării în vigoare (YYYY-MM-DD)'),
  justification: z.string().nullable().describe('Hotărârea consiliului local (număr și dată)'),
  decision_number: z.string().nullable(),
  decision_date: z.string().nullable().describe('YYYY-MM-DD'),
  price_model: z.enum(PRICE_MODELS),
  base: z.enum(TAX_BASES),
  moment: z.enum(TAX_MOMENTS),
  purpose: z.enum(TAX_PURPOSE_GROUPS).nullable(),
  fixed_value: z.string().nullable(),
  percentage_value: z.string().nullable(),
  ranges: z.array(z.object({ start: z.number(), end: z.number().nullable(), value: z.string() })),
  status: z.enum(['active', 'inactive']),
  created_at: z.string(),
  updated_at: z.string(),
  abilities: ZAbilities,
});
export type Tax = z.infer<typeof ZTax>;

/**
 * Create a tax. The price fields are checked by `validateTaxRule` (400 VALIDATION_ERROR with the
 * issues' paths; ranges: 'Intervalele sau valorile nu sunt valide.'); the same name, category and
 * entry date in the organisation answers TAX_ALREADY_EXISTS.
 */
export const ZTaxCreateRequest = z.object({
  organisation_id: zId().optional().describe('Doar super administratorul; implicit instituția în care lucrează'),
  category_id: zId(),
  name: zRequiredText(200),
  entry_into_force: zIsoDate,
  decision_number: z.string().trim().max(100).nullish(),
  decision_date: zIsoDate.nullish(),
  justification: z.string().trim().max(2000).nullish(),
  price_model: z.enum(PRICE_MODELS),
  base: z.enum(TAX_BASES).default('none'),
  moment: z.enum(TAX_MOMENTS).default('application'),
  purpose: z.enum(TAX_PURPOSE_GROUPS).nullish(),
  fixed_value: zLei().nullish(),
  percentage_value: zPercent().nullish(),
  ranges: z.array(ZTaxRange).max(50).default([]),
  status: z.enum(['active', 'inactive']).default('active'),
});
export type TaxCreateRequest = z.infer<typeof ZTaxCreateRequest>;
/** Merge-patch: the create request's defaults (base, moment, ranges, status) do not apply. */
export const ZTaxPatchRequest = ZTaxCreateRequest.omit({ organisation_id: true })
  .extend({
    base: z.enum(TAX_BASES),
    moment: z.enum(TAX_MOMENTS),
    ranges: z.array(ZTaxRange).max(50),
    status: z.enum(['active', 'inactive']),
  })
  .partial();

/**
 * GET /application-types/{id}/tax-rules: what the wizard needs to compute the summary live with
 * `computeTaxSummary` (the active taxes of the type's categories, amounts in lei strings) and the
 * type's discounts.
 */
export const ZApplicationTypeTaxRules = z.object({
  application_type_id: z.number().int(),
  category_ids: z.object({
    construction: z.number().int().nullable(),
    land: z.number().int().nullable(),
    extra: z.number().int().nullable(),
  }),
  rules: z.array(ZTax),
  discounts: z.array(z.object({ name: z.string(), percent: z.number() })),
  /** True when a tax needs the construction value (the wizard then asks the tax validator fields). */
  needs_construction_value: z.boolean(),
  needs_land_area: z.boolean(),
});
export type ApplicationTypeTaxRules = z.infer<typeof ZApplicationTypeTaxRules>;

/** A tax as the API returns it (amounts in lei strings) → the rule `computeTaxSummary` takes (amounts in bani). */
export function taxRuleOf(tax: Tax): TaxRule {
  return {
    id: tax.id,
    name: tax.name,
    category_id: tax.category_id,
    price_model: tax.price_model,
    base: tax.base,
    moment: tax.moment,
    purpose: tax.purpose,
    fixed_value: tax.fixed_value === null ? null : parseLei(tax.fixed_value),
    percentage_value: tax.percentage_value,
    ranges: tax.ranges.map((range) => ({ start: range.start, end: range.end, value: parseLei(range.value) ?? 0 })),
    entry_into_force: tax.entry_into_force,
  };
}

/** The active taxes of an application type's tax rules, as `computeTaxSummary` takes them. */
export const activeTaxRules = (answer: Pick<ApplicationTypeTaxRules, 'rules'>): TaxRule[] =>
  answer.rules.filter((tax) => tax.status === 'active').map(taxRuleOf);

/* ───────────────────────────── Tax calculator and validator ───────────────────────────── */

/** The tax validator fields (spec §3) as the wizard stores them in the application (`tax_inputs`). */
export const ZTaxInputs = z.object({
  construction_scope: z.enum(CONSTRUCTION_SCOPES).nullish(),
  construction_type: z.enum(CONSTRUCTION_TYPES).nullish(),
  construction_purpose: z.enum(CONSTRUCTION_PURPOSES).nullish(),
  surface: z.union([z.string(), z.number()]).nullish().describe('Suprafața construită (m²)'),
  construction_value: zLei().nullish().describe('Valoarea lucrărilor (lei)'),
});
export type TaxInputsRequest = z.infer<typeof ZTaxInputs>;
/**
 * The stored `tax_inputs` as answers return them: the same fields without the request's
 * transforms (a response schema is encoded, and a one-way transform cannot be).
 */
export const ZTaxInputsStored = ZTaxInputs.extend({
  surface: z.union([z.string(), z.number()]).nullish(),
  construction_value: z.string().nullish().describe('Valoarea lucrărilor (lei, „200000.00”)'),
});

/* ───────────────────────────── Collector accounts (bank accounts of the organisation) ───────────────────────────── */

export const ZCollectorAccount = z.object({
  id: z.number().int(),
  organisation_id: z.number().int(),
  name: z.string(),
  bank: z.string(),
  iban: z.string().nullable(),
  provider_username: z.string(),
  /** Never the password itself: only whether one is stored. */
  has_password: z.boolean(),
  status: z.enum(['active', 'inactive']),
  created_at: z.string(),
  updated_at: z.string(),
  abilities: ZAbilities.describe('canDelete: doar super administratorul (bankAccountsDestroy)'),
});
export type CollectorAccount = z.infer<typeof ZCollectorAccount>;

export const ZCollectorAccountCreateRequest = z.object({
  organisation_id: zId().optional(),
  name: zRequiredText(200),
  bank: zRequiredText(200),
  iban: z.string().trim().max(34).nullish(),
  provider_username: zRequiredText(200),
  provider_password: z
    .string()
    .min(1)
    .max(200)
    .describe('Parola la procesatorul de plăți; stocată criptat, nu se întoarce niciodată'),
  status: z.enum(['active', 'inactive']).default('active'),
});
export const ZCollectorAccountPatchRequest = ZCollectorAccountCreateRequest.omit({
  organisation_id: true,
  provider_password: true,
})
  .extend({ status: z.enum(['active', 'inactive']) })
  .partial()
  .extend({ provider_password: z.string().min(1).max(200).optional().describe('Doar dacă se schimbă') });

/* ───────────────────────────── Payments ───────────────────────────── */

export const ZPaymentStatus = z.enum(PAYMENT_STATUSES);
export const ZPaymentType = z.enum(PAYMENT_TYPES);

/** One payment attempt (spec §3 Payment). The personal code is masked except for the registry's export. */
export const ZPayment = z.object({
  id: z.number().int(),
  application_id: z.number().int().nullable(),
  application_number: z.string().nullable().describe('Numărul de înregistrare al cererii'),
  application_type_id: z.number().int().nullable(),
  application_type_name: z.string().nullable(),
  organisation_id: z.number().int(),
  created_at: z.string(),
  settled_at: z.string().nullable().describe('Când a ajuns în starea finală'),
  amount: z.string().describe('Lei, două zecimale'),
  currency: z.literal('RON'),
  description: z.string(),
  type: ZPaymentType,
  type_label: z.string(),
  status: ZPaymentStatus,
  status_label: z.string(),
  client_name: z.string().nullable(),
  email: z.string().nullable(),
  personal_code: z.string().nullable().describe('Mascat: 1********1234'),
  provider_transaction_id: z.string().nullable(),
  /** OP / OFFICE: the bank or receipt document number entered by staff. */
  document_number: z.string().nullable(),
  failure_reason: z.string().nullable(),
  has_proof: z.boolean().describe('OP: dovada plății încărcată de solicitant'),
  has_receipt: z.boolean().describe('Chitanța PDF poate fi descărcată (doar plăți reușite)'),
});
export type Payment = z.infer<typeof ZPayment>;

/** GET /applications/{id}/payments and GET /staff-applications/{id}/registry-check-payment-status. */
export const ZApplicationPayments = z.object({
  application_id: z.number().int(),
  currency: z.literal('RON'),
  total: z.string(),
  paid: z.string(),
  due: z.string(),
  is_paid: z.boolean(),
  tax_summary: z.unknown().nullable().describe('TaxSummaryJson (payments/taxes.ts)'),
  payment_type: ZPaymentType.nullable().describe('Tipul plății care a achitat cererea'),
  transaction_number: z.string().nullable(),
  /** What the reader may do now. */
  abilities: z.object({
    canPayCard: z.boolean(),
    canContinueCard: z.boolean().describe('O plată cu cardul este deja inițiată: refresh-payment-url'),
    canPayOrder: z.boolean(),
    canRegisterPayment: z.boolean(),
    canCreateLink: z.boolean(),
  }),
  payments: z.array(ZPayment),
});
export type ApplicationPayments = z.infer<typeof ZApplicationPayments>;

/** POST /applications/{id}/pay, /refresh-payment-url, POST /public/payment-links/{token}/pay: where to send the browser. */
export const ZCheckout = z.object({
  payment: ZPayment,
  redirect_url: z.string().describe('Pagina găzduită a procesatorului de plăți'),
});
export type Checkout = z.infer<typeof ZCheckout>;

/** POST /applications/{id}/payment-orders: a payment order (OP) for the amount due. */
export const ZPaymentOrderDetails = z.object({
  payment: ZPayment,
  organisation_name: z.string(),
  /** The organisation's payment-order details text (beneficiary, IBAN, CUI, bank). */
  payment_order_details: z.string().nullable(),
  reference: z.string().describe('Ce se scrie la „Detalii plată”: numărul cererii'),
  amount: z.string(),
});
export type PaymentOrderDetails = z.infer<typeof ZPaymentOrderDetails>;

export const ZPaymentProofRequest = z.object({ file_id: zId().describe('Dovada plății (PDF sau imagine, POST /files)') });

/** PUT /staff-applications/{id}/register-payment: an OP checked against the bank statement, or money taken at the office. */
export const ZRegisterPaymentRequest = z.object({
  payment_id: zId().optional().describe('OP-ul încărcat de solicitant; lipsă: plată nouă'),
  type: z.enum(['OP', 'OFFICE']),
  amount: zLei(),
  document_number: zRequiredText(100).describe('Numărul ordinului de plată sau al chitanței'),
  paid_on: zIsoDate.describe('Data plății'),
});

/** PUT /staff-applications/{id}/reject-payment: an OP whose money never arrived. */
export const ZRejectPaymentRequest = z.object({ payment_id: zId(), reason: zRequiredText(1000) });

/** PUT /staff-applications/{id}/create-payment-link (spec payment-link payload). */
export const ZPaymentLinkRequest = z.object({ amount: zLei(), email: zEmail });

/** GET /public/payment-links/{token}: what the payer sees before paying. */
export const ZPublicPaymentLink = z.object({
  organisation_name: z.string(),
  application_number: z.string().nullable(),
  description: z.string(),
  amount: z.string(),
  currency: z.literal('RON'),
  status: ZPaymentStatus,
  status_label: z.string(),
});

/** GET /payments/application/{id}/bt-url-check: the state after the gateway sent the browser back. */
export const ZPaymentReturnCheck = z.object({
  application_id: z.number().int(),
  is_paid: z.boolean(),
  payment: ZPayment.nullable().describe('Ultima încercare cu cardul'),
});

/* ───────────────────────────── Registry (super admin: paymentRegistryRead) ───────────────────────────── */

/** GET /payments/all/totals?period=day|month&… (the list's filters): totals per period and type. */
export const ZPaymentTotals = z.object({
  currency: z.literal('RON'),
  total: z.string().describe('Suma plăților reușite care mută bani'),
  count: z.number().int(),
  by_type: z.array(z.object({ type: ZPaymentType, type_label: z.string(), amount: z.string(), count: z.number().int() })),
  by_period: z.array(
    z.object({ period: z.string().describe('YYYY-MM-DD sau YYYY-MM'), amount: z.string(), count: z.number().int() }),
  ),
});
export type PaymentTotals = z.infer<typeof ZPaymentTotals>;

export const ZReconciliationDifference = z.object({
  kind: z.enum(['missing_in_portal', 'missing_in_gateway', 'status_mismatch', 'amount_mismatch']),
  order_id: z.string(),
  payment_id: z.number().int().nullable(),
  portal_status: ZPaymentStatus.nullable(),
  gateway_status: z.enum(GATEWAY_ORDER_STATUSES).nullable(),
  portal_amount: z.string().nullable(),
  gateway_amount: z.string().nullable(),
});

/** A reconciliation of one day: the portal's gateway payments against the gateway's report. */
export const ZReconciliation = z.object({
  id: z.number().int(),
  day: z.string().describe('YYYY-MM-DD'),
  created_at: z.string(),
  portal_total: z.string(),
  gateway_total: z.string(),
  portal_count: z.number().int(),
  gateway_count: z.number().int(),
  differences: z.array(ZReconciliationDifference),
  /** Sum of successful money payments = sum of the paid applications' totals (every RON accounted for). */
  ledger_balanced: z.boolean(),
});
export type Reconciliation = z.infer<typeof ZReconciliation>;
export const ZReconcileRequest = z.object({ day: zIsoDate });
