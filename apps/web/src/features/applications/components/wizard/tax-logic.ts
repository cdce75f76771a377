import {
  activeTaxRules,
  type Application,
  type ApplicationTypeTaxRules,
  computeTaxSummary,
  formatLei,
  type ConstructionPurpose,
  type ConstructionScope,
  type ConstructionType,
  parseLei,
  purposeGroup,
  type TaxInputsRequest,
  TAX_VALIDATOR_MESSAGES,
  type TaxSummaryJson,
  taxSummaryToJson,
  validateTaxCalculation,
  todayInRomania,
  VALIDATION_MESSAGES,
} from '@ghiseu/domain';

/**
 * The wizard's taxes (spec §3 application taxes, §5 tax validator): the tax validator fields as
 * typed, their messages, the patch that saves them with the draft, and the live summary computed
 * with `computeTaxSummary`, the same function the server uses at submission.
 */

/** The tax validator fields as the applicant types them (texts, so half-typed values survive). */
export interface TaxInputsState {
  construction_scope: ConstructionScope | null;
  construction_type: ConstructionType | null;
  construction_purpose: ConstructionPurpose | null;
  surface: string;
  construction_value: string;
}

export type TaxInputField = keyof TaxInputsState;
export type TaxInputErrors = Partial<Record<TaxInputField, string>>;

/** The fields as stored in the draft (`tax_inputs`), or empty. */
export function taxInputsOf(application: Pick<Application, 'tax_inputs'>): TaxInputsState {
  const stored = application.tax_inputs;
  return {
    construction_scope: stored?.construction_scope ?? null,
    construction_type: stored?.construction_type ?? null,
    construction_purpose: stored?.construction_purpose ?? null,
    surface: stored?.surface === null || stored?.surface === undefined ? '' : String(stored.surface).replace('.', ','),
    construction_value:
      stored?.construction_value === null || stored?.construction_value === undefined
        ? ''
        : String(stored.construction_value).replace('.', ','),
  };
}

/** The tax validator's result for the fields, when the three choices are made. */
function validatorResult(inputs: TaxInputsState) {
  if (!inputs.construction_scope || !inputs.construction_type || !inputs.construction_purpose) return null;
  return validateTaxCalculation({
    scope: inputs.construction_scope,
    type: inputs.construction_type,
    purpose: inputs.construction_purpose,
    surface: inputs.surface.trim() === '' ? null : inputs.surface,
    value: inputs.construction_value.trim() === '' ? null : inputs.construction_value,
  });
}

/**
 * Messages of the construction fields. `complete`: the step is being left, so empty fields are
 * reported as required; while typing only what was typed is judged (the validator's exact
 * messages: 'Valoarea introdusă nu e validă', 'Valoarea introdusă este mai mică decat valoarea minimă!').
 */
export function taxInputErrors(inputs: TaxInputsState, complete: boolean): TaxInputErrors {
  const errors: TaxInputErrors = {};
  const required = VALIDATION_MESSAGES.required;
  if (complete) {
    for (const key of ['construction_scope', 'construction_type', 'construction_purpose'] as const)
      if (!inputs[key]) errors[key] = required;
    if (inputs.surface.trim() === '') errors.surface = required;
    if (inputs.construction_value.trim() === '') errors.construction_value = required;
  }
  const surfaceTyped = inputs.surface.trim() !== '';
  const valueTyped = inputs.construction_value.trim() !== '';
  const result = validatorResult(inputs);
  if (result) {
    if (surfaceTyped && result.errors.surface) errors.surface = result.errors.surface;
    // 'Below the minimum' only comes with a valid surface (minimum = surface × the type's value per m²).
    if (valueTyped && result.errors.value) errors.construction_value = result.errors.value;
  } else {
    // Without the choices the validator cannot judge the minimum, only the numbers themselves.
    if (surfaceTyped && !/^\d{1,7}(?:[.,]\d{1,2})?$/.test(inputs.surface.trim())) errors.surface = TAX_VALIDATOR_MESSAGES.invalid;
    if (valueTyped && (parseLei(inputs.construction_value) ?? 0) <= 0) errors.construction_value = TAX_VALIDATOR_MESSAGES.invalid;
  }
  return errors;
}

/** The `tax_inputs` of the draft's patch: numbers only when they are valid numbers (the server refuses others). */
export function taxInputsPatch(inputs: TaxInputsState): TaxInputsRequest {
  const surface = inputs.surface.trim().replace(',', '.');
  const value = parseLei(inputs.construction_value);
  return {
    construction_scope: inputs.construction_scope,
    construction_type: inputs.construction_type,
    construction_purpose: inputs.construction_purpose,
    surface: /^\d{1,7}(?:\.\d{1,2})?$/.test(surface) ? surface : null,
    construction_value: value !== null && value > 0 ? formatLei(value) : null,
  };
}

/**
 * The application tax summary as it stands: the type's taxes, the declared land area, the
 * construction value (only once the validator accepts it), online signing and the chosen discount.
 */
export function liveTaxSummary(
  taxRules: ApplicationTypeTaxRules,
  context: { landArea: number | null; inputs: TaxInputsState; signOnline: boolean; discountName: string | null; date?: string },
): TaxSummaryJson {
  const result = validatorResult(context.inputs);
  const value = result && !result.errors.value && !result.errors.surface ? result.value : null;
  const discount = taxRules.discounts.find((d) => d.name === context.discountName) ?? null;
  const summary = computeTaxSummary(
    activeTaxRules(taxRules),
    {
      land_area: context.landArea,
      construction_value: value,
      construction_purpose_group: context.inputs.construction_purpose ? purposeGroup(context.inputs.construction_purpose) : null,
      online_signing: context.signOnline,
    },
    context.date ?? todayInRomania(),
    discount,
  );
  return taxSummaryToJson(summary);
}

/** True for a stored `tax_summary` of the current shape (older drafts may hold something else). */
export function isTaxSummaryJson(value: unknown): value is TaxSummaryJson {
  if (!value || typeof value !== 'object') return false;
  const summary = value as Partial<TaxSummaryJson>;
  return (
    Array.isArray(summary.application_tax_values) &&
    Array.isArray(summary.signing_tax_values) &&
    typeof summary.total === 'string'
  );
}
