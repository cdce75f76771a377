export { AutocompleteField, type AutocompleteFieldProps, foldedOptionsFilter } from './autocomplete-field';
export { CALENDAR_ARIA_LABELS, DATE_SETTINGS, DateInput, type DateInputProps, DISPLAY_DATE_FORMAT } from './date-input';
export { DateRangeInput, type DateRangeInputProps, type DateRangeValue } from './date-range-input';
export {
  DATE_RANGE_ERROR,
  type DecimalSeparator,
  formatDisplayDate,
  parseDecimal,
  parseDisplayDate,
  sanitizePositiveDecimal,
  sanitizePositiveInteger,
  sanitizeText,
  TEXT_MAX_LENGTH,
  type TextMode,
  toCommaBelow,
  validateDateRange,
} from './input-rules';
export { PositiveDecimalInput, type PositiveDecimalInputProps } from './positive-decimal-input';
export { PositiveIntegerInput, type PositiveIntegerInputProps } from './positive-integer-input';
export {
  OPTIONS_FAILED_MESSAGE,
  SelectField,
  type SelectFieldProps,
  type SelectLoadParams,
  type SelectOption,
  type SelectPage,
} from './select-field';
export { PhoneField, type PhoneFieldProps } from './phone-field';
export { TextField, type TextFieldProps } from './text-field';
