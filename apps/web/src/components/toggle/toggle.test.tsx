import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test-utils';
import { Toggle } from './toggle';

function ControlledToggle({ onChange }: { onChange: (checked: boolean) => void }) {
  const [checked, setChecked] = useState(false);
  return (
    <Toggle
      label="Notificări prin e-mail"
      checked={checked}
      onChange={(next) => {
        onChange(next);
        setChecked(next);
      }}
    />
  );
}

describe('Toggle', () => {
  it('is a labelled switch that turns on and off, also with the keyboard', async () => {
    const onChange = vi.fn();
    const { user } = renderWithProviders(<ControlledToggle onChange={onChange} />);
    const toggle = screen.getByRole('switch', { name: 'Notificări prin e-mail' });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    expect(toggle).toBeChecked();
    expect(onChange).toHaveBeenLastCalledWith(true);
    await user.keyboard(' ');
    expect(toggle).not.toBeChecked();
    expect(onChange).toHaveBeenLastCalledWith(false);
  });
});
