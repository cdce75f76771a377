import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test-utils';
import { AutocompleteField } from './autocomplete-field';
import { DateInput } from './date-input';
import { DateRangeInput, type DateRangeValue } from './date-range-input';
import type { DecimalSeparator, TextMode } from './input-rules';
import { PhoneField } from './phone-field';
import { PositiveDecimalInput } from './positive-decimal-input';
import { PositiveIntegerInput } from './positive-integer-input';
import { type SelectLoadParams, SelectField } from './select-field';
import { TextField } from './text-field';

afterEach(() => vi.useRealTimers());

function ControlledText({ mode, debounced, onValue }: { mode?: TextMode; debounced?: boolean; onValue: (v: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <TextField
      label="Denumire"
      mode={mode}
      debounced={debounced}
      value={value}
      onChange={(next) => {
        setValue(next);
        onValue(next);
      }}
    />
  );
}

function IntegerHarness() {
  const [value, setValue] = useState('');
  return <PositiveIntegerInput label="Număr" value={value} onChange={setValue} />;
}

function DecimalHarness({ separator }: { separator: DecimalSeparator }) {
  const [value, setValue] = useState('');
  return <PositiveDecimalInput label="Suprafață" separator={separator} value={value} onChange={setValue} />;
}

function DateHarness({ onChange }: { onChange: (value: string | null) => void }) {
  const [value, setValue] = useState<string | null>(null);
  return (
    <DateInput
      label="Data emiterii"
      value={value}
      onChange={(next) => {
        onChange(next);
        setValue(next);
      }}
    />
  );
}

function RangeHarness({ initial }: { initial: DateRangeValue }) {
  const [value, setValue] = useState(initial);
  return <DateRangeInput label="Data depunerii" value={value} onChange={setValue} />;
}

function AutocompleteHarness() {
  const [value, setValue] = useState('');
  return <AutocompleteField label="Localitate" data={['Timișoara', 'Târgu Mureș', 'Reghin']} value={value} onChange={setValue} />;
}

describe('TextField', () => {
  it('stops at 255 characters by default, also on paste', async () => {
    const onValue = vi.fn();
    const { user } = renderWithProviders(<ControlledText onValue={onValue} />);
    const input = screen.getByLabelText('Denumire');
    expect(input).toHaveAttribute('maxLength', '255');
    await user.click(input);
    await user.paste('x'.repeat(300));
    expect(onValue).toHaveBeenLastCalledWith('x'.repeat(255));
    expect(input).toHaveValue('x'.repeat(255));
  });

  it('digits mode keeps digits only', async () => {
    const onValue = vi.fn();
    const { user } = renderWithProviders(<ControlledText mode="digits" onValue={onValue} />);
    await user.type(screen.getByLabelText('Denumire'), '0a7b2');
    expect(screen.getByLabelText('Denumire')).toHaveValue('072');
  });

  it('debounced variant reports once, 300 ms after typing stops', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const onValue = vi.fn();
    renderWithProviders(<ControlledText debounced onValue={onValue} />);
    const input = screen.getByLabelText('Denumire');
    fireEvent.change(input, { target: { value: 'T' } });
    fireEvent.change(input, { target: { value: 'Tg' } });
    fireEvent.change(input, { target: { value: 'Tg Mureș' } });
    expect(input).toHaveValue('Tg Mureș');
    act(() => vi.advanceTimersByTime(299));
    expect(onValue).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onValue).toHaveBeenCalledTimes(1);
    expect(onValue).toHaveBeenCalledWith('Tg Mureș');
  });
});

describe('PositiveIntegerInput', () => {
  it('accepts digits only, without a leading zero', async () => {
    const { user } = renderWithProviders(<IntegerHarness />);
    const input = screen.getByLabelText('Număr');
    await user.type(input, '0');
    expect(input).toHaveValue('');
    await user.type(input, '-4a2.5');
    expect(input).toHaveValue('425');
  });
});

