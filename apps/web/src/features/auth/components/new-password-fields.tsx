import { PasswordInput, Stack } from '@mantine/core';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PasswordChecklist } from './password-checklist';

interface PasswordPair {
  password: string;
  confirmPassword: string;
}

/**
 * A new password with the live policy checklist, and its confirmation. Reads the surrounding
 * react-hook-form (`FormProvider`) whose values hold `password` and `confirmPassword`.
 */
export function NewPasswordFields({ idPrefix, label }: { idPrefix: string; label?: string }) {
  const { t } = useTranslation('auth');
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext<PasswordPair>();
  const password = useWatch({ control, name: 'password' }) ?? '';
  return (
    <Stack gap="md">
      <PasswordInput
        id={`${idPrefix}-password`}
        label={label ?? t('password.new')}
        autoComplete="new-password"
        withAsterisk
        error={errors.password?.message}
        description={<PasswordChecklist password={password} />}
        descriptionProps={{ component: 'div' }}
        inputWrapperOrder={['label', 'input', 'error', 'description']}
        visibilityToggleButtonProps={{ 'aria-label': t('common.togglePassword') }}
        data-testid="new-password"
        {...register('password')}
      />
      <PasswordInput
        id={`${idPrefix}-confirm-password`}
        label={t('password.confirm')}
        autoComplete="new-password"
        withAsterisk
        error={errors.confirmPassword?.message}
        visibilityToggleButtonProps={{ 'aria-label': t('common.togglePassword') }}
        data-testid="confirm-password"
        {...register('confirmPassword')}
      />
    </Stack>
  );
}
