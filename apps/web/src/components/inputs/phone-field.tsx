import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { TextField, type TextFieldProps } from './text-field';

/** Props of `PhoneField`: the form's control and field name, plus the label and the rest of a text field. */
export interface PhoneFieldProps<T extends FieldValues>
  extends Omit<TextFieldProps, 'value' | 'onChange' | 'onBlur' | 'type' | 'mode' | 'maxLength' | 'autoComplete' | 'name'> {
  control: Control<T>;
  name: Path<T>;
}

/**
 * The portal's Romanian mobile phone input (spec §5), the same wherever a phone is asked: ten
 * digits in national form (07xxxxxxxx), digits only, the browser's national-number autofill,
 * bound to a react-hook-form field whose schema says what is valid. The field's own error is
 * shown unless `error` is given.
 */
export function PhoneField<T extends FieldValues>({ control, name, error, ...rest }: PhoneFieldProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...rest}
          type="tel"
          mode="digits"
          maxLength={10}
          autoComplete="tel-national"
          value={field.value ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          ref={field.ref}
          name={field.name}
          error={error ?? fieldState.error?.message}
        />
      )}
    />
  );
}
