import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormProvider, useForm } from 'react-hook-form';
import { beforeAll, describe, expect, it } from 'vitest';
import { zodResolver } from '../../../lib/validation';
import { AppTestProviders, fakeSession, loadAllTexts } from '../../../lib/testing/render-app';
import { newPasswordSchema } from '../schemas';
import { NewPasswordFields } from './new-password-fields';

beforeAll(loadAllTexts);

function Form() {
  const form = useForm({
    resolver: zodResolver(newPasswordSchema),
    defaultValues: { password: '', confirmPassword: '' },
    mode: 'onTouched',
  });
  return (
    <FormProvider {...form}>
      <form onSubmit={form.handleSubmit(() => undefined)} noValidate>
        <NewPasswordFields idPrefix="t" />
        <button type="submit">Trimiteți</button>
      </form>
    </FormProvider>
  );
}

function setup() {
  const user = userEvent.setup();
  render(
    <AppTestProviders session={fakeSession()}>
      <Form />
    </AppTestProviders>,
  );
  return { user, password: screen.getByTestId('new-password'), confirmation: screen.getByTestId('confirm-password') };
}

describe('NewPasswordFields', () => {
  it('marks a refused password on blur without a line of error text, and spells it out once the form is sent', async () => {
    const { user, password, confirmation } = setup();
    await user.type(password, 'parola');
    await user.click(confirmation);
    await waitFor(() => expect(password).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.queryByText(/Parola trebuie|Parola nu/)).not.toBeInTheDocument();
    expect(document.querySelectorAll('.mantine-InputWrapper-error')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Trimiteți' }));
    expect(document.querySelectorAll('.mantine-InputWrapper-error').length).toBeGreaterThan(0);
  });

  it('says as the confirmation is typed whether it matches, on a line that is always there', async () => {
    const { user, password, confirmation } = setup();
    expect(screen.getByTestId('password-match')).toHaveTextContent('Scrieți parola încă o dată.');
    await user.type(password, 'Parola!2026');
    await user.type(confirmation, 'Parola!2');
    expect(screen.getByTestId('password-match')).toHaveTextContent('Parolele nu coincid încă.');
    await user.type(confirmation, '026');
    expect(screen.getByTestId('password-match')).toHaveTextContent('Parolele coincid.');
    await user.click(screen.getByRole('button', { name: 'Trimiteți' }));
    expect(screen.queryByText('Parolele nu sunt identice')).not.toBeInTheDocument();
  });

  it('shows the mismatch in words after sending', async () => {
    const { user, password, confirmation } = setup();
    await user.type(password, 'Parola!2026');
    await user.type(confirmation, 'Parola!2025');
    await user.click(screen.getByRole('button', { name: 'Trimiteți' }));
    expect(await screen.findByText('Parolele nu sunt identice')).toBeInTheDocument();
  });
});
