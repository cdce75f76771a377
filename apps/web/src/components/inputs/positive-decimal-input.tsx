import { DEFAULT_SETTINGS } from '@ghiseu/domain';
import { TextInput, type TextInputProps } from '@mantine/core';
import { type DecimalSeparator, sanitizePositiveDecimal } from './input-rules';

/** Props of `PositiveDecimalInput`. */
export interface PositiveDecimalInputProps extends Omit<TextInputProps, 'value' | 'defaultValue' | 'onChange' | 'type'> {
  /** Current value as text, written with `separator` ('12,5'); read it with `parseDecimal`. */
  value: string;
  /** Called with the sanitized text. */
  onChange: (value: string) => void;
  /** Decimal separator from the settings (default ','). */
  separator?: DecimalSeparator;
}

/** Positive decimal with a single separator and at most one decimal digit (spec §5). */
export function PositiveDecimalInput({
  value,
  onChange,
  separator = DEFAULT_SETTINGS.decimalSeparator,
  ...rest
}: PositiveDecimalInputProps) {
  return (
    <TextInput
      {...rest}
      inputMode="decimal"
      autoComplete="off"
      value={value}
      onChange={(event) => onChange(sanitizePositiveDecimal(event.currentTarget.value, separator))}
    />
  );
}
