/**
 * The taxes module's public face: the application tax summary stored at submission, and the
 * check application types make of their tax categories. Other modules import only this file.
 */
export {
  applicationTaxSummary,
  type ApplicationTaxRequest,
  applicationTypeDiscounts,
  checkTaxInputs,
  taxInputsOf,
  unusableTaxCategoryIds,
} from './service.js';
