import { TextInput, type TextInputProps } from '@mantine/core';
import { sanitizePositiveInteger } from './input-rules';

/** Props of `PositiveIntegerInput`. */
export interface PositiveIntegerInputProps extends Omit<TextInputProps, 'value' | 'defaultValue' | 'onChange' | 'type'> {
  /** Current value as text ('' when empty), so partial input never turns into NaN. */
  value: string;
  /** Called with digits only, never starting with 0. */
  onChange: (value: string) => void;
}

/**
 * Positive whole numbers (spec §5): digits only, no leading zero. A text input with a numeric
 * keyboard is used rather than `type="number"`, which would accept 'e', '-' and scroll-wheel changes.
 */
export function PositiveIntegerInput({ value, onChange, ...rest }: PositiveIntegerInputProps) {
  return (
    <TextInput
      {...rest}
      inputMode="numeric"
      autoComplete="off"
      value={value}
      onChange={(event) => onChange(sanitizePositiveInteger(event.currentTarget.value))}
    />
  );
}
