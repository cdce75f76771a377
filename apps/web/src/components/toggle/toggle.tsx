import { Switch, type SwitchProps } from '@mantine/core';

/** Props of `Toggle`. */
export interface ToggleProps extends Omit<SwitchProps, 'checked' | 'defaultChecked' | 'onChange' | 'label'> {
  /** Visible label; also the switch's accessible name. */
  label: string;
  /** On (true) or off (false). */
  checked: boolean;
  /** Called with the new state. */
  onChange: (checked: boolean) => void;
  /** Optional words shown on the track, e.g. onLabel 'Da' / offLabel 'Nu'. */
  onLabel?: string;
  offLabel?: string;
}

/**
 * On/off switch with a label (spec §4). It is a checkbox with `role="switch"`, so it is operated
 * with Space and announced as "on"/"off"; the portal's primary colour keeps the on state above
 * 3:1 contrast against the page.
 */
export function Toggle({ label, checked, onChange, onLabel, offLabel, ...rest }: ToggleProps) {
  return (
    <Switch
      color="navy.7"
      {...rest}
      label={label}
      checked={checked}
      onChange={(event) => onChange(event.currentTarget.checked)}
      onLabel={onLabel}
      offLabel={offLabel}
      data-state={checked ? 'on' : 'off'}
    />
  );
}
