import { TEXT_COLORS } from '../colors';
import { Group, Input, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { DateInput } from './date-input';
import { validateDateRange } from './input-rules';

/** A day range; either end may be open. Dates are 'YYYY-MM-DD'. */
export interface DateRangeValue {
  start: string | null;
  end: string | null;
}

/** Props of `DateRangeInput`. */
export interface DateRangeInputProps {
  /** Name of the range, e.g. 'Data depunerii'. */
  label: string;
  /** Current range. */
  value: DateRangeValue;
  /** Called with the new range, valid or not; check it with `validateDateRange` before using it. */
  onChange: (value: DateRangeValue) => void;
  /** Label of the first field (default 'De la'). */
  startLabel?: string;
  /** Label of the second field (default 'Până la'). */
  endLabel?: string;
  /** Width of each of the two fields (px or CSS value). */
  fieldWidth?: number | string;
  /** Disables both fields. */
  disabled?: boolean;
  /** Extra error from the surrounding form, shown when the range itself is valid. */
  error?: string;
}

/**
 * Two date fields for a range; each field's accessible name repeats the range name
 * ('Data depunerii de la') so it is clear out of context. The start must not be after the end (spec §5); the calendars
 * also keep each end from crossing the other, and a typed crossing shows a Romanian error.
 */
export function DateRangeInput({
  label,
  value,
  onChange,
  startLabel = 'De la',
  endLabel = 'Până la',
  fieldWidth,
  disabled,
  error,
}: DateRangeInputProps) {
  const errorId = useId();
  const labelId = useId();
  const rangeError = validateDateRange(value.start, value.end) ?? error;
  return (
    // Never wider than its container: on a narrow screen both ends shrink instead of widening the page.
    <Stack gap={2} role="group" aria-labelledby={labelId} maw="100%">
      <Text id={labelId} size="sm" fw={500}>
        {label}
      </Text>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <DateInput
          label={startLabel}
          aria-label={`${label} ${startLabel.toLowerCase()}`}
          size="sm"
          value={value.start}
          maxDate={value.end ?? undefined}
          onChange={(start) => onChange({ ...value, start })}
          w={fieldWidth}
          miw={0}
          disabled={disabled}
          error={Boolean(rangeError)}
          aria-describedby={rangeError ? errorId : undefined}
        />
        <DateInput
          label={endLabel}
          aria-label={`${label} ${endLabel.toLowerCase()}`}
          size="sm"
          value={value.end}
          minDate={value.start ?? undefined}
          onChange={(end) => onChange({ ...value, end })}
          w={fieldWidth}
          miw={0}
          disabled={disabled}
          error={Boolean(rangeError)}
          aria-describedby={rangeError ? errorId : undefined}
        />
      </Group>
      {rangeError ? (
        <Input.Error id={errorId} role="alert" c={TEXT_COLORS.error}>
          {rangeError}
        </Input.Error>
      ) : null}
    </Stack>
  );
}
