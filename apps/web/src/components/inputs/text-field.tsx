import { TextInput, type TextInputProps } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { LIMITS } from '@ghiseu/domain';
import { sanitizeText, TEXT_MAX_LENGTH, type TextMode } from './input-rules';

/** Props of `TextField`. */
export interface TextFieldProps extends Omit<TextInputProps, 'value' | 'defaultValue' | 'onChange' | 'maxLength'> {
  /** Current text (controlled). */
  value: string;
  /** Called with the sanitized text; debounced when `debounced` is set. */
  onChange: (value: string) => void;
  /** Allowed characters (default 'any'). */
  mode?: TextMode;
  /** Maximum length (default 255, spec §9). */
  maxLength?: number;
  /**
   * Delay `onChange` until typing pauses: `true` for the portal's 300 ms keystroke debounce, or a
   * number of milliseconds. The field itself updates on every keystroke; blur flushes at once.
   */
  debounced?: boolean | number;
}

/**
 * Text input that enforces a character mode and a maximum length (spec §5), normalises ş ţ to
 * ș ț, and optionally debounces its change events for search-as-you-type fields.
 */
export function TextField({
  value,
  onChange,
  mode = 'any',
  maxLength = TEXT_MAX_LENGTH,
  debounced,
  onBlur,
  ...rest
}: TextFieldProps) {
  const delay = debounced === true ? LIMITS.keystrokeDebounceMs : typeof debounced === 'number' ? debounced : 0;
  const [draft, setDraft] = useState(value);
  const lastEmitted = useRef(value);
  const emit = useDebouncedCallback((next: string) => {
    lastEmitted.current = next;
    onChange(next);
  }, delay);

  // Follow outside changes (form reset, 'Ștergeți filtrele') without fighting the user's typing.
  useEffect(() => {
    if (value !== lastEmitted.current) {
      lastEmitted.current = value;
      setDraft(value);
    }
  }, [value]);

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const next = sanitizeText(event.currentTarget.value, mode, maxLength);
    setDraft(next);
    if (delay > 0) emit(next);
    else {
      lastEmitted.current = next;
      onChange(next);
    }
  };

  return (
    <TextInput
      {...rest}
      value={delay > 0 ? draft : value}
      maxLength={maxLength}
      inputMode={mode === 'digits' ? 'numeric' : rest.inputMode}
      onChange={handleChange}
      onBlur={(event) => {
        if (delay > 0) emit.flush();
        onBlur?.(event);
      }}
    />
  );
}