describe('PositiveDecimalInput', () => {
  it('allows one comma separator and one decimal digit', async () => {
    const { user } = renderWithProviders(<DecimalHarness separator="," />);
    const input = screen.getByLabelText('Suprafață');
    await user.type(input, '12,345');
    expect(input).toHaveValue('12,3');
    await user.type(input, ',');
    expect(input).toHaveValue('12,3');
  });

  it('uses the dot when the setting says so', async () => {
    const { user } = renderWithProviders(<DecimalHarness separator="." />);
    const input = screen.getByLabelText('Suprafață');
    await user.type(input, '7,25');
    expect(input).toHaveValue('7.2');
  });
});

describe('DateInput', () => {
  it('turns a typed dd.mm.yyyy into yyyy-mm-dd', async () => {
    const onChange = vi.fn();
    const { user } = renderWithProviders(<DateHarness onChange={onChange} />);
    const input = screen.getByLabelText('Data emiterii');
    expect(input).toHaveAttribute('placeholder', 'zz.ll.aaaa');
    await user.type(input, '05.03.2024');
    expect(onChange).toHaveBeenLastCalledWith('2024-03-05');
  });

  it('shows a given value as dd.mm.yyyy', () => {
    renderWithProviders(<DateInput label="Data" value="2024-12-31" onChange={() => {}} />);
    expect(screen.getByLabelText('Data')).toHaveValue('31.12.2024');
  });

  it('opens a Romanian calendar whose weeks start on Monday', async () => {
    const { user } = renderWithProviders(<DateInput label="Data" value="2024-12-31" onChange={() => {}} />);
    await user.click(screen.getByLabelText('Data'));
    const headers = await screen.findAllByRole('columnheader');
    expect(headers[0].textContent?.toLowerCase()).toMatch(/^lu/);
    expect(screen.getByText(/decembrie 2024/i)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Luna următoare' })).toBeInTheDocument();
  });
});

describe('DateRangeInput', () => {
  it('shows a Romanian error when the start is after the end', () => {
    const { unmount } = renderWithProviders(<RangeHarness initial={{ start: '2024-05-10', end: '2024-05-01' }} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Data de început nu poate fi după data de sfârșit.');
    expect(screen.getByLabelText('Data depunerii de la')).toHaveAttribute('aria-invalid', 'true');
    unmount();
    renderWithProviders(<RangeHarness initial={{ start: '2024-05-01', end: '2024-05-10' }} />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('SelectField', () => {
  const page = ({ page, pageSize }: SelectLoadParams) => ({
    options: Array.from({ length: pageSize }, (_, i) => {
      const n = (page - 1) * pageSize + i + 1;
      return { value: String(n), label: `Localitatea ${n}` };
    }),
    hasMore: page < 2,
  });

  it('loads 30 options per page and the next page when the list is scrolled to its end', async () => {
    const loadOptions = vi.fn(async (params: SelectLoadParams) => page(params));
    const onChange = vi.fn();
    const { user } = renderWithProviders(
      <SelectField label="Localitate" value={null} onChange={onChange} loadOptions={loadOptions} />,
    );
    await user.click(screen.getByRole('button', { name: 'Localitate' }));
    expect(await screen.findByRole('option', { name: 'Localitatea 30' })).toBeInTheDocument();
    expect(loadOptions).toHaveBeenCalledWith({ page: 1, pageSize: 30, search: '' });
    expect(screen.getAllByRole('option')).toHaveLength(30);

    fireEvent.scroll(screen.getByRole('listbox'));
    expect(await screen.findByRole('option', { name: 'Localitatea 60' })).toBeInTheDocument();
    expect(loadOptions).toHaveBeenLastCalledWith({ page: 2, pageSize: 30, search: '' });

    // No third page: scrolling again does not ask for more.
    fireEvent.scroll(screen.getByRole('listbox'));
    expect(loadOptions).toHaveBeenCalledTimes(2);

    await user.click(screen.getByRole('option', { name: 'Localitatea 42' }));
    expect(onChange).toHaveBeenCalledWith('42', { value: '42', label: 'Localitatea 42' });
  });

  it('shows the failed state and retries', async () => {
    const loadOptions = vi
      .fn()
      .mockRejectedValueOnce(new Error('503'))
      .mockResolvedValue({ options: [{ value: '1', label: 'Reghin' }], hasMore: false });
    const { user } = renderWithProviders(
      <SelectField label="Localitate" value={null} onChange={() => {}} loadOptions={loadOptions} />,
    );
    await user.click(screen.getByRole('button', { name: 'Localitate' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Opțiunile nu au putut fi încărcate');
    await user.click(screen.getByRole('option', { name: 'Reîncercați' }));
    expect(await screen.findByRole('option', { name: 'Reghin' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(loadOptions).toHaveBeenCalledTimes(2);
  });

  it('searches from page 1 again', async () => {
    const loadOptions = vi.fn(async ({ search }: SelectLoadParams) => ({
      options: search ? [{ value: 's', label: `Rezultat ${search}` }] : [{ value: '1', label: 'Reghin' }],
      hasMore: false,
    }));
    const { user } = renderWithProviders(
      <SelectField label="Localitate" value={null} onChange={() => {}} loadOptions={loadOptions} />,
    );
    await user.click(screen.getByRole('button', { name: 'Localitate' }));
    await screen.findByRole('option', { name: 'Reghin' });
    await user.type(screen.getByRole('textbox', { name: 'Căutați în Localitate' }), 'sig');
    expect(await screen.findByRole('option', { name: 'Rezultat sig' })).toBeInTheDocument();
    expect(loadOptions).toHaveBeenLastCalledWith({ page: 1, pageSize: 30, search: 'sig' });
  });

  it('shows the label of a preset value and clears it', async () => {
    const onChange = vi.fn();
    const { user } = renderWithProviders(
      <SelectField
        label="Județ"
        value="26"
        valueLabel="Mureș"
        onChange={onChange}
        loadOptions={async () => ({ options: [], hasMore: false })}
      />,
    );
    expect(screen.getByRole('button', { name: 'Județ' })).toHaveTextContent('Mureș');
    await user.click(screen.getByRole('button', { name: 'Ștergeți selecția din Județ' }));
    expect(onChange).toHaveBeenCalledWith(null, null);
  });
});

describe('AutocompleteField', () => {
  it('matches without regard to case and diacritics', async () => {
    const { user } = renderWithProviders(<AutocompleteHarness />);
    const input = () => screen.getByRole('combobox', { name: 'Localitate' });
    await user.type(input(), 'timisoara');
    await waitFor(() => expect(screen.getByRole('option', { name: 'Timișoara' })).toBeInTheDocument());
    expect(screen.queryByRole('option', { name: 'Reghin' })).not.toBeInTheDocument();

    await user.clear(input());
    await user.type(input(), 'TARGU MURES');
    await waitFor(() => expect(screen.getByRole('option', { name: 'Târgu Mureș' })).toBeInTheDocument());
  });
});

function PhoneHarness({ onValue }: { onValue: (v: string) => void }) {
  const form = useForm<{ phone: string }>({ defaultValues: { phone: '' } });
  const phone = form.watch('phone');
  useEffect(() => onValue(phone), [phone, onValue]);
  return <PhoneField control={form.control} name="phone" label="Telefon mobil" />;
}

describe('PhoneField', () => {
  it('takes ten digits of a national number, nothing else, with the national autofill', () => {
    const onValue = vi.fn();
    renderWithProviders(<PhoneHarness onValue={onValue} />);
    const input = screen.getByLabelText('Telefon mobil');
    expect(input).toHaveAttribute('type', 'tel');
    expect(input).toHaveAttribute('autocomplete', 'tel-national');
    fireEvent.change(input, { target: { value: '+40 722-123-456789' } });
    expect(input).toHaveValue('4072212345');
    expect(onValue).toHaveBeenLastCalledWith('4072212345');
  });
});
