import { PasswordInput, Stack, Text } from '@mantine/core';
import { type FieldError, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PasswordChecklist } from './password-checklist';

interface PasswordPair {
  password: string;
  confirmPassword: string;
}

/**
 * A new password with the live policy checklist, and its confirmation. Reads the surrounding
 * react-hook-form (`FormProvider`) whose values hold `password` and `confirmPassword`.
 *
 * Nothing moves under the user's pointer: leaving a field marks it invalid (red border, the
 * checklist or the match line say why) but the error texts, which take a line, appear only once
 * the form was sent (or the server refused the password). Otherwise the error shown on blur
 * pushed the controls below by a line just as the user clicked one of them.
 */
export function NewPasswordFields({ idPrefix, label }: { idPrefix: string; label?: string }) {
  const { t } = useTranslation('auth');
  const {
    register,
    control,
    formState: { errors, isSubmitted },
  } = useFormContext<PasswordPair>();
  const [password = '', confirmation = ''] = useWatch({ control, name: ['password', 'confirmPassword'] });
  const shown = (error: FieldError | undefined) =>
    error && (isSubmitted || error.type === 'server') ? error.message : Boolean(error);
  const matchKey = confirmation === '' ? 'confirmHint' : confirmation === password ? 'confirmMatch' : 'confirmMismatch';
  return (
    <Stack gap="md">
      <PasswordInput
        id={`${idPrefix}-password`}
        label={label ?? t('password.new')}
        autoComplete="new-password"
        withAsterisk
        error={shown(errors.password)}
        // PasswordInput marks only its wrapper.
        aria-invalid={Boolean(errors.password)}
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
        error={shown(errors.confirmPassword)}
        aria-invalid={Boolean(errors.confirmPassword)}
        description={
          <Text span size="sm" c={matchKey === 'confirmMismatch' ? 'red.8' : 'gray.7'} data-testid="password-match">
            {t(`password.${matchKey}`)}
          </Text>
        }
        inputWrapperOrder={['label', 'input', 'error', 'description']}
        visibilityToggleButtonProps={{ 'aria-label': t('common.togglePassword') }}
        data-testid="confirm-password"
        {...register('confirmPassword')}
      />
    </Stack>
  );
}
